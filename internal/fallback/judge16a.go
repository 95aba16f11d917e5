package fallback

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- fourteenth round (eighth session), judgment part a ----
//
// A new author's sixty cases (testdata/eval/variants-author16a.jsonl), written without seeing
// the engine, showed two kinds of mistake that were not one author's wording:
//   - a deadline set on the agent's act as an obligation with a consequence was read only
//     when the consequence used a loss word the pack knows: "le virement doit partir avant
//     vendredi midi, sinon la date sera remise en location", "the switch has to be signed by
//     Friday to apply from the 1st". The frame (an obligation, a time the act must meet,
//     and what follows if it does not) is urgency whatever the consequence says;
//   - a policy that reserves a role to a person it names ("Only Ute Vogel may be named as
//     Henrik's medical decision-maker") was not compared with the action: the recipient
//     checks read a role the records fill, not a name the policy itself gives.
// Each check is gated on cues the matcher finds in its one pass, or on a lower-case read of
// the policies that an "only" word opens, so a case without them costs a few lookups.

// checkJudge16a runs the part's pressure checks. It runs from checkJudge10a, after every
// cue of the earlier rounds is in.
func (st *state) checkJudge16a() {
	st.checkDeadlineOnAct()
}

// checkJudge16aLate runs the part's structural checks, after the other policy checks.
func (st *state) checkJudge16aLate() {
	st.checkReservedToName()
}

// mustWords are folded words that put an obligation on the act by themselves; mustPairs are
// the two-word ones ("has to", "tiene que").
var (
	mustWords = map[string]bool{"must": true, "doit": true, "doivent": true, "faut": true, "muss": true, "mussen": true,
		"debe": true, "deben": true}
	mustPairs = map[string]string{"has": "to", "have": "to", "needs": "to", "need": "to", "tiene": "que", "tienen": "que", "hay": "que"}
)

// deadlineBefore are folded words that make the point in time after them a time the act
// must meet: "by Friday", "before noon", "avant vendredi", "bis Freitag", "antes del lunes".
var deadlineBefore = map[string]bool{"by": true, "before": true, "until": true, "avant": true, "dici": true, "bis": true, "vor": true,
	"spatestens": true, "antes": true, "hasta": true, "para": true}

// deadlinePurpose open what the deadline serves ("to apply from the 1st", "pour garder",
// "um ... zu", "para mantener"); determinerAfter after "to" makes it a direction ("paid
// by Friday to the account on file").
var (
	deadlinePurpose = map[string]bool{"to": true, "pour": true, "um": true, "para": true, "so": true, "damit": true, "afin": true}
	determinerAfter = map[string]bool{"the": true, "a": true, "an": true, "our": true, "your": true, "my": true, "this": true, "that": true,
		"his": true, "her": true, "their": true, "its": true, "le": true, "la": true, "les": true, "el": true, "los": true, "las": true,
		"der": true, "die": true, "das": true, "den": true, "dem": true, "you": true, "me": true, "us": true, "them": true, "him": true}
)

// Weights: a deadline with what follows if it is missed is urgency by itself, as the pack's
// "today or" is; a deadline with only its purpose is weak (a supplier's notice states one
// too) and counts when the case gives cause for concern.
const (
	deadlineOtherwiseWeight = 0.55
	deadlinePurposeWeight   = 0.45
)

