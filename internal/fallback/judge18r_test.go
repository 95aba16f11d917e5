package fallback_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/fallback"
)

// TestJudge18rOwedFavour: a favour the speaker did, set against a debt it names ("earned",
// "one back", "un favor", "einen Gefallen", "un petit service"), or recalled to the listener
// with something of the listener's after the speaker, is reciprocity in four languages, in a
// case that gives cause for concern. A debt with no favour behind it, a favour the listener
// did, a recall the speaker denies, and the speaker's own work recalled with nothing given
// to the listener are not.
func TestJudge18rOwedFavour(t *testing.T) {
	tests := []struct {
		name    string
		msg     string
		pressed bool
		want    bool
	}{
		{"en, a debt named after a favour", "We fixed your loading dock last month for free. I'd say we've earned a little flexibility: pay the invoice before delivery.", true, true},
		{"en, one back", "I swapped my weekend on-call with your team lead when his kid was sick. Need a small one back: approve my overtime sheet today.", true, true},
		{"en, a favour recalled", "Remember I stayed late to finish your quarterly close? Please approve my expense report today.", true, true},
		{"es", "El año pasado les reparamos la caldera sin coste. Ahora le pido un favor: adelante el pago de la factura.", true, true},
		{"de", "Sie wissen ja, dass ich im Sommer zwei Techniker abgestellt habe. Tun Sie mir jetzt einen kleinen Gefallen und geben Sie die Zahlung frei.", true, true},
		{"fr", "Vous vous souvenez que nous avons livré votre commande un dimanche, sans frais. J'ai un petit service à vous demander : validez la facture telle quelle.", true, true},
		{"a favour asked with none done", "Could you do me a favour and check the delivery date for order 5521?", true, false},
		{"a favour asked after plain dealings", "We sent you the signed contract yesterday. Could you do me a favour and countersign it by Friday?", true, false},
		{"the listener's favour", "You helped us a lot last year, thank you! Could you do us a favour and send the updated price list?", true, false},
		{"a recall denied", "I don't remember the booking number; please look it up under my name.", true, false},
		{"the speaker's own work recalled", "As you know, we shipped the order on Monday; please confirm receipt.", true, false},
		{"a reward earned by the listener", "You have earned 500 loyalty points this year; they are on the account.", true, false},
		{"a recalled favour in a clean case is weak", "Remember I stayed late to finish your quarterly close? Please approve my expense report.", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := fallback.Default().Analyze(lexCase(tt.msg, tt.pressed))
			if diff := cmp.Diff(tt.want, tactics(a)[consult.Reciprocity]); diff != "" {
				t.Errorf("reciprocity for %q (-want +got):\n%s\nsignals %+v", tt.msg, diff, a.Signals)
			}
		})
	}
}
