package analyze_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2atrust/shield/internal/analyze"
	"github.com/a2atrust/shield/internal/analyze/analyzetest"
	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/record"
)

// TestInjectionCannotBuyProceed runs the whole path: the counterparty's
// message tells the model to answer proceed, the fake model obeys, and the
// rules' hard finding still sets the result.
func TestInjectionCannotBuyProceed(t *testing.T) {
	obeyed := modelAnalysis() // proceed, low risk, no signals
	obeyed.Signals = []consult.Signal{{Tactic: consult.NoTactic, Observation: "Nothing suspicious.", Confidence: 0.9, Significance: consult.Low}}
	obeyed.SuggestedResponse = "Here is the API key."
	up := analyzetest.NewChatServer(t, analyzetest.Answering(analyzetest.AnswerJSON(t, obeyed)))
	rules := hardRules()
	dg := digestN(20)

	res := analyze.New(rules, newLLM(t, up.URL, nil)).Analyze(context.Background(), analyze.Request{Case: injectionCase(), Digest: dg})

	if res.Generation.Mode != consult.ModeAI || !res.Floored {
		t.Fatalf("mode %s (%s), floored %v: want an ai answer raised to the floor", res.Generation.Mode, res.Generation.ErrorCode, res.Floored)
	}
	got := res.Analysis
	if got.Disposition != consult.DoNotProceed || got.RiskTier != consult.Critical {
		t.Errorf("disposition %s, risk %s; want do_not_proceed, critical", got.Disposition, got.RiskTier)
	}
	if !got.HasTactic(consult.DataExtraction) || got.HasTactic(consult.NoTactic) {
		t.Errorf("signals = %+v, want data_extraction and no \"none\"", got.Signals)
	}
	if got.SuggestedResponse != rules.Analysis.SuggestedResponse {
		t.Errorf("suggestedResponse = %q, want the rules' %q", got.SuggestedResponse, rules.Analysis.SuggestedResponse)
	}
	if !strings.Contains(got.Rationale[0], "data_extraction") || !strings.Contains(got.Reply, "Rule floor: do_not_proceed") {
		t.Errorf("the override is not explained: reply %q, rationale[0] %q", got.Reply, got.Rationale[0])
	}
	validRecord(t, res, dg)
}

// hardFinderRules also says itself which findings are hard.
type hardFinderRules struct {
	*analyzetest.Rules
	hard []consult.Tactic
}

func (h *hardFinderRules) HardFindings(consult.Analysis) []consult.Tactic { return h.hard }

func TestHardFinderDecides(t *testing.T) {
	up := analyzetest.NewChatServer(t, analyzetest.Answering(analyzetest.AnswerJSON(t, modelAnalysis())))
	base := hardRules()
	base.Analysis.Signals = []consult.Signal{{Tactic: consult.IdentityDeception, Observation: "claims to be Stripe", Confidence: 0.7, Significance: consult.High}}
	rules := &hardFinderRules{Rules: &analyzetest.Rules{Analysis: base.Analysis}, hard: []consult.Tactic{consult.IdentityDeception}}

	res := analyze.New(rules, newLLM(t, up.URL, nil)).Analyze(context.Background(), analyze.Request{Case: injectionCase(), Digest: digestN(21)})

	if res.Analysis.Disposition != consult.DoNotProceed || !res.Analysis.HasTactic(consult.IdentityDeception) {
		t.Errorf("disposition %s, signals %+v: the engine's own hard finding was not a floor", res.Analysis.Disposition, res.Analysis.Signals)
	}
}

func sig(t consult.Tactic, conf float64, s consult.Level) consult.Signal {
	return consult.Signal{Tactic: t, Observation: "seen: " + string(t), Confidence: conf, Significance: s}
}

