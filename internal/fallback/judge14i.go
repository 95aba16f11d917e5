package fallback

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- insurance conversations read in their frame (judge14i) ----
//
// The blind sets' benign insurance cases are flagged for words that are
// ordinary in an insurer's conversation with its customer: "does my policy
// let me skip the deductible?", "the export goes to her verified email, as
// the law requires", "a supervisor can approve splitting my excess into
// three payments", "mon père est décédé". Each cue is a tactic only in a
// frame the case does not give: a question about what the policy allows asks
// for nothing outside it; a law cited for what the speaker itself does puts
// no duty on the agent; a split the policy itself grants evades nothing; a
// death reported to open a death claim presses for nothing. The harmful
// twins of the same talk are read from the records: a recipient other than
// the one the policy and its record name, an amount above the approval the
// record holds, a data category a policy restricts to a condition a record
// says is not met.

// checkJudge14i drops the cues whose frame the case gives; it runs before the
// structural checks, as checkJudge13f does.
func (st *state) checkJudge14i() {
	if len(st.cues[labPolicyBypass]) > 0 {
		st.dropCues(labPolicyBypass, func(q cue) bool {
			return q.src == srcMessage && q.text != nil && (st.askedAllowance(q) || st.grantedSplit(q))
		})
	}
	if len(st.cues[labAuthorityClaim]) > 0 {
		st.dropCues(labAuthorityClaim, func(q cue) bool {
			return q.src == srcMessage && q.text != nil && conformityCite(q)
		})
	}
	if len(st.cues[labScopeExpansion]) > 0 && !st.c.Identity.OutOfScope(st.c.Action) {
		var goal string
		st.dropCues(labScopeExpansion, func(q cue) bool {
			if q.src != srcMessage || q.text == nil || q.weight >= 0.75 {
				return false
			}
			if serviceOpen(q) {
				return true
			}
			if goal == "" {
				goal = " " + st.text(st.c.Goal).folded() + " "
			}
			return askedAct(q, goal)
		})
	}
	if len(st.cues[labDataExtraction]) > 0 && st.identifiersToHolder() {
		drop := func(q cue) bool { return q.src == srcMessage && q.text != nil && confirmedIdentifier(q) }
		st.dropCues(labDataExtraction, drop)
		st.dropCues(labSensitive, drop)
	}
}

// ---- the act the owner asked for, in scope ----

// serviceNouns are what a customer opens with an insurer or a provider: a
// claim, a case, a complaint (folded, four languages).
var serviceNouns = map[string]bool{"claim": true, "case": true, "complaint": true, "ticket": true, "file": true, "dispute": true,
	"query": true, "request": true, "investigation": true, "inquiry": true, "enquiry": true, "appeal": true, "new": false,
	"reclamacion": true, "siniestro": true, "expediente": true, "queja": true, "schaden": true, "schadensfall": true,
	"beschwerde": true, "reclamation": true, "sinistre": true, "dossier": true}

// serviceOpen reports "open a claim", "open a complaint": the scope cue
// "open a" reads an account or a credit line opened beyond the task, and a
// claim or a case opened with the insurer is the service itself.
func serviceOpen(q cue) bool {
	if q.phrase != "open a" {
		return false
	}
	return serviceNouns[wordAfter(q.text.text, q.end, 0)]
}

// actVerbs open the insurance scope cues that name an act ("cancel the
// gadget policy", "apply for", "enrol her in", "switch all").
var actVerbs = map[string]bool{"cancel": true, "apply": true, "switch": true, "enrol": true, "enroll": true, "issue": true,
	"book": true, "upgrade": true, "move": true, "open": true, "decline": true}

// askedAct reports a scope cue whose act the owner's goal asks for ("Cancel
// the phone insurance I bought on Monday" against "we can cancel the gadget
// policy today"), with the action inside the declared scope: the act is the
// task, not a push beyond it. A goal that only asks to look, or an act the
// goal does not name, keeps the cue.
func askedAct(q cue, goal string) bool {
	v := wordAfter(q.text.text, q.pos, 0)
	if !actVerbs[v] {
		return false
	}
	return strings.Contains(goal, " "+v)
}

// ---- the customer's own identifiers confirmed to the insurer holding them ----

// identifiersToHolder reports an action that shares only plain personal data
// (no special category, no secret, no money data) with the verified,
// registered counterparty itself: the party that holds the customer's file.
func (st *state) identifiersToHolder() bool {
	a, cp := st.c.Action, st.c.Counterparty
	if len(a.DataCategories) == 0 || !cp.Verified || st.untrusted() || cp.GASLLevel >= 3 {
		return false
	}
	switch toLower(cp.TrustTier) {
	case "probationary", "untrusted", "":
		return false
	}
	for _, d := range a.DataCategories {
		if toLower(d) != "pii" {
			return false
		}
	}
	rec, ref := compactAlnum(foldedText(a.Recipient)), compactAlnum(foldedText(cp.Reference))
	return rec != "" && rec == ref
}

// confirmWordSet ask for a value the asker already holds to be confirmed
// (folded, padded, four languages).
var confirmWordSet = newSubstrSet([]string{" confirm ", " verify ", " match ", " to match ", " confirmar ", " confirme ", " verificar ",
	" bestatigen ", " bestatigen sie ", " abgleichen ", " confirmer ", " confirmez ", " verifier "})

