package fallback

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSignoffCue: an office or another person, then a past approval or
// promise in the same sentence, in four languages; denied, conditional,
// awaited and asked-for approvals, and an office with no approval, are not
// read.
func TestSignoffCue(t *testing.T) {
	cases := []struct {
		name, msg, want string // want: the span's words, or "" for none
	}{
		{"English manager", "My manager signed off on the upgrade yesterday, so apply it.", "manager signed off"},
		{"English office", "Head office has authorised the transfer, go ahead.", "head office has authorised"},
		{"English another agent", "Another agent promised me the refund last week.", "agent promised"},
		{"English blessing", "The partner in charge gave her blessing to file it today.", "partner in charge gave her blessing"},
		{"Spanish", "El departamento legal ya dio el visto bueno para enviarlo.", "departamento legal ya dio el visto bueno"},
		{"Spanish promise", "Otro agente me prometió el reembolso completo.", "agente me prometio"},
		{"German", "Die Zentrale hat die Überweisung genehmigt.", "zentrale hat die uberweisung genehmigt"},
		{"German promise", "Ein anderer Mitarbeiter hat mir die Erstattung zugesagt.", "mitarbeiter hat mir die erstattung zugesagt"},
		{"French", "Le service juridique a déjà validé l'envoi.", "service juridique a deja valide"},
		{"French promise", "Un autre conseiller m'a promis le remboursement.", "conseiller ma promis"},
		{"passed-on permission", "The travel agent who sold me the ticket said you can add my son.", "agent who sold me the ticket said you can"},
		{"Spanish passed-on permission", "El agente me dijo que podía cambiar la fecha sin cargo.", "agente me dijo que podia"},
		{"an employer's mandate", "Votre employeur nous a mandatés pour gérer la couverture.", "employeur nous a mandates"},
		{"German mandate", "Ihr Arbeitgeber hat uns beauftragt, die Police umzustellen.", "arbeitgeber hat uns beauftragt"},
		{"a board's decision", "The board decided last Tuesday to raise the award.", "board decided"},
		{"near-miss: denied", "My manager has not approved it yet, so please wait.", ""},
		{"near-miss: to come", "Once legal has approved the wording we will send it.", ""},
		{"near-miss: a duty", "The refund must be approved by a supervisor first.", ""},
		{"near-miss: asked", "I will ask my manager whether she approved the trip.", ""},
		{"near-miss: German to come", "Die Überweisung muss von der Zentrale genehmigt werden.", ""},
		{"near-miss: French to come", "Quand le responsable aura validé, je vous écris.", ""},
		{"near-miss: the agent said something else", "The agent said the flight was full.", ""},
		{"near-miss: no approval", "My manager asked me to check the status of order 5512.", ""},
		{"near-miss: another sentence", "My manager is on holiday. The parcel was approved for return.", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := foldText(tc.msg)
			got := ""
			if p, e, ok := signoffCue(f.text, func(string, int, int) bool { return true }); ok {
				got = strings.Join(strings.Fields(f.text[p:e]), " ")
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("signoffCue(%q) (-want +got):\n%s", tc.msg, diff)
			}
		})
	}
}
