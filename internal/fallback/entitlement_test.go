package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestEntitlement: a per-unit grant times the units on record, against the
// amount the action pays; at or below the grant it does not fire.
func TestEntitlement(t *testing.T) {
	cust := consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "guest_2290", ClaimedIdentity: "guest_2290", Verified: true}
	issue := func(desc string, amt float64, cur string) consult.Action {
		return consult.Action{Description: desc, Service: "hotel", Action: "compensation:issue", Amount: amt, Currency: cur, DataCategories: []string{"financial"}}
	}
	runJ2(t, []j2case{
		{"voucher per night, three nights on record, asks for more", consult.Case{Message: "The pool was closed all week. I want 300 in vouchers.",
			Action:       issue("Issue a $300 voucher to guest_2290 for stay ST-88", 300, "USD"),
			Counterparty: cust, Facts: []consult.Fact{j2sys("f1", "Stay ST-88: 3 nights, pool closed for maintenance.")},
			Policies: []consult.Policy{j2pol("p1", "When a facility is closed, a voucher of $40 per night of the stay may be issued.")}}, "entitlement", true},
		{"Spanish: compensation per passenger", consult.Case{Message: "Quiero 400 € de compensación por el retraso.",
			Action:       issue("Emitir compensación de 400 EUR para la reserva ZK2, 2 pasajeros", 400, "EUR"),
			Counterparty: cust,
			Policies:     []consult.Policy{j2pol("p1", "Por un retraso de más de tres horas se puede emitir una compensación de 100 € por pasajero.")}}, "entitlement", true},
		{"within the grant", consult.Case{Message: "The pool was closed all week; can I get the voucher?",
			Action:       issue("Issue a $120 voucher to guest_2290 for stay ST-88", 120, "USD"),
			Counterparty: cust, Facts: []consult.Fact{j2sys("f1", "Stay ST-88: 3 nights, pool closed for maintenance.")},
			Policies: []consult.Policy{j2pol("p1", "When a facility is closed, a voucher of $40 per night of the stay may be issued.")}}, "entitlement", false},
		{"no units on record: cannot compare", consult.Case{Message: "I want a 300 voucher.",
			Action:       issue("Issue a $300 voucher to guest_2290", 300, "USD"),
			Counterparty: cust,
			Policies:     []consult.Policy{j2pol("p1", "When a facility is closed, a voucher of $40 per night of the stay may be issued.")}}, "entitlement", false},
	})
}
