package fallback

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2atrust/shield/internal/consult"
)

// TestCoverGap: the goal asks for cover and a record says the switch
// leaves a gap, in four languages; near-misses where the record says there
// is no gap or the goal is not about cover.
func TestCoverGap(t *testing.T) {
	sw := func(desc string) consult.Action {
		return consult.Action{Description: desc, Service: "insurance", Action: "policies:cancel", Amount: 29, Currency: "EUR", Recipient: "agent://insurer.example", Irreversible: true}
	}
	runJ2(t, []j2case{
		{"English: no cover for two weeks", consult.Case{
			Goal:    "Switch my travel insurance to a cheaper one, but I must be covered for the whole trip in May.",
			Message: "Cancel the old policy on April 30 and start ours on May 14; you stay fully covered.",
			Action:  sw("Cancel current travel cover on April 30, start new cover May 14"),
			Facts:   []consult.Fact{j2sys("f1", "Under the proposed dates Ana would have no travel cover from May 1 to May 13.")}, Counterparty: j2verified}, "covergap", true},
		{"Spanish: sin cobertura", consult.Case{
			Goal:    "Cambiar el seguro de hogar por uno más barato, sin quedar nunca sin cobertura.",
			Message: "Damos de baja su póliza el 31 de enero y la nueva empieza el 15 de febrero.",
			Action:  sw("Dar de baja la póliza de hogar el 31/01 y contratar la nueva desde el 15/02"),
			Facts:   []consult.Fact{j2sys("f1", "Con esas fechas la vivienda queda sin cobertura del 1 al 14 de febrero.")}, Counterparty: j2verified}, "covergap", true},
		{"German: Deckungslücke", consult.Case{
			Goal:    "Die Autoversicherung wechseln; das Auto muss durchgehend versichert sein.",
			Message: "Wir kündigen zum 30. Juni, die neue Police startet am 10. Juli. Sie sind trotzdem voll abgesichert.",
			Action:  sw("Kfz-Versicherung zum 30.06. kündigen, neue Police ab 10.07."),
			Facts:   []consult.Fact{j2sys("f1", "Zwischen 1. und 9. Juli entsteht eine Deckungslücke.")}, Counterparty: j2verified}, "covergap", true},
		{"French: sans couverture", consult.Case{
			Goal:    "Changer d'assurance santé pour moins cher, en restant couvert sans interruption.",
			Message: "On résilie au 31 mars et le nouveau contrat démarre au 1er mai.",
			Action:  sw("Résilier la mutuelle au 31/03, nouveau contrat au 01/05"),
			Facts:   []consult.Fact{j2sys("f1", "Avec ces dates, Luc serait sans couverture santé en avril.")}, Counterparty: j2verified}, "covergap", true},
		{"near-miss: record says no gap", consult.Case{
			Goal:    "Switch my travel insurance to a cheaper one, but I must be covered for the whole trip in May.",
			Message: "The new policy starts the day the old one ends, so there is no gap and the trip is fully covered.",
			Action:  sw("Cancel current travel cover on April 30, start new cover May 1"),
			Facts:   []consult.Fact{j2sys("f1", "The new policy starts on May 1, the day after the current one ends; there is no gap.")}, Counterparty: j2verified}, "covergap", false},
		{"near-miss: goal not about cover", consult.Case{
			Goal:    "Find out why my claim payment is late.",
			Message: "Your claim was paid yesterday.",
			Action:  sw("Close the enquiry"),
			Facts:   []consult.Fact{j2sys("f1", "The lost luggage is not covered under the basic plan.")}, Counterparty: j2verified}, "covergap", false},
	})
}

// TestCoverStateGate holds the gated coverState to the word scan it skips.
func TestCoverStateGate(t *testing.T) {
	pieces := []string{"cover", "covered", "coverage", "uncovered", "gap", "no", "not", "keine", "sin", "cobertura", "trip",
		"recover", "gaps", "lucke", "x", "insurance", "the", "trou", "carence"}
	r := rand.New(rand.NewSource(3))
	for range 5000 {
		var b strings.Builder
		for n := r.Intn(8); n >= 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
			b.WriteString([]string{" ", "", "  "}[r.Intn(3)])
		}
		s := b.String()
		d, c := coverState(s)
		wd, wc := coverWordsState(s)
		if diff := cmp.Diff([2]bool{wd, wc}, [2]bool{d, c}); diff != "" {
			t.Fatalf("coverState(%q) (-want +got):\n%s", s, diff)
		}
	}
}
