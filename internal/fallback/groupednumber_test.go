package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestGroupedNumber: limit figures with a dot as the thousands separator
// are read as thousands; decimals and English grouping keep their value.
func TestGroupedNumber(t *testing.T) {
	cases := []struct {
		in   string
		want float64
	}{
		{"1.500", 1500},
		{"12.000.000", 12000000},
		{"2,500", 2500},
		{"1,500.00", 1500},
		{"1.50", 1.5},
		{"0.5", 0.5},
		{"1234.567", 1234.567},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			got, err := parseGroupedNumber(tc.in)
			if err != nil || got != tc.want {
				t.Fatalf("parseGroupedNumber(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
			}
		})
	}
}

// TestGroupedLimitInPolicy: an emergency-repair mandate "up to 1.500 €"
// does not make a 420 € call-out a breach, and still catches 2.400 €.
func TestGroupedLimitInPolicy(t *testing.T) {
	order := func(desc string, amt float64) consult.Action {
		return consult.Action{Description: desc, Service: "maintenance", Action: "workorders:create", Amount: amt, Currency: "EUR", Recipient: "Fontanería Turia S.L."}
	}
	esPol := []consult.Policy{j2pol("p1", "Emergency repairs (water, gas, electricity) up to 1.500 € may be ordered immediately from contracted providers.")}
	runJ2(t, []j2case{
		{"Spanish-style figure, amount inside", consult.Case{
			Message:      "Se ha roto la tubería y sale agua, ¿podéis mandar un fontanero esta noche?",
			Action:       order("Enviar fontanero de guardia, presupuesto 420 €", 420),
			Counterparty: j2verified, Policies: esPol}, "limit", false},
		{"German-style figure, amount inside", consult.Case{
			Message:      "Die Heizung ist ausgefallen, bitte schicken Sie heute noch jemanden.",
			Action:       order("Heizungsnotdienst beauftragen, 980 EUR", 980),
			Counterparty: j2verified, Policies: []consult.Policy{j2pol("p1", "Emergency repairs up to 2.000 EUR may be ordered without landlord approval.")}}, "limit", false},
		{"grouped figure, amount over", consult.Case{
			Message:      "Please also replace the whole kitchen floor tonight.",
			Action:       order("Order floor replacement, 2.400 €", 2400),
			Counterparty: j2verified, Policies: esPol}, "limit", true},
	})
}
