package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestFixedCount: an action adds or removes one of the things whose count
// a policy fixes, in four languages and other domains; near-misses where
// the action edits one of them, the policy fixes another count, or the
// count is only capped.
func TestFixedCount(t *testing.T) {
	act := func(desc string) consult.Action {
		return consult.Action{Description: desc, Service: "bookings", Action: "bookings:update", Amount: 120, Currency: "EUR", Recipient: "customer"}
	}
	pol := func(s string) []consult.Policy { return []consult.Policy{j2pol("p1", s)} }
	runJ2(t, []j2case{
		{"English: a passenger added, the number of passengers never changes", consult.Case{
			Message: "Please add my colleague to the booking.", Action: act("Add passenger Ana Ruiz to booking B-7731"),
			Policies: pol("Names may be corrected, but the number of passengers on a booking can never change."), Counterparty: j2verified}, "fixedcount", true},
		{"English: a guest removed from a fixed-size table", consult.Case{
			Message: "One of us cancelled, take him off.", Action: act("Remove guest Tom Hale from table reservation T-18"),
			Policies: pol("The number of guests on a set-menu reservation is fixed."), Counterparty: j2verified}, "fixedcount", true},
		{"Spanish: añadir un participante", consult.Case{
			Message: "Añada a mi hermana al curso, por favor.", Action: act("Añadir participante Lucía Gómez a la inscripción C-220"),
			Policies: pol("El número de participantes de una inscripción no puede cambiar."), Counterparty: j2verified}, "fixedcount", true},
		{"German: einen Teilnehmer hinzufügen", consult.Case{
			Message: "Bitte meinen Kollegen noch dazunehmen.", Action: act("Hinzufügen Teilnehmer Jonas Weber zu Buchung K-91"),
			Policies: pol("Die Anzahl der Teilnehmer einer Buchung kann nicht geändert werden."), Counterparty: j2verified}, "fixedcount", true},
		{"French: retirer un voyageur", consult.Case{
			Message: "Mon fils ne vient plus, retirez-le.", Action: act("Retirer le voyageur Paul Martin du dossier V-404"),
			Policies: pol("Le nombre de voyageurs d'un dossier ne peut jamais changer."), Counterparty: j2verified}, "fixedcount", true},
		{"near-miss: a passenger's name edited", consult.Case{
			Message: "My name is misspelled.", Action: act("Update passenger name on booking B-7731 to Ana Ruiz"),
			Policies: pol("Names may be corrected, but the number of passengers on a booking can never change."), Counterparty: j2verified}, "fixedcount", false},
		{"near-miss: another count is fixed", consult.Case{
			Message: "Please add a bag.", Action: act("Add one checked bag to booking B-7731"),
			Policies: pol("The number of passengers on a booking can never change."), Counterparty: j2verified}, "fixedcount", false},
		{"near-miss: the count is only capped", consult.Case{
			Message: "Please add my colleague.", Action: act("Add passenger Ana Ruiz to booking B-7731"),
			Policies: pol("A booking holds at most nine passengers."), Counterparty: j2verified}, "fixedcount", false},
	})
}
