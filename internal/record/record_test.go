package record_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/record"
)

var meta = record.Meta{
	ConsultationID: "0192f0c1-7a3b-7c4d-8e5f-000000000001",
	CaseID:         "0192f0c1-7a3b-7c4d-8e5f-000000000002",
	AgentID:        "ap-payments-agent",
	InputDigest:    "a3GSWtMiVvUolWYhRTtWi8fN-J6AqZ-kirswwCjcHS4",
	CreatedAt:      time.Date(2026, 11, 29, 19, 8, 46, 123456789, time.FixedZone("CET", 3600)),
}

var gen = consult.Generation{Mode: consult.ModeFallback, Model: "shield-rules", PromptVersion: "rules-1", ErrorCode: "rules_requested"}

func goodAnalysis() consult.Analysis {
	return consult.Analysis{
		Reply:            "Do not pay the new account until the vendor confirms by callback.",
		SituationSummary: "A supplier asks to redirect a $48,250 payment to a new bank account.",
		Disposition:      consult.DoNotProceed,
		RiskTier:         consult.Critical,
		Confidence:       0.9,
		Rationale:        []string{"The bank change contradicts the vendor master (f1)."},
		Claims: []consult.Claim{{
			Claim: "Our bank has changed", Status: consult.ClaimContradicted, Significance: consult.Critical,
			EvidenceReferences: []string{"f1"}, Explanation: "The vendor master lists another account.",
		}},
		Signals: []consult.Signal{{
			Tactic: consult.Urgency, Observation: `"Payment must land TODAY"`, Confidence: 0.8, Significance: consult.High,
		}},
		MissingEvidence:   []string{"Callback confirmation from the vendor master number"},
		QuestionsToAsk:    []string{"Can you confirm the change through the number on file?"},
		NextSteps:         []string{"Call the vendor on the number in the vendor master."},
		Safeguards:        []string{"Hold the payment"},
		SuggestedResponse: "We will confirm the new account by callback before paying.",
	}
}

