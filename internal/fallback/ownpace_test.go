package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestOwnPace: a time the speaker promises for its own next step is no
// urgency, in four languages; the same time set as a demand or with a
// threat still is.
func TestOwnPace(t *testing.T) {
	for _, tc := range []struct {
		name, msg string
		want      bool // an urgency cue is left
	}{
		{"en: we'll pull it within the hour", "Send us the statement and we'll pull the figures within the hour.", false},
		{"es: lo haremos hoy mismo", "Envíenos el extracto y lo haremos hoy mismo.", false},
		{"de: wir werden es heute noch erledigen", "Schicken Sie den Auszug, wir werden es heute noch erledigen.", false},
		{"fr: nous allons le traiter dans l'heure", "Envoyez le relevé, nous allons le traiter dans l'heure.", false},
		{"demand: we need it within the hour", "We'll need the statement within the hour.", true},
		{"threat: we'll cancel it today", "Send it now or we'll cancel the policy today.", true},
		{"not the speaker: please do it within the hour", "Please send the statement within the hour.", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := consult.Case{Message: tc.msg, Action: j2pay("Pay invoice 55", 500, "EUR", "Acme"), Counterparty: j2verified}
			st := Default().inspect(&c)
			if got := len(st.cues[labUrgency]) > 0; got != tc.want {
				for _, q := range st.cues[labUrgency] {
					t.Logf("cue %q", q.phrase)
				}
				t.Fatalf("urgency cue left: got %v, want %v", got, tc.want)
			}
		})
	}
}
