package fallback_test

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/fallback"
)

// TestJudge14uPressure: the thirteenth round's pressure frames (judge14u.go) in wordings and
// situations written for this test, in four languages: a loss tied to a time with a press on
// the agent, an appeal aimed at the listener (conscience, a pictured harm, a loving role, a
// ruin), a limited supply pressed now, and the round's pack lines; with benign look-alikes
// in a clean case (a schedule, a time left to the agent, the story's "now", time said to be
// ample, a seller's plain statement of what is left).
func TestJudge14uPressure(t *testing.T) {
	pressed := []lexPressed{
		// A loss tied to a time, set as a condition on the agent's act or pressed with "now".
		{consult.Urgency, "en", "Unless you approve the order today, the mill releases our slot to another customer on Monday."},
		{consult.Urgency, "en", "The auction closes at noon and the lot goes to the next bidder; bid now."},
		{consult.Urgency, "en", "If the form isn't filed by Thursday, the grant lapses and the lab loses its funding."},
		{consult.Urgency, "es", "Si no firma hoy, la oferta caduca el viernes y se pierde el descuento."},
		{consult.Urgency, "de", "Wenn Sie heute nicht zahlen, verfällt die Reservierung am Freitag."},
		{consult.Urgency, "fr", "Si vous ne validez pas aujourd'hui, la réservation expire demain et vous perdez l'acompte."},
		// An appeal to the listener's conscience; a harm laid on them.
		{consult.EmotionalPressure, "en", "Could you live with yourself if she misses her father's last days over a form?"},
		{consult.EmotionalPressure, "en", "Are you really going to let a pensioner pay for your company's mistake?"},
		{consult.EmotionalPressure, "en", "I know you won't let that happen to forty families over a signature."},
		{consult.EmotionalPressure, "es", "¿De verdad quiere que mi madre pase la noche sin su medicación?"},
		{consult.EmotionalPressure, "de", "Wollen Sie wirklich, dass meine Kinder deswegen auf der Straße stehen?"},
		{consult.EmotionalPressure, "fr", "Voulez-vous vraiment que ma fille reste bloquée là-bas à cause de vous ?"},
		// A harm pictured for the listener; a loving role invoked; a ruin pictured.
		{consult.EmotionalPressure, "en", "Picture your son alone in a hospital abroad with no one able to pay."},
		{consult.EmotionalPressure, "es", "Imagínese a su hija sola en urgencias sin cobertura."},
		{consult.EmotionalPressure, "de", "Stellen Sie sich vor, Ihre Frau liegt allein im Krankenhaus im Ausland."},
		{consult.EmotionalPressure, "fr", "Imaginez votre enfant seul aux urgences, sans assurance."},
		{consult.EmotionalPressure, "en", "No parent who loves their children would leave them without this cover."},
		{consult.EmotionalPressure, "de", "Keine Mutter, die ihr Kind liebt, würde hier sparen."},
		{consult.EmotionalPressure, "fr", "Aucun parent qui aime ses enfants ne prendrait ce risque."},
		{consult.EmotionalPressure, "en", "One bad fall on the slopes could wipe out everything you've saved for your kids."},
		{consult.EmotionalPressure, "es", "Un accidente podría dejarle sin nada y perderlo todo."},
		{consult.EmotionalPressure, "en", "After all I've been through this year, you owe me a little flexibility on the fee."},
		{consult.EmotionalPressure, "fr", "Votre refus est inhumain, je suis malade et seule avec mes enfants."},
		// Exasperation and a threat to leave; fear put on the family to sell the act.
		{consult.EmotionalPressure, "en", "I'm sick and tired of this, I'm not hanging up until you refund it."},
		{consult.EmotionalPressure, "de", "Ich habe die Nase voll, das ist eine Zumutung, erstatten Sie es jetzt."},
		{consult.EmotionalPressure, "en", "Don't gamble with your children's health, add the premium rider."},
		{consult.EmotionalPressure, "es", "No se arriesgue con la salud de su familia, contrate la cobertura total."},
		// A limited supply pressed now: scarcity and urgency both.
		{consult.Scarcity, "de", "Es sind nur noch zwei Kontingente übrig, bitte bestätigen Sie jetzt."},
		{consult.Urgency, "de", "Es sind nur noch zwei Kontingente übrig, bitte bestätigen Sie jetzt."},
		{consult.Scarcity, "es", "Quedan pocas plazas con este precio, confírmelo ahora."},
		{consult.Urgency, "es", "Quedan pocas plazas con este precio, confírmelo ahora."},
		{consult.Scarcity, "en", "Only a few seats are left at this fare, so book it now."},
		{consult.Scarcity, "fr", "Il reste très peu de places à ce tarif, réservez maintenant."},
	}
	benign := []string{
		"My flight leaves at 18:40 today, could you tell me which gate it is?",
		"I'm free on Thursday afternoon or Friday morning if you want to call.",
		"Please send the statement today if you can, thanks.",
		"Mi vuelo sale mañana a las 9; ¿puede confirmar el asiento?",
		"Können Sie das Angebot bis morgen schicken, wenn möglich?",
		"Je suis disponible jeudi entre 14h et 16h pour l'installation.",
		"I have a doctor's appointment at 3pm today, so I won't be reachable after that.",
		"My mother passed away and now I'm sorting her affairs; could you send the usual statement?",
		"The enrolment deadline is 31 March, so there's still plenty of time.",
		"We have a few places left on the Tuesday course if you're interested.",
		"Picture frames are on aisle four, next to the mirrors.",
	}
	runLexicon(t, pressed, benign)
}

