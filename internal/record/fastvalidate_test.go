package record

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// chooser picks a number in [0, n): from a PRNG in tests, from the fuzzer's
// bytes in the fuzz target.
type chooser func(n int) int

func bytesChooser(b []byte) chooser {
	return func(n int) int {
		if len(b) == 0 {
			return 0
		}
		c := int(b[0])
		b = b[1:]
		return c % n
	}
}

// textOf returns a string of n characters built from one of a few runes
// (ASCII, two-, three- and four-byte), so that lengths in characters and in
// bytes differ.
func textOf(c chooser, n int) string {
	runes := []string{"a", "é", "你", "😀", " "}
	return strings.Repeat(runes[c(len(runes))], n)
}

// mutString returns one of the values that sit on or near a string
// constraint of the schema: lengths at and around limit, blanks, enum
// members and near misses.
func mutString(c chooser, limit int, valid string) string {
	switch c(9) {
	case 0:
		return ""
	case 1:
		return textOf(c, limit)
	case 2:
		return textOf(c, limit+1)
	case 3:
		return textOf(c, 1+c(limit))
	case 4:
		return strings.ToUpper(valid)
	case 5:
		return valid + " "
	case 6:
		return []string{"low", "medium", "high", "critical", "verified", "not_checkable", "urgency", "other",
			"proceed", "do_not_proceed", "ai", "fallback", "none"}[c(13)]
	case 7:
		return textOf(c, limit-1)
	}
	return valid
}

var (
	uuids = []string{
		"0192f0c1-7a3b-7c4d-8e5f-000000000001", "0192F0C1-7A3B-7C4D-BE5F-00000000000A", "0192f0c1-7a3b-0c4d-8e5f-000000000002",
		"00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", "0192f0c1-7a3b-7c4d-8e5f-00000000000",
		"0192f0c1-7a3b-7c4d-ce5f-000000000001", "0192f0c17a3b-7c4d-8e5f-0000000000001", "0192f0c1-7a3b-9c4d-8e5f-000000000001",
		"g192f0c1-7a3b-7c4d-8e5f-000000000001", "0192f0c1-7a3b-7c4d-8e5f-000000000001\n", "",
	}
	times = []string{
		"2026-11-29T18:08:46.123Z", "2024-02-29T00:00:00.000Z", "2026-02-29T00:00:00.000Z", "2026-11-29T19:08:46+01:00",
		"2026-11-29t18:08:46.123Z", "2026-11-29T24:00:00.000Z", "2026-11-29T18:08:46Z", "2026-11-29T18:08Z",
		"2026-13-01T00:00:00.000Z", "2026-11-31T00:00:00.000Z", "2026-11-29T18:08:60.000Z", "2000-02-29T23:59:59.999999Z",
		"1900-02-29T00:00:00.000Z", "",
	}
	digests = []string{"a3GSWtMiVvUolWYhRTtWi8fN-J6AqZ-kirswwCjcHS4", "a3GSWtMiVvUolWYhRTtWi8fN-J6AqZ-kirswwCjcHS", "a3GSWtMiVvUolWYhRTtWi8fN-J6AqZ-kirswwCjcHS4x",
		"a3GSWtMiVvUolWYhRTtWi8fN+J6AqZ-kirswwCjcHS4", "a3GSWtMiVvUolWYhRTtWi8fN-J6AqZ-kirswwCjcHS4\n", ""}
	numbers = []float64{0, 1, 0.5, -0.0001, 1.0000001, -1, 2, math.SmallestNonzeroFloat64, 0.9999999999999999, 1e-7}
	ints    = []int64{0, 1, -1, 9007199254740991, 9007199254740992, math.MaxInt64, math.MinInt64}
)

func mutList(c chooser, in []string, maxItems, itemMax int) []string {
	switch c(6) {
	case 0:
		return nil
	case 1:
		return []string{}
	case 2, 3:
		n := []int{1, maxItems, maxItems + 1, maxItems - 1}[c(4)]
		out := make([]string, n)
		for i := range out {
			out[i] = "item"
		}
		if n > 0 && c(2) == 0 {
			out[c(n)] = mutString(c, itemMax, "item")
		}
		return out
	case 4:
		if len(in) > 0 {
			out := append([]string(nil), in...)
			out[c(len(out))] = mutString(c, itemMax, out[0])
			return out
		}
	}
	return in
}

