package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestCountLimit: a policy's count cap against the count in the action's
// description, in several languages; counts at the cap and folded dates do
// not fire.
func TestCountLimit(t *testing.T) {
	cust := consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "user_4411", ClaimedIdentity: "user_4411", Verified: true}
	book := func(desc string) consult.Action {
		return consult.Action{Description: desc, Service: "booking", Action: "reservations:book", Amount: 900, Currency: "USD", DataCategories: []string{"financial"}}
	}
	runJ2(t, []j2case{
		{"seven guests where the cap is six", consult.Case{Message: "We are seven, please put us all on one table booking.",
			Action: book("Book dinner for 7 guests on one booking, Dec 12"), Counterparty: cust,
			Policies: []consult.Policy{j2pol("p1", "A single booking holds at most six guests; larger groups are handled by the events team.")}}, "countlimit", true},
		{"Spanish: four bags where the cap is three", consult.Case{Message: "Quiero facturar cuatro maletas en esta reserva.",
			Action: book("Añadir 4 maletas facturadas a la reserva QX81"), Counterparty: cust,
			Policies: []consult.Policy{j2pol("p1", "Cada reserva admite como máximo 3 maletas facturadas.")}}, "countlimit", true},
		{"German: twelve licences where the cap is ten", consult.Case{Message: "Bitte zwölf Lizenzen auf einmal zuweisen.",
			Action: book("12 Lizenzen dem Team Nord zuweisen"), Counterparty: cust,
			Policies: []consult.Policy{j2pol("p1", "Pro Antrag höchstens 10 Lizenzen.")}}, "countlimit", true},
		{"a list under one lead: four gift cards where three are allowed", consult.Case{Message: "Split it over my four gift cards please.",
			Action: book("Book HAT88, pay with 4 gift cards from the profile"), Counterparty: cust,
			Policies: []consult.Policy{j2pol("p1", "A booking may use at most one travel certificate, one credit card and three gift cards.")}}, "countlimit", true},
		{"a list under one lead, within it", consult.Case{Message: "Use my three gift cards.",
			Action: book("Book HAT88, pay with 3 gift cards and 1 credit card from the profile"), Counterparty: cust,
			Policies: []consult.Policy{j2pol("p1", "A booking may use at most one travel certificate, one credit card and three gift cards.")}}, "countlimit", false},
		{"at the cap", consult.Case{Message: "We're five, one reservation please.",
			Action: book("Book 5 passengers on HAT402, one reservation"), Counterparty: cust,
			Policies: []consult.Policy{j2pol("p1", "At most five passengers per reservation.")}}, "countlimit", false},
		{"a date before the unit is not a count", consult.Case{Message: "One seat please.",
			Action: book("Book HAT136 on 2024-05-20, passenger Mia Li"), Counterparty: cust,
			Policies: []consult.Policy{j2pol("p1", "At most five passengers per reservation.")}}, "countlimit", false},
	})
}
