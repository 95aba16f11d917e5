package analyze_test

import (
	"context"
	"testing"

	"github.com/a2atrust/shield/internal/analyze"
	"github.com/a2atrust/shield/internal/analyze/analyzetest"
	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/fallback"
)

// TestEngineSetsItsOwnFloor runs the real rule engine under a model that
// answers proceed: a structural identity finding (a counterparty whose
// reference a verified record says is not the claimed party) is not in
// analyze.HardTactics, but the engine says it is hard, so it is the floor.
func TestEngineSetsItsOwnFloor(t *testing.T) {
	c := &consult.Case{
		Title:   "Supplier asks to pay an invoice",
		Goal:    "Pay approved supplier invoices on time to verified accounts",
		Message: "Hello, this is Northwind Traders accounts receivable. Please pay invoice NW-2210 as scheduled.",
		Action: consult.Action{
			Description: "Pay invoice NW-2210 to Northwind Traders", Service: "bank", Action: "payments:create",
			Amount: 4200, Currency: "USD", Recipient: "Northwind Traders (account on file)", Irreversible: true,
		},
		Counterparty: consult.Counterparty{
			Type: consult.CounterpartyAgent, Reference: "ar@northwind-traders-billing.net",
			ClaimedIdentity: "Northwind Traders", Verified: false, TrustTier: "untrusted",
		},
		Facts: []consult.Fact{
			{ID: "f1", Statement: "The vendor master lists northwind-traders.com as Northwind Traders' only domain.", Source: consult.SourceSystem, Status: consult.FactVerified},
			{ID: "f2", Statement: "Invoice NW-2210 for $4,200.00 is approved and scheduled.", Source: consult.SourceSystem, Status: consult.FactVerified},
		},
		Identity: consult.Identity{ID: "ap-agent", Scope: []consult.ScopeEntry{{Service: "bank", Actions: []string{"payments:create"}}}},
	}
	eng := fallback.Default()
	rules := eng.Analyze(c)
	hard := eng.HardFindings(rules)
	if len(hard) == 0 {
		t.Fatalf("the engine finds nothing hard in %+v: the case no longer exercises the floor", rules.Signals)
	}
	var notListed consult.Tactic
	for _, h := range hard {
		if !containsTactic(analyze.HardTactics, h) {
			notListed = h
		}
	}
	if notListed == "" {
		t.Fatalf("hard findings %v are all in analyze.HardTactics: the case does not tell the two definitions apart", hard)
	}

	up := analyzetest.NewChatServer(t, analyzetest.Answering(analyzetest.AnswerJSON(t, modelAnalysis()))) // proceed, low, no signals
	res := analyze.New(eng, newLLM(t, up.URL, nil)).Analyze(context.Background(), analyze.Request{Case: c, Digest: digestN(31)})

	if res.Generation.Mode != consult.ModeAI || !res.Floored {
		t.Fatalf("mode %s, floored %v: want an ai answer raised to the engine's floor", res.Generation.Mode, res.Floored)
	}
	if d := res.Analysis.Disposition; d == consult.Proceed || d == consult.ProceedWithCaution {
		t.Errorf("disposition %s: the engine's hard %s finding did not hold", d, notListed)
	}
	if !res.Analysis.HasTactic(notListed) {
		t.Errorf("signals %+v lack the engine's hard finding %s", res.Analysis.Signals, notListed)
	}
	validRecord(t, res, digestN(31))
}

func containsTactic(ts []consult.Tactic, t consult.Tactic) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}