// mutate applies a few changes to a copy of a valid record, each drawn from
// the values on either side of a constraint of the schema.
func mutate(c chooser, r Record) *Record {
	a := &r.Analysis
	a.Rationale = append([]string(nil), a.Rationale...)
	a.Claims = append([]consult.Claim(nil), a.Claims...)
	a.Signals = append([]consult.Signal(nil), a.Signals...)
	if u := r.Generation.TokenUsage; u != nil {
		cp := *u
		r.Generation.TokenUsage = &cp
	}
	for range c(5) {
		switch c(26) {
		case 0:
			r.ProtocolVersion = []string{"0.1", "0.2", "", "0.1 "}[c(4)]
		case 1:
			r.ConsultationID = uuids[c(len(uuids))]
		case 2:
			r.CaseID = uuids[c(len(uuids))]
		case 3:
			r.AgentID = mutString(c, 3, "agent")
		case 4:
			r.InputDigest = digests[c(len(digests))]
		case 5:
			r.CreatedAt = times[c(len(times))]
		case 6:
			a.Reply = mutString(c, MaxReply, a.Reply)
		case 7:
			a.SituationSummary = mutString(c, MaxSituationSummary, a.SituationSummary)
		case 8:
			a.Disposition = consult.Disposition(mutString(c, 5, string(a.Disposition)))
		case 9:
			a.RiskTier = consult.Level(mutString(c, 5, string(a.RiskTier)))
		case 10:
			a.Confidence = numbers[c(len(numbers))]
		case 11:
			a.Rationale = mutList(c, a.Rationale, MaxListItems, MaxRationaleItem)
		case 12:
			a.MissingEvidence = mutList(c, a.MissingEvidence, MaxListItems, MaxListItem)
		case 13:
			a.QuestionsToAsk = mutList(c, a.QuestionsToAsk, MaxListItems, MaxListItem)
		case 14:
			a.NextSteps = mutList(c, a.NextSteps, MaxListItems, MaxListItem)
		case 15:
			a.Safeguards = mutList(c, a.Safeguards, MaxListItems, MaxListItem)
		case 16:
			a.SuggestedResponse = mutString(c, MaxSuggestedResponse, a.SuggestedResponse)
		case 17:
			n := []int{0, 1, MaxClaims, MaxClaims + 1}[c(4)]
			a.Claims = make([]consult.Claim, n)
			for i := range a.Claims {
				a.Claims[i] = consult.Claim{Claim: "c", Status: consult.ClaimVerified, Significance: consult.Low, Explanation: "e"}
			}
		case 18:
			if len(a.Claims) > 0 {
				cl := &a.Claims[c(len(a.Claims))]
				switch c(5) {
				case 0:
					cl.Claim = mutString(c, MaxClaimText, cl.Claim)
				case 1:
					cl.Status = consult.ClaimStatus(mutString(c, 5, string(cl.Status)))
				case 2:
					cl.Significance = consult.Level(mutString(c, 5, string(cl.Significance)))
				case 3:
					cl.Explanation = mutString(c, MaxClaimText, cl.Explanation)
				case 4:
					cl.EvidenceReferences = mutList(c, cl.EvidenceReferences, MaxEvidenceRefs, MaxEvidenceRef)
				}
			}
		case 19:
			n := []int{0, 1, MaxListItems, MaxListItems + 1}[c(4)]
			a.Signals = make([]consult.Signal, n)
			for i := range a.Signals {
				a.Signals[i] = consult.Signal{Tactic: consult.Urgency, Observation: "o", Confidence: 0.5, Significance: consult.Low}
			}
		case 20:
			if len(a.Signals) > 0 {
				s := &a.Signals[c(len(a.Signals))]
				switch c(4) {
				case 0:
					s.Tactic = consult.Tactic(mutString(c, 5, string(s.Tactic)))
				case 1:
					s.Observation = mutString(c, MaxClaimText, s.Observation)
				case 2:
					s.Confidence = numbers[c(len(numbers))]
				case 3:
					s.Significance = consult.Level(mutString(c, 5, string(s.Significance)))
				}
			}
		case 21:
			r.Generation.Mode = mutString(c, 3, r.Generation.Mode)
		case 22:
			r.Generation.Model = mutString(c, 3, r.Generation.Model)
		case 23:
			r.Generation.PromptVersion = mutString(c, 3, r.Generation.PromptVersion)
		case 24:
			r.Generation.ErrorCode = mutString(c, MaxErrorCode, r.Generation.ErrorCode)
		case 25:
			if c(3) == 0 {
				r.Generation.TokenUsage = nil
			} else {
				r.Generation.TokenUsage = &consult.TokenUsage{
					InputTokens: ints[c(len(ints))], OutputTokens: ints[c(len(ints))], TotalTokens: ints[c(len(ints))],
				}
			}
		}
	}
	return &r
}

