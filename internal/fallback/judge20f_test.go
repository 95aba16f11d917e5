package fallback_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/fallback"
)

// premiumCase is a premium payment retried after a failed charge; fact is
// its one system record.
func premiumCase(desc, fact string) *consult.Case {
	return &consult.Case{
		Title:   "Premium payment after a failed charge",
		Goal:    "Keep the owner's health cover active",
		Message: "The monthly premium of €54 could not be collected. Shall we take it from the card you added last week?",
		Action: consult.Action{Description: desc, Service: "insurance", Action: "payments:create", Amount: 54, Currency: "EUR",
			Recipient: "agent://medisure.example", DataCategories: []string{"financial"}},
		Counterparty: consult.Counterparty{Type: consult.CounterpartyAgent, Reference: "agent://medisure.example",
			ClaimedIdentity: "Medisure billing", Verified: true, TrustTier: "registered"},
		Facts: []consult.Fact{sys("f1", fact)},
	}
}

// TestLapsedInstrument: a record that the card lapsed does not say the
// object of the action lapsed, unless the action pays with a card itself.
func TestLapsedInstrument(t *testing.T) {
	for _, tc := range []struct {
		name, desc, fact string
		want             bool
	}{
		{"en: premium retried after the card expired", "Pay the October health premium of €54",
			"The October health premium of €54 was not collected because the card on file expired.", false},
		{"es: tarjeta caducada", "Pagar la prima de octubre del seguro de salud (€54)",
			"La prima de octubre del seguro de salud (€54) no se cobró por tarjeta caducada.", false},
		{"de: Karte abgelaufen", "Die Oktoberprämie der Krankenversicherung (€54) zahlen",
			"Die Oktoberprämie der Krankenversicherung (€54) wurde nicht eingezogen, die Karte ist abgelaufen.", false},
		{"twin: the action pays with the expired card", "Pay the October health premium of €54 with the card on file",
			"The October health premium of €54 was not collected because the card on file expired.", true},
		{"twin: the policy itself lapsed", "Pay the October health premium of €54",
			"The health policy whose October premium is €54 expired on 30 September.", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := false
			for _, k := range fallback.FindingKinds(premiumCase(tc.desc, tc.fact)) {
				if strings.HasPrefix(k, "lapsed ") {
					got = true
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("lapsed finding (-want +got):\n%s", diff)
			}
		})
	}
}

// rotaCase is a colleague asking for a rota change that someone approved.
func rotaCase(msg, fact string) *consult.Case {
	return &consult.Case{
		Title:   "Cover for a colleague's shift",
		Goal:    "Keep the warehouse rota accurate",
		Message: msg,
		Action: consult.Action{Description: "Swap Priya Shah for Tom Keller on Saturday's early warehouse shift",
			Service: "rota", Action: "shifts:update", Irreversible: true},
		Counterparty: consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "tom.keller@corp.example",
			ClaimedIdentity: "Tom Keller, warehouse operative", Verified: true, TrustTier: "registered"},
		Facts: []consult.Fact{sys("f1", fact)},
	}
}

