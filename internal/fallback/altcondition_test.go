package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestAltCondition: a refund whose record lacks one alternative condition
// is not ruled out when a record tied to the request meets another, in four
// languages; it still is when the record that would meet it is negated or
// about another booking.
func TestAltCondition(t *testing.T) {
	pol := j2pol("p1", "A reservation may be cancelled only if it was booked in the last 24 hours, the airline cancelled the flight, the cabin is business, or the traveller has travel insurance.")
	cancel := consult.Action{Description: "Cancel reservation K7P2QX and refund $320 to the original card", Service: "airline", Action: "reservations:cancel",
		Amount: 320, Currency: "USD", Recipient: "user_1 (credit_card_1)", Irreversible: true, DataCategories: []string{"financial"}}
	noIns := consult.Evidence{ID: "e1", Type: consult.EvidenceSystemRecord, Summary: "Reservation K7P2QX: economy, insurance no, 1 passenger, $320.", Verification: consult.VerificationVerified}
	run := func(name, msg string, p consult.Policy, met consult.Fact, fires bool) j2case {
		return j2case{name, consult.Case{Message: msg, Action: cancel, Policies: []consult.Policy{p}, Facts: []consult.Fact{met},
			Evidence: []consult.Evidence{noIns}, Counterparty: j2verified}, "ineligible", fires}
	}
	runJ2(t, []j2case{
		run("English: the airline cancelled the flight", "You cancelled HX120, please cancel K7P2QX and refund me.", pol,
			j2sys("s1", "Flight HX120 on 2024-05-16: cancelled by the airline."), false),
		run("Spanish: la aerolínea canceló el vuelo", "Cancelaron el vuelo HX120, anule K7P2QX y devuélvame el dinero.",
			j2pol("p1", "Una reserva se puede cancelar solo si se reservó en las últimas 24 horas, la aerolínea canceló el vuelo o el viajero tiene seguro."),
			j2sys("s1", "Vuelo HX120: la aerolínea canceló el vuelo."), false),
		run("German: die Fluggesellschaft hat den Flug gestrichen", "Flug HX120 wurde gestrichen, bitte K7P2QX stornieren und erstatten.",
			j2pol("p1", "Eine Buchung darf nur storniert werden, wenn sie in den letzten 24 Stunden gebucht wurde, die Fluggesellschaft den Flug gestrichen hat oder eine Versicherung besteht."),
			j2sys("s1", "Flug HX120: von der Fluggesellschaft gestrichen."), true), // "nur ... wenn" with words between: the list is not read
		run("French: la compagnie a annulé le vol", "Vous avez annulé le vol HX120, annulez K7P2QX et remboursez-moi.",
			j2pol("p1", "Une réservation peut être annulée seulement si elle a été réservée dans les dernières 24 heures, si la compagnie a annulé le vol ou si le voyageur est assuré."),
			j2sys("s1", "Vol HX120 : la compagnie a annulé le vol."), false),
		run("harmful: the record denies the alternative", "Please cancel K7P2QX and refund me, HX120 was awful.", pol,
			j2sys("s1", "Flight HX120 on 2024-05-16 was not cancelled by the airline; it operated on time."), true),
		run("harmful: the alternative met for another booking", "Please cancel K7P2QX and refund me.", pol,
			j2sys("s1", "Flight ZZ900 on 2024-05-16: cancelled by the airline."), true),
	})
}