func baseRecord(t testing.TB) Record {
	t.Helper()
	a := consult.Analysis{
		Reply: "Do not pay.", SituationSummary: "A bank change.", Disposition: consult.DoNotProceed, RiskTier: consult.Critical,
		Confidence: 0.9, Rationale: []string{"r1"}, NextSteps: []string{"call"},
		Claims: []consult.Claim{{Claim: "c", Status: consult.ClaimContradicted, Significance: consult.High,
			EvidenceReferences: []string{"f1"}, Explanation: "e"}},
		Signals:           []consult.Signal{{Tactic: consult.Urgency, Observation: "now", Confidence: 0.8, Significance: consult.High}},
		SuggestedResponse: "We will call.",
	}
	g := consult.Generation{Mode: consult.ModeAI, Model: "m", PromptVersion: "p", ErrorCode: "x",
		TokenUsage: &consult.TokenUsage{InputTokens: 1, OutputTokens: 2, TotalTokens: 3}}
	r := Record{ProtocolVersion: ProtocolVersion, ConsultationID: uuids[0], CaseID: uuids[0], AgentID: "agent",
		InputDigest: digests[0], Analysis: a, Generation: g, CreatedAt: times[0]}
	return r
}

// agree checks that the struct validator and the general validator on the
// map form give the same verdict on r.
func agree(t *testing.T, v *Validator, r *Record) (valid bool) {
	t.Helper()
	fast := v.fast.validate(r)
	general := v.ValidateValue(r.Map())
	if (fast == nil) != (general == nil) {
		t.Fatalf("struct validator: %v; schema validator: %v\nrecord: %+v", fast, general, r)
	}
	return fast == nil
}

func TestStructValidatorModelsSchema(t *testing.T) {
	v, err := NewValidator()
	if err != nil {
		t.Fatal(err)
	}
	if v.fast == nil {
		_, err := newStructValidator(v.schema)
		t.Fatalf("the embedded schema is not modeled, every record takes the slow path: %v", err)
	}
}

func TestStructValidatorAgrees(t *testing.T) {
	v, err := NewValidator()
	if err != nil {
		t.Fatal(err)
	}
	base := baseRecord(t)
	if !agree(t, v, &base) {
		t.Fatal("base record invalid")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	c := func(n int) int { return rng.IntN(n) }
	valid := 0
	const n = 5000
	for range n {
		if agree(t, v, mutate(c, base)) {
			valid++
		}
	}
	// Both verdicts must be well represented for the agreement to mean
	// anything.
	t.Logf("%d of %d valid", valid, n)
	if valid < n/10 || valid > n*9/10 {
		t.Errorf("%d of %d mutated records valid: the generator is lopsided", valid, n)
	}
}

func FuzzStructValidator(f *testing.F) {
	v, err := NewValidator()
	if err != nil {
		f.Fatal(err)
	}
	base := baseRecord(f)
	for _, s := range []string{"", "\x01\x05\x03", "\x02\x11\x02\x01", "\x04\x19\x01\x03\x05\x06"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		agree(t, v, mutate(bytesChooser(b), base))
	})
}

