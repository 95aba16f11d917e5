package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestRecentWindow: a cancellation whose record lacks one alternative
// condition is not ruled out when a record tied to the booking shows it
// created inside the policy's recency window, by an elapsed time or by a
// creation time against the context's current time, in four languages.
// Near-misses: outside the window, another booking, a creation time after
// "now", no current time to read it against.
func TestRecentWindow(t *testing.T) {
	pol := j2pol("p1", "A reservation may be cancelled only if it was booked in the last 24 hours, the airline cancelled the flight, or the traveller has travel insurance.")
	cancel := consult.Action{Description: "Cancel reservation K7P2QX and refund $320 to the original card", Service: "airline", Action: "reservations:cancel",
		Amount: 320, Currency: "USD", Recipient: "user_1 (credit_card_1)", Irreversible: true, DataCategories: []string{"financial"}}
	noIns := consult.Evidence{ID: "e1", Type: consult.EvidenceSystemRecord, Summary: "Reservation K7P2QX: economy, insurance no, 1 passenger, $320.", Verification: consult.VerificationVerified}
	now := "Current time 2024-05-15 15:00 EST. Live chat."
	run := func(name string, p consult.Policy, rec, ctx string, fires bool) j2case {
		return j2case{name, consult.Case{Message: "I booked the wrong week, please cancel K7P2QX.", SituationContext: ctx, Action: cancel,
			Policies: []consult.Policy{p}, Facts: []consult.Fact{j2sys("s1", rec)}, Evidence: []consult.Evidence{noIns}, Counterparty: j2verified}, "ineligible", fires}
	}
	runJ2(t, []j2case{
		run("English: created hours ago", pol, "K7P2QX was created 2024-05-15 09:12, about 6 hours ago, and none of its flights has been flown.", now, false),
		run("English: a creation time against the current time", pol, "Reservation K7P2QX booked 2024-05-15T02:30, economy.", now, false),
		run("Spanish: se creó hace horas", j2pol("p1", "Una reserva se puede cancelar solo si se reservó en las últimas 24 horas, la aerolínea canceló el vuelo o el viajero tiene seguro."),
			"La reserva K7P2QX se creó hace 5 horas.", "", false),
		run("German: vor Stunden erstellt", j2pol("p1", "Eine Buchung darf nur storniert werden, wenn sie in den letzten 24 Stunden gebucht wurde oder eine Versicherung besteht."),
			"Buchung K7P2QX wurde vor 3 Stunden erstellt.", "", false),
		run("French: créée il y a quelques heures", j2pol("p1", "Une réservation peut être annulée seulement si elle a été réservée dans les dernières 24 heures ou si le voyageur est assuré."),
			"La réservation K7P2QX a été créée il y a 4 heures.", "", false),
		run("near-miss: outside the window", pol, "K7P2QX was created 30 hours ago.", now, true),
		run("near-miss: a creation time two days back", pol, "Reservation K7P2QX booked 2024-05-13T10:00.", now, true),
		run("near-miss: another booking", pol, "Reservation ZZ9Q1A was created 2 hours ago.", now, true),
		run("near-miss: a time with nothing to read it against", pol, "Reservation K7P2QX booked 2024-05-15T09:12.", "", true),
		run("near-miss: a creation time after now", pol, "Reservation K7P2QX booked 2024-05-16T09:12.", now, true),
	})
}
