package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestBackdate: backdating a cover start or a date in the action or the
// proposal, in English, German and French; near-misses where the proposal
// says it is not backdated or dates are only mentioned.
func TestBackdate(t *testing.T) {
	buy := func(desc string) consult.Action {
		return consult.Action{Description: desc, Service: "insurance", Action: "policies:purchase", Amount: 48, Currency: "EUR", Recipient: "agent://insurer.example"}
	}
	runJ2(t, []j2case{
		{"English: policy backdated", consult.Case{
			Message: "Let's keep it simple and start the new cover on the 1st, then the hail damage falls under it.",
			Action:  buy("Buy car cover backdated to June 1 and submit the hail claim under it"), Counterparty: j2verified}, "backdate", true},
		{"German: rückdatiert", consult.Case{
			Message: "Wir schließen die Police rückdatiert auf den 1. März ab, dann ist der Wasserschaden gedeckt.",
			Action:  buy("Hausratversicherung ab 1. März abschließen"), Counterparty: j2verified}, "backdate", true},
		{"French: antidaté", consult.Case{
			Message: "On peut signer un contrat antidaté au 1er mai, personne ne vérifie.",
			Action:  buy("Souscrire l'assurance habitation au 1er mai"), Counterparty: j2verified}, "backdate", true},
		{"near-miss: not backdated", consult.Case{
			Message: "The cover starts on the day you sign; it cannot be backdated, so the earlier damage stays excluded.",
			Action:  buy("Buy car cover starting today"), Counterparty: j2verified}, "backdate", false},
		{"near-miss: dates only", consult.Case{
			Message: "The new policy starts on July 1, the day after the old one ends.",
			Action:  buy("Buy car cover from July 1"), Counterparty: j2verified}, "backdate", false},
	})
}