func mustValidator(t testing.TB) *record.Validator {
	t.Helper()
	v, err := record.DefaultValidator()
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestBuildValidRecord(t *testing.T) {
	rec, err := record.Build(meta, goodAnalysis(), gen)
	if err != nil {
		t.Fatal(err)
	}
	if err := mustValidator(t).Validate(rec); err != nil {
		t.Fatal(err)
	}
	if rec.CreatedAt != "2026-11-29T18:08:46.123Z" {
		t.Errorf("CreatedAt = %q, want UTC with Z", rec.CreatedAt)
	}
	if rec.ProtocolVersion != "0.1" {
		t.Errorf("ProtocolVersion = %q", rec.ProtocolVersion)
	}
}

// The JSON text and the map form are two encodings of one record: they must
// agree exactly.
func TestJSONAndMapAgree(t *testing.T) {
	for _, tc := range []struct {
		name string
		mod  func(*consult.Analysis, *consult.Generation)
	}{
		{"full", func(*consult.Analysis, *consult.Generation) {}},
		{"minimal", func(a *consult.Analysis, g *consult.Generation) {
			a.Claims, a.Signals, a.MissingEvidence, a.QuestionsToAsk, a.Safeguards = nil, nil, nil, nil, nil
			a.SuggestedResponse = ""
			g.ErrorCode = ""
		}},
		{"tokens", func(_ *consult.Analysis, g *consult.Generation) {
			g.Mode = consult.ModeAI
			g.TokenUsage = &consult.TokenUsage{InputTokens: 1200, OutputTokens: 300, TotalTokens: 1500}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, g := goodAnalysis(), gen
			tc.mod(&a, &g)
			rec, err := record.Build(meta, a, g)
			if err != nil {
				t.Fatal(err)
			}
			text, err := rec.JSON()
			if err != nil {
				t.Fatal(err)
			}
			var fromText, fromMap any
			if err := json.Unmarshal(text, &fromText); err != nil {
				t.Fatal(err)
			}
			m, _ := json.Marshal(rec.Map())
			if err := json.Unmarshal(m, &fromMap); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(fromMap, fromText); diff != "" {
				t.Errorf("JSON differs from Map (-map +json):\n%s", diff)
			}
			if err := mustValidator(t).ValidateJSON(text); err != nil {
				t.Errorf("JSON text invalid: %v", err)
			}
		})
	}
}

func TestRepair(t *testing.T) {
	long := strings.Repeat("é", 6000) // two bytes a rune: a byte cut would split one
	tests := []struct {
		name  string
		mod   func(*consult.Analysis)
		check func(*testing.T, consult.Analysis)
	}{
		{"long reply cut at a rune boundary", func(a *consult.Analysis) { a.Reply = long }, func(t *testing.T, a consult.Analysis) {
			if n := utf8.RuneCountInString(a.Reply); n != record.MaxReply {
				t.Errorf("reply has %d runes, want %d", n, record.MaxReply)
			}
			if !utf8.ValidString(a.Reply) || !strings.HasSuffix(a.Reply, "…") {
				t.Errorf("reply not cut cleanly")
			}
		}},
		{"too many list items", func(a *consult.Analysis) {
			a.NextSteps = make([]string, 30)
			for i := range a.NextSteps {
				a.NextSteps[i] = fmt.Sprintf("step %d", i)
			}
		}, func(t *testing.T, a consult.Analysis) {
			if len(a.NextSteps) != 12 || a.NextSteps[11] != "step 11" {
				t.Errorf("next steps = %q", a.NextSteps)
			}
		}},
		{"blank items dropped", func(a *consult.Analysis) { a.Safeguards = []string{" ", "", "Hold the payment"} },
			func(t *testing.T, a consult.Analysis) {
				if diff := cmp.Diff([]string{"Hold the payment"}, a.Safeguards); diff != "" {
					t.Errorf("(-want +got):\n%s", diff)
				}
			}},
		{"invalid claim and signal dropped", func(a *consult.Analysis) {
			a.Claims = append(a.Claims, consult.Claim{Claim: "x", Status: "probably", Explanation: "y"})
			a.Signals = append(a.Signals, consult.Signal{Tactic: "flattery", Observation: "x"}, consult.Signal{Tactic: consult.Scarcity, Observation: " "})
		}, func(t *testing.T, a consult.Analysis) {
			if len(a.Claims) != 1 || len(a.Signals) != 1 {
				t.Errorf("claims %d, signals %d; want 1 and 1", len(a.Claims), len(a.Signals))
			}
		}},
		{"confidence clamped", func(a *consult.Analysis) { a.Confidence = 1.7; a.Signals[0].Confidence = -2 },
			func(t *testing.T, a consult.Analysis) {
				if a.Confidence != 1 || a.Signals[0].Confidence != 0 {
					t.Errorf("confidences %v, %v", a.Confidence, a.Signals[0].Confidence)
				}
			}},
		{"nil lists become empty", func(a *consult.Analysis) { a.Claims, a.QuestionsToAsk = nil, nil },
			func(t *testing.T, a consult.Analysis) {
				if a.Claims == nil || a.QuestionsToAsk == nil {
					t.Error("nil list left in place")
				}
			}},
		{"missing significance defaults to medium", func(a *consult.Analysis) { a.Claims[0].Significance = "" },
			func(t *testing.T, a consult.Analysis) {
				if a.Claims[0].Significance != consult.Medium {
					t.Errorf("significance %q", a.Claims[0].Significance)
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := goodAnalysis()
			tc.mod(&a)
			if err := record.Repair(&a); err != nil {
				t.Fatal(err)
			}
			tc.check(t, a)
			rec, err := record.Build(meta, a, gen)
			if err != nil {
				t.Fatal(err)
			}
			if err := mustValidator(t).Validate(rec); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestRepairDoesNotModifyInput(t *testing.T) {
	a := goodAnalysis()
	a.NextSteps = []string{" padded "}
	b := a
	if err := record.Repair(&b); err != nil {
		t.Fatal(err)
	}
	if a.NextSteps[0] != " padded " {
		t.Errorf("input slice modified: %q", a.NextSteps[0])
	}
}

func TestUnrepairable(t *testing.T) {
	for _, tc := range []struct {
		name string
		mod  func(*consult.Analysis)
	}{
		{"no disposition", func(a *consult.Analysis) { a.Disposition = "" }},
		{"unknown disposition", func(a *consult.Analysis) { a.Disposition = "maybe" }},
		{"unknown risk tier", func(a *consult.Analysis) { a.RiskTier = "severe" }},
		{"NaN confidence", func(a *consult.Analysis) { a.Confidence = math.NaN() }},
		{"empty reply", func(a *consult.Analysis) { a.Reply = "  " }},
		{"empty summary", func(a *consult.Analysis) { a.SituationSummary = "" }},
		{"no rationale", func(a *consult.Analysis) { a.Rationale = []string{""} }},
		{"no next step", func(a *consult.Analysis) { a.NextSteps = nil }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := goodAnalysis()
			tc.mod(&a)
			_, err := record.Build(meta, a, gen)
			if !errors.Is(err, record.ErrUnrepairable) {
				t.Fatalf("Build error = %v, want ErrUnrepairable", err)
			}
		})
	}
	t.Run("bad generation mode", func(t *testing.T) {
		g := gen
		g.Mode = "human"
		if _, err := record.Build(meta, goodAnalysis(), g); !errors.Is(err, record.ErrUnrepairable) {
			t.Fatalf("Build error = %v, want ErrUnrepairable", err)
		}
	})
}

func TestValidatorRejects(t *testing.T) {
	v := mustValidator(t)
	for _, tc := range []struct {
		name string
		mod  func(*record.Record)
	}{
		{"bad uuid", func(r *record.Record) { r.ConsultationID = "not-a-uuid" }},
		{"uuid version 0", func(r *record.Record) { r.CaseID = "0192f0c1-7a3b-0c4d-8e5f-000000000002" }},
		{"short digest", func(r *record.Record) { r.InputDigest = "abc" }},
		{"local time", func(r *record.Record) { r.CreatedAt = "2026-11-29T19:08:46+01:00" }},
		{"empty agent", func(r *record.Record) { r.AgentID = "" }},
		{"long error code", func(r *record.Record) { r.Generation.ErrorCode = strings.Repeat("x", 101) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := record.Build(meta, goodAnalysis(), gen)
			if err != nil {
				t.Fatal(err)
			}
			tc.mod(rec)
			if err := v.Validate(rec); err == nil {
				t.Error("Validate accepted an invalid record")
			}
		})
	}
	if err := v.ValidateJSON([]byte(`{"protocolVersion":"0.1"`)); err == nil {
		t.Error("ValidateJSON accepted broken JSON")
	}
}

// randomText returns text of random length with multi-byte runes, blanks and
// control characters, the raw material of LLM answers gone wrong.
func randomText(r *rand.Rand, maxLen int) string {
	alphabet := []rune("aZ09 .,\n\t\"\\é你😀\u200b\u202e")
	n := r.IntN(maxLen + 1)
	var b strings.Builder
	for range n {
		b.WriteRune(alphabet[r.IntN(len(alphabet))])
	}
	return b.String()
}

func randomList(r *rand.Rand, maxItems, maxLen int) []string {
	out := make([]string, r.IntN(maxItems+1))
	for i := range out {
		out[i] = randomText(r, maxLen)
	}
	return out
}

// Property: whatever an analysis holds, Build either says it cannot be
// repaired or returns a record the schema accepts.
func TestBuildPropertyAlwaysValidOrUnrepairable(t *testing.T) {
	v := mustValidator(t)
	r := rand.New(rand.NewPCG(7, 11))
	valid := 0
	for i := range 500 {
		a := consult.Analysis{
			Reply:             randomText(r, 6000),
			SituationSummary:  randomText(r, 2500),
			Disposition:       consult.Dispositions[r.IntN(len(consult.Dispositions))],
			RiskTier:          consult.Levels[r.IntN(len(consult.Levels))],
			Confidence:        r.Float64()*3 - 1,
			Rationale:         randomList(r, 15, 1200),
			MissingEvidence:   randomList(r, 15, 600),
			QuestionsToAsk:    randomList(r, 15, 600),
			NextSteps:         randomList(r, 15, 600),
			Safeguards:        randomList(r, 15, 600),
			SuggestedResponse: randomText(r, 3500),
		}
		for range r.IntN(25) {
			a.Claims = append(a.Claims, consult.Claim{
				Claim: randomText(r, 1100), Status: consult.ClaimStatuses[r.IntN(5)], Significance: consult.Levels[r.IntN(4)],
				EvidenceReferences: randomList(r, 25, 250), Explanation: randomText(r, 1100),
			})
		}
		for range r.IntN(15) {
			a.Signals = append(a.Signals, consult.Signal{
				Tactic: consult.Tactics[r.IntN(len(consult.Tactics))], Observation: randomText(r, 1100),
				Confidence: r.Float64()*2 - 0.5, Significance: consult.Levels[r.IntN(4)],
			})
		}
		rec, err := record.Build(meta, a, gen)
		if errors.Is(err, record.ErrUnrepairable) {
			continue
		}
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if err := v.Validate(rec); err != nil {
			t.Fatalf("case %d: repaired record invalid: %v", i, err)
		}
		valid++
	}
	if valid < 100 {
		t.Errorf("only %d of 500 random analyses were repairable: the generator is too harsh to test anything", valid)
	}
}

func ExampleTruncate() {
	fmt.Println(record.Truncate("Grüße aus Köln", 8))
	fmt.Println(record.Truncate("short", 8))
	// Output:
	// Grüße a…
	// short
}

// BenchmarkBuildValidate measures what every record costs on its way out:
// repair and validation of the record (validate-record). The map form and
// the general schema validator on it (what validate-record replaced, and
// what still reports an invalid record's errors) are measured beside it.
func BenchmarkBuildValidate(b *testing.B) {
	v := mustValidator(b)
	a := goodAnalysis()
	b.Run("build", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := record.Build(meta, a, gen); err != nil {
				b.Fatal(err)
			}
		}
	})
	rec, err := record.Build(meta, a, gen)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("map", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = rec.Map()
		}
	})
	b.Run("validate-record", func(b *testing.B) {
		// What a record costs to validate on its way out: the struct
		// validator, without the map form.
		b.ReportAllocs()
		for b.Loop() {
			if err := v.Validate(rec); err != nil {
				b.Fatal(err)
			}
		}
	})
	m := rec.Map()
	b.Run("validate", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := v.ValidateValue(m); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestLocationsNameWhereNotWhat(t *testing.T) {
	rec, err := record.Build(meta, goodAnalysis(), gen)
	if err != nil {
		t.Fatal(err)
	}
	const secret = "SECRET-VALUE-do-not-log"
	rec.InputDigest = secret
	rec.Analysis.Rationale = []string{}
	err = mustValidator(t).Validate(rec)
	if err == nil {
		t.Fatal("invalid record accepted")
	}
	got := record.Locations(err)
	if diff := cmp.Diff([]string{"/analysis/rationale", "/inputDigest"}, got, cmpopts.SortSlices(func(a, b string) bool { return a < b })); diff != "" {
		t.Errorf("Locations (-want +got):\n%s", diff)
	}
	if strings.Contains(fmt.Sprint(got), secret) {
		t.Error("Locations carries the value")
	}
	if record.Locations(errors.New("other")) != nil {
		t.Error("Locations of a non-schema error should be nil")
	}
}

// TestParseTime holds ParseTime to time.Parse(TimeFormat, ·): the same time
// (compared with ==, location included) or both an error, on every day of
// years at the format's ends, around leap rules and today, on every field
// at and beyond its range, on other separators and on random mutations.
func TestParseTime(t *testing.T) {
	check := func(t *testing.T, s string) {
		t.Helper()
		want, wantErr := time.Parse(record.TimeFormat, s)
		got, err := record.ParseTime(s)
		if (err != nil) != (wantErr != nil) || got != want {
			t.Fatalf("ParseTime(%q) = %v, %v; time.Parse: %v, %v", s, got, err, want, wantErr)
		}
		if err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("ParseTime(%q) error %q, time.Parse's %q", s, err, wantErr)
		}
	}
	rng := rand.New(rand.NewPCG(9, 10))
	var valid []string
	t.Run("every day", func(t *testing.T) {
		for _, year := range []int{0, 1, 4, 100, 400, 1900, 1969, 1970, 2000, 2024, 2026, 2100, 9999} {
			for d := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC); d.Year() == year; d = d.AddDate(0, 0, 1) {
				tm := d.Add(time.Duration(rng.Int64N(int64(24 * time.Hour))))
				s := tm.Format(record.TimeFormat)
				valid = append(valid, s)
				check(t, s)
			}
			check(t, fmt.Sprintf("%04d-12-31T23:59:59.999Z", year))
			check(t, fmt.Sprintf("%04d-02-29T00:00:00.000Z", year))
		}
	})
	t.Run("fields out of range", func(t *testing.T) {
		for _, s := range []string{
			"2026-00-10T10:10:10.100Z", "2026-13-10T10:10:10.100Z", "2026-99-10T10:10:10.100Z",
			"2026-01-00T10:10:10.100Z", "2026-01-31T10:10:10.100Z", "2026-01-32T10:10:10.100Z",
			"2026-04-30T10:10:10.100Z", "2026-04-31T10:10:10.100Z", "2026-02-28T10:10:10.100Z",
			"2026-02-29T10:10:10.100Z", "2024-02-29T10:10:10.100Z", "2024-02-30T10:10:10.100Z",
			"2026-01-10T23:10:10.100Z", "2026-01-10T24:10:10.100Z", "2026-01-10T10:59:10.100Z",
			"2026-01-10T10:60:10.100Z", "2026-01-10T10:10:59.100Z", "2026-01-10T10:10:60.100Z",
			"2026-01-10T10:10:10.999Z", "0000-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z",
		} {
			check(t, s)
		}
	})
	t.Run("other shapes", func(t *testing.T) {
		for _, s := range []string{
			"", "2026-01-10T10:10:10,100Z", "2026-01-10T10:10:10.100z", "2026-01-10t10:10:10.100Z",
			"2026-01-10T10:10:10.10Z", "2026-01-10T10:10:10.1000Z", "2026-01-10T10:10:10Z",
			"2026-01-10T10:10:10.100Z ", " 2026-01-10T10:10:10.100Z", "+026-01-10T10:10:10.100Z",
			"-026-01-10T10:10:10.100Z", "2026-1-10T10:10:10.100Z", "2026-01-10T1:10:10.100Z",
			"2026-01-10T 1:10:10.100Z", "2026-01-10T10:10:10.1a0Z", "20260-1-10T10:10:10.100Z",
			"2026/01/10T10:10:10.100Z", "2026-01-10 10:10:10.100Z", "2026-01-10T10:10:10.100+00:00",
		} {
			check(t, s)
		}
	})
	t.Run("mutations", func(t *testing.T) {
		alphabet := "0123456789-:T.Z ,+/z"
		for range 50000 {
			b := []byte(valid[rng.IntN(len(valid))])
			for range 1 + rng.IntN(2) {
				b[rng.IntN(len(b))] = alphabet[rng.IntN(len(alphabet))]
			}
			check(t, string(b))
		}
	})
}