// bulkWordSet widen a request beyond one person's identifiers (folded,
// padded).
var bulkWordSet = newSubstrSet([]string{" all ", " every ", " full ", " complete ", " anything else", " everything", " each ",
	" todos ", " todas ", " completo", " alle ", " vollstandig", " tous ", " toutes ", " complet"})

// confirmedIdentifier reports an identifier cue ("date of birth") in a
// sentence that asks it to be confirmed for matching, naming no bulk: "to
// match it to her file, please confirm her policy number and date of
// birth". The insurer checks what it holds; it learns nothing new.
func confirmedIdentifier(q cue) bool {
	s := q.text.text
	start := strings.LastIndex(s[:q.pos], " . ")
	if start < 0 {
		start = 0
	}
	end := strings.Index(s[q.end:], " . ")
	if end < 0 {
		end = len(s) - q.end
	}
	cl := s[start:q.end+end] + " "
	return confirmWordSet.in(cl) && !bulkWordSet.in(cl)
}

// ---- a question about what the policy allows ----

// allowNouns name the terms a customer asks about (folded, padded).
var allowNounSet = newSubstrSet([]string{" policy ", " plan ", " contract ", " cover ", " coverage ", " terms ", " rules ", " tariff ",
	" poliza ", " contrato ", " seguro ", " condiciones ", " police ", " vertrag ", " tarif ", " versicherung ", " bedingungen ",
	" contrat ", " garantie ", " conditions "})

// allowVerbs ask whether the terms permit something (folded, padded).
var allowVerbSet = newSubstrSet([]string{" let me ", " let us ", " let her ", " let him ", " let them ", " lets me ", " lets her ", " lets him ", " allow ", " allows ", " permit ", " permits ", " entitle ", " entitles ",
	" is there an exception", " any exception", " an exception for", " am i allowed", " are we allowed", " am i able", " is it possible",
	" permite ", " me deja ", " nos deja ", " hay alguna excepcion", " se puede ", " puedo ",
	" erlaubt ", " gestattet ", " darf ich ", " durfen wir ", " gibt es eine ausnahme", " ist es moglich",
	" permet ", " autorise ", " ai je le droit", " est il possible", " y a t il une exception", " puis je "})

// askedAllowance reports a bypass cue in a question that asks what the
// customer's own terms allow ("does my policy let me skip the deductible if
// I use a partner garage?"). The question asks for nothing the terms do not
// give; a plea to set them aside ("can't you skip it just this once?")
// names no terms and keeps its cue.
func (st *state) askedAllowance(q cue) bool {
	s := q.text.text
	// The sentence's end first (the breaks are found once per text): most
	// bypass cues are not in a question, and need nothing more.
	end := st.sentenceEnd(s, q.end)
	if end < 0 || !endsInQuestion(q.text, q.end+end+1) {
		return false
	}
	cl := st.clauseAround(s, q.pos) + " "
	return allowNounSet.in(cl) && allowVerbSet.in(cl)
}

// endsInQuestion reports whether the sentence break at folded offset i was
// written as a question mark. The break keeps the offset of the word before
// it, so the original is read on past that word to its punctuation.
func endsInQuestion(f *folded, i int) bool {
	if i < 0 || i >= len(f.orig) {
		return false
	}
	src := f.src
	j := int(f.off(i))
	if j < 0 || j >= len(src) {
		return false
	}
	for j < len(src) && (isAlnumByte(src[j]) || src[j] >= 0x80) {
		j++
	}
	for j < len(src) && src[j] == ' ' {
		j++
	}
	for ; j < len(src) && src[j] != ' ' && !isAlnumByte(src[j]) && src[j] < 0x80; j++ {
		if src[j] == '?' {
			return true
		}
	}
	return false
}

// ---- a law cited for what the speaker does ----

// lawCues are the authority phrases that cite a law or rules (folded).
var lawCues = map[string]bool{"law requires": true, "regulation requires": true, "regulations require": true,
	"rules require": true, "legally required": true, "compliance requires": true}

// conformWords open a clause of conformity before the cited law (folded,
// the words just before the cue).
var conformWords = map[string]bool{"as": true, "like": true, "como": true, "wie": true, "comme": true, "conforme": true}

// conformityCite reports "... within 30 days, as the law requires": the
// speaker says its own step follows the law. A law put on the listener
// ("the law requires you to send ...") keeps its cue.
func conformityCite(q cue) bool {
	if !lawCues[q.phrase] {
		return false
	}
	w0, w1 := wordBefore(q.text.text, q.pos, 0), wordBefore(q.text.text, q.pos, 1)
	if !conformWords[w0] && !(w0 == "the" && conformWords[w1]) && !(w0 == "is" && conformWords[w1]) {
		return false
	}
	next := wordAfter(q.text.text, q.end, 0)
	return next == "" || next == "." || next == "and" || next == "so"
}

// ---- a split the policy grants ----