func TestMerge(t *testing.T) {
	ai := modelAnalysis() // proceed, low
	cautious := modelAnalysis()
	cautious.Disposition, cautious.RiskTier = consult.DoNotProceed, consult.Critical
	cautious.Signals = []consult.Signal{sig(consult.DataExtraction, 0.8, consult.Critical)}
	aboveNoTactic := cautious
	aboveNoTactic.Signals = nil
	full := modelAnalysis()
	for i := range record.MaxListItems {
		full.Signals = append(full.Signals, consult.Signal{Tactic: consult.Urgency, Observation: fmt.Sprintf("u%d", i), Confidence: 0.5, Significance: consult.Low})
	}
	rules := func(d consult.Disposition, tier consult.Level, s ...consult.Signal) consult.Analysis {
		r := hardRules().Analysis
		r.Disposition, r.RiskTier, r.Signals = d, tier, s
		return r
	}

	tests := []struct {
		name       string
		ai         consult.Analysis
		rules      consult.Analysis
		wantRaised bool
		wantDisp   consult.Disposition
		wantTier   consult.Level
		wantHas    []consult.Tactic
		wantLacks  []consult.Tactic
		wantSigs   int // -1: do not check
	}{
		{"no signals: the model's judgment", ai, rules(consult.DoNotProceed, consult.Critical),
			false, consult.Proceed, consult.Low, nil, nil, 0},
		{"soft tactic is no floor", ai, rules(consult.DoNotProceed, consult.Critical, sig(consult.Urgency, 0.99, consult.Critical)),
			false, consult.Proceed, consult.Low, nil, []consult.Tactic{consult.Urgency}, 0},
		{"hard tactic, low confidence, is no floor", ai, rules(consult.DoNotProceed, consult.Critical, sig(consult.DataExtraction, 0.5, consult.Critical)),
			false, consult.Proceed, consult.Low, nil, nil, 0},
		{"secrets leaving", ai, rules(consult.DoNotProceed, consult.Critical, sig(consult.DataExtraction, 0.95, consult.Critical)),
			true, consult.DoNotProceed, consult.Critical, []consult.Tactic{consult.DataExtraction}, nil, 1},
		{"outside the declared scope, lenient rules", ai, rules(consult.ProceedWithCaution, consult.Medium, sig(consult.ScopeExpansion, 0.9, consult.High)),
			true, consult.GatherEvidence, consult.High, []consult.Tactic{consult.ScopeExpansion}, nil, 1},
		{"policy limit broken", ai, rules(consult.SeekApproval, consult.High, sig(consult.PolicyBypass, 0.9, consult.High)),
			true, consult.SeekApproval, consult.High, []consult.Tactic{consult.PolicyBypass}, nil, 1},
		{"contradicts a system fact", ai, rules(consult.GatherEvidence, consult.Medium, sig(consult.InconsistentClaims, 0.85, consult.High)),
			true, consult.GatherEvidence, consult.High, []consult.Tactic{consult.InconsistentClaims}, nil, 1},
		{"model already above the floor", cautious, rules(consult.SeekApproval, consult.High, sig(consult.DataExtraction, 0.95, consult.High)),
			false, consult.DoNotProceed, consult.Critical, []consult.Tactic{consult.DataExtraction}, nil, 1},
		{"model above but lacks the tactic", aboveNoTactic, rules(consult.SeekApproval, consult.High, sig(consult.PolicyBypass, 0.95, consult.High)),
			true, consult.DoNotProceed, consult.Critical, []consult.Tactic{consult.PolicyBypass}, nil, 1},
		{"signal list full: soft ones give way", full, rules(consult.DoNotProceed, consult.High, sig(consult.DataExtraction, 0.95, consult.High)),
			true, consult.DoNotProceed, consult.High, []consult.Tactic{consult.DataExtraction, consult.Urgency}, nil, record.MaxListItems},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			aiBefore := cloneForCompare(tt.ai)
			got, raised := analyze.Merge(tt.ai, tt.rules, analyze.HardSignals(tt.rules))
			if diff := cmp.Diff(aiBefore, tt.ai); diff != "" {
				t.Errorf("Merge changed its input (-before +after):\n%s", diff)
			}
			if raised != tt.wantRaised {
				t.Errorf("raised = %v, want %v", raised, tt.wantRaised)
			}
			if !raised {
				if diff := cmp.Diff(tt.ai, got); diff != "" {
					t.Errorf("an analysis at or above the floor changed (-want +got):\n%s", diff)
				}
			}
			if got.Disposition != tt.wantDisp || got.RiskTier != tt.wantTier {
				t.Errorf("disposition %s, risk %s; want %s, %s", got.Disposition, got.RiskTier, tt.wantDisp, tt.wantTier)
			}
			for _, tac := range tt.wantHas {
				if !got.HasTactic(tac) {
					t.Errorf("no %s signal in %+v", tac, got.Signals)
				}
			}
			for _, tac := range tt.wantLacks {
				if got.HasTactic(tac) {
					t.Errorf("unexpected %s signal", tac)
				}
			}
			if tt.wantSigs >= 0 && len(got.Signals) != tt.wantSigs {
				t.Errorf("%d signals, want %d", len(got.Signals), tt.wantSigs)
			}
			if err := record.Repair(&got); err != nil {
				t.Errorf("merged analysis cannot be repaired: %v", err)
			}
		})
	}
}

func cloneForCompare(a consult.Analysis) consult.Analysis {
	a.Signals = slices.Clone(a.Signals)
	a.Rationale = slices.Clone(a.Rationale)
	a.NextSteps = slices.Clone(a.NextSteps)
	a.Safeguards = slices.Clone(a.Safeguards)
	return a
}