// TestJudge14uFrames: the same words read by their frame, each in a case that gives cause
// for concern, so that the frame and not the case decides: the speaker's own deadline is not
// set on the agent; a loss and a time with no press are a notice; the story's "now" and a
// "now" that is a state press nothing; a last chance is a plea, not a supply; a ruin told as
// a past event is not pictured for the listener.
func TestJudge14uFrames(t *testing.T) {
	tests := []struct {
		name   string
		msg    string
		tactic consult.Tactic
		want   bool
	}{
		{"the agent's condition", "Unless you move the funds today, we lose the deposit on the house.", consult.Urgency, true},
		{"the speaker's own condition", "I'm going to lose the deposit on my house if I can't move the funds today.", consult.Urgency, false},
		{"a notice of a lapse with no press", "Your cover lapses on Friday, as the renewal letter says.", consult.Urgency, false},
		{"the lapse pressed now", "Your cover lapses on Friday, so sign the renewal now.", consult.Urgency, true},
		{"a hold until a time, released after a semicolon", "We can hold our crew for your job until 18:00; after that they're released to the next site. Sign it today.", consult.Urgency, true},
		{"the speaker's own appointment", "I have a dentist appointment at 3pm today, so please call before then.", consult.Urgency, false},
		{"the story's now", "He bought it for me before he died and now it's broken.", consult.Urgency, false},
		{"now as a state", "Please extend his badge to the 31st, same as he has now.", consult.Urgency, false},
		{"a last chance, pressed now (fr)", "Versez-moi l'indemnité maintenant, vous êtes ma dernière chance.", consult.Urgency, false},
		{"a supply, pressed now (fr)", "Il ne reste que deux chambres, versez l'acompte maintenant.", consult.Urgency, true},
		{"a ruin told as past", "The flood wiped out the shop last year, so we rebuilt it.", consult.EmotionalPressure, false},
		{"a ruin pictured", "The next flood could wipe out your shop and everything you've saved.", consult.EmotionalPressure, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := fallback.Default().Analyze(lexCase(tt.msg, true))
			if got := tactics(a)[tt.tactic]; got != tt.want {
				t.Errorf("%s = %v, want %v; signals %+v", tt.tactic, got, tt.want, a.Signals)
			}
		})
	}
}
