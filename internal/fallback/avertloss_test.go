package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestAvertLoss: a message sentence that times the request against a loss
// adds the weak urgency cue, in four languages; near-misses with a purpose
// clause that averts nothing, waiting without a loss, or a loss without a
// deadline add none.
func TestAvertLoss(t *testing.T) {
	const shape = "a loss the request is timed to avert"
	for _, tc := range []struct {
		name, msg string
		want      bool
	}{
		{"en: so it doesn't lapse", "Please pay the renewal today so the licence doesn't lapse over the weekend.", true},
		{"en: if we wait, gone", "If we wait for the board meeting, the slot will be gone.", true},
		{"en: futile after the deadline", "This only helps if it lands before the auction closes; after that it's pointless.", true},
		{"es: para que no caduque", "Haga la transferencia hoy para que la reserva no caduque.", true},
		{"es: si esperamos, demasiado tarde", "Si esperamos a su respuesta, ya será demasiado tarde.", true},
		{"de: damit nicht verfällt", "Bitte zahlen Sie heute, damit der Rabatt nicht verfällt.", true},
		{"de: wenn wir warten, weg", "Wenn wir warten, ist das Angebot weg.", true},
		{"fr: pour que ne soit pas annulé", "Faites le virement pour que la commande ne soit pas annulée.", true},
		{"fr: si on attend, trop tard", "Si on attend lundi, ce sera trop tard.", true},
		{"near-miss: a purpose that averts nothing", "Please send the invoice so the accountant can file it.", false},
		{"near-miss: waiting without a loss", "If we wait until Monday, that's fine with us.", false},
		{"near-miss: a loss without a deadline or purpose", "The old card was lost last year, so we use the new one.", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := consult.Case{Message: tc.msg, Action: j2pay("Pay invoice 55", 500, "EUR", "Acme"), Counterparty: j2verified}
			st := Default().inspect(&c)
			got := false
			for _, q := range st.cues[labUrgency] {
				if q.phrase == shape || q.phrase == "waiting set against a loss" || q.phrase == "a deadline after which the act is pointless" {
					got = true
				}
			}
			if got != tc.want {
				t.Fatalf("avert-loss cue: got %v, want %v", got, tc.want)
			}
		})
	}
}
