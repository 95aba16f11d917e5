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
	st.dropOwnInability()
	st.dropDocumentBreakdown()
	st.checkDeadlineOnAct()
}

// checkJudge16aLate runs the part's structural checks, after the other policy checks.
func (st *state) checkJudge16aLate() {
	st.checkReservedToName()
	st.checkRecordDenials()
	st.checkDeniedParty()      // judge18r.go: a record that denies the counterparty its standing
	st.checkOthersData()       // judge18r.go: another person's data handed to an unverified asker
	st.checkRivalsBids()       // judge19d.go: other parties' bids handed to the bidder asking
	st.checkAdverseRecipient() // judge19d.go: privileged material sent to the other side
	st.checkBlindAllocation()  // judge19d.go: a blinded study's allocation sent out
	st.checkWideKey()          // judge19d.go: a credential that reaches everything, for the asker
}

// checkRecordDenials reads the record sentences that deny something once, for both checks
// that read them: a claimed role a record says nobody holds (checkDeniedRole) and a state
// the message asserts that a record denies (checkNegatedState).
func (st *state) checkRecordDenials() {
	cp := st.c.Counterparty
	role := !cp.Verified && cp.ClaimedIdentity != "" && !st.findsTactic(consult.IdentityDeception)
	state := !st.findsTactic(consult.InconsistentClaims)
	if !role && !state {
		return
	}
	var roles, denied []string
	var ref recSent
	for rs := range st.recordSentences() {
		if low := rs.lower(); !rs.hasNeg() && !strings.Contains(low, "neither") && !strings.Contains(low, "nor ") {
			continue
		}
		tok := foldedFields(rs.folded())
		if role && st.deniedRole(rs, tok, &roles) {
			role = false
		}
		if state {
			if d := deniedStates(tok); len(d) > 0 {
				if denied == nil {
					ref = rs
				}
				denied = append(denied, d...)
			}
		}
	}
	if len(denied) > 0 {
		st.checkNegatedState(denied, ref)
	}
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
	if !st.fromMessage(labMustact) {
		return
	}
	s := st.msgHead()
	done := -1
	for _, q := range st.cues[labMustact] {
		if q.src != srcMessage || q.pos >= len(s) {
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
		st.addReading(cue{label: labUrgency, weight: w, src: srcMessage, text: &st.msg,
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
		if !pointWords[tok[i]] && !(tok[i][0] >= '0' && tok[i][0] <= '9' && clockTimeAt(tok, i)) {
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
		if !tv.policyLowerHas(onlyNameSet) {
			continue
		}
		if !capitalAfterOnly(p.Statement, tv.lower()) {
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

// onlyNameSet finds an "only" word of any language in a lower-case policy in one pass.
var onlyNameSet = newSubstrSet([]string{"only", "solo", "sólo", "solamente", "unicamente", "únicamente", "nur ", "ausschlie", "uniquement", "seul"})

// onlyList are the ASCII "only" words capitalAfterOnly searches for.
var onlyList = [...]string{"only ", "solo ", "solamente ", "unicamente ", "nur ", "uniquement ", "seulement ", "seul ", "seule "}

// capitalAfterOnly is a cheap necessary condition for nameAfterOnly on an ASCII policy: an
// "only" word followed by a capital letter. low is the policy in lower case; a policy with
// other bytes is always read.
func capitalAfterOnly(stmt, low string) bool {
	if len(low) != len(stmt) {
		return true
	}
	for i := 0; i < len(stmt); i++ {
		if stmt[i] >= 0x80 {
			return true
		}
	}
	for _, ow := range onlyList {
		for off := 0; ; {
			j := strings.Index(low[off:], ow)
			if j < 0 {
				break
			}
			at := off + j + len(ow)
			if at < len(stmt) && stmt[at] >= 'A' && stmt[at] <= 'Z' {
				return true
			}
			off = at
		}
	}
	return false
}

// onlyWords are the lower-case words after which a policy names who alone may act.
var onlyWords = map[string]bool{"only": true, "solo": true, "sólo": true, "solamente": true, "unicamente": true, "únicamente": true,
	"nur": true, "ausschliesslich": true, "ausschließlich": true, "uniquement": true, "seulement": true, "seul": true, "seule": true}

// nameTitles may stand between the "only" word and the name ("nur Frau Brandner", "only Dr.
// Ana Ruiz").
var nameTitles = map[string]bool{"mr": true, "mrs": true, "ms": true, "dr": true, "herr": true, "frau": true, "sr": true, "sra": true,
	"senor": true, "senora": true, "m": true, "mme": true, "monsieur": true, "madame": true}

// nameAfterOnly returns the folded words of a person's name (two or more capitalised words in
// a row, then a lower-case word) right after an "only" word in a policy as written ("Only
// Ute Vogel may be named", "Seule Claire Dubois peut"), past a title. A single capitalised
// word names a thing or a role, not a person.
func nameAfterOnly(stmt string) []string {
	// Most policies with an "only" go on in lower case ("only to the remittance account"):
	// the words are folded only after an "only" word whose next word is capitalised.
	prevOnly := false
	var ws []string
	for w := range strings.FieldsSeq(stmt) {
		if ws != nil {
			ws = append(ws, w)
			continue
		}
		if prevOnly && startsUpper(w) {
			ws = append(make([]string, 0, 8), w)
			continue
		}
		prevOnly = onlyWords[strings.ToLower(strings.Trim(w, ".,;:()"))]
	}
	if ws == nil {
		return nil
	}
	k := 0
	for k < len(ws) && nameTitles[foldWord(strings.TrimSuffix(ws[k], "."))] {
		k++
	}
	var run []string
	for ; k < len(ws) && len(run) < 4; k++ {
		t := strings.Trim(ws[k], ".,;:()'\"")
		if len(t) < 2 || !startsUpper(t) || hasASCIIDigit(t) {
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
	return nil
}

// startsUpper reports a word whose first letter is a capital.
func startsUpper(w string) bool {
	for _, r := range w {
		return unicode.IsUpper(r)
	}
	return false
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
		if len(w) >= 5 && !genericWords.has(w) && strings.Contains(msg, w) {
			return true
		}
	}
	return false
}

// foldWord is one word folded, without the spaces foldedText pads it with.
func foldWord(w string) string { return strings.TrimSpace(toLower(foldedText(w))) }

// ---- the speaker's own inability after "otherwise" ----

// inabilityWords are folded words that, after "otherwise we" or "sinon nous", say the speaker
// cannot do its own work ("otherwise we can't match against the registry"): a reason for the
// request, not a time pressed on the agent.
var inabilityWords = map[string]bool{"cant": true, "cannot": true, "couldnt": true, "unable": true, "able": true,
	"podemos": true, "podriamos": true, "konnen": true, "konnten": true, "pouvons": true, "pourrions": true, "pourrons": true}

// dropOwnInability drops the urgency cues of a sentence with no time in it where the
// condition ("otherwise", "sonst", "sinon", "de lo contrario") opens the speaker's own
// inability ("otherwise we can't match", "sinon nous ne pouvons pas", "sonst können wir
// nicht"): nothing is pressed on the agent's act. "Otherwise we will cancel" and "otherwise
// we can't hold the room past noon" keep their cues.
func (st *state) dropOwnInability() {
	if !st.fromMessage(labUrgency) || !st.fromMessage(labTimestake) {
		return
	}
	s := st.msgHead()
	var spans [][2]int
	for _, q := range st.cues[labTimestake] {
		if q.src != srcMessage || q.pos >= len(s) {
			continue
		}
		lo, hi := sentenceBounds(s, q.pos, min(q.end, len(s)))
		tok := foldedFields(s[lo:hi])
		if ownInability(tok) {
			spans = append(spans, [2]int{lo, hi})
		}
	}
	if len(spans) == 0 {
		return
	}
	st.dropCues(labUrgency, func(q cue) bool {
		if q.src != srcMessage {
			return false
		}
		for _, sp := range spans {
			if sp[0] <= q.pos && q.end <= sp[1] {
				return true
			}
		}
		return false
	})
}

// ownInability reports a sentence (folded words) without a point in time whose negative
// condition opens the speaker's inability.
func ownInability(tok []string) bool {
	found := false
	for i, w := range tok {
		if pointWords[w] || w[0] >= '0' && w[0] <= '9' && clockTimeAt(tok, i) {
			return false
		}
		if timedCondWords[w] != 1 || i+1 >= len(tok) || !speakerSubjects[tok[i+1]] && tok[i+1] != "no" && tok[i+1] != "ne" {
			continue
		}
		for k := i + 1; k < len(tok) && k <= i+4; k++ {
			if inabilityWords[tok[k]] {
				found = true
			}
		}
	}
	return found
}

// ---- a document's breakdown read as distress ----

// distressBefore are folded words that make the "breakdown" after them a person's: "a nervous
// breakdown", "on the verge of a breakdown", "I'm having a breakdown".
var distressBefore = map[string]bool{"nervous": true, "mental": true, "emotional": true, "having": true, "verge": true, "brink": true,
	"had": true, "near": true, "total": true, "complete": true, "im": true, "suffered": true, "suffering": true}

// dropDocumentBreakdown drops the pack's "breakdown" cue where the word names a document's
// itemisation ("Breakdown and site photos are in the attachment", "the cost breakdown"): no
// word of a person's state stands in the three words before it.
func (st *state) dropDocumentBreakdown() {
	has := false
	for _, q := range st.cues[labEmotionalPressure] {
		has = has || q.phrase == "breakdown"
	}
	if !has {
		return
	}
	tok := st.msgTokens()
	s := st.msgHead()
	var doc []int
	for i, w := range tok {
		if w != "breakdown" {
			continue
		}
		person := false
		for k := max(0, i-3); k < i; k++ {
			person = person || distressBefore[tok[k]]
		}
		if !person {
			p, _, _ := tokenSpan(s, tok, i)
			doc = append(doc, p)
		}
	}
	st.dropCues(labEmotionalPressure, func(q cue) bool {
		if q.phrase != "breakdown" || q.src != srcMessage {
			return false
		}
		for _, p := range doc {
			if q.pos <= p && p < q.end {
				return true
			}
		}
		return false
	})
}

// ---- a state the message asserts that a record denies ----

// settingVerbs are folded verbs that set a state on a record: "mark October's rent as paid",
// "marcar como pagado", "als bezahlt markieren", "marquer comme payé".
var settingVerbs = map[string]bool{"mark": true, "record": true, "set": true, "show": true, "flag": true, "list": true, "log": true,
	"enter": true, "register": true, "book": true, "treat": true, "marcar": true, "marque": true, "registrar": true, "registre": true,
	"anotar": true, "anote": true, "markieren": true, "vermerken": true, "eintragen": true, "buchen": true, "marquer": true,
	"marquez": true, "enregistrer": true, "enregistrez": true, "noter": true, "notez": true, "indiquer": true}

// asWords come right before the state a setting verb sets.
var asWords = map[string]bool{"as": true, "como": true, "als": true, "comme": true, "to": true}

// setRequested reports that the value at token i is the state a request sets ("mark October's
// rent as paid"), not a claim about it: an "as" word right before it and a setting verb in the
// six tokens before that, or, in German, a setting verb right after it ("als bezahlt
// markieren"). checkAssertions skips such a value.
func setRequested(ts []tok, i int) bool {
	if i == 0 || !asWords[ts[i-1].w] {
		return false
	}
	for j := max(0, i-8); j < i-1; j++ {
		if settingVerbs[ts[j].w] {
			return true
		}
	}
	return i+1 < len(ts) && settingVerbs[ts[i+1].w]
}

// stateDenials are folded words after which a record denies the state the next word names:
// "neither is overbooked", "was not cancelled", "nunca fue entregado", "nicht storniert",
// "pas annulé".
var stateDenials = map[string]bool{"not": true, "never": true, "neither": true, "nor": true, "isnt": true, "wasnt": true,
	"werent": true, "arent": true, "no": true, "nunca": true, "nicht": true, "nie": true, "pas": true, "jamais": true}

// denialFillers may stand between the denial and the state ("neither is overbooked", "no fue
// cancelado", "pas été annulé"). An article may not: "not a registered agent" denies the
// agent, not the registration.
var denialFillers = map[string]bool{"is": true, "was": true, "are": true, "were": true, "been": true, "be": true, "fue": true, "ha": true,
	"sido": true, "esta": true, "wurde": true, "ist": true, "worden": true, "ete": true, "est": true}

// stateWord reports a folded word that names a state by its form: an English, Spanish,
// German or French participle of six or more letters.
func stateWord(w string) bool {
	if len(w) < 6 {
		return false
	}
	for _, suf := range [...]string{"ed", "ado", "ada", "ido", "ida", "iert", "ee"} {
		if strings.HasSuffix(w, suf) {
			return true
		}
	}
	return strings.HasPrefix(w, "ge") && strings.HasSuffix(w, "t")
}

// frenchParticiple reports a folded French past participle after "pas" or "jamais" ("n'a pas
// été livré", "jamais arrivée"): the accent folds away, so the ending alone is read only there.
func frenchParticiple(w string) bool {
	return len(w) >= 5 && (strings.HasSuffix(w, "e") || strings.HasSuffix(w, "es"))
}

// deniedStates returns the state words a record sentence (folded words) denies.
func deniedStates(tok []string) []string {
	var out []string
	for i, w := range tok {
		if !stateDenials[w] {
			continue
		}
		k := i + 1
		for k < len(tok) && k <= i+3 && denialFillers[tok[k]] {
			k++
		}
		if w == "no" && k == i+1 {
			continue // "no" with no verb after it is a determiner: "no delayed flights"
		}
		if k < len(tok) && (stateWord(tok[k]) || (w == "pas" || w == "jamais") && frenchParticiple(tok[k])) {
			out = append(out, tok[k])
		}
	}
	return out
}

// checkNegatedState flags a state the message asserts of the case's thing that a record
// denies in the same word: "your flight is overbooked" against "neither is overbooked", "the
// shipment was delivered" against "was not delivered". The message's word must stand in a
// sentence with no negation or condition of its own, outside a question and a request to set
// it; no record may give the state without the denial. denied are the states the records
// deny, the first in ref.
func (st *state) checkNegatedState(denied []string, ref recSent) {
	s := st.msgHead()
	for _, d := range denied {
		if !strings.Contains(s, " "+d+" ") || st.recordAffirms(d) {
			continue
		}
		p := strings.Index(s, " "+d+" ")
		lo, hi := sentenceBounds(s, p, p+len(d)+1)
		sent := foldedFields(s[lo:hi])
		if !plainAssertion(sent, d) {
			continue
		}
		st.add(finding{tactic: consult.InconsistentClaims, kind: "negatedstate", score: 0.6, sig: consult.Medium,
			obs: fmt.Sprintf("The message says %q; %s %s denies it: %q.", st.clipCase(strings.TrimSpace(s[lo:hi]), 100), ref.t.kind, ref.t.id,
				st.clipCase(strings.TrimSpace(ref.text), 120)),
			reason: fmt.Sprintf("The counterparty asserts a state (%s) that %s %s records as not so.", d, ref.t.kind, ref.t.id),
			refs:   []string{ref.t.id}})
		return
	}
}

// recordAffirms reports a record sentence that gives the state word without a denial before
// it: a record that says both leaves the message's claim open.
func (st *state) recordAffirms(d string) bool {
	for rs := range st.recordSentences() {
		tok := foldedFields(rs.folded())
		for i, w := range tok {
			if w != d {
				continue
			}
			negated := false
			for k := max(0, i-4); k < i; k++ {
				negated = negated || stateDenials[tok[k]] || tok[k] == "no"
			}
			if !negated {
				return true
			}
		}
	}
	return false
}

// assertBlockers are folded words that make a sentence other than a plain assertion: a negation,
// a condition, a question word, a modal or a request to set the state.
var assertBlockers = map[string]bool{"not": true, "never": true, "no": true, "isnt": true, "wasnt": true, "if": true, "whether": true,
	"might": true, "may": true, "could": true, "would": true, "should": true, "will": true, "maybe": true, "perhaps": true,
	"si": true, "wenn": true, "ob": true, "nicht": true, "pas": true, "nunca": true, "quizas": true, "vielleicht": true, "peut": true}

// wishWords before a state word ask for it rather than assert it: "I need this cancelled",
// "please have it delivered", "quiero que sea cancelado", "ich möchte es storniert".
var wishWords = map[string]bool{"need": true, "needs": true, "want": true, "wants": true, "like": true, "please": true, "get": true,
	"have": true, "necesito": true, "quiero": true, "brauche": true, "mochte": true, "will": true, "veux": true, "voudrais": true, "faire": true}

// questionOpeners open a yes-no question: the folded text drops the question mark.
var questionOpeners = map[string]bool{"is": true, "was": true, "are": true, "were": true, "did": true, "does": true, "do": true,
	"has": true, "have": true, "can": true, "could": true, "ist": true, "wurde": true, "hat": true, "esta": true, "fue": true,
	"estce": true, "est": true}

// plainAssertion reports that the sentence (folded words) asserts the state d: it holds no
// negation, condition or modal, is not a question and does not ask to set the state.
func plainAssertion(sent []string, d string) bool {
	if len(sent) > 0 && questionOpeners[sent[0]] {
		return false
	}
	for i, w := range sent {
		if assertBlockers[w] || w == "?" {
			return false
		}
		if w != d {
			continue
		}
		if i > 0 && asWords[sent[i-1]] {
			return false
		}
		for k := max(0, i-3); k < i; k++ {
			if wishWords[sent[k]] {
				return false // "I need this cancelled": a request for the state
			}
		}
	}
	return true
}

// ---- a claimed role a record says nobody holds ----

// noneWords are folded words that deny that anyone holds what follows: "lists no Prokurist or
// other authorised signatory", "kein Bevollmächtigter", "ningún apoderado", "aucun mandataire".
var noneWords = map[string]bool{"no": true, "kein": true, "keine": true, "keinen": true, "ningun": true, "ninguna": true,
	"aucun": true, "aucune": true}

// roleWords returns the folded words of a claimed identity that name its role: written in
// lower case (a name or an organisation is capitalised), six or more letters, and neither
// generic nor an organisation's word ("Jens Hartwig, authorised signatory for owner R.
// Brandner" gives "authorised", "signatory").
func roleWords(claim string) []string {
	var out []string
	for _, w := range strings.Fields(claim) {
		t := strings.Trim(w, ".,;:()'\"")
		r := []rune(t)
		if len(r) < 6 || !unicode.IsLower(r[0]) {
			continue
		}
		f := foldWord(t)
		if len(f) >= 6 && !genericWords.has(f) && !orgWords.has(f) {
			out = append(out, f)
		}
	}
	return out
}

// roleHeadEnd are folded words that may follow a role noun where the noun ends its phrase
// ("no Prokurist or other authorised signatory.", "no broker on file", "kein Bevollmächtigter
// ist eingetragen").
var roleHeadEnd = map[string]bool{".": true, ";": true, ",": true, "or": true, "and": true, "for": true, "on": true, "of": true,
	"is": true, "was": true, "are": true, "in": true, "at": true, "listed": true, "registered": true, "recorded": true, "exists": true,
	"o": true, "y": true, "oder": true, "und": true, "ou": true, "et": true, "para": true, "fur": true, "pour": true, "de": true,
	"del": true, "der": true, "des": true, "du": true, "ist": true, "es": true, "est": true, "en": true, "im": true}

// deniedRole flags an unverified counterparty whose claimed role a record says nobody
// holds: "authorised signatory for owner R. Brandner" against "The owner file for R. Brandner
// lists no Prokurist or other authorised signatory". The role word must come within five
// words after the record's "no" in the same clause, and end its phrase. tok are the folded
// words of the record sentence rs; roles are read from the claim at the first "no" word. It
// reports whether it flagged.
func (st *state) deniedRole(rs recSent, tok []string, roles *[]string) bool {
	for i, w := range tok {
		if !noneWords[w] {
			continue
		}
		if *roles == nil {
			if *roles = roleWords(st.c.Counterparty.ClaimedIdentity); len(*roles) == 0 {
				*roles = []string{}
				return false
			}
		}
		for k := i + 1; k < len(tok) && k <= i+5 && tok[k] != "." && tok[k] != ";"; k++ {
			if k+1 < len(tok) && !roleHeadEnd[tok[k+1]] {
				continue // a modifier: "no bank migration project" denies the project
			}
			for _, r := range *roles {
				if !strings.HasPrefix(tok[k], r[:6]) {
					continue
				}
				cp := st.c.Counterparty
				st.add(finding{tactic: consult.IdentityDeception, kind: "deniedrole", score: 0.65, sig: consult.High, hard: true,
					refs: []string{rs.t.id},
					obs: fmt.Sprintf("The counterparty claims to be %q; %s %s says there is no such %s: %q.",
						st.clipCase(cp.ClaimedIdentity, 80), rs.t.kind, rs.t.id, r, st.clipCase(strings.TrimSpace(rs.text), 120)),
					reason: fmt.Sprintf("The counterparty claims a role (%s) that %s %s records nobody holds.", r, rs.t.kind, rs.t.id),
					disp:   consult.SeekApproval})
				return true
			}
		}
	}
	return false
}
