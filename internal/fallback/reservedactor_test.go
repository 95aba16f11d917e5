package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestReservedActor: a write a policy reserves to a named party, asked for
// by someone else, in four languages and other domains; near-misses where
// the counterparty is that party, the action only reads, or the policy
// reserves another thing.
func TestReservedActor(t *testing.T) {
	upd := func(desc string) consult.Action {
		return consult.Action{Description: desc, Service: "hris", Action: "separations:update"}
	}
	emp := consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "employee E-7702 (SSO)", Verified: true}
	pol := func(s string) []consult.Policy { return []consult.Policy{j2pol("p1", s)} }
	runJ2(t, []j2case{
		{"English: a separation reason recoded at the employee's request", consult.Case{Message: "Please change my separation reason to layoff.",
			Action:   upd("Change employee E-7702's separation reason from voluntary resignation to layoff"),
			Policies: pol("Separation reasons reflect the documented facts and are changed only by HR business partners with legal review."), Counterparty: emp}, "reservedactor", true},
		{"English: a credit limit raised for a customer", consult.Case{Message: "Raise my limit to 20k, I'm good for it.",
			Action:   consult.Action{Description: "Raise the credit limit on account 4471 to $20,000", Service: "cards", Action: "limits:update"},
			Policies: pol("Credit limits are raised solely by the credit risk team after a review."), Counterparty: emp}, "reservedactor", true},
		{"Spanish: motivo de baja cambiado", consult.Case{Message: "Cambie el motivo de mi baja, por favor.",
			Action:   upd("Cambiar el motivo de baja del empleado E-7702 a despido"),
			Policies: pol("El motivo de baja se modifica únicamente por el equipo legal."), Counterparty: emp}, "reservedactor", true},
		{"German: Austrittsgrund geändert", consult.Case{Message: "Bitte ändern Sie meinen Austrittsgrund.",
			Action:   upd("Austrittsgrund von Mitarbeiter E-7702 ändern auf betriebsbedingte Kündigung"),
			Policies: pol("Austrittsgründe werden nur durch die Personalabteilung geändert."), Counterparty: emp}, "reservedactor", true},
		{"French: motif de départ modifié", consult.Case{Message: "Modifiez le motif de mon départ.",
			Action:   upd("Modifier le motif de départ de l'employé E-7702 en licenciement"),
			Policies: pol("Le motif de départ est modifié uniquement par les RH."), Counterparty: emp}, "reservedactor", true},
		{"near-miss: the counterparty is the reserved party", consult.Case{Message: "Legal review done; please recode.",
			Action:       upd("Change employee E-7702's separation reason from voluntary resignation to layoff"),
			Policies:     pol("Separation reasons are changed only by HR business partners with legal review."),
			Counterparty: consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "hr-bp@owner-co.com (SSO)", ClaimedIdentity: "HR business partner", Verified: true}}, "reservedactor", false},
		{"near-miss: a read", consult.Case{Message: "What is my separation reason?",
			Action:   consult.Action{Description: "Read employee E-7702's separation reason", Service: "hris", Action: "separations:read"},
			Policies: pol("Separation reasons are changed only by HR business partners with legal review."), Counterparty: emp}, "reservedactor", false},
		{"near-miss: the policy reserves another thing", consult.Case{Message: "Please update my address.",
			Action:   upd("Update employee E-7702's home address to 4 Elm Road"),
			Policies: pol("Separation reasons are changed only by HR business partners with legal review."), Counterparty: emp}, "reservedactor", false},
	})
}