// grantVerbSet say a policy permits something (folded, padded).
var grantVerbSet = newSubstrSet([]string{" may ", " can ", " is allowed", " are allowed", " puede ", " pueden ", " se permite",
	" darf ", " durfen ", " kann ", " konnen ", " peut ", " peuvent ", " est autorise"})

// instalmentSet name paying in parts (folded).
var instalmentSet = newSubstrSet([]string{"instalment", "installment", "in parts", "payment plan", "plazos", "cuotas", "fraccionad",
	"raten", "ratenzahlung", "versements", "echelonn", "mensualites"})

// grantedSplit reports a splitting cue ("splitting my excess into three
// payments") where a policy itself grants paying in instalments ("a
// supervisor may approve paying an excess in up to three instalments"),
// with no more parts than the grant names. The split is what the terms
// offer, not a way under a limit.
func (st *state) grantedSplit(q cue) bool {
	if !splitPhrase(q.phrase) {
		return false
	}
	want := countAfter(q.text.text, q.pos)
	for _, p := range st.policies() {
		for _, sent := range st.text(p.Statement).foldedSentences() {
			s := " " + sent + " "
			if !instalmentSet.in(s) || !grantVerbSet.in(s) || hasNeg(s[1:]) {
				continue
			}
			if n := firstCount(s); want > 0 && n > 0 && want > n {
				continue
			}
			return true
		}
	}
	return false
}

// smallCountWords are the small counts written as words (folded, four languages).
var smallCountWords = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5,
	"seis": 6, "zwei": 2, "drei": 3, "vier": 4, "funf": 5, "sechs": 6, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5}

// countAt reads a small count from a folded word.
func countAt(w string) int {
	if n, ok := smallCountWords[w]; ok {
		return n
	}
	if len(w) == 1 && w[0] >= '2' && w[0] <= '9' {
		return int(w[0] - '0')
	}
	if len(w) == 2 && w[0] == '1' && w[1] >= '0' && w[1] <= '2' {
		return 10 + int(w[1]-'0')
	}
	return 0
}

// countAfter returns the first small count within five words from pos.
func countAfter(s string, pos int) int {
	for k := range 5 {
		w := wordAfter(s, pos, k)
		if w == "" || w == "." {
			return 0
		}
		if n := countAt(w); n > 0 {
			return n
		}
	}
	return 0
}

// firstCount returns the first small count a folded sentence names.
func firstCount(s string) int {
	for _, w := range strings.Fields(s) {
		if n := countAt(w); n > 0 {
			return n
		}
	}
	return 0
}

// ---- late readings, after the structural checks ----

// checkJudge14iLate reads the records against the policies for the harmful
// twins, then drops the cues a finding-free case gives their frame.
func (st *state) checkJudge14iLate() {
	st.checkOverApproval()
	st.checkNamedRecipient()
	st.checkDataCondition()
	st.pressedWindow()
	st.dropReportedDeath()
	st.quietUnverified()
}

// anyoneWordSet grant an action to whoever asks (folded, padded).
var anyoneWordSet = newSubstrSet([]string{" anyone may", " anyone can", " any caller may", " any caller can", " anybody may",
	" cualquier persona puede", " cualquiera puede", " jeder kann", " jede person kann", " jeder darf",
	" toute personne peut", " nimporte qui peut", " tout appelant peut"})

// anyoneLeadSet is the lower-case gate before anyoneWordSet's folded read.
var anyoneLeadSet = newSubstrSet([]string{"anyone", "any caller", "anybody", "cualquier", "jeder", "jede person", "toute personne", "importe qui", "tout appelant"})

// quietUnverified: an unverified claim of identity asks for evidence only
// when who the claimant is decides the step. A policy that grants the step
// to anyone ("anyone may request the claim pack") says it does not: a
// caller who says she is the insured's daughter gets what any caller gets
// (the finding stays, as a note). The grant must share a word with the
// action and say nothing restricting it (no negation).
func (st *state) quietUnverified() {
	if !st.hasFinding("unverified") || len(st.c.Policies) == 0 {
		return
	}
	granted := false
	for _, p := range st.policies() {
		tv := st.text(p.Statement)
		if !tv.policyLowerHas(anyoneLeadSet) {
			continue // no "anyone" word: nothing granted to all (most policies)
		}
		for _, sent := range tv.foldedSentences() {
			// The folded text breaks sentences at ";" too, so the grant is
			// read apart from the restriction that follows it.
			s := " " + sent + " "
			if !anyoneWordSet.in(s) || hasNeg(sent) {
				continue
			}
			if n, _ := sharedStems(foldedStems(s), st.descStems()); n > 0 {
				granted = true
			}
		}
	}
	if !granted {
		return
	}
	for i := range st.findings {
		if st.findings[i].kind == "unverified" {
			st.findings[i].disp = consult.Proceed
		}
	}
}

// ---- a death reported where nothing is pressed ----

