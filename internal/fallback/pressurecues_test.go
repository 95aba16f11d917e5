package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestPressureShapes: a favour owed, a gift before a request, a rule
// acknowledged and set aside, and a deadline with a loss attached, in
// several languages; and near-misses that share one part only.
func TestPressureShapes(t *testing.T) {
	cases := []struct {
		name, msg, label string
		want             bool
	}{
		{"favour: lent staff, same flexibility", "Remember I covered your night shift twice last month. Surely you can sign this off for me today.", "reciprocity", true},
		{"favour: loyal customer, just this once (es)", "He sido cliente de ustedes durante doce años; solo esta vez, cámbieme el vuelo sin cargo.", "reciprocity", true},
		{"favour: German loyalty, ausnahmsweise", "Ich bin seit zehn Jahren Ihr Kunde, ausnahmsweise könnten Sie die Gebühr doch streichen.", "reciprocity", true},
		{"gift then ask", "As a thank-you we'd like to give you a free upgrade. Could you send us your customer list so we can plan?", "reciprocity", true},
		{"near-miss: feel free, then ask", "Feel free to call me. Could you send us the signed form?", "reciprocity", false},
		{"rule acknowledged, but", "I know the policy says two quotes, but we don't have time for that.", "policy_bypass", true},
		{"rule acknowledged, French", "Je sais que normalement il faut un bon de commande, mais le client attend.", "policy_bypass", true},
		{"near-miss: I know you're busy, but", "I know you're busy, but could you look at ticket 44?", "policy_bypass", false},
		{"harm to someone close", "Because of your delay I missed my son's wedding. Fix this.", "emotional_pressure", true},
		{"harm to someone close (de)", "Meine Mutter ist jetzt ganz allein am Flughafen gestrandet.", "emotional_pressure", true},
		{"near-miss: family, no harm", "Please add my daughter to the booking, she travels with us.", "emotional_pressure", false},
		{"near-miss: French 'seul' means only", "Il ne reste qu'un seul appartement et trois familles sont intéressées.", "emotional_pressure", false},
		{"deadline with a loss (es)", "Si no recibimos el pago hoy, tendremos que liberar la reserva.", "urgency", true},
		{"deadline with a loss (de)", "Wenn wir die Zahlung nicht heute erhalten, verfällt das Angebot, sonst verlieren Sie den Platz.", "urgency", true},
		{"near-miss: a condition without a deadline", "If you don't need the second bag, we can cancel it.", "urgency", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := consult.Case{Message: tc.msg}
			st := &state{e: Default(), c: &c}
			st.msg = foldText(c.Message)
			st.checkPressureShapes()
			got := false
			for _, q := range st.cues.byName()[tc.label] {
				if q.phrase != "" {
					got = true
				}
			}
			if got != tc.want {
				t.Fatalf("%s cue on %q: got %v, want %v", tc.label, tc.msg, got, tc.want)
			}
		})
	}
}
