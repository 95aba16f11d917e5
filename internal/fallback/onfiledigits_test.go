package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestRefundToCardOnFile: a refund to the original card, named by its last
// digits in French, Spanish or German, is not a new party when the records
// hold those digits; a card the records never mention still is.
func TestRefundToCardOnFile(t *testing.T) {
	refund := func(desc, to string) consult.Action {
		return consult.Action{Description: desc, Service: "billing", Action: "refunds:create", Amount: 29.99, Currency: "EUR",
			Recipient: to, DataCategories: []string{"financial"}}
	}
	dup := []consult.Fact{j2sys("f1", "Two debits of 29.99 EUR were taken on 5 and 6 October from the card ending 4410.")}
	runJ2(t, []j2case{
		{"French: carte d'origine", consult.Case{
			Message:      "Vous m'avez prélevé deux fois, je veux être remboursée du doublon.",
			Action:       refund("Rembourser 29,99 € sur la carte d'origine", "carte d'origine se terminant par 4410"),
			Counterparty: j2verified, Facts: dup}, "newparty", false},
		{"Spanish: tarjeta terminada en", consult.Case{
			Message:      "Me habéis cobrado dos veces la cuota de octubre, devolvedme una por favor.",
			Action:       refund("Devolver 29,99 € a la tarjeta original", "tarjeta terminada en 4410"),
			Counterparty: j2verified, Facts: dup}, "newparty", false},
		{"German: Karte mit Endziffern", consult.Case{
			Message:      "Sie haben den Oktober doppelt abgebucht, bitte erstatten.",
			Action:       refund("Erstattung 29,99 € auf die ursprüngliche Karte", "Kreditkarte Endziffern 4410"),
			Counterparty: j2verified, Facts: dup}, "newparty", false},
		{"near-miss: a card the records never mention", consult.Case{
			Message:      "Please refund the double charge to my other card instead, the one ending 9921.",
			Action:       refund("Refund 29.99 EUR to a different card", "Revolut carte se terminant par 9921"),
			Counterparty: j2verified, Facts: dup}, "newparty", true},
	})
}