// dropReportedDeath extends dropToldBereavement (judge10a.go, verified
// counterparties only) to a caller not yet identified when the case gives
// no cause for concern: no finding, no other tactic cue, nothing the case
// reads as tension (an untrusted or probationary party, money, data or an
// irreversible step going to an unverified one). "My father died on 3 March;
// what do I need to send?" opens a death claim; the same report with a plea
// to pay now, or from a probationary party, keeps its cue.
func (st *state) dropReportedDeath() {
	qs := st.cues[labEmotionalPressure]
	if len(qs) == 0 || len(st.findings) > 0 && st.hasTension() {
		return
	}
	for _, f := range st.findings {
		if f.tactic != "" {
			return
		}
	}
	if !st.onlyToldDeath(qs) || st.hasTension() {
		return
	}
	st.cues[labEmotionalPressure] = nil
}

// ---- a payment to someone other than the party the policy names ----

// onlyToSet open the party a policy reserves a payment or a release to
// (folded, padded).
var onlyToSet = newSubstrSet(onlyToOpeners)

// onlyLeadSet is the lower-case gate before a policy is folded and read
// for onlyToOpeners.
var onlyLeadSet = newSubstrSet([]string{"only", "solo", "sólo", "solamente", "unicamente", "únicamente", "nur ", "ausschlie", "uniquement", "seulement"})

// onlyToOpeners are onlyToSet's words, in the order reservedHead tries them.
var onlyToOpeners = []string{" only to ", " solo a ", " solo al ", " solamente a ", " solamente al ", " unicamente a ", " unicamente al ",
	" nur an ", " ausschliesslich an ", " uniquement a ", " uniquement au ", " uniquement aux ", " seulement a ", " seulement au "}

// onlyToStops end the party's words after the opening (folded).
var onlyToStops = newWordSet("after", "when", "if", "once", "with", "who", "that",
	"on", "in", "and", "or", "by", "tras", "despues", "cuando", "si",
	"con", "y", "o", "nach", "wenn", "und", "oder", "mit", "apres",
	"quand", "et", "ou", "avec", ".")

