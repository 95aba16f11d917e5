package fallback_test

import (
	"testing"

	"github.com/a2atrust/shield/internal/fallback"
)

// TestWorkAndPaymentStates: work said to be done or passed, money said to
// be paid, against a record naming the same identifier that denies it or
// gives the contrary state (failed, incomplete; unpaid, overdue), in four
// languages and other domains; and the near-misses that must stay quiet.
func TestWorkAndPaymentStates(t *testing.T) {
	cases := []struct {
		name, msg, record string
		want              bool
	}{
		{"work failed inspection", "Work order WO-58120 is finished, the crew left on Friday; release the final payment.",
			"Inspection of WO-58120 on Monday: failed, flashing missing, re-inspection required.", true},
		{"a test passed against failed", "Batch LT-44120 passed all the tensile tests this morning, please release it.",
			"Incoming inspection of LT-44120: 3 of 5 samples failed the tensile test.", true},
		{"Spanish: obra terminada, inspección fallida", "La obra OB-77120 está terminada desde el viernes, paguen el último plazo.",
			"Inspección de OB-77120: fallida, faltan las barandillas.", true},
		{"German: abgeschlossen against unvollständig", "Der Auftrag AU-33120 ist abgeschlossen, bitte die Schlussrechnung zahlen.",
			"Abnahme AU-33120: unvollständig, zwei Räume fehlen.", true},
		{"French: terminé against échoué", "Le chantier CH-22120 est terminé, merci de verser le solde.",
			"Réception du chantier CH-22120 : échoué, reprise des joints exigée.", true},
		{"an invoice paid against overdue", "Invoice INV-90211 was paid last week, so please lift the hold on our account.",
			"INV-90211 for $4,300 is overdue since 2 May.", true},
		{"an invoice paid against not paid", "We paid INV-90211 on the 2nd, please ship the order.",
			"INV-90211 has not been paid; no transfer received.", true},
		{"Spanish: pagada against impagada", "La factura FA-55812 ya está pagada, envíen el pedido.", "Factura FA-55812: impagada, vencida el 3 de mayo.", true},
		{"German: bezahlt against nicht bezahlt", "Rechnung RE-40912 wurde bezahlt, bitte liefern Sie.", "Rechnung RE-40912 wurde nicht bezahlt.", true},
		{"French: payé against impayée", "Le solde de la facture FC-66120 a été payé, levez le blocage.", "Facture FC-66120 : impayée au 3 mai.", true},
		{"near-miss: the record agrees", "Invoice INV-90211 was paid last week, please lift the hold.", "INV-90211 for $4,300 was paid on 2 May.", false},
		{"near-miss: a negator in the clause before", "Please cancel 9BKD2W and refund it to the card I paid with.",
			"Reservation 9BKD2W: business, insurance no, paid $1,874 by credit card.", false},
		{"near-miss: another identifier", "Work order WO-58120 is finished, release the final payment.", "Inspection of WO-77001: failed.", false},
		{"near-miss: the message denies it too", "Invoice INV-90211 is not paid yet, can I have a week more?", "INV-90211 for $4,300 is overdue since 2 May.", false},
		{"near-miss: the contrary denied", "Work order WO-58120 is finished, release the final payment.", "Inspection of WO-58120: nothing failed, signed off.", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := j10Case(tc.msg, "Release the payment the message asks for", 0, tc.record)
			if got := findingWith(c, "contradiction", "Says "); got != tc.want {
				t.Errorf("state contradiction = %v, want %v; findings %v", got, tc.want, fallback.FindingKinds(c))
			}
		})
	}
}
