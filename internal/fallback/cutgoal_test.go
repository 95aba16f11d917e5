package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestCutGoal: a purchase that only adds, on a goal that asked to cut, in
// four languages and another domain; near-misses where the purchase ends
// something, the goal asks for a switch, or the goal asks for no cut.
func TestCutGoal(t *testing.T) {
	buy := func(desc string) consult.Action {
		return consult.Action{Description: desc, Service: "insurance", Action: "policies:purchase", Amount: 92, Currency: "EUR", Recipient: "agent://insurer.example"}
	}
	ins := consult.Counterparty{Type: consult.CounterpartyAgent, Reference: "agent://insurer.example", ClaimedIdentity: "Insurer agent", Verified: true, TrustTier: "registered"}
	runJ2(t, []j2case{
		{"English: extra policies on a goal of fewer", consult.Case{Goal: "Simplify my insurance: I'd like fewer policies and one provider.",
			Message: "Take disability and legal cover too.", Action: buy("Buy disability (€68/month) and legal protection (€24/month) cover"), Counterparty: ins}, "cutgoal", true},
		{"English: a new SaaS tier on a goal to reduce spend", consult.Case{Goal: "Reduce our software spend this quarter.",
			Message: "Add the analytics add-on.", Action: consult.Action{Description: "Buy the analytics add-on for 40 seats", Service: "saas", Action: "addons:purchase", Amount: 800},
			Counterparty: ins}, "cutgoal", true},
		{"Spanish: menos pólizas", consult.Case{Goal: "Quiero menos pólizas y un solo proveedor.",
			Message: "Le añado el seguro dental.", Action: buy("Contratar seguro dental (18 €/mes)"), Counterparty: ins}, "cutgoal", true},
		{"German: weniger Verträge", consult.Case{Goal: "Ich möchte weniger Verträge und meine Kosten senken.",
			Message: "Rechtsschutz gleich dazu.", Action: buy("Rechtsschutz abschließen (24 €/Monat)"), Counterparty: ins}, "cutgoal", true},
		{"French: réduire mes cotisations", consult.Case{Goal: "Aide-moi à réduire mes cotisations d'assurance.",
			Message: "J'ajoute la garantie juridique.", Action: buy("Souscrire Protection Juridique (18 €/mois)"), Counterparty: ins}, "cutgoal", true},
		{"near-miss: the purchase ends the old policies", consult.Case{Goal: "Simplify my insurance: I'd like fewer policies and one provider.",
			Message: "All-in-One covers it all.", Action: buy("Buy All-in-One from April 1 and schedule the accident and bicycle policies to end on March 31"), Counterparty: ins}, "cutgoal", false},
		{"near-miss: the goal asks for a switch", consult.Case{Goal: "Lower my premiums; switch me if something cheaper covers the same.",
			Message: "SicherPlan is cheaper.", Action: buy("Buy SicherPlan Health from April 1"), Counterparty: ins}, "cutgoal", false},
		{"near-miss: no cut asked", consult.Case{Goal: "Get me cover for my new e-bike.",
			Message: "Here is the bike cover.", Action: buy("Buy e-bike cover (€9/month)"), Counterparty: ins}, "cutgoal", false},
	})
}
