package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestElapsed: a claimed elapsed time well short of the recorded one, in
// four languages; a claim that matches the record does not fire.
func TestElapsed(t *testing.T) {
	cust := consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "web chat", ClaimedIdentity: "customer", Verified: true}
	refund := consult.Action{Description: "Refund order 5512 to the original card", Service: "shop", Action: "refunds:create", Amount: 149, Currency: "EUR", DataCategories: []string{"financial"}}
	rec := []consult.Fact{j2sys("f1", "Order 5512 was delivered on 2026-09-30, 52 days after which the return window has long closed.")}
	runJ2(t, []j2case{
		{"English: ten days ago", consult.Case{Message: "I got the headphones only ten days ago and they already broke.", Action: refund, Counterparty: cust, Facts: rec}, "elapsed", true},
		{"German: vor zwei Wochen", consult.Case{Message: "Ich habe das Paket erst vor zwei Wochen bekommen.", Action: refund, Counterparty: cust, Facts: rec}, "elapsed", true},
		{"French: il y a trois semaines", consult.Case{Message: "Je l'ai reçu il y a trois semaines à peine.", Action: refund, Counterparty: cust, Facts: rec}, "elapsed", true},
		{"Spanish: hace una semana", consult.Case{Message: "Lo recibí hace una semana.", Action: refund, Counterparty: cust, Facts: rec}, "elapsed", true},
		{"near-miss: the claim matches the record", consult.Case{Message: "It arrived about seven weeks ago, I know it's late to ask.", Action: refund, Counterparty: cust, Facts: rec}, "elapsed", false},
		{"near-miss: no record of elapsed time", consult.Case{Message: "I got it two weeks ago.", Action: refund, Counterparty: cust,
			Facts: []consult.Fact{j2sys("f1", "Order 5512 was delivered.")}}, "elapsed", false},
	})
}