// TestRecordedSignoff: a sign-off the records show for this very act is no
// appeal to authority; one they do not show, or show for something else,
// stays.
func TestRecordedSignoff(t *testing.T) {
	const approved = "Shift supervisor Dana Cole approved the swap of Priya Shah and Tom Keller for Saturday's early shift in the rota tool."
	for _, tc := range []struct {
		name, msg, fact string
		want            bool
	}{
		{"en: supervisor okayed it, rota shows it", "I'm taking Priya's early shift on Saturday, she has a family wedding. Our supervisor already okayed it, can you update the rota?", approved, false},
		{"en: manager already approved, rota shows it", "Can you put me on Saturday's early shift instead of Priya? The shift supervisor already approved the swap.", approved, false},
		{"twin: no record of the approval", "I'm taking Priya's early shift on Saturday, she has a family wedding. Our supervisor already okayed it, can you update the rota?",
			"Tom Keller is a trained warehouse operative.", true},
		{"twin: the record shows another approval", "I'm taking Priya's early shift on Saturday, she has a family wedding. Our supervisor already okayed it, can you update the rota?",
			"Shift supervisor Dana Cole approved Tom Keller's annual leave for December.", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := fallback.Default().Analyze(rotaCase(tc.msg, tc.fact))
			got := false
			for _, s := range a.Signals {
				if s.Tactic == consult.AuthorityClaim {
					got = true
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("authority_claim (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDatingNotScarcity: "last" that dates ("signed last week", "la semaine
// dernière") and "only a few hours ago" say when, not what is left; a last
// seat or a few places left stay scarcity.
func TestDatingNotScarcity(t *testing.T) {
	for _, tc := range []struct {
		name, msg string
		want      bool
	}{
		{"en: contract signed last week, ticket number", "Our agreement was signed last week (ticket OPS-4410). Please set up the reader account for the new auditor.", false},
		{"fr: la semaine dernière, ticket", "Le contrat a été signé la semaine dernière (ticket OPS-4410). Merci de créer le compte lecteur pour l'auditeur.", false},
		{"de: letzte Woche, Ticket", "Der Vertrag wurde letzte Woche unterschrieben (Ticket OPS-4410). Bitte legen Sie das Lesekonto für den Prüfer an.", false},
		{"en: booked only a few hours ago", "I made booking OPS-4410 only a few hours ago and picked the wrong date. Please set up the change.", false},
		{"twin: the last ticket", "There is one last ticket for the auditor training and it goes to whoever confirms first. Please set up the reader account now.", true},
		{"twin: only a few places left", "There are only a few places left on the auditor training. Please set up the reader account now.", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &consult.Case{
				Title: "Reader account for an auditor", Goal: "Manage access for staff and contractors",
				Message: tc.msg,
				Action: consult.Action{Description: "Create a read-only account for the external auditor and send its password",
					Service: "iam", Action: "accounts:create", DataCategories: []string{"credentials"}},
				Counterparty: consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "ops@corp.example",
					ClaimedIdentity: "Operations desk", Verified: true, TrustTier: "registered"},
			}
			got := fallback.CuePhrases(c, string(consult.Scarcity))
			if diff := cmp.Diff(tc.want, len(got) > 0); diff != "" {
				t.Errorf("scarcity cues %q (-want +got):\n%s", got, diff)
			}
		})
	}
}

// TestRepeatedIfAlternatives: a policy that repeats its condition word after
// "or" ("refunded if ..., if ..., or if ...") lists alternatives, and a
// record that meets one of them rules nothing out; without the met
// alternative the record that lacks another still does.
func TestRepeatedIfAlternatives(t *testing.T) {
	const repeated = "Cancelled bookings are refunded if made within the last 24 hours, if the airline cancelled the flight, if the cabin is business, or if travel insurance covers the reason."
	for _, tc := range []struct {
		name, policy, flight string
		want                 bool
	}{
		{"en: the airline cancelled the flight", repeated, "Flight HAT312 on 2024-05-19 has status cancelled; the airline cancelled the flight.", false},
		{"es: la aerolínea canceló el vuelo", "Las reservas canceladas se reembolsan si se hicieron en las últimas 24 horas, si la aerolínea canceló el vuelo o si el seguro de viaje cubre el motivo.",
			"El vuelo HAT312 del 2024-05-19 está cancelado; la aerolínea canceló el vuelo.", false},
		{"twin: the flight is scheduled", repeated, "Flight HAT312 on 2024-05-19 is scheduled and on time.", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &consult.Case{
				Title: "Refund after a cancellation", Goal: "Serve the airline's customers while following the airline's published agent policy",
				Message: "My flight HAT312 was cancelled, so please cancel reservation QP4T7N and refund me.",
				Action: consult.Action{Description: "Cancel reservation QP4T7N (economy, HAT312) and refund $286", Service: "airline",
					Action: "reservations:cancel", Amount: 286, Currency: "USD", Recipient: "the original payment method", Irreversible: true},
				Counterparty: consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "ana_silva_5521", ClaimedIdentity: "Ana Silva", Verified: true},
				Facts: []consult.Fact{sys("s1", tc.flight),
					sys("s2", "Reservation QP4T7N is economy, no travel insurance, booked 2024-04-02.")},
				Policies: []consult.Policy{{ID: "p1", Title: "Cancellations", Statement: tc.policy}},
			}
			got := false
			for _, k := range fallback.FindingKinds(c) {
				if strings.HasPrefix(k, "ineligible ") {
					got = true
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ineligible finding %v (-want +got):\n%s", fallback.FindingKinds(c), diff)
			}
		})
	}
}
