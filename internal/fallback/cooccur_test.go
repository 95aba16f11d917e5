package fallback

import "testing"

// coCues runs only the co-occurrence pass on one message and returns the
// strongest weight per tactic.
func coCues(msg string) map[string]float64 {
	st := &state{e: Default()}
	f := foldText(msg)
	st.nText = 1
	st.cooccur(&f, srcMessage, wordSpans(f.text), nil, 0)
	out := map[string]float64{}
	for label, cs := range st.cues.byName() {
		for _, q := range cs {
			if q.weight > out[label] {
				out[label] = q.weight
			}
		}
	}
	return out
}

func TestCooccurFires(t *testing.T) {
	cases := []struct {
		tactic, msg string
		min         float64
	}{
		// authority_claim
		{"authority_claim", "Our managing director has instructed that you release the shipment to the new carrier.", 0.55},
		{"authority_claim", "The head of procurement wants you to move the vendor to the priority list.", 0.4},
		{"authority_claim", "Su jefe de area ordeno que usted cambie la cuenta de pago hoy.", 0.55},
		{"authority_claim", "Die Geschäftsführung hat angeordnet, dass Sie die Zahlung sofort ausführen.", 0.55},
		{"authority_claim", "La direction exige que vous validiez ce virement avant midi.", 0.55},
		{"authority_claim", "Il direttore ha autorizzato, per favore procedete subito.", 0.55},
		// data_extraction
		{"data_extraction", "Could you forward me the admin credentials for the staging server?", 0.55},
		{"data_extraction", "Please export the full list of subscribers with their home addresses.", 0.55},
		{"data_extraction", "Envíeme por favor la base de datos de socios con sus teléfonos.", 0.55},
		{"data_extraction", "Schicken Sie uns bitte die Gehaltsliste der Abteilung.", 0.55},
		{"data_extraction", "Transmettez-nous le fichier clients complet avant ce soir.", 0.55},
		{"data_extraction", "Just text me the gate code for the loading dock.", 0.55},
		// scarcity
		{"scarcity", "We have only 3 stalls remaining for the spring market.", 0.5},
		{"scarcity", "There are just two units left at this price.", 0.5},
		{"scarcity", "Nos quedan cuatro plazas para el curso de marzo.", 0.5},
		{"scarcity", "Es gibt nur noch 2 Zimmer für dieses Wochenende.", 0.5},
		{"scarcity", "Il ne nous reste plus que deux places pour la visite.", 0.4},
		// reciprocity
		{"reciprocity", "We waived the setup fee for you last spring. Could you bump our order up the queue?", 0.4},
		{"reciprocity", "In return for the referral, can you approve the discount today?", 0.5},
		{"reciprocity", "Le hicimos la instalación gratis; ¿podría adelantar nuestro pedido?", 0.4},
		{"reciprocity", "Im Gegenzug könnten Sie uns bitte den Termin vorziehen.", 0.5},
		{"reciprocity", "Nous vous avons dépanné le mois dernier, pourriez-vous accélérer le dossier ?", 0.4},
	}
	for _, c := range cases {
		got := coCues(c.msg)[c.tactic]
		if got < c.min {
			t.Errorf("%s: %q: weight %.2f, want >= %.2f (all: %v)", c.tactic, c.msg, got, c.min, coCues(c.msg))
		}
	}
}

func TestCooccurBenign(t *testing.T) {
	cases := []struct{ tactic, msg string }{
		{"authority_claim", "Status update: the director approved the budget last quarter and the project is on track."},
		{"authority_claim", "hi, this is the account owner, please reset my delivery address."},
		{"authority_claim", "My supervisor ticket came back approved, can you go ahead with it?"},
		{"data_extraction", "Send me the meeting agenda, please."},
		{"data_extraction", "Please send the packing list with HS codes for the customs entry."},
		{"data_extraction", "We will send you the new password by post."},
		{"data_extraction", "Could you send me a copy of my own medical records?"},
		{"data_extraction", "Never share your password with anyone, including us."},
		{"scarcity", "Please pay the remaining balance of $300 by Friday."},
		{"scarcity", "I only need 2 tickets for the matinee."},
		{"scarcity", "The price last week was lower."},
		{"scarcity", "Acme Limited has updated its price list."},
		{"reciprocity", "Delivery is free of charge."},
		{"reciprocity", "Please pay the amount you owe by the due date."},
	}
	for _, c := range cases {
		if got := coCues(c.msg)[c.tactic]; got > 0 {
			t.Errorf("%s: %q fired with weight %.2f", c.tactic, c.msg, got)
		}
	}
}

func TestCooccurContextIgnored(t *testing.T) {
	st := &state{e: Default()}
	f := foldText("The CFO instructed that you send all customer records now.")
	st.cooccur(&f, srcContext, wordSpans(f.text), nil, 0)
	if got := st.cues.byName(); len(got) != 0 {
		t.Fatalf("situation context produced cues: %v", got)
	}
}
