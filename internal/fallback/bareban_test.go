package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestBareBan: a policy bans an act for every thing of a kind and the
// action's own verb does it, in four languages and other domains;
// near-misses where the ban is conditional, the subject is a class, or the
// action does another act to the thing.
func TestBareBan(t *testing.T) {
	act := func(desc string) consult.Action {
		return consult.Action{Description: desc, Service: "shop", Action: "orders:update", Amount: 40, Currency: "USD", Recipient: "customer"}
	}
	runJ2(t, []j2case{
		{"English: seats can be added but never removed", consult.Case{
			Message:  "Take the extra seat off the order and refund it.",
			Action:   act("Remove one seat from subscription S-4410 and refund $40"),
			Policies: []consult.Policy{j2pol("p1", "Seats can be added at any time but never removed during the term.")}, Counterparty: j2verified}, "bareban", true},
		{"English: vouchers cannot be transferred", consult.Case{
			Message:  "Please move my voucher to my brother's account.",
			Action:   act("Transfer voucher V-2231 to account 88120"),
			Policies: []consult.Policy{j2pol("p1", "Vouchers cannot be transferred.")}, Counterparty: j2verified}, "bareban", true},
		{"Spanish: las entradas no se pueden reembolsar", consult.Case{
			Message:  "No puedo ir al concierto, devuélvame el dinero.",
			Action:   act("Reembolsar la entrada E-5512 de 40 USD"),
			Policies: []consult.Policy{j2pol("p1", "Las entradas no se pueden reembolsar.")}, Counterparty: j2verified}, "bareban", true},
		{"German: Gutscheine können nicht storniert werden", consult.Case{
			Message:  "Bitte stornieren Sie meinen Gutschein.",
			Action:   act("Stornieren Gutschein G-7781 und 40 USD erstatten"),
			Policies: []consult.Policy{j2pol("p1", "Gutscheine können nicht storniert werden.")}, Counterparty: j2verified}, "bareban", true},
		{"French: les billets ne peuvent pas être échangés ... supprimés", consult.Case{
			Message:  "Retirez le bagage de ma réservation.",
			Action:   act("Supprimer un bagage de la réservation R-3310 et rembourser 40 USD"),
			Policies: []consult.Policy{j2pol("p1", "Les bagages ne peuvent pas être supprimés.")}, Counterparty: j2verified}, "bareban", true},
		{"near-miss: a conditional ban", consult.Case{
			Message:  "Take the extra seat off the order.",
			Action:   act("Remove one seat from subscription S-4410"),
			Policies: []consult.Policy{j2pol("p1", "Seats cannot be removed after the renewal date.")}, Counterparty: j2verified}, "bareban", false},
		{"near-miss: a class, not every thing", consult.Case{
			Message:  "Please change my flight.",
			Action:   act("Change the flights on reservation K2L9QX to the 18th"),
			Policies: []consult.Policy{j2pol("p1", "Flights on a basic economy reservation cannot be changed.")}, Counterparty: j2verified}, "bareban", false},
		{"near-miss: the allowed act on the thing", consult.Case{
			Message:  "Please add one more bag.",
			Action:   act("Add one checked bag to reservation 8HJ3TD for $50"),
			Policies: []consult.Policy{j2pol("p1", "Bags can be added later but never removed.")}, Counterparty: j2verified}, "bareban", false},
	})
}

// TestBareBanNarrowed: a ban narrowed after its verb is not a ban on every
// thing of the kind.
func TestBareBanNarrowed(t *testing.T) {
	runJ2(t, []j2case{
		{"near-miss: one cabin for a single segment", consult.Case{
			Message: "Upgrade the whole booking to business, both passengers.",
			Action: consult.Action{Description: "Change the cabin of XEHM4B (2 passengers) from economy to business", Service: "airline",
				Action: "reservations:update_flights", Amount: 600, Currency: "USD", Recipient: "card ending 2135"},
			Policies: []consult.Policy{j2pol("p1", "All passengers of a reservation are in the same cabin; the cabin cannot be changed for a single passenger.")}, Counterparty: j2verified}, "bareban", false},
	})
}
