package fallback

import (
	"fmt"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a reason changed after a refusal ----
//
// The counterparty gives a reason, the agent answers that this reason does
// not qualify, and the next message brings a different one that does, with
// a "well, actually" ("en fait", "en realidad", "eigentlich"). The new
// reason may be true, but a story that changes to fit the rule right after
// the rule was explained is an inconsistent claim that needs evidence.

// agentRefusalWords in an agent turn say the request does not qualify (folded).
var agentRefusalWords = []string{" not covered", " isnt covered", " not eligible", " cannot ", " cant ", " unable to", " not possible", " not refundable",
	" non refundable", " would not be", " wouldnt be", " does not qualify", " doesnt qualify", " is not included", " isnt included", " not allowed",
	" nen fait pas partie", " ne fait pas partie", " ne serait", " pas remboursable", " ne peut pas", " impossible", " pas couvert", " pas eligible",
	" no cubre", " no esta cubierto", " no es reembolsable", " no puedo", " no es posible", " no califica", " no entra", " no seria",
	" nicht abgedeckt", " nicht erstattungsfahig", " nicht moglich", " kann nicht", " leider nicht", " nicht versichert", " nicht berechtigt"}

// correctionMarks open a revised story (folded).
var correctionMarks = []string{" actually", " in fact", " to be honest", " truth is", " come to think", " now that i think", " i mean ", " oh wait",
	" en fait", " en realite", " a vrai dire", " pour etre honnete",
	" en realidad", " de hecho", " la verdad es", " pensandolo bien", " bueno en realidad",
	" eigentlich", " tatsachlich", " ehrlich gesagt", " genau genommen", " um ehrlich zu sein"}

// reasonMarks give a cause or tell what happened (folded): the new account
// a reason switch brings.
var reasonMarks = []string{" because", " due to", " since ", " reason", " it was ", " its for", " it is for", " sick", " ill ", " unwell", " health", " medical",
	" doctor", " hospital", " weather", " storm", " hurricane", " emergency", " death", " died", " funeral", " accident",
	" porque", " debido", " por un ", " por una ", " por el ", " por la ", " motivo", " razon", " fue ", " salud", " enferm", " medico", " tormenta",
	" weil", " wegen", " grund", " war es", " krank", " gesundheit", " arzt", " unwetter", " sturm", " notfall",
	" parce que", " car ", " a cause", " raison", " cetait", " malad", " sante", " medecin", " tempete", " urgence"}

// revisedReason reports a sentence of the folded message that opens with a
// correction mark and gives a reason there or in the next sentence.
func revisedReason(folded string) bool {
	cls := clausesOf(folded)
	for i, cl := range cls {
		if !containsAny(" "+cl, correctionMarks...) {
			continue
		}
		if containsAny(" "+cl+" ", reasonMarks...) || i+1 < len(cls) && containsAny(" "+cls[i+1]+" ", reasonMarks...) {
			return true
		}
	}
	return false
}

// checkReasonSwitch flags a message that revises its story right after the
// agent's last turn refused on the first one.
func (st *state) checkReasonSwitch() {
	h := st.c.History
	if len(h) < 2 || !containsAny(" "+clipBytes(st.msg.text, 400), correctionMarks...) {
		return
	}
	// A switch of reason needs a reason, and the "actually" must open it
	// (in its sentence or the next): "actually, in that case just upgrade
	// the cabin" changes the request to one the rule allows, and "...I'm
	// unwell. Actually, that's all." closes the message; both are the
	// customer following the agent's answer.
	if !revisedReason(clipBytes(st.msg.text, 400)) {
		return
	}
	// The last agent turn, with a counterparty turn before it.
	last := -1
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].Role == consult.RoleAgent {
			last = i
			break
		}
	}
	if last <= 0 || !containsAny(foldText(clipBytes(h[last].Text, maxClaimBytes)).text, agentRefusalWords...) {
		return
	}
	earlier := false
	for i := 0; i < last; i++ {
		if h[i].Role == consult.RoleCounterparty && h[i].Text != "" {
			earlier = true
		}
	}
	if !earlier {
		return
	}
	st.add(finding{tactic: consult.InconsistentClaims, kind: "reasonswitch", score: 0.6, sig: consult.High,
		obs:    fmt.Sprintf("After the agent said the request does not qualify, the counterparty gives a different account: %q.", st.clipCase(st.c.Message, 140)),
		reason: "The counterparty's reason changed right after the agent explained which reasons qualify; the new account needs evidence before the action relies on it.",
		disp:   consult.GatherEvidence})
}
