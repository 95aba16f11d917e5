package fallback

import "strings"

// ---- a loss the request is timed to avert ----
//
// Urgency without a clock: "so the quote doesn't lapse at midnight", "so
// the December premium doesn't bounce", "if we wait for her to review it,
// the places will be gone", "two days from now it's pointless", "para que
// no caduque", "wenn wir warten, ist es weg", "avant qu'il ne soit trop
// tard". The sentence ties the act to a loss that waiting would bring,
// which is the shape of a deadline whatever words carry it. Three shapes,
// each two parts in one sentence of the message:
//   - a purpose clause that averts a loss (so / para que / damit / pour
//     que, a negation, a verb of lapsing or failing);
//   - waiting, and a loss ("if we wait ... gone", "si esperamos ...
//     demasiado tarde");
//   - a deadline, and futility after it ("before the reset ... pointless"),
//     the deadline possibly in the sentence before.
// Missing out on something ("so he doesn't miss it") is left to scarcity.
// A weak urgency cue: it counts only when the case gives cause for concern,
// like checkPressureShapes' deadline with a loss attached.

var (
	purposeWords = []string{" so the ", " so that ", " so it ", " so we ", " so you ", " so she ", " so he ", " so they ", " para que ", " damit ", " pour que ", " afin que ", " pour qu", " afin qu"}
	avertNeg     = []string{" doesnt ", " dont ", " wont ", " isnt ", " arent ", " does not ", " do not ", " will not ", " no ", " nicht ", " ne ", " pas "}
	lapseWords   = []string{" lapse", " bounce", " expire", " cancelled", " canceled", " fall through", " lost", " fail", " rejected",
		" caduque", " venza", " se pierda", " rebote", " se cancele", " se anule", " expire", " verfallt", " ablauft", " platzt", " verloren", " storniert",
		" expire", " perdu", " annule", " tombe a leau", " rejete"}
	waitWords = []string{" if we wait", " if you wait", " if i wait", " if she waits", " if he waits", " if they wait", " by the time", " any later",
		" si esperamos", " si espera", " si esperas", " para cuando", " wenn wir warten", " wenn sie warten", " bis dahin", " si on attend", " si nous attendons", " si vous attendez"}
	goneWords  = []string{" gone", " lost", " too late", " taken", " sold", " no longer", " agotad", " perdid", " demasiado tarde", " ya no", " weg ", " zu spat", " vergeben", " verloren", " trop tard", " partis", " parties", " perdu", " plus disponible"}
	deadWords  = []string{" before ", " from now", " by tomorrow", " by tonight", " antes de", " bevor ", " avant "}
	futileWord = []string{" pointless", " too late", " useless", " worthless", " no point", " no sirve", " sin sentido", " demasiado tarde", " sinnlos", " zu spat", " bringt nichts", " trop tard", " inutile", " ne sert a rien"}
)

// Only the loss words are phrase sets: every set joins the clause view's
// union matcher, which all clause checks pay for, and the purpose, negation,
// waiting and deadline words are common ("no", "so the", "before"). They
// are looked up with containsAny in the few clauses that name a loss.
var (
	psLapse  = newPhraseSet(lapseWords)
	psGone   = newPhraseSet(goneWords)
	psFutile = newPhraseSet(futileWord)
)

// checkAvertLoss adds a weak urgency cue for a message clause that times
// the request against a loss. It reads the message's clause view, whose
// phrase masks the other clause checks have mostly computed already; the
// deadline or the waiting may sit in the clause before the loss ("if we
// wait for her, the places will be gone").
func (st *state) checkAvertLoss() {
	if !st.msgMayHave(psLapse) && !st.msgMayHave(psGone) && !st.msgMayHave(psFutile) {
		return // no loss named: the clauses are not read
	}
	cv := st.msgClauses()
	for i, cl := range cv.cl {
		lapse, gone, futile := cv.has(i, psLapse), cv.has(i, psGone), cv.has(i, psFutile)
		if !lapse && !gone && !futile {
			continue
		}
		c := " " + cl + " "
		prev := c
		if i > 0 {
			prev = " " + cv.cl[i-1] + c
		}
		var what string
		switch {
		case lapse && containsAny(c, purposeWords...) && containsAny(c, avertNeg...):
			what = "a loss the request is timed to avert"
		case gone && containsAny(prev, waitWords...):
			what = "waiting set against a loss"
		case futile && containsAny(prev, deadWords...):
			what = "a deadline after which the act is pointless"
		default:
			continue
		}
		st.clauseCue(labUrgency, what, strings.TrimSpace(cl), 0.4)
		return
	}
}
