package server

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"google.golang.org/protobuf/testing/protocmp"
	"google.golang.org/protobuf/types/known/structpb"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/casegen"
	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/fallback"
	"github.com/a2atrust/shield/internal/record"
)

// TestRecordStructMatchesMap holds recordStruct to the Struct of the
// record's map form, which it replaces on the hot path.
func TestRecordStructMatchesMap(t *testing.T) {
	engine := fallback.Default()
	meta := record.Meta{
		ConsultationID: "0192f0c1-7a3b-7c4d-8e5f-000000000001",
		CaseID:         "0192f0c1-7a3b-7c4d-8e5f-000000000002",
		AgentID:        "agent",
		InputDigest:    "a3GSWtMiVvUolWYhRTtWi8fN-J6AqZ-kirswwCjcHS4",
		CreatedAt:      time.Date(2026, 11, 29, 19, 8, 46, 0, time.UTC),
	}
	rules := consult.Generation{Mode: consult.ModeFallback, Model: "rules", PromptVersion: "1", ErrorCode: "rules_requested"}
	ai := consult.Generation{Mode: consult.ModeAI, Model: "m", PromptVersion: "p",
		TokenUsage: &consult.TokenUsage{InputTokens: 1 << 40, OutputTokens: 0, TotalTokens: 1<<40 + 7}}
	engineAnalysis := engine.Analyze(CaseFromProto(casegen.Request(1 << 10).GetCase()))
	minimal := consult.Analysis{Reply: "r", SituationSummary: "s", Disposition: consult.Proceed, RiskTier: consult.Low,
		Rationale: []string{"x"}, NextSteps: []string{"y"}}
	full := minimal
	full.Claims = []consult.Claim{
		{Claim: "c1", Status: consult.ClaimContradicted, Significance: consult.High, EvidenceReferences: []string{"f1", "f2"}, Explanation: "e1"},
		{Claim: "c2", Status: consult.ClaimVerified, Significance: consult.Low, Explanation: "e2"},
	}
	full.Signals = []consult.Signal{
		{Tactic: consult.Urgency, Observation: "now", Confidence: 0.25, Significance: consult.High},
		{Tactic: consult.Scarcity, Observation: "last one", Confidence: 1, Significance: consult.Low},
	}
	full.MissingEvidence, full.QuestionsToAsk, full.Safeguards = []string{"m"}, []string{"q1", "q2"}, []string{"s"}
	full.SuggestedResponse = "We will call back."
	for _, tc := range []struct {
		name string
		a    consult.Analysis
		g    consult.Generation
	}{
		{"engine", engineAnalysis, rules},
		{"engine ai", engineAnalysis, ai},
		{"minimal", minimal, rules},
		{"minimal ai", minimal, ai},
		{"full", full, rules},
		{"full ai", full, ai},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := record.Build(meta, tc.a, tc.g)
			if err != nil {
				t.Fatal(err)
			}
			want, err := structpb.NewStruct(rec.Map())
			if err != nil {
				t.Fatal(err)
			}
			got, err := recordStruct(rec)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got, protocmp.Transform()); diff != "" {
				t.Errorf("recordStruct (-map form +direct):\n%s", diff)
			}
		})
	}
	t.Run("invalid UTF-8", func(t *testing.T) {
		for _, mod := range []func(*record.Record){
			func(r *record.Record) { r.Analysis.Reply = "a\xffb" },
			func(r *record.Record) { r.Analysis.Rationale = []string{"ok", "\xc3"} },
		} {
			rec, err := record.Build(meta, minimal, rules)
			if err != nil {
				t.Fatal(err)
			}
			mod(rec)
			if _, err := structpb.NewStruct(rec.Map()); err == nil {
				t.Fatal("NewStruct accepted invalid UTF-8")
			}
			if _, err := recordStruct(rec); err == nil {
				t.Error("recordStruct accepted invalid UTF-8")
			}
		}
	})
}

// A builder whose slabs ran out (a miscount) starts new ones.
func TestStructBuilderEmptySlabs(t *testing.T) {
	var b structBuilder
	o := b.object(2)
	b.str(o, "s", "x")
	b.num(o, "n", 1)
	b.strList(o, "l", []string{"a", "b"})
	want := &structpb.Struct{Fields: map[string]*structpb.Value{
		"s": structpb.NewStringValue("x"),
		"n": structpb.NewNumberValue(1),
		"l": structpb.NewListValue(&structpb.ListValue{Values: []*structpb.Value{structpb.NewStringValue("a"), structpb.NewStringValue("b")}}),
	}}
	if diff := cmp.Diff(want, o, protocmp.Transform()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestEnumLower holds the tables of the case's enums to enumSuffix of the
// enum's String(), for every value and for numbers the enum does not define.
func TestEnumLower(t *testing.T) {
	for _, tc := range []struct {
		prefix string
		table  map[int32]string
		of     func(n int32) fmt.Stringer
	}{
		{"COUNTERPARTY_TYPE_", counterpartyTypes, func(n int32) fmt.Stringer { return shieldv1.CounterpartyType(n) }},
		{"FACT_SOURCE_", factSources, func(n int32) fmt.Stringer { return shieldv1.FactSource(n) }},
		{"FACT_STATUS_", factStatuses, func(n int32) fmt.Stringer { return shieldv1.FactStatus(n) }},
		{"EVIDENCE_TYPE_", evidenceTypes, func(n int32) fmt.Stringer { return shieldv1.EvidenceType(n) }},
		{"VERIFICATION_", verifications, func(n int32) fmt.Stringer { return shieldv1.Verification(n) }},
		{"ROLE_", roles, func(n int32) fmt.Stringer { return shieldv1.Role(n) }},
	} {
		t.Run(tc.prefix, func(t *testing.T) {
			for n := int32(-1); n < 40; n++ {
				want := enumSuffix(tc.of(n).String(), tc.prefix)
				if got := tc.table[n]; got != want {
					t.Errorf("%d: %q, want %q", n, got, want)
				}
			}
		})
	}
}

// TestEnumValue holds enumValue's table to the upper-cased name it stands
// for: every name's suffix in lower, upper and mixed case, the empty
// string and values no enum has.
func TestEnumValue(t *testing.T) {
	for _, tc := range []struct {
		prefix string
		values map[string]int32
	}{
		{"DISPOSITION_", shieldv1.Disposition_value},
		{"RISK_TIER_", shieldv1.RiskTier_value},
		{"CLAIM_STATUS_", shieldv1.ClaimStatus_value},
		{"TACTIC_", shieldv1.Tactic_value},
		{"GENERATION_MODE_", shieldv1.GenerationMode_value},
	} {
		t.Run(tc.prefix, func(t *testing.T) {
			values := []string{"", "nope", "ſcarcity", "unspecified "}
			for name := range tc.values {
				s := strings.TrimPrefix(name, tc.prefix)
				values = append(values, s, strings.ToLower(s), strings.ToLower(s[:1])+s[1:], strings.ToLower(s)+"x")
			}
			for _, v := range values {
				want := tc.values[tc.prefix+strings.ToUpper(v)]
				if got := enumValue[int32](tc.values, tc.prefix, v); got != want {
					t.Errorf("%q: %d, want %d", v, got, want)
				}
			}
		})
	}
}
