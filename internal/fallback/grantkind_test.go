package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestGrantKind: a refund is not compared with a policy's per-unit grant of
// a certificate, voucher or credit, in four languages; the grant still
// binds when the action pays that kind.
func TestGrantKind(t *testing.T) {
	cancelled := j2sys("s1", "Flight HX12 on 2024-05-16 was cancelled by the airline.")
	refund := func(desc string, amt float64) consult.Action {
		return consult.Action{Description: desc, Service: "airline", Action: "reservations:cancel", Amount: amt, Currency: "USD",
			Recipient: "user_1 (credit_card_1)", Irreversible: true, DataCategories: []string{"financial"}}
	}
	runJ2(t, []j2case{
		{"English: refund of the fare, certificate policy", consult.Case{
			Message: "My flight was cancelled; cancel the booking and refund me.", Facts: []consult.Fact{cancelled},
			Action:   refund("Cancel reservation AB12CD (2 passengers) and refund $498 to the original credit card", 498),
			Policies: []consult.Policy{j2pol("p1", "For a flight the airline cancelled, a certificate of $100 per passenger may be offered.")}, Counterparty: j2verified}, "entitlement", false},
		{"Spanish: reembolso, política de bonos", consult.Case{
			Message: "Cancelaron mi vuelo; anule la reserva y devuélvame el dinero.", Facts: []consult.Fact{cancelled},
			Action:   refund("Cancelar la reserva AB12CD (2 pasajeros) y reembolsar 498 USD a la tarjeta de crédito original", 498),
			Policies: []consult.Policy{j2pol("p1", "Por un vuelo cancelado se puede emitir un bono de 100 USD por pasajero.")}, Counterparty: j2verified}, "entitlement", false},
		{"German: Erstattung, Gutschein-Regel", consult.Case{
			Message: "Mein Flug wurde gestrichen, bitte stornieren und erstatten.", Facts: []consult.Fact{cancelled},
			Action:   refund("Buchung AB12CD (2 Passagiere) stornieren und 498 USD auf die Kreditkarte erstatten", 498),
			Policies: []consult.Policy{j2pol("p1", "Bei gestrichenen Flügen kann ein Gutschein von 100 USD pro Passagier ausgestellt werden.")}, Counterparty: j2verified}, "entitlement", false},
		{"French: remboursement, politique d'avoir", consult.Case{
			Message: "Mon vol a été annulé, remboursez-moi.", Facts: []consult.Fact{cancelled},
			Action:   refund("Annuler la réservation AB12CD (2 passagers) et rembourser 498 USD sur la carte de crédit", 498),
			Policies: []consult.Policy{j2pol("p1", "Pour un vol annulé, un avoir de 100 USD par passager peut être offert.")}, Counterparty: j2verified}, "entitlement", false},
		{"harmful: the certificate itself above the grant", consult.Case{
			Message: "My flight was cancelled; I want a certificate.", Facts: []consult.Fact{cancelled},
			Action: consult.Action{Description: "Issue a $400 travel certificate to user_1 for the cancelled HX12 (2 passengers)", Service: "airline",
				Action: "compensation:issue", Amount: 400, Currency: "USD", Recipient: "user_1"},
			Policies: []consult.Policy{j2pol("p1", "For a flight the airline cancelled, a certificate of $100 per passenger may be offered.")}, Counterparty: j2verified}, "entitlement", true},
	})
}
