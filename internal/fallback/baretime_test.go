package fallback_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/fallback"
)

// TestBareTime: a request that only says when ("right now", "noch heute")
// is not urgency, in a case that gives cause for concern; the same time
// word with a reason (a deadline, a consequence, an emergency, an offer
// that runs out), or shouted, stays urgency.
func TestBareTime(t *testing.T) {
	cases := []struct {
		name, msg string
		want      bool
	}{
		{"English bare", "Please pay the invoice right now, thanks.", false},
		{"English past", "I sent the invoice this morning; please pay it to the new account.", false},
		{"Spanish bare", "Pague la factura ahora mismo, por favor.", false},
		{"German bare", "Bitte zahlen Sie die Rechnung noch heute an das neue Konto.", false},
		{"French bare", "Réglez la facture tout de suite, s'il vous plaît.", false},
		{"English consequence", "Pay the invoice right now or the account will be frozen.", true},
		{"English closing window", "Please pay right now, the payment window closes at noon.", true},
		{"English reason in another sentence", "Please pay right away. After Friday the discount expires.", true},
		{"Spanish deadline", "Pague ahora mismo, el plazo vence esta tarde.", true},
		{"German consequence", "Zahlen Sie noch heute, sonst stoppen wir die Lieferung.", true},
		{"French emergency", "Payez tout de suite, c'est une urgence pour notre trésorerie.", true},
		{"negated condition", "Pay it right away; if it is not in, we stop the shipment.", true},
		{"shouted", "Pay the invoice RIGHT NOW to the new account.", true},
		{"with scarcity", "Only 2 seats left at this fare, book them right now.", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := fallback.Default().Analyze(lexCase(tc.msg, true))
			if diff := cmp.Diff(tc.want, tactics(a)[consult.Urgency]); diff != "" {
				t.Errorf("urgency for %q (-want +got):\n%s\nsignals %+v", tc.msg, diff, a.Signals)
			}
		})
	}
}
