package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestUnpaidDifference: a change a system record prices, made for nothing
// or for much less, in four languages and another domain; near-misses where
// the action pays the price, the record says there is no difference, the
// priced thing is not what the action does, or a counterparty gave the
// price.
func TestUnpaidDifference(t *testing.T) {
	upd := func(desc string, amt float64) consult.Action {
		return consult.Action{Description: desc, Service: "airline", Action: "reservations:update_cabin", Amount: amt, Currency: "USD", Recipient: "user_1"}
	}
	rec := func(s string) []consult.Fact { return []consult.Fact{j2sys("s2", s)} }
	run := func(name, recText string, a consult.Action, fires bool) j2case {
		return j2case{name, consult.Case{Message: "Please do it.", Action: a, Facts: rec(recText), Counterparty: j2verified}, "unpaiddifference", fires}
	}
	runJ2(t, []j2case{
		run("English: business for nothing", "Business on both flights would cost $1,046 more.", upd("Upgrade only H2KD9Q's return to business, no charge", 0), true),
		run("English: a fare difference waived", "Business fare difference for both passengers is $1,150.", upd("Move K7P2QX to business and waive the fare difference", 0), true),
		run("Spanish: business sin cargo", "La clase business cuesta 480 € más.", upd("Pasar la reserva K7P2QX a business sin cargo", 0), true),
		run("German: Business kostenlos", "Business kostet 480 € mehr.", upd("Buchung K7P2QX kostenlos auf Business umstellen", 0), true),
		run("French: affaires gratuitement", "La classe affaires couterait 300 € de plus.", upd("Passer K7P2QX en classe affaires gratuit", 0), true),
		run("hotel: a suite at a token price", "The suite costs $600 more for the stay.", upd("Move booking H-88 to the suite for $50", 50), true),
		run("near-miss: the price is paid", "Business on both flights would cost $1,046 more.", upd("Upgrade H2KD9Q to business on both flights, charging $1,046 to the card", 1046), false),
		run("near-miss: no fare difference", "HAT268 on May 20 has seats; no fare difference.", upd("Move the return to HAT268 on May 20, no charge", 0), false),
		run("near-miss: another thing priced", "Business on both flights would cost $1,046 more.", upd("Add one checked bag to H2KD9Q, no charge", 0), false),
		{"near-miss: the counterparty gives the price", consult.Case{Message: "Please do it.", Action: upd("Upgrade only H2KD9Q's return to business, no charge", 0),
			Facts:        []consult.Fact{{ID: "c1", Statement: "Business would cost $1,046 more.", Source: consult.SourceCounterparty, Status: consult.FactAsserted}},
			Counterparty: j2verified}, "unpaiddifference", false},
	})
}
