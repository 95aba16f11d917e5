package fallback

import (
	"fmt"
	"iter"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a control the policy requires, waved away in the message ----
//
// The policy names a control (a callback, a committee, a change board, an
// approval, an identity check) and the counterparty, in one sentence, names
// the same control and calls it unnecessary or impossible: "your change
// board is overkill", "no need to send it round your committee", "ein
// Rückruf ist leider nicht möglich", "pas besoin de validation". The words
// differ across cases and languages; the structure — the owner's control
// plus a dismissal of it — is the policy_bypass the sources label.

// controlConcepts group the folded stems of one control across languages.
var controlConcepts = [][]string{
	{"callback", "call back", "ruckruf", "zuruckruf", "rappel", "devolver la llamada", "llamada de verificacion"},
	{"change board", "change request", "change advisory", "change management", "changeboard"},
	// A committee is where approvals are given: "no need to send it round
	// your committee" waives "the required approvals".
	{"approval", "approver", "sign off", "freigabe", "genehmigung", "aprobacion", "autorizacion", "approbation", "validation",
		"committee", "komitee", "ausschuss", "gremium", "comite"},
	{"id check", "identity check", "id upload", "verification", "ausweis", "identitat", "verificacion", "identidad", "identite"},
	{"four eyes", "second signature", "dual signature", "vier augen", "zweite unterschrift", "doble firma", "double signature"},
}

// conceptSets are controlConcepts as one-pass sets, in the same order: the
// policies and the message are tested against every concept. They are
// message substring sets, answered for the message by its lexicon scan:
// no stem starts or ends with a space, so the padded message holds one
// exactly when the message does (TestConceptStemsUnpadded).
var conceptSets = func() []*substrSet {
	out := make([]*substrSet, len(controlConcepts))
	for i, stems := range controlConcepts {
		out[i] = newMsgSubstrSet(stems)
	}
	return out
}()

// conceptGroup answers every concept about the policies in one pass: bit
// ci is conceptSets[ci].
var conceptGroup = newSubstrGroup(conceptSets...)

// rulesNamed name the rules as such; any policy on the case is what they
// dismiss ("I can't think about rules right now", "vergessen Sie die
// Regeln").
// "Policy" is left out: in insurance it names the product ("a separate
// policy is an unnecessary expense").
var rulesNamed = []string{" rules ", " the rule ", " regeln ", " vorschriften ", " reglas ", " normas ",
	" regles ", " reglement "}

// dismissWords call a control unnecessary or impossible.
var dismissWords = []string{" no need", " not needed", " unnecessary", " overkill", " skip ", " bypass", " dont bother", " not possible",
	" isnt possible", " cant do your", " nicht moglich", " nicht notig", " unnotig", " uberflussig", " einfach so", " no hace falta",
	" no es necesario", " innecesari", " saltar", " no es posible", " pas besoin", " inutile", " pas possible", " pas necessaire",
	" sans passer par", " without going through", " cant think about", " forget the", " forget about", " dont care about",
	" never mind the", " olvidese de", " olvida las", " vergessen sie", " oubliez"}

// doneWords mark a control reported as already done: a different claim,
// read by the hearsay and paperwork checks.
var doneWords = []string{" already ", " completed ", " ya ", " bereits ", " schon ", " deja "}

// The word lists as phrase sets: one map look-up per space of the message
// instead of one substring search per word.
var (
	psDismiss    = newPhraseSet(dismissWords)
	psDone       = newPhraseSet(doneWords)
	psRulesNamed = newPhraseSet(rulesNamed)
)

// checkDismissedControl flags a message sentence that dismisses a control
// the policies require.
func (st *state) checkDismissedControl(v *j3fold) {
	if len(st.c.Policies) == 0 || st.hasFinding("dismissedcontrol") {
		return
	}
	msg := st.msgHead()
	if !st.msgHas(psDismiss) { // psDismiss.in(msg), from the message's lexicon scan (views.go)
		return
	}
	var pol strings.Builder
	for pi := range st.policies() {
		pol.WriteString(v.policy(pi))
	}
	ps := pol.String()
	// Every sentence the loop reads, padded, is a piece of the padded
	// message: a concept or a rules word the padded message lacks is in
	// none of them. Most messages that dismiss something dismiss a control
	// the policies do not name, and are let go here without the loop.
	padded := st.paddedHead()
	var live []int // the concepts both the policies and the message name
	inPol := conceptGroup.bits(ps)
	for ci, cs := range conceptSets {
		if inPol&(1<<ci) != 0 && st.msgHasSub(cs) {
			live = append(live, ci)
		}
	}
	rules := st.msgHasPadded(psRulesNamed)
	if len(live) == 0 && !rules {
		return
	}
	for sent := range paddedSentences(msg, padded) {
		// A sentence counts when it dismisses, does not report the
		// control done, and names the rules or a live concept. The last
		// is asked first: most sentences of a message that dismisses
		// something name neither, and a live concept's set is one short
		// pass where the dismissal's phrases took a pass each. A rules
		// word the padded message lacks is in none of its pieces.
		named := rules && psRulesNamed.in(sent)
		if !named && !anyConceptIn(live, sent) {
			continue
		}
		if !psDismiss.in(sent) || psDone.in(sent) {
			continue
		}
		if named {
			st.add(finding{tactic: consult.PolicyBypass, kind: "dismissedcontrol", score: 0.5, sig: consult.High,
				obs:    "The counterparty asks the agent to set the rules aside.",
				reason: "The message asks for the request to be handled without regard to the rules; the policies still apply.",
				disp:   consult.SeekApproval})
			return
		}
		for _, ci := range live {
			if !conceptSets[ci].in(sent) {
				continue
			}
			stems := controlConcepts[ci]
			st.add(finding{tactic: consult.PolicyBypass, kind: "dismissedcontrol", score: 0.5, sig: consult.High,
				obs:    fmt.Sprintf("The counterparty waves away a control the policy requires (%s).", stems[0]),
				reason: "A control the owner's policy requires is declared unnecessary or impossible; the request is to act without it.",
				disp:   consult.SeekApproval})
			return
		}
	}
}

// anyConceptIn reports whether sent holds a word of one of the concepts
// listed.
func anyConceptIn(concepts []int, sent string) bool {
	for _, ci := range concepts {
		if conceptSets[ci].in(sent) {
			return true
		}
	}
	return false
}

// paddedSentences yields " "+sent+" " for each sent of
// strings.Split(msg, " . "), for padded = " "+msg+" ". Each is a piece of
// padded, so none is built: the space before a sentence is the pad or the
// last byte of " . ", the space after it the first byte of " . " or the
// pad.
func paddedSentences(msg, padded string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for off, end := 0, 0; off <= len(msg); off = end + len(" . ") {
			end = len(msg)
			if n := strings.Index(msg[off:], " . "); n >= 0 {
				end = off + n
			}
			if !yield(padded[off : end+2]) {
				return
			}
		}
	}
}