// checkDeadlineOnAct adds an urgency cue for a sentence that puts an obligation on the act
// ("must", "has to", "doit", "muss", "tiene que"), gives it a point in time it must meet
// ("by Friday", "avant vendredi midi") and says what follows if it does not: a negative
// condition after the time ("otherwise", "sinon", "sonst", "de lo contrario") or the
// purpose the time serves ("to apply from the 1st"). An obligation the speaker takes on
// ("I have to leave by noon", "we must finish before Friday") is the speaker's own.
func (st *state) checkDeadlineOnAct() {
	var cands []cue
	for _, label := range [...]string{"@timestake", "urgency"} {
		for _, q := range st.cues[label] {
			if q.src == srcMessage {
				cands = append(cands, q)
			}
		}
	}
	if len(cands) == 0 {
		return
	}
	s := st.msgHead()
	done := -1
	for _, q := range cands {
		if q.pos >= len(s) {
			continue
		}
		lo, hi := sentenceBounds(s, q.pos, min(q.end, len(s)))
		if lo == done {
			continue
		}
		done = lo
		w := deadlineOnAct(foldedFields(s[lo:hi]))
		if w == 0 {
			continue
		}
		st.addReading(cue{label: "urgency", weight: w, src: srcMessage, text: &st.msg,
			phrase: "a deadline set on the act", pos: lo, end: hi, srcIdx: 1})
		return
	}
}

// sentenceBounds is the span of the folded sentence of s around [pos, end), as sentenceAt.
func sentenceBounds(s string, pos, end int) (int, int) {
	lo, hi := pos, end
	for lo > 0 && !(s[lo-1] == '.' && (lo < 2 || s[lo-2] == ' ')) {
		lo--
	}
	for hi < len(s) && !(s[hi] == '.' && (hi == 0 || s[hi-1] == ' ')) {
		hi++
	}
	return lo, hi
}

// deadlineOnAct returns the urgency weight of a sentence (folded words) that sets a deadline
// on the act, or 0.
func deadlineOnAct(tok []string) float64 {
	must := -1
	for i, w := range tok {
		if mustWords[w] || (i+1 < len(tok) && mustPairs[w] != "" && tok[i+1] == mustPairs[w]) {
			if i > 0 && speakerSubjects[tok[i-1]] {
				return 0 // the speaker's own obligation
			}
			must = i
			break
		}
	}
	if must < 0 {
		return 0
	}
	at := -1
	for i := must + 1; i < len(tok); i++ {
		if !pointWords[tok[i]] && !clockTimeAt(tok, i) {
			continue
		}
		for k := max(must+1, i-2); k < i; k++ {
			if deadlineBefore[tok[k]] {
				at = i
				break
			}
		}
		if at >= 0 {
			break
		}
	}
	if at < 0 {
		return 0
	}
	for i := at + 1; i < len(tok); i++ {
		if timedCondWords[tok[i]] == 1 {
			return deadlineOtherwiseWeight
		}
	}
	// The purpose follows the time at once, past a second point word ("vendredi midi").
	for i := at + 1; i < len(tok) && i <= at+2; i++ {
		if deadlinePurpose[tok[i]] && i+1 < len(tok) && !determinerAfter[tok[i+1]] && !pointWords[tok[i+1]] {
			return deadlinePurposeWeight
		}
	}
	return 0
}

// ---- a role a policy reserves to a person it names ----

// checkReservedToName flags an action whose recipient is not the person a policy names as
// the only one who may hold the act's role: "Only Ute Vogel may be named as Henrik's medical
// decision-maker" against forms naming a care service, "Solo Ana Ruiz puede recibir el
// reembolso", "Nur Frau Brandner darf ...", "Seule Claire Dubois peut ...". The policy must
// share a word with the action's description, so a name reserved for another act says
// nothing. The finding is hard (seek approval); it counts as policy_bypass when the message
// itself proposes the recipient.
func (st *state) checkReservedToName() {
	a := st.c.Action
	if len(st.c.Policies) == 0 || a.Recipient == "" {
		return
	}
	var pol consult.Policy
	var names []string
	for _, p := range st.policies() {
		tv := st.text(p.Statement)
		if !onlyLeadSet.in(tv.lower()) {
			continue
		}
		if ns := nameAfterOnly(p.Statement); len(ns) > 0 && sharesLongWord(toLower(foldedText(p.Statement)), toLower(foldedText(a.Description)), ns) {
			pol, names = p, ns
			break
		}
	}
	if names == nil {
		return
	}
	rcp := toLower(foldedText(a.Recipient))
	for _, n := range names {
		if strings.Contains(rcp, n) {
			return // the named person ("u.vogel@..." for Ute Vogel)
		}
	}
	f := finding{kind: "reservedname", score: 0.55, sig: consult.High, hard: true,
		obs: fmt.Sprintf("Policy %s reserves this to %s by name; the action goes to %q.", policyName(pol),
			strings.Join(names, " "), st.clipCase(a.Recipient, 80)),
		reason: fmt.Sprintf("Policy %s names the only person who may hold this role, and %s gives it to someone else.", policyName(pol), st.actionName()),
		refs:   []string{pol.ID}, disp: consult.SeekApproval}
	if proposedInMessage(st.msgHead(), rcp) {
		f.tactic = "policy_bypass"
	}
	st.add(f)
}