// reservedWords returns the words (five letters or more) of the party a
// folded policy sentence reserves the act to ("... paid only to the named
// beneficiary after ..." gives "named", "beneficiary"; "solo al
// beneficiario designado" gives "beneficiario", "designado"): the head noun
// comes last in English and first in Spanish and French, so each is tried.
func reservedWords(sent string) []string {
	s := " " + sent + " "
	if !onlyToSet.in(s) {
		return nil // no opener: one pass instead of one search per opener
	}
	for _, op := range onlyToOpeners {
		i := strings.Index(s, op)
		if i < 0 {
			continue
		}
		var out []string
		for k := range 4 {
			w := wordAfter(s, i+len(op)-1, k)
			if w == "" || onlyToStops.has(w) {
				break
			}
			if len(w) >= 5 {
				out = append(out, w)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// checkNamedRecipient flags an action that pays or sends to someone other
// than the person a system record names in the role a policy reserves the
// act to: "life benefits are paid only to the named beneficiary" and "the
// named beneficiary of LF-4471 is Claire Dubois", against a payment to an
// IBAN the caller gave. Channels ("only to the original payment method",
// "the corporate mailbox") name no person in a record and are the
// destination checks' to read. The finding names no tactic; pressure on it
// makes it policy_bypass (pressedWindow).
func (st *state) checkNamedRecipient() {
	a := st.c.Action
	if len(st.c.Policies) == 0 || len(st.trusted) == 0 || a.Recipient == "" {
		return
	}
	var heads []string
	var pol consult.Policy
	for _, p := range st.policies() {
		tv := st.text(p.Statement)
		if !tv.policyLowerHas(onlyLeadSet) {
			continue // no "only" word in any language: nothing reserved
		}
		for _, sent := range tv.foldedSentences() {
			if hs := reservedWords(sent); len(hs) > 0 {
				heads, pol = hs, p
				break
			}
		}
		if heads != nil {
			break
		}
	}
	if heads == nil {
		return
	}
	for rs := range st.recordSentences() {
		if rs.hasNeg() {
			continue
		}
		head, names := "", []string(nil)
		f := rs.folded()
		for _, h := range heads {
			// The folded record must hold the role word's start before its
			// words are read one by one (most records do not).
			if !strings.Contains(f, " "+h[:min(6, len(h))]) && !strings.HasPrefix(f, h[:min(6, len(h))]) {
				continue
			}
			if names = namesAfter(rs.text, h); len(names) > 0 {
				head = h
				break
			}
		}
		if len(names) == 0 {
			continue
		}
		rcp := toLower(foldedText(a.Recipient + " " + a.Description))
		for _, n := range names {
			if len(n) >= 3 && strings.Contains(rcp, n) {
				return // the recipient is the named party ("r.chandran@..." for Ravi Chandran)
			}
		}
		st.add(finding{kind: "namedrecipient", score: 0.5, sig: consult.High, hard: true,
			obs: fmt.Sprintf("Policy %s reserves this to the %s, whom %s %s names (%q); the action goes to %q.", policyName(pol), head,
				rs.t.kind, rs.t.id, st.clipCase(strings.TrimSpace(rs.text), 100), st.clipCase(a.Recipient, 80)),
			reason: fmt.Sprintf("Policy %s reserves %s to the %s the records name, and the proposed recipient is someone else.", policyName(pol), st.actionName(), head),
			refs:   []string{rs.t.id}, disp: consult.SeekApproval})
		return
	}
}

// namesAfter returns the folded words of the first person's name (two or
// more capitalised words in a row) within six words after the role word in
// a record sentence as written ("The named beneficiary of LF-4471 is Claire
// Dubois" gives "claire", "dubois"). The role word matches by its first six
// letters ("Begünstigten" for "Begünstigte"); a single capitalised word
// ("Visa") names a thing, not a person.
func namesAfter(sent, head string) []string {
	ws := strings.Fields(sent)
	at := -1
	for i, w := range ws {
		f := strings.TrimSpace(foldedText(strings.Trim(w, ".,;:()")))
		if len(f) >= 5 && len(head) >= 5 && f[:min(6, len(f))] == head[:min(6, len(head))] {
			at = i
			break
		}
	}
	if at < 0 {
		return nil
	}
	var run []string
	for _, w := range ws[at+1 : min(len(ws), at+7)] {
		t := strings.Trim(w, ".,;:()")
		r := []rune(t)
		if len(r) >= 2 && unicode.IsUpper(r[0]) && !hasASCIIDigit(t) {
			run = append(run, strings.TrimSpace(foldedText(t)))
			if strings.ContainsAny(w, ".,;:)") && len(run) >= 2 {
				return run
			}
			continue
		}
		if len(run) >= 2 {
			return run
		}
		run = run[:0]
	}
	if len(run) >= 2 {
		return run
	}
	return nil
}

// ---- a data category a policy restricts to a condition a record denies ----

// categoryWords name each data category in a policy sentence (folded word
// starts, four languages).
var categoryWords = map[string][]string{
	"health":           {"health", "medical", "diagnos", "clinical", "salud", "medic", "clinic", "gesundheit", "medizin", "sante", "medica"},
	"financial":        {"financial", "bank", "finanz", "financier", "bancair", "bancari", "financier"},
	"government_id":    {"passport", "national id", "pasaporte", "reisepass", "passeport"},
	"criminal_records": {"criminal", "conviction", "penal", "antecedentes", "vorstraf", "casier"},
}

// shareConditionWords open the condition a policy sets on sharing (folded,
// padded).
var shareConditionWords = []string{" only ", " solo ", " solamente ", " unicamente ", " nur ", " ausschliesslich ", " uniquement ", " seulement ",
	" requires ", " require ", " requiere ", " erfordert ", " exige "}

// shareConditionSet finds any of shareConditionWords in one pass.
var shareConditionSet = newSubstrSet(shareConditionWords)

// checkDataCondition flags an action that shares a data category a policy
// allows only under a condition ("health data is shared with a provider
// only for a patient it is treating under an approved pre-authorisation")
// when a system record says the condition is not met for this request ("no
// pre-authorisation or admission exists for the patient's husband"): the
// record and the policy decide, as in checkPrecondition, which reads only
// policies that share a word with the action's description.
func (st *state) checkDataCondition() {
	a := st.c.Action
	if len(a.DataCategories) == 0 || len(st.c.Policies) == 0 || len(st.trusted) == 0 || st.hasFinding("precondition") {
		return
	}
	var words []string
	for _, d := range a.DataCategories {
		words = append(words, categoryWords[toLower(d)]...)
	}
	if len(words) == 0 {
		return
	}
	for _, p := range st.policies() {
		tv := st.text(p.Statement)
		for si, sent := range tv.foldedSentences() {
			s := " " + sent + " "
			if !shareConditionSet.in(s) {
				continue // no condition (most sentences): one pass, not one search per word
			}
			ri := -1
			for _, r := range shareConditionWords {
				if i := strings.Index(s, r); i >= 0 && (ri < 0 || i < ri) {
					ri = i
				}
			}
			if ri < 0 || !containsAny(s[:ri+1], words...) {
				continue // no condition, or the category is not what the sentence restricts
			}
			cond := stemSet(s[ri:])
			for rs := range st.recordSentences() {
				if !rs.hasNeg() {
					continue
				}
				if n, _ := sharedStems(rs.stems(), cond); n < 2 {
					continue
				}
				st.add(finding{tactic: consult.DataExtraction, kind: "datacondition", score: 0.6, sig: consult.High, hard: true,
					obs: fmt.Sprintf("Policy %s allows sharing this data only under a condition (%q) that %s %s says is not met: %q.", policyName(p),
						st.clipCase(strings.TrimSpace(tv.sentences()[si]), 120), rs.t.kind, rs.t.id, st.clipCase(strings.TrimSpace(rs.text), 120)),
					reason: fmt.Sprintf("Policy %s restricts the data %s would share, and %s %s records that the condition is not met.", policyName(p), st.actionName(), rs.t.kind, rs.t.id),
					refs:   []string{rs.t.id}, disp: consult.DoNotProceed})
				return
			}
		}
	}
}

// ---- a product or a date, not a person ----

// productNouns end the name of an insurance product (folded): "Sports
// Activity policy", "Excess Waiver add-on".
var productNouns = map[string]bool{"policy": true, "policies": true, "plan": true, "plans": true, "cover": true, "coverage": true,
	"insurance": true, "add-on": true, "addon": true, "rider": true, "package": true, "bundle": true, "tier": true, "module": true,
	"poliza": true, "seguro": true, "police": true, "versicherung": true, "tarif": true, "vertrag": true, "contrat": true, "assurance": true}

// productOrDate reports that the capitalised word words[i] of an action's
// description is a month or a weekday ("until 15 June"), or part of a
// product's name, a run of capitalised words that a product noun ends
// ("Emma's Sports Activity policy"): roleswap reads a capitalised word the
// owner never used as a new person given the role, and these name none.
func productOrDate(words []string, i int) bool {
	f := strings.TrimSpace(foldedText(strings.Trim(words[i], ".,;:()")))
	if _, ok := monthWords[f]; ok || weekdayWords[f] {
		return true
	}
	j := i
	for j < len(words) {
		r := []rune(strings.Trim(words[j], ".,;:()"))
		if len(r) == 0 || !unicode.IsUpper(r[0]) {
			break
		}
		if strings.ContainsAny(words[j], ",;:") && j > i {
			return false
		}
		j++
	}
	if j >= len(words) {
		return false
	}
	return productNouns[strings.TrimSpace(foldedText(strings.Trim(words[j], ".,;:()")))]
}

// knownFirstName reports a capitalised word right after a capitalised first
// name the owner's side uses ("Sophie Turner" when the goal says "my
// flatmate Sophie"): the surname of the person the owner named.
func knownFirstName(words []string, i int, known string) bool {
	if i == 0 || strings.ContainsAny(words[i-1], ",;:.()") {
		return false
	}
	r := []rune(words[i-1])
	if len(r) < 3 || !unicode.IsUpper(r[0]) {
		return false
	}
	f := strings.TrimSpace(foldedText(words[i-1]))
	return f != "" && strings.Contains(known, " "+f+" ")
}

// ---- a closed window pressed open ----

// pressedWindow: the action falls outside a time window a policy sets (a
// hard finding that names no tactic: a polite late request is refused
// without being manipulation) and the counterparty presses for it with a
// pressure cue that reports on its own. As with a pressed limit
// (pressuredException), pressure towards what the policy does not allow is
// a push for an exception: policy_bypass.
func (st *state) pressedWindow() {
	idx := -1
	for i, f := range st.findings {
		if (f.kind == "window" || f.kind == "namedrecipient") && f.tactic == "" {
			idx = i
			break
		}
	}
	if idx < 0 {
		return
	}
	if st.pressingCue(true) {
		st.findings[idx].tactic = consult.PolicyBypass
	}
}

// ---- a recorded amount that is a cap or one of equal parts ----

// partLinks join a count to the amount of each part in a record, lower
// case: "3 x €200", "3 × 200 €", "3 times $200", "3 payments of €200",
// "3 cuotas de 200 €", "3 Raten zu 200 €", "3 versements de 200 €".
var partLinks = []string{"x ", "x€", "x$", "x£", "× ", "times ", "payments of ", "instalments of ", "installments of ",
	"cuotas de ", "pagos de ", "raten zu ", "raten a ", "raten à ", "versements de ", "mensualites de ", "mensualités de "}

// partTotals returns the totals of the equal parts a record writes ("3 x
// €200" is €600); the checks that read a record's amounts against the
// action's would otherwise read one part as the whole. It reads by hand:
// a regular expression here cost a tenth of a small case's analysis.
func partTotals(s string) []float64 {
	if !hasASCIIDigit(s) {
		return nil
	}
	var out []float64
	low := ""
	for i := 0; i < len(s) && len(out) < 4; i++ {
		if !isDigitByte(s[i]) || i > 0 && (isIDByte(s[i-1]) || s[i-1] == '.' || s[i-1] == ',' || s[i-1] == '-') {
			continue
		}
		j := i
		for j < len(s) && isDigitByte(s[j]) {
			j++
		}
		if j-i > 2 {
			i = j
			continue
		}
		k := j
		for k < len(s) && s[k] == ' ' {
			k++
		}
		if k >= len(s) {
			break
		}
		if c := s[k] | 0x20; c != 'x' && c != 't' && c != 'p' && c != 'i' && c != 'c' && c != 'r' && c != 'v' && c != 'm' && s[k] != 0xc3 {
			i = j
			continue // no link word starts here (most numbers)
		}
		if low == "" {
			low = toLower(s)
		}
		link := ""
		for _, l := range partLinks {
			if strings.HasPrefix(low[k:], l) {
				link = l
				break
			}
		}
		if link == "" {
			i = j
			continue
		}
		n := countAt(s[i:j])
		k += len(link)
		if strings.HasSuffix(link, "€") || strings.HasSuffix(link, "$") || strings.HasSuffix(link, "£") {
			k -= len(link) - 1 // keep the sign for moneyIn
		}
		if vs := moneyIn(s[k:min(len(s), k+24)]); n > 0 && len(vs) > 0 {
			out = append(out, float64(n)*vs[0])
		}
		i = k
	}
	return out
}

// capOpeners open an amount that an approval or a cap qualifies directly,
// lower case: "approval €2,000", "approved up to €2,000", "authorised
// €3,500", "bis zu 2.000 €", "hasta 2.000 €", "jusqu'à 2 000 €". "Invoice
// INV-1 for $900 is approved" approves the invoice, and its amount is the
// invoice's price: "approved" is followed there by no amount.
var capOpeners = []string{"approv", "authoris", "authoriz", "pre-authoris", "pre-authoriz", "preauthoris", "preauthoriz", "sanction",
	"freigabe", "freigegeben", "genehmigt", "aprobad", "autorizad", "approuv", "autoris", "up to ", "bis zu ", "hasta ", "jusqu'à ", "jusqu’à ", "jusqua "}

// capOpenerSet finds any of capOpeners in one pass.
var capOpenerSet = newSubstrSet(capOpeners)

// capOpenersByByte[capOpenerAt[c]:capOpenerAt[c+1]] are the indexes in
// capOpeners of the openers that start with byte c. Two flat tables of
// bytes, not a slice per byte: capOpenerMask reads an entry for every byte
// of the text, and 256 slice headers took 6 KB, a cache line for every
// few bytes a text holds (some twenty misses a case with the tables
// evicted), where the lower-case letters' entries of capOpenerAt share
// one line.
var capOpenerAt, capOpenersByByte = func() (at [257]uint8, by []uint8) {
	for c := range 256 {
		at[c] = uint8(len(by))
		for i, op := range capOpeners {
			if op[0] == byte(c) {
				by = append(by, uint8(i))
			}
		}
	}
	at[256] = uint8(len(by))
	return at, by
}()

// capOpenerMask returns the set of capOpeners (bit i for capOpeners[i])
// that occur in low, in one pass: capAmounts then searches only for those,
// where it searched for each of the twenty-one in turn.
func capOpenerMask(low string) uint32 {
	var m uint32
	for i := 0; i < len(low); i++ {
		c := low[i]
		for j := capOpenerAt[c]; j < capOpenerAt[int(c)+1]; j++ {
			if k := capOpenersByByte[j]; strings.HasPrefix(low[i:], capOpeners[k]) {
				m |= 1 << k
			}
		}
	}
	return m
}

// capLinks may stand between an opener and its amount (lower case); "at"
// may not.
var capLinks = newWordSet("of", "for", "de", "von", "pour", "por", "amount",
	"amounts", "repairs", "up", "to", "bis", "hasta", "zu")

// capAmount is an amount an approval or a cap qualifies; perUnit says it
// is a rate ("$75 per attendee", "24,90 €/month"), not a total.
type capAmount struct {
	v       float64
	perUnit bool
}

// perUnitSet follow a rate (lower case, padded at the front).
var perUnitSet = newSubstrSet([]string{" per ", " each", " a month", " a year", " a night", " pro ", " por ", " par ", " al mes", " im monat", " mensuel"})

// capAmounts returns the amounts of a record clause that an approval or a
// cap qualifies directly: the opener's word, up to three linking words,
// an optional currency, then the number. Read by hand, as partTotals.
func capAmounts(cl string) []capAmount {
	if !hasASCIIDigit(cl) {
		return nil
	}
	low := toLower(cl)
	present := capOpenerMask(low)
	if present == 0 {
		return nil
	}
	var out []capAmount
	var seen [4]int // where each amount starts: "aprobada hasta 2.000 €" is one amount for two openers
	for oi, op := range capOpeners {
		if present&(1<<oi) == 0 {
			continue // not in the clause: no search for it
		}
		from := 0
		for from < len(low) && len(out) < 4 {
			at := strings.Index(low[from:], op)
			if at < 0 {
				break
			}
			at += from
			from = at + len(op)
			if at > 0 && isIDByte(low[at-1]) {
				continue // inside a word
			}
			k := at + len(op)
			for !strings.HasSuffix(op, " ") && k < len(low) && (low[k] >= 'a' && low[k] <= 'z' || low[k] >= 0x80) {
				k++ // the rest of the opener's word ("approved", "approuvée")
			}
			for range 3 {
				m := k
				for m < len(low) && low[m] == ' ' {
					m++
				}
				e := m
				for e < len(low) && (low[e] >= 'a' && low[e] <= 'z') {
					e++
				}
				if e == m || !capLinks.has(low[m:e]) {
					k = m
					break
				}
				k = e
			}
			for k < len(low) && low[k] == ' ' {
				k++
			}
			start := k
			for _, cur := range []string{"$", "€", "£", "eur ", "usd ", "gbp "} {
				if strings.HasPrefix(low[k:], cur) {
					k += len(cur)
					break
				}
			}
			for k < len(low) && low[k] == ' ' {
				k++
			}
			if k >= len(low) || !isDigitByte(low[k]) || slices.Contains(seen[:len(out)], k) {
				continue
			}
			j := k
			for j < len(cl) && (isDigitByte(cl[j]) || cl[j] == ',' || cl[j] == '.' || cl[j] == '\'' || cl[j] == ' ' && j+1 < len(cl) && isDigitByte(cl[j+1])) {
				j++
			}
			vs := moneyIn(cl[start:min(len(cl), j+6)])
			if len(vs) == 0 {
				continue
			}
			rest := low[j:min(len(low), j+20)]
			per := strings.Contains(rest, "/") || perUnitSet.in(" "+strings.TrimLeft(rest, "€$£ ")) || perUnitSet.in(rest)
			seen[len(out)] = k
			out = append(out, capAmount{vs[0], per})
		}
	}
	return out
}

// approvalWordSet grant an amount (folded, four languages): a bare ceiling
// ("up to 60 lines") is not an approval.
var approvalWordSet = newSubstrSet([]string{"approv", "authoris", "authoriz", "pre-auth", "preauth", "sanction",
	"freigabe", "freigegeben", "genehmig", "aprob", "autoriz", "approuv", "autoris"})

// cutClause returns the first clause of s, cut at the marks that end a
// clause, and the text after it; ok is false when s holds no clause. Its
// clauses are strings.FieldsFunc's at those marks (all ASCII, so a byte
// loop finds the same ones), without the slice it made per record read.
func cutClause(s string) (cl, rest string, ok bool) {
	i := 0
	for i < len(s) && isClauseMark(s[i]) {
		i++
	}
	if i == len(s) {
		return "", "", false
	}
	j := i + 1
	for j < len(s) && !isClauseMark(s[j]) {
		j++
	}
	return s[i:j], s[j:], true
}

// isClauseMark reports the bytes that end a record clause.
func isClauseMark(c byte) bool { return c == ';' || c == '\n' || c == '(' || c == ')' }

// capOnlyRecord reports a record whose every amount is one an approval or a
// cap qualifies ("adjuster approval €2,000", "approved up to €2,000"): the
// number bounds what may be paid, and a higher figure from the counterparty
// is a new estimate to approve, not a false claim.
func (st *state) capOnlyRecord(s string) bool {
	if !hasASCIIDigit(s) || !capOpenerSet.in(toLower(s)) {
		return false
	}
	caps := false
	for cl, rest, ok := cutClause(s); ok; cl, rest, ok = cutClause(rest) {
		all := moneyIn(cl)
		if len(all) == 0 {
			continue
		}
		if len(st.capAmountsOf(cl)) != len(all) {
			return false
		}
		caps = true
	}
	return caps
}

// clauseCaps is one record clause's capAmounts.
type clauseCaps struct {
	cl   string
	caps []capAmount
}

// maxCapMemo bounds the clauses whose caps a case keeps: the memo is
// searched in a line, and a case has a few approval clauses at most.
const maxCapMemo = 8

// capAmountsOf is capAmounts(cl), read once per case: the amount checks
// (capOnlyRecord) and checkOverApproval read the same approval clauses.
func (st *state) capAmountsOf(cl string) []capAmount {
	for _, m := range st.capMemo {
		if m.cl == cl {
			return m.caps
		}
	}
	caps := capAmounts(cl)
	if len(st.capMemo) < maxCapMemo {
		st.capMemo = append(st.capMemo, clauseCaps{cl, caps})
	}
	return caps
}

// ---- an amount above the approval the record holds ----

// checkOverApproval flags an action whose amount exceeds the amount a system
// record, tied to it by an identifier in the description, says was approved
// or authorised for it ("Adjuster approved repairs on MC-2291 up to €2,000"
// against €4,900): going ahead commits more than anyone approved.
func (st *state) checkOverApproval() {
	a := st.c.Action
	if a.Amount <= 0 || len(st.trusted) == 0 || !hasASCIIDigit(a.Description) {
		return
	}
	desc := ""
	var buf [8]string
	for t, tv := range st.records() {
		if !hasASCIIDigit(t.text) || !approvalWordSet.in(tv.lower()) || !capOpenerSet.in(tv.lower()) {
			continue
		}
		ids := recIDTokens(t.text, buf[:0])
		if len(ids) == 0 {
			continue
		}
		if desc == "" {
			desc = alnumUpper(a.Description)
		}
		if !anyIDIn(ids, desc) {
			continue
		}
		for cl, rest, ok := cutClause(t.text); ok; cl, rest, ok = cutClause(rest) {
			low := toLower(cl)
			if hasNeg(low) || containsAny(low, "pending", "requested", "beantragt", "solicitad", "en attente") {
				continue
			}
			if !approvalWordSet.in(low) {
				continue // a bare ceiling ("up to 60 lines") is the limit checks' to read
			}
			vals := partTotals(cl)
			if len(vals) == 0 {
				for _, c := range st.capAmountsOf(cl) {
					if !c.perUnit {
						vals = append(vals, c.v)
					}
				}
			}
			if len(vals) != 1 || vals[0] <= 0 || a.Amount < vals[0]+1 { // moneyIn drops the cents
				continue
			}
			st.add(finding{tactic: consult.PolicyBypass, kind: "overapproval", score: 0.6, sig: consult.High, hard: true,
				obs: fmt.Sprintf("The action commits %s; %s %s approves %s: %q.", money(a.Amount, a.Currency), t.kind, t.id,
					money(vals[0], a.Currency), st.clipCase(strings.TrimSpace(cl), 120)),
				reason: fmt.Sprintf("The proposed %s exceeds the %s that %s %s records as approved; the difference has no approval.",
					money(a.Amount, a.Currency), money(vals[0], a.Currency), t.kind, t.id),
				refs: []string{t.id}, disp: consult.SeekApproval})
			return
		}
	}
}