func TestValidateFallsBackForNonFinite(t *testing.T) {
	v, err := NewValidator()
	if err != nil {
		t.Fatal(err)
	}
	r := baseRecord(t)
	r.Analysis.Confidence = math.Inf(1)
	if err := v.Validate(&r); err == nil {
		t.Error("Validate accepted an infinite confidence")
	}
	r = baseRecord(t)
	r.Analysis.Rationale = nil
	err = v.Validate(&r)
	var se errStruct
	if err == nil || errors.As(err, &se) || Locations(err) == nil {
		t.Errorf("an invalid record should get the schema validator's error with locations, got %v", err)
	}
}

// TestStructValidatorOnEditedSchemas derives the struct validator from
// edited copies of the schema and holds it to the general validator on
// mutated records, so that what it reads from the schema (not only the
// embedded schema's values) is checked; a keyword it does not model must
// turn it off.
func TestStructValidatorOnEditedSchemas(t *testing.T) {
	for _, tc := range []struct {
		name    string
		edit    func(root map[string]any)
		modeled bool
	}{
		{"undeclared optional property", func(root map[string]any) {
			delete(obj(root, "properties", "analysis", "properties"), "suggestedResponse")
		}, true},
		{"undeclared property, additional allowed", func(root map[string]any) {
			an := obj(root, "properties", "analysis")
			delete(obj(an, "properties"), "suggestedResponse")
			delete(an, "additionalProperties")
		}, true},
		{"required optional property", func(root map[string]any) {
			gen := obj(root, "properties", "generation")
			gen["required"] = append(gen["required"].([]any), "errorCode")
		}, true},
		{"required property never emitted", func(root map[string]any) {
			root["required"] = append(root["required"].([]any), "signature")
		}, true},
		{"tighter limits", func(root map[string]any) {
			props := obj(root, "properties", "analysis", "properties")
			obj(props, "reply")["maxLength"] = 3.0
			obj(props, "rationale")["maxItems"] = 2.0
			obj(props, "confidence")["minimum"] = 0.5
			obj(props, "riskTier")["enum"] = []any{"low", 7.0}
		}, true},
		{"integer confidence", func(root map[string]any) {
			obj(root, "properties", "analysis", "properties", "confidence")["type"] = "integer"
		}, true},
		{"no types", func(root map[string]any) {
			delete(obj(root, "properties", "analysis", "properties", "reply"), "type")
			delete(obj(root, "properties", "analysis"), "type")
		}, true},
		{"wrong type", func(root map[string]any) {
			obj(root, "properties", "analysis", "properties", "reply")["type"] = []any{"number", "null"}
		}, true},
		{"not modeled: multipleOf", func(root map[string]any) {
			obj(root, "properties", "analysis", "properties", "confidence")["multipleOf"] = 0.1
		}, false},
		{"not modeled: anyOf", func(root map[string]any) {
			obj(root, "properties", "generation")["anyOf"] = []any{map[string]any{"required": []any{"errorCode"}}}
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var root map[string]any
			if err := json.Unmarshal(SchemaJSON, &root); err != nil {
				t.Fatal(err)
			}
			tc.edit(root)
			schema, err := json.Marshal(root)
			if err != nil {
				t.Fatal(err)
			}
			v, err := newValidator(schema)
			if err != nil {
				t.Fatal(err)
			}
			if (v.fast != nil) != tc.modeled {
				t.Fatalf("struct validator on: %v, want %v", v.fast != nil, tc.modeled)
			}
			if v.fast == nil {
				return
			}
			base := baseRecord(t)
			rng := rand.New(rand.NewPCG(5, 6))
			c := func(n int) int { return rng.IntN(n) }
			agree(t, v, &base)
			for range 1000 {
				agree(t, v, mutate(c, base))
			}
		})
	}
}

// obj walks a decoded JSON object down the keys.
func obj(m map[string]any, keys ...string) map[string]any {
	for _, k := range keys {
		m = m[k].(map[string]any)
	}
	return m
}