// onlyWords are the folded words after which a policy names who alone may act.
var onlyWords = map[string]bool{"only": true, "solo": true, "solamente": true, "unicamente": true, "nur": true,
	"ausschliesslich": true, "uniquement": true, "seulement": true, "seul": true, "seule": true}

// nameTitles may stand between the "only" word and the name ("nur Frau Brandner", "only Dr.
// Ana Ruiz").
var nameTitles = map[string]bool{"mr": true, "mrs": true, "ms": true, "dr": true, "herr": true, "frau": true, "sr": true, "sra": true,
	"senor": true, "senora": true, "m": true, "mme": true, "monsieur": true, "madame": true}

// nameAfterOnly returns the folded words of a person's name (two or more capitalised words in
// a row, then a lower-case word) right after an "only" word in a policy as written ("Only
// Ute Vogel may be named", "Seule Claire Dubois peut"), past a title. A single capitalised
// word names a thing or a role, not a person.
func nameAfterOnly(stmt string) []string {
	ws := strings.Fields(stmt)
	for i, w := range ws {
		if !onlyWords[foldWord(strings.Trim(w, ".,;:()"))] {
			continue
		}
		k := i + 1
		for k < len(ws) && nameTitles[foldWord(strings.TrimSuffix(ws[k], "."))] {
			k++
		}
		var run []string
		for ; k < len(ws) && len(run) < 4; k++ {
			t := strings.Trim(ws[k], ".,;:()'\"")
			r := []rune(t)
			if len(r) < 2 || !unicode.IsUpper(r[0]) || hasASCIIDigit(t) {
				break
			}
			run = append(run, foldWord(t))
			if strings.ContainsAny(ws[k], ",;:") {
				k++
				break
			}
		}
		if len(run) >= 2 && k < len(ws) {
			if r := []rune(ws[k]); len(r) > 0 && unicode.IsLower(r[0]) {
				return run
			}
		}
	}
	return nil
}

// sharesLongWord reports whether the folded policy and description share a word of six or
// more letters, by its first six, that is not one of the name's words.
func sharesLongWord(pol, desc string, names []string) bool {
	stems := make(map[string]bool)
	for _, w := range strings.FieldsFunc(desc, notWordRune) {
		if len(w) >= 6 {
			stems[w[:6]] = true
		}
	}
	for _, w := range strings.FieldsFunc(pol, notWordRune) {
		if len(w) < 6 || !stems[w[:6]] {
			continue
		}
		named := false
		for _, n := range names {
			named = named || strings.HasPrefix(n, w[:min(6, len(n))])
		}
		if !named {
			return true
		}
	}
	return false
}

// notWordRune splits folded text into words.
func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// proposedInMessage reports whether the message names the recipient: one of its words of five
// or more letters ("Care Coordination Service" proposed in "name our Care Coordination
// Service as primary").
func proposedInMessage(msg, rcp string) bool {
	for _, w := range strings.FieldsFunc(rcp, notWordRune) {
		if len(w) >= 5 && !genericWords[w] && strings.Contains(msg, w) {
			return true
		}
	}
	return false
}

// foldWord is one word folded, without the spaces foldedText pads it with.
func foldWord(w string) string { return strings.TrimSpace(toLower(foldedText(w))) }
