package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestApprovedThreshold: a payment over a policy's approval threshold whose
// approvals a system record shows in, in four languages; near-misses where
// the record is pending, shows one approver where two are needed, is about
// another payment, or the number is a ceiling rather than an approval
// step. The check drops the limit and threshold findings, so a kept
// finding is the near-miss.
func TestApprovedThreshold(t *testing.T) {
	pay := j2pay("Release $120,000 to Nordkap Systems for invoice NS-5512", 120000, "USD", "Nordkap Systems (account on file)")
	two := []consult.Policy{j2pol("p1", "A payment above $25,000 needs two approvers in the treasury workflow before release; one approval is enough up to $25,000.")}
	one := []consult.Policy{j2pol("p1", "Payments over $25,000 require CFO approval.")}
	ceiling := []consult.Policy{j2pol("p1", "Payments are capped at $25,000.")}
	rec := func(s string) []consult.Fact { return []consult.Fact{j2sys("f1", s)} }
	kept := func(name string, pol []consult.Policy, facts []consult.Fact, a consult.Action) j2case {
		return j2case{name, consult.Case{Message: "Please release the payment.", Action: a, Policies: pol, Facts: facts, Counterparty: j2verified}, "threshold", true}
	}
	dropped := func(name string, pol []consult.Policy, facts []consult.Fact, a consult.Action) j2case {
		c := kept(name, pol, facts, a)
		c.fires = false
		return c
	}
	runJ2(t, []j2case{
		dropped("English: two approvals recorded", two, rec("Invoice NS-5512 for $120,000 is approved by the controller and the CFO in the treasury workflow."), pay),
		dropped("English: one approval where one is asked", one, rec("Invoice NS-5512 was approved by the CFO on May 2."), pay),
		dropped("Spanish: dos aprobaciones", []consult.Policy{j2pol("p1", "Un pago superior a $25,000 necesita dos aprobaciones antes de liberarse.")},
			rec("La factura NS-5512 fue aprobada por el controller y la CFO."), pay),
		dropped("German: zwei Freigaben", []consult.Policy{j2pol("p1", "Zahlungen über $25,000 benötigen die Genehmigung von zwei Personen.")},
			rec("Rechnung NS-5512 wurde vom Controller und vom CFO genehmigt."), pay),
		dropped("French: deux approbations", []consult.Policy{j2pol("p1", "Un paiement de plus de $25,000 exige deux approbations.")},
			rec("La facture NS-5512 est approuvée par le contrôleur et le directeur financier."), pay),
		kept("near-miss: approval pending", two, rec("Invoice NS-5512: second approval pending with the CFO."), pay),
		kept("near-miss: one approver where two are needed", two, rec("Invoice NS-5512 is approved by the controller."), pay),
		kept("near-miss: the record is about another invoice", two, rec("Invoice NS-4400 is approved by the controller and the CFO."), pay),
		kept("near-miss: a counterparty says it is approved", two, []consult.Fact{{ID: "f1", Statement: "Invoice NS-5512 is approved by the controller and the CFO.", Source: consult.SourceCounterparty, Status: consult.FactAsserted}}, pay),
		{"near-miss: a ceiling next to an approval step", consult.Case{Message: "Please release the payment.", Action: pay,
			Policies: []consult.Policy{j2pol("p1", "Payments over $25,000 need CFO approval; payments are capped at $100,000.")},
			Facts:    rec("Invoice NS-5512 is approved by the CFO."), Counterparty: j2verified}, "limit", true},
		{"near-miss: a ceiling, not an approval step", consult.Case{Message: "Please release the payment.", Action: pay, Policies: ceiling,
			Facts: rec("Invoice NS-5512 is approved by the controller and the CFO."), Counterparty: j2verified}, "limit", true},
	})
}
