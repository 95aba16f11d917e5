package fallback

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNoPresentHurry: speed thanked for and an emergency named as a
// standing role or product are not urgency cues; the same words asking for
// speed, or telling of an emergency now, still are.
func TestNoPresentHurry(t *testing.T) {
	cases := []struct {
		name, msg, phrase string
		want              bool
	}{
		{"English speed asked", "Please send the remaining files over quickly, or the order is cancelled.", "quickly", true},
		{"English speed thanked", "Thanks for sending the files over so quickly!", "quickly", false},
		{"Spanish speed asked", "Necesito los documentos rápido; si no llegan, se cancela el pedido.", "rapido", true},
		{"Spanish speed thanked", "Muchas gracias por responder tan rápido.", "rapido", false},
		{"German speed asked", "Bitte schicken Sie die Unterlagen schnell, sonst wird der Auftrag storniert.", "schnell", true},
		{"German speed thanked", "Vielen Dank für die Unterlagen, das ging schnell.", "schnell", false},
		{"French speed asked", "Envoyez les documents vite, sinon la commande est annulée.", "vite", true},
		{"French speed thanked", "Merci d'avoir répondu si vite.", "vite", false},
		{"thanks, then a fresh demand", "Thanks for the update. Now send the remaining files quickly, or the order is cancelled.", "quickly", true},
		{"thanks far before the speed", "Thanks for the update on the claim and the two letters you sent and all the rest, now move quickly or the order is cancelled.", "quickly", true},
		{"an emergency now", "There's an emergency at home, so please update the booking.", "emergency", true},
		{"an emergency contact", "Please set my sister as my emergency contact on the booking.", "emergency", false},
		{"an emergency product", "The plan adds Emergency Response and emergency medical cover.", "emergency", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := BaseCase()
			c.Message = tc.msg
			c.Counterparty.Verified = false
			c.Counterparty.TrustTier = "probationary"
			got := false
			for _, q := range Default().inspect(c).cues[labUrgency] {
				got = got || q.phrase == tc.phrase
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("urgency cue %q in %q (-want +got):\n%s", tc.phrase, tc.msg, diff)
			}
		})
	}
}

// TestStandingEmergencyNoStake: "emergency contact" gives a time word no
// reason (liftStakedTime), where "an emergency at home" does.
func TestStandingEmergencyNoStake(t *testing.T) {
	cases := []struct {
		name, msg string
		want      bool
	}{
		{"a standing contact", "Please set my sister as my emergency contact on the booking today.", false},
		{"an emergency now", "There's an emergency at home, I need the booking changed today.", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := BaseCase()
			c.Message = tc.msg
			c.Counterparty.Verified = false
			c.Counterparty.TrustTier = "probationary"
			got := false
			for _, q := range Default().inspect(c).cues[labUrgency] {
				got = got || q.phrase == "time with a stake"
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("staked time in %q (-want +got):\n%s", tc.msg, diff)
				for _, q := range Default().inspect(c).cues[labTimestake] {
					t.Log(q.phrase, q.pos)
				}
			}
		})
	}
}

// TestRateIsNoHurt: the French "raté" (missed) is a hurt word; the English
// "rate" of a price is not, beside a family word.
func TestRateIsNoHurt(t *testing.T) {
	cases := []struct {
		name, msg string
		want      bool
	}{
		{"French missed", "À cause de vous, ma fille a tout perdu : j'ai raté le mariage de mon fils.", true},
		{"French missed, plural", "Nous avons raté le dernier vol et ma mère est seule à l'aéroport.", true},
		{"English rate of a family plan", "We've just texted a confirmation code to Anita's mobile to lock in the family rate.", false},
		{"English group rate for the kids", "Our children's group rate is fine, please book it.", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := BaseCase()
			c.Message = tc.msg
			st := &state{e: Default(), c: c}
			st.msg = foldText(c.Message)
			st.checkPressureShapes()
			got := false
			for _, q := range st.cues[labEmotionalPressure] {
				got = got || q.phrase == "harm to someone close"
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("harm cue in %q (-want +got):\n%s", tc.msg, diff)
			}
		})
	}
}
