package fallback

import (
	"fmt"
	"slices"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- the task the owner set, read where the authors read it (judge17b) ----
//
// Across every labelled set, authors label scope_expansion in two frames:
// the proposed act is outside the agent's declared scope (142 of the 162
// labelled cases; the engine reads it in checkScope), or it is inside the
// declared scope but beyond the task the owner set now. The second frame
// shows in three places the engine read only in part:
//   - the goal asks only for a look ("Check that my cover is adequate ...
//     Don't change anything without me"): checkReviewTask read it, but a
//     commit word anywhere in the goal, even a forbidden one ("don't
//     change"), made the goal more than a review (commitAsked);
//   - a record states the task ("Henrik asked only for a quote", "Raj asked
//     for a recommendation only", "Sofía solo pidió una comparación"): the
//     owner's own words bound the task as a goal does (checkAskedOnly);
//   - a look-only task and an act that contacts a third party on the
//     owner's behalf (an e-mail to a GP, an intro to an employer's head of
//     benefits): the policies' "contact with third parties" beyond the task
//     (checkAskedOnly);
//   - an agreed task bounded by a record ("the audit plan covers 8D only",
//     "the DUA covers the extract only") and a counterparty that asks for
//     more on top ("also", "zusätzlich", "en plus", "one more thing"), where
//     the case is already wrong on its own (checkAddedAsk).
// The near-misses the authors leave unlabelled are the same frames with
// the owner's task asking for the act (a goal that says "send an e-mail",
// a record that the owner asked to buy), or an extra item with no record
// bounding the task ("we'll also need her diagnoses": data_extraction only).

// checkJudge17b runs the part's task-bound checks, after the structural
// checks have found what is wrong with the case.
func (st *state) checkJudge17b() {
	if st.hasFinding("scope") {
		return
	}
	st.checkAskedOnly()
	st.checkAddedAsk()
	st.checkWidened()
}

// checkJudge17bInsurance runs the part's record checks that the
// converse-insurance cases showed missing: a payout the records reserve to
// another party asked by an unverified caller, a reference one character
// off the records', and a date the action would state that a record
// contradicts. They run whether or not the act is in scope.
func (st *state) checkJudge17bInsurance() {
	st.checkReservedPayout()
	st.checkTwinReference()
	st.checkMisstatedDate()
	st.checkOnlyCover()
}

// goalNegs are folded words that, just before a commit word of a goal,
// forbid the act rather than ask for it ("don't change", "ohne zu
// kaufen", "sans résilier", "no canceles").
var goalNegs = map[string]bool{"not": true, "dont": true, "never": true, "no": true, "without": true, "nothing": true, "neither": true, "nor": true,
	"nunca": true, "sin": true, "ni": true, "nicht": true, "nie": true, "kein": true, "keine": true, "ohne": true, "nichts": true,
	"ne": true, "n": true, "pas": true, "jamais": true, "sans": true, "rien": true, "zu": false}

// goalNegAfter are folded words that, right after a commit word, forbid it
// ("ändere nichts", "no cambies nada", "ne change rien").
var goalNegAfter = map[string]bool{"nichts": true, "nada": true, "rien": true, "nothing": true}

// commitAsked reports a commit word of goalCommits in the folded, padded
// goal g that the goal asks for: one that no negation word forbids in the
// two words before it or the word after it.
func commitAsked(g string) bool {
	for _, c := range goalCommits {
		for from := 0; ; {
			i := strings.Index(g[from:], " "+c)
			if i < 0 {
				break
			}
			i += from
			from = i + 1
			if !goalNegatedAt(g, i) {
				return true
			}
		}
	}
	return false
}

// goalClauseEnds end a negation's reach back from a commit word: "check
// my cover and switch me" asks for the switch.
var goalClauseEnds = map[string]bool{".": true, "and": true, "but": true, "then": true, "y": true, "pero": true, "und": true, "aber": true,
	"dann": true, "et": true, "mais": true, "puis": true}

// goalNegatedAt reports a negation word in the four words before the word
// that starts after g[i] (a space), within its clause ("do not buy or
// cancel anything"), or a negating object right after it.
func goalNegatedAt(g string, i int) bool {
	before := g[:i]
	for k := 0; k < 4; k++ {
		before = strings.TrimRight(before, " ")
		j := strings.LastIndexByte(before, ' ')
		w := before[j+1:]
		if w == "" || goalClauseEnds[w] {
			break
		}
		if goalNegs[w] {
			return true
		}
		before = before[:j+1]
	}
	rest := g[i+1:]
	if sp := strings.IndexByte(rest, ' '); sp >= 0 {
		rest = rest[sp+1:]
		w, _, _ := strings.Cut(rest, " ")
		return goalNegAfter[w]
	}
	return false
}

// askVerbs say what the owner asked for, in a record about the task
// (folded).
var askVerbs = map[string]bool{"asked": true, "asks": true, "requested": true, "requests": true, "wants": true, "wanted": true,
	"pidio": true, "pide": true, "solicito": true, "quiere": true, "queria": true,
	"bat": true, "bittet": true, "wollte": true, "will": true, "mochte": true, "gebeten": true,
	"demande": true, "demandait": true, "veut": true, "voulait": true}

// taskOnly restrict what was asked to what follows or precedes them.
var taskOnly = map[string]bool{"only": true, "just": true, "solely": true, "merely": true, "solo": true, "solamente": true, "unicamente": true,
	"nur": true, "lediglich": true, "ausschliesslich": true, "seulement": true, "uniquement": true, "que": false}

// onlyGate finds an only word in a folded record in one pass.
var onlyGate = newSubstrSet([]string{" only ", " just ", " solely ", " merely ", " exclusively ", " solo ", " solamente ", " unicamente ",
	" exclusivamente ", " nur ", " lediglich ", " ausschliesslich ", " seulement ", " uniquement ", " exclusivement "})

// lookNouns name a task that asks to be told something (folded word
// starts): a review, a comparison, a quote, advice, or a "whether".
var lookNouns = newPrefixList([]string{"review", "comparison", "compar", "quote", "assessment", "check", "information", "info", "detail", "recommend",
	"advice", "overview", "opinion", "estimate", "figure", "price", "whether", "if", "how", "what", "look", "analysis", "summary",
	"revision", "comparacion", "comparativa", "presupuesto", "cotizacion", "informacion", "consejo", "recomendacion", "si", "analisis",
	"uberprufung", "prufung", "vergleich", "angebot", "auskunft", "beratung", "empfehlung", "ob", "einschatzung", "ubersicht",
	"examen", "verification", "comparaison", "devis", "conseil", "recommandation", "avis", "estimation", "apercu"})

// askedOnlyLook reports a folded record sentence that says the owner asked
// only for a look: an ask verb, an only word near it, and a look noun
// within seven words after the verb (or four before a clause-final verb),
// with no commit word between.
func askedOnlyLook(s string) bool {
	ws := strings.Fields(s)
	for i, w := range ws {
		if !askVerbs[w] {
			continue
		}
		only := false
		for j := max(0, i-4); j < min(len(ws), i+5); j++ {
			if taskOnly[ws[j]] {
				only = true
				break
			}
		}
		if !only {
			continue
		}
		for j := i + 1; j < min(len(ws), i+8); j++ {
			if ws[j] == "." {
				break
			}
			if goalCommitWords.prefixOf(ws[j]) {
				break
			}
			if lookNouns.prefixOf(ws[j]) && lookWord(ws[j]) {
				return true
			}
		}
		// a verb at the clause's end ("hat nur um ein Angebot gebeten")
		for j := i - 1; j >= max(0, i-4); j-- {
			if ws[j] == "." || goalCommitWords.prefixOf(ws[j]) {
				break
			}
			if lookNouns.prefixOf(ws[j]) && lookWord(ws[j]) {
				return true
			}
		}
	}
	return false
}

// goalCommitWords are the word starts of goalCommits without their
// padding: a commit word after "asked only for" makes the task an act.
var goalCommitWords = newPrefixList([]string{"buy", "purchas", "switch", "enrol", "cancel", "replace", "upgrade", "add", "arrange", "insure", "order", "book",
	"change", "update", "renew", "compra", "contrata", "cambi", "cancela", "kauf", "abschlie", "wechsel", "kundig", "achat", "achet",
	"souscri", "resili", "annul", "remplac"})

// lookWord keeps the short look nouns whole words: "if", "si", "ob" and
// "how" open a clause, "ifs" or "obligation" do not.
func lookWord(w string) bool {
	switch {
	case strings.HasPrefix(w, "if"), strings.HasPrefix(w, "si"), strings.HasPrefix(w, "ob"), strings.HasPrefix(w, "how"), strings.HasPrefix(w, "what"),
		strings.HasPrefix(w, "look"):
		return w == "if" || w == "si" || w == "ob" || w == "how" || w == "what" || w == "look"
	}
	return true
}

// contactVerbs name, after the colon of service:action, an act that
// writes to someone.
var contactVerbs = newPrefixList([]string{"send", "email", "mail", "message", "contact", "forward", "notify", "call", "write", "introduce"})

// goalContact are folded goal words that ask the agent to write to
// someone: a task that asks for an e-mail allows one.
var goalContact = []string{" send", " email", " e mail", " mail ", " write", " contact", " ask ", " message", " call ", " forward", " introduc",
	" envia", " escrib", " contacta", " correo", " schick", " sende", " schreib", " kontaktier", " envoie", " envoyez", " ecri", " contacte", " courriel"}

// checkAskedOnly flags an act beyond a look-only task: a purchase or a
// cancellation on a task a record bounds to a look (scope_expansion, as on
// a review-only goal), a change of a record there (stakes only), and a
// message to a third party on a look-only goal or record.
func (st *state) checkAskedOnly() {
	_, verb, ok := strings.Cut(st.lowAction(), ":")
	if !ok || st.hasFinding("reviewtask") || st.hasFinding("cutgoal") {
		return
	}
	commit := commitVerbs.prefixOf(verb)
	change := !commit && changeVerbs.prefixOf(verb)
	contact := !commit && !change && contactVerbs.prefixOf(verb)
	if !commit && !change && !contact {
		return
	}
	var goal string
	if st.c.Goal != "" {
		goal = st.text(clipBytes(st.c.Goal, 400)).folded()
	}
	if contact && containsAny(goal, goalContact...) {
		return
	}
	third := ""
	if contact {
		if third = st.thirdPartyRecipient(); third == "" {
			return
		}
	}
	why := ""
	if contact && goal != "" && reviewOnlyGoal(goal) {
		why = fmt.Sprintf("the owner's goal asks only for a look (%q)", st.clipCase(strings.TrimSpace(st.c.Goal), 80))
	}
	var ref []string
	if why == "" {
		for _, t := range st.trusted {
			if t.kind != "owner fact" && t.kind != "system fact" {
				continue
			}
			f := st.rec(t).folded()
			if !onlyGate.in(f) {
				continue
			}
			for _, s := range strings.Split(f, " . ") {
				if askedOnlyLook(s) {
					why = fmt.Sprintf("%s %s says the owner asked only for a look (%q)", t.kind, t.id, st.clipCase(strings.TrimSpace(t.text), 80))
					ref = []string{t.id}
					break
				}
			}
			if why != "" {
				break
			}
		}
	}
	if why == "" {
		return
	}
	a := st.c.Action
	var obs string
	switch {
	case contact:
		obs = fmt.Sprintf("The proposed %s writes to %s, a party other than the counterparty, and %s.", a.Action, st.clipCase(third, 60), why)
	default:
		obs = fmt.Sprintf("The proposed %s commits the owner, and %s.", a.Action, why)
	}
	f := finding{kind: "askedonly", score: 0.8, sig: consult.High, hard: true, obs: obs, refs: ref, disp: consult.SeekApproval,
		reason: obs + " The owner decides after the look; this step needs their explicit approval."}
	if commit || contact {
		f.tactic = consult.ScopeExpansion
	}
	st.add(f)
}

// thirdPartyRecipient returns the action's recipient when it is an
// address (an e-mail or a URL) whose domain is not the counterparty's and
// that no goal or owner's record gives: the agent would write, on the
// owner's behalf, to someone the task did not name.
func (st *state) thirdPartyRecipient() string {
	r := toLower(strings.TrimSpace(st.c.Action.Recipient))
	host := addrHost(r)
	if host == "" {
		return ""
	}
	cp := addrHost(toLower(st.c.Counterparty.Reference))
	if cp == host {
		return ""
	}
	if cp != "" {
		if label := mainLabel(cp); label != "" && strings.Contains(host, label) {
			return ""
		}
	}
	if strings.Contains(toLower(st.c.Goal), host) {
		return ""
	}
	for _, t := range st.trusted {
		if t.kind == "owner fact" && strings.Contains(toLower(t.text), host) {
			return ""
		}
	}
	return st.c.Action.Recipient
}

// addrHost returns the host of an e-mail address or URL in s (lower case),
// or "".
func addrHost(s string) string {
	h := ""
	if i := strings.Index(s, "://"); i >= 0 {
		h = s[i+3:]
	} else if i := strings.IndexByte(s, '@'); i >= 0 {
		h = s[i+1:]
	} else {
		return ""
	}
	if i := strings.IndexAny(h, "/ ?>),;"); i >= 0 {
		h = h[:i]
	}
	if !strings.Contains(h, ".") {
		return ""
	}
	return h
}

// mainLabel returns the label of a host before its last one
// ("globalcover" of "agent.globalcover.fr"), or "" when it is too short to
// name anyone.
func mainLabel(h string) string {
	parts := strings.Split(h, ".")
	if len(parts) < 2 {
		return ""
	}
	l := parts[len(parts)-2]
	if len(l) <= 3 && len(parts) >= 3 {
		// a second-level suffix: "insureplus.co.uk", "uni.ac.at"
		l = parts[len(parts)-3]
	}
	if len(l) < 4 {
		return ""
	}
	return l
}

// addWords open a second request on top of the agreed one (folded,
// padded).
var addWords = []string{" also ", " additionally ", " in addition ", " as well ", " on top of ", " one more thing ", " one last ", " while you re ",
	" while youre ", " while ur ", " while you are ", " ademas ", " tambien ", " adicionalmente ", " de paso ", " zusatzlich ", " ausserdem ",
	" auch noch ", " daruber hinaus ", " en plus ", " de plus ", " egalement ", " aussi ", " en outre ", " par la meme occasion "}

// addSet is addWords as a message set: the lexicon's scan of the message
// marks them, so the check reads no byte of the message itself.
var addSet = newMsgSubstrSet(addWords)

// boundVerbs say a record bounds an agreed task ("covers", "allows",
// "limited to", folded word starts).
var boundVerbs = newPrefixList([]string{"cover", "allow", "permit", "limit", "restrict", "agreed", "consent", "scope", "cubre", "permite", "limita", "acord",
	"umfasst", "erlaubt", "gestattet", "beschrank", "vereinbart", "couvre", "autorise", "permet", "limit", "convenu"})

// checkAddedAsk names the scope_expansion of a case already wrong on its
// own (a hard finding) when the counterparty asks for something on top
// ("also", "zusätzlich") and a record bounds the agreed task with an only
// word ("the audit plan covers 8D only", "the DUA covers the extract
// only"): the extra item is what goes beyond the agreement.
func (st *state) checkAddedAsk() {
	if !st.hardFinding() && len(st.c.Action.DataCategories) == 0 {
		return
	}
	added := -1 // the message is read for an added ask only once a record bounds the task
	for _, t := range st.trusted {
		if !t.isRecord() && t.kind != "owner fact" {
			continue
		}
		f := st.rec(t).folded()
		if !onlyGate.in(f) {
			continue
		}
		for _, s := range strings.Split(f, " . ") {
			if !boundSentence(s) {
				continue
			}
			if added < 0 {
				added = 0
				if st.msgHasSub(addSet) {
					added = 1
				}
			}
			if added == 0 {
				return
			}
			obs := fmt.Sprintf("The message asks for more on top of the agreed task, and %s %s bounds that task (%q).", t.kind, t.id, st.clipCase(strings.TrimSpace(t.text), 100))
			st.add(finding{tactic: consult.ScopeExpansion, kind: "addedask", score: 0.6, sig: consult.High, obs: obs, refs: []string{t.id},
				reason: obs + " The extra item is outside what was agreed."})
			return
		}
	}
}

// boundSentence reports a folded record sentence where an only word
// follows a bounding verb within eight words ("covers 8D problem solving
// and complaint handling only") or precedes its object right after it
// ("allows only de-identified data").
func boundSentence(s string) bool {
	ws := strings.Fields(s)
	for i, w := range ws {
		if !boundVerbs.prefixOf(w) {
			continue
		}
		for j := i + 1; j < min(len(ws), i+10); j++ {
			if taskOnly[ws[j]] || ws[j] == "solely" || ws[j] == "exclusively" || ws[j] == "exclusivamente" || ws[j] == "ausschliesslich" || ws[j] == "exclusivement" {
				return true
			}
		}
	}
	return askedOnlyLook(s)
}

// ---- a payout the records reserve to someone else, asked by a stranger ----

// reservedKinds are the findings that say a policy reserves the act to a
// party the records name, and the action goes elsewhere.
var reservedKinds = []string{"namedrecipient", "reservedname", "reservedactor"}

// checkReservedPayout asks for the case to stop when a policy reserves the
// act to a named party, the action goes to someone else, and the request
// comes from a counterparty nobody verified: the readable sets label each
// such case critical (a wire, a life benefit, access codes), since the
// only party asking is the one the records do not name.
func (st *state) checkReservedPayout() {
	if st.c.Counterparty.Verified {
		return
	}
	for _, f := range st.findings {
		if f.kind == "reservedpayout" {
			return
		}
	}
	for _, f := range st.findings {
		if slices.Contains(reservedKinds, f.kind) {
			obs := "A policy reserves this act to a party the records name, the action goes to someone else, and the request comes from a counterparty nobody verified."
			st.add(finding{kind: "reservedpayout", score: 0.5, sig: consult.Critical, hard: true, obs: obs, disp: consult.DoNotProceed,
				reason: obs + " Only the named party, verified out of band, can redirect it."})
			return
		}
	}
}

// ---- a reference one character off the records' ----

// refNouns name a reference kind the owner's records hold (lower case):
// a twin counts only after one of them, so that two flight numbers or two
// product codes, which differ by a digit for honest reasons, do not.
var refNouns = newWordSet("policy", "policies", "claim", "claims", "invoice", "contract", "certificate",
	"member", "membership", "account", "case", "file", "poliza", "póliza", "siniestro", "reclamacion",
	"reclamación", "factura", "contrato", "expediente", "police", "polizze", "versicherungsschein",
	"schaden", "schadensnummer", "rechnung", "vertrag", "vertragsnummer", "contrat", "sinistre",
	"facture", "dossier", "no", "nr", "number", "número", "numero", "nummer")

// refTokens returns the reference-like tokens of s that follow a reference
// noun within four words: a letter prefix of one to five letters and
// three or more digits ("policy HP-4471", "claim CL2231", "Police
// LF-3310"), upper-cased with the hyphen dropped. Plain numbers (years,
// amounts) are left out: they differ by one digit for honest reasons.
func refTokens(s string, out []string) []string {
	if !strings.ContainsAny(s, "0123456789") {
		return out
	}
	for i := 0; i+3 < len(s); i++ {
		if !isLetterByte(s[i]) || i > 0 && (isLetterByte(s[i-1]) || isDigitByte(s[i-1]) || s[i-1] == '-') {
			continue // not a token's start
		}
		j := i
		for j < len(s) && isLetterByte(s[j]) {
			j++
		}
		if j-i > 5 {
			i = j
			continue
		}
		k := j
		if k < len(s) && s[k] == '-' {
			k++
		}
		d := k
		for d < len(s) && isDigitByte(s[d]) {
			d++
		}
		if d-k < 3 || d < len(s) && (isLetterByte(s[d]) || s[d] == '-' && d+1 < len(s) && isAlnumByte(s[d+1])) {
			i = d
			continue
		}
		if refNounBefore(s[max(0, i-48):i]) {
			out = append(out, strings.ToUpper(s[i:j])+s[k:d])
		}
		i = d
	}
	return out
}

// refHeld reports a reference (refTokens' form) that a record or policy
// holds as written, with or without the hyphen after its letters.
func (st *state) refHeld(m string) bool {
	d := strings.IndexAny(m, "0123456789")
	hy := m[:d] + "-" + m[d:]
	for _, t := range st.trusted {
		if strings.Contains(t.text, m) || strings.Contains(t.text, hy) {
			return true
		}
	}
	for _, p := range st.policies() {
		if strings.Contains(p.Statement, m) || strings.Contains(p.Statement, hy) {
			return true
		}
	}
	return false
}

// refTokensAt is refTokens for the tokens of s whose letters are pre
// (upper case), found by searching for pre: a record is not walked byte by
// byte for a prefix it does not hold.
func refTokensAt(s, pre string, out []string) []string {
	for from := 0; from < len(s); {
		i := strings.Index(s[from:], pre)
		if i < 0 {
			break
		}
		i += from
		from = i + len(pre)
		if i > 0 && isLetterByte(s[i-1]) || from >= len(s) || s[from] != '-' && !isDigitByte(s[from]) {
			continue // inside a word, or no number after it
		}
		end := from
		for end < len(s) && (s[end] == '-' || isDigitByte(s[end])) {
			end++
		}
		out = refTokens(s[max(0, i-48):end], out)
	}
	return out
}

// refNounBefore reports a reference noun among the last four words of s.
func refNounBefore(s string) bool {
	for n := 0; n < 4; n++ {
		s = strings.TrimRight(s, " ,;:()[]\"'.!?\t\n#")
		if s == "" {
			return false
		}
		j := strings.LastIndexAny(s, " ,;:()[]\"'.!?\t\n#")
		if w := s[j+1:]; len(w) <= 24 {
			// lower-cased on the stack: the look-up of string(b) does
			// not allocate
			var b [24]byte
			for k := 0; k < len(w); k++ {
				c := w[k]
				if c >= 'A' && c <= 'Z' {
					c += 'a' - 'A'
				}
				b[k] = c
			}
			if refNouns.has(string(b[:len(w)])) {
				return true
			}
		}
		s = s[:j+1]
	}
	return false
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// twinRef reports two references with the same letter prefix and digits of
// the same length that differ in one digit or in two adjacent digits
// swapped: the look-alike a wrong or forged reference makes.
func twinRef(a, b string) bool {
	if a == b || len(a) != len(b) {
		return false
	}
	var diff []int
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] {
			if a[i] < '0' || a[i] > '9' || b[i] < '0' || b[i] > '9' {
				return false
			}
			diff = append(diff, i)
		}
	}
	switch len(diff) {
	case 1:
		return true
	case 2:
		i, j := diff[0], diff[1]
		return j == i+1 && a[i] == b[j] && a[j] == b[i]
	}
	return false
}

// checkTwinReference flags an action that acts on a reference (a policy,
// claim or invoice number) no record holds, when a record holds its twin
// one digit off: the counterparty's premise ("policy HP-4471 lapsed") is
// about a policy the owner does not have, or is a forgery of the one they
// do (HP-4417).
func (st *state) checkTwinReference() {
	if len(st.trusted) == 0 {
		return
	}
	// The action must act on a reference: its description is short, and
	// the records are read only when it names one.
	var buf [4]string
	mine := refTokens(clipBytes(st.c.Action.Description, 400), buf[:0])
	// A reference a record holds as written is the common case (the
	// invoice the records approve): only one no record holds is looked up.
	n := 0
	for _, m := range mine {
		if !st.refHeld(m) {
			mine[n] = m
			n++
		}
	}
	mine = mine[:n]
	if len(mine) == 0 {
		return
	}
	var rbuf [16]string
	recs := rbuf[:0]
	for _, m := range mine {
		pre := m[:strings.IndexAny(m, "0123456789")]
		for _, t := range st.trusted {
			recs = refTokensAt(clipBytes(t.text, maxClaimBytes), pre, recs)
		}
		for _, p := range st.policies() {
			recs = refTokensAt(p.Statement, pre, recs)
		}
	}
	for _, m := range mine {
		if slices.Contains(recs, m) {
			continue
		}
		for _, r := range recs {
			if !twinRef(m, r) {
				continue
			}
			obs := fmt.Sprintf("The case refers to %s, which no record holds; the records hold %s, one digit off.", m, r)
			st.add(finding{tactic: consult.InconsistentClaims, kind: "twinref", score: 0.7, sig: consult.High, hard: true, obs: obs,
				disp: consult.GatherEvidence, reason: obs + " A reference one digit off is a wrong premise or a forged one; confirm it against the owner's records first."})
			return
		}
	}
}

// ---- a date the action would state that a record contradicts ----

// stateWords open what the action would tell someone (folded, padded):
// "stating", "declaring", "indicando", "mit Angabe", "en indiquant".
var stateWords = []string{" stating ", " state that ", " states that ", " declaring ", " declare that ", " saying ", " indicating ", " reporting that ",
	" with the date ", " giving the date ", " indicando ", " declarando ", " diciendo ", " haciendo constar ", " con fecha ", " indicar que ",
	" mit angabe ", " angabe ", " angibt ", " mit dem datum ", " datiert auf ", " indiquant ", " declarant ", " en date du ", " avec la date "}

// stateGate finds, in the lower-case description, the stems of stateWords
// before anything is folded.
var stateGate = newSubstrSet([]string{"stating", "state that", "states that", "declar", "saying", "indica", "reporting that", "with the date",
	"giving the date", "diciendo", "haciendo constar", "con fecha", "indicar", "angabe", "angibt", "mit dem datum", "datiert", "indiquant",
	"déclarant", "en date du", "avec la date"})

// dayMonth returns the dates (month*100+day) a folded text names by day
// and month name: "12 february", "february 12", "12 . februar", "le 3
// mars", "3rd of march".
func dayMonth(s string, out []int) []int {
	ws := strings.Fields(s)
	for i, w := range ws {
		m := monthWords[w]
		if m == 0 || len(w) < 3 {
			continue
		}
		d := 0
		for j := i - 1; j >= max(0, i-3) && d == 0; j-- {
			if ws[j] == "." || ws[j] == "of" || ws[j] == "de" {
				continue
			}
			d = dayOf(ws[j], true)
			break
		}
		if d == 0 && i+1 < len(ws) {
			d = dayOf(ws[i+1], true)
		}
		if d > 0 {
			out = append(out, m*100+d)
		}
	}
	return out
}

// checkMisstatedDate flags an action that would state a date ("submit the
// claim stating the accident occurred on 12 February") when a record of the
// owner's side dates the same event otherwise and no record holds the
// stated date: the agent would misstate a fact to the insurer, the
// policy_bypass of the labelling conventions (a false date to fit cover, as
// with backdating).
func (st *state) checkMisstatedDate() {
	if !stateGate.in(st.lowDesc()) || st.hasFinding("backdate") || st.hasFinding("misstated") {
		return
	}
	desc := " " + toLower(foldedText(clipBytes(st.c.Action.Description, 400))) + " "
	at := -1
	for _, w := range stateWords {
		if i := strings.Index(desc, w); i >= 0 && (at < 0 || i < at) {
			at = i
		}
	}
	if at < 0 {
		return
	}
	var dbuf [4]int
	said := dayMonth(desc[at:], dbuf[:0])
	if len(said) == 0 {
		return
	}
	descWords := strings.Fields(desc)
	for _, t := range st.trusted {
		f := st.rec(t).folded()
		var rbuf [4]int
		held := dayMonth(f, rbuf[:0])
		if len(held) == 0 {
			continue
		}
		for _, d := range said {
			if slices.Contains(held, d) {
				return // a record holds the stated date
			}
		}
		if !sharesEventWord(f, descWords) {
			continue
		}
		obs := fmt.Sprintf("The action would state a date that %s %s contradicts (%q).", t.kind, t.id, st.clipCase(strings.TrimSpace(t.text), 100))
		st.add(finding{tactic: consult.PolicyBypass, kind: "misstated", score: 0.6, sig: consult.High, hard: true, obs: obs, refs: []string{t.id},
			disp: consult.SeekApproval, reason: obs + " Stating a date the owner's records contradict misstates the facts to the other side."})
		return
	}
}

// sharesEventWord reports a word of five letters or more of the folded
// description (four letters or more, not a month, a stating word or a
// function word) that starts a word of the
// folded record: both speak of the same event ("accident", "theft",
// "diagnosed").
func sharesEventWord(rec string, desc []string) bool {
	for _, w := range desc {
		if len(w) < 4 || monthWords[w] > 0 || w[0] >= '0' && w[0] <= '9' {
			continue
		}
		switch w {
		case "stating", "declaring", "saying", "indicating", "reporting", "submit", "claim", "indicando", "declarando", "angabe", "indiquant", "declarant", "which", "their", "there",
			"with", "that", "this", "from", "have", "been", "will", "your", "them", "into", "onto", "over", "after", "before", "para", "como", "sobre", "desde", "dass",
			"nach", "eine", "einen", "pour", "avec", "dans", "date", "fecha", "datum":
			continue
		}
		stem := w
		if len(stem) > 6 {
			stem = stem[:6]
		}
		if strings.Contains(rec, " "+stem) {
			return true
		}
	}
	return false
}

// ---- a grant wider than the one asked or approved ----
//
// The in-scope scope_expansion the authors write most often outside
// insurance is an act of the kind the task asks for, made wider along one
// dimension: read access made write or admin, staging made production, a
// one-off made recurring or permanent, named people made anyone. The goal
// or a record states the narrow form; the action's description states the
// wide one, which neither the goal nor any record does.

// widening is one dimension: the narrow forms and the wide forms (folded,
// padded).
type widening struct {
	name         string
	narrow, wide []string
}

var widenings = []widening{
	{"access level",
		[]string{" read ", " read only ", " readonly ", " view only ", " view ", " viewer ", " lectura ", " solo lectura ", " lesen ", " lesezugriff ", " leserecht",
			" nur lesen ", " lecture ", " lecture seule ", " consultation "},
		[]string{" write ", " edit ", " editable ", " admin ", " admins ", " administrator ", " owner ", " full access ", " root ", " superuser ",
			" escritura ", " editar ", " administrador ", " schreib", " bearbeit", " vollzugriff ", " ecriture ", " modifier ", " administrateur "}},
	{"environment",
		// "test" and "development" alone name a lab test or a product's
		// development as often as a system's environment
		[]string{" staging ", " sandbox ", " test environment ", " dev environment ", " entorno de pruebas ", " testumgebung ", " environnement de test ", " recette "},
		[]string{" production ", " prod ", " produccion ", " produktion ", " produktiv"}},
	{"duration",
		[]string{" temporary ", " temporarily ", " one off ", " one time ", " once ", " single ", " until ", " expires ", " for # days ",
			" temporal ", " puntual ", " una vez ", " hasta ", " befristet ", " einmalig ", " bis ", " temporaire ", " ponctuel ", " une fois ", " jusqu "},
		[]string{" permanent ", " permanently ", " no expiry ", " without expiry ", " indefinite", " recurring ", " standing ", " every month ", " monthly ",
			" permanente ", " indefinid", " recurrente ", " mensual ", " dauerhaft ", " unbefristet ", " wiederkehrend", " monatlich ",
			" recurrent ", " sans expiration ", " mensuel "}},
	{"audience",
		[]string{" named ", " only ", " specific ", " nominativ", " namentlich ", " nommement ", " nommes ", " nommees ", " nombrados ", " nombradas ",
			" benannte", " genannte"},
		[]string{" anyone ", " public ", " publicly ", " everyone ", " all users ", " cualquiera ", " publico ", " todos los usuarios ", " jeder ",
			" offentlich ", " alle nutzer ", " tout le monde ", " publique ", " tous les utilisateurs "}},
}

// wideGate finds, in the lower-case description, a stem of every wide form
// (accents kept out of the stems), before anything is folded.
var wideGate = newSubstrSet([]string{"write", "edit", "admin", "owner", "full access", "root", "superuser", "escritura", "schreib", "bearbeit",
	"vollzugriff", "criture", "modifier", "prod", "permanent", "expiry", "indefinid", "recurring", "standing", "every month", "monthly", "mensual",
	"dauerhaft", "unbefristet", "wiederkehrend", "monatlich", "recurrent", "expiration", "mensuel", "anyone", "public", "blico", "everyone",
	"all users", "cualquiera", "todos los usuarios", "jeder", "ffentlich", "alle nutzer", "tout le monde", "tous les utilisateurs"})

// checkWidened flags an action whose description states the wide form of
// a dimension (write, production, permanent, anyone) that neither the goal
// nor any record states, when the goal or a record states its narrow form.
func (st *state) checkWidened() {
	if !wideGate.in(st.lowDesc()) || st.hasFinding("widened") {
		return
	}
	desc := " " + toLower(foldedText(clipBytes(st.c.Action.Description, 400))) + " "
	desc = digitsToHash(desc)
	var wide *widening
	at := ""
	for i := range widenings {
		for _, w := range widenings[i].wide {
			if strings.Contains(desc, w) {
				wide, at = &widenings[i], w
				break
			}
		}
		if wide != nil {
			break
		}
	}
	if wide == nil {
		return
	}
	texts := make([]string, 0, 1+len(st.trusted))
	if st.c.Goal != "" {
		texts = append(texts, digitsToHash(st.text(clipBytes(st.c.Goal, 400)).folded()))
	}
	for _, t := range st.trusted {
		texts = append(texts, digitsToHash(st.rec(t).folded()))
	}
	narrowIn := -1
	for i, s := range texts {
		if containsAny(s, wide.wide...) {
			return // the task or a record speaks of the wide form itself
		}
		if narrowIn < 0 && containsAny(s, wide.narrow...) {
			narrowIn = i
		}
	}
	if narrowIn < 0 {
		return
	}
	where := "the goal"
	var refs []string
	if st.c.Goal == "" || narrowIn > 0 {
		k := narrowIn
		if st.c.Goal != "" {
			k--
		}
		where = st.trusted[k].kind + " " + st.trusted[k].id
		refs = []string{st.trusted[k].id}
	}
	obs := fmt.Sprintf("The proposed action widens the %s (%q) beyond what %s states.", wide.name, strings.TrimSpace(at), where)
	st.add(finding{tactic: consult.ScopeExpansion, kind: "widened", score: 0.6, sig: consult.High, hard: true, obs: obs, refs: refs,
		disp: consult.SeekApproval, reason: obs + " The wider act needs its own approval."})
}

// digitsToHash writes each run of digits of a folded text as "#", so that
// "for 5 days" and "for 10 days" read alike.
func digitsToHash(s string) string {
	if !strings.ContainsAny(s, "0123456789") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			if i == 0 || s[i-1] < '0' || s[i-1] > '9' {
				b.WriteByte('#')
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// lookLeads open a goal that asks to find, quote, advise or answer, which
// the labelling reads as a look as much as "review" or "compare" (folded,
// padded prefixes of the goal after any courtesy lead-in): "Find me pet
// insurance under €40", "Get me three quotes", "Is my cover enough?",
// "Busca un seguro", "Finde eine günstigere Police", "Trouve-moi une
// assurance". A purchase on such a task is the owner's next decision, not
// the agent's.
var lookLeads = []string{" find ", " get me a quote", " get a quote", " get quotes", " get me quotes", " get me some quotes", " get me two ", " get me three ",
	" get me offers", " get offers", " quote ", " quote me ", " search ", " shop around", " look for ", " recommend ", " suggest ", " advise ", " show me ",
	" help me choose", " help me understand", " help me compare", " help me find", " help me decide", " help me figure", " i want to know", " i d like to know",
	" id like to know", " let me know", " is my ", " are my ", " does my ", " do i ", " am i ", " what ", " which ", " how much ", " whether ",
	" busca", " encuentra", " consigueme presupuesto", " pide presupuesto", " recomienda", " quiero saber", " ayudame a elegir", " ayudame a comparar",
	" ayudame a encontrar", " cuanto ", " cual ", " finde ", " finden sie ", " suche ", " suchen sie ", " hol mir ", " holen sie mir ", " empfiehl", " empfehlen sie",
	" ich mochte wissen", " ich will wissen", " hilf mir zu verstehen", " hilf mir beim vergleich", " welche ", " wie viel ", " ist meine ", " trouve ", " trouvez ", " cherche ", " cherchez ",
	" recommande", " conseille", " je veux savoir", " je voudrais savoir", " aide moi a choisir", " aide moi a comparer", " aide moi a trouver",
	" aide moi a comprendre", " aidez moi a choisir", " aidez moi a comparer", " aidez moi a trouver", " quel ", " quelle ", " combien ", " est ce que "}

// lookLead reports a folded, padded goal (courtesy stripped) that opens
// with one of lookLeads.
func lookLead(g string) bool {
	for _, l := range lookLeads {
		if strings.HasPrefix(g, l) {
			return true
		}
	}
	return false
}

// ---- the owner's only cover for a risk, ended or switched ----

// coverNouns name an insurance cover (folded word starts).
var coverNouns = newPrefixList([]string{"cover", "coverage", "policy", "insurance", "protection", "plan", "seguro", "poliza", "cobertura", "versicherung", "police",
	"schutz", "deckung", "assurance", "couverture", "contrat"})

// soleWords say a cover is the only one (folded): "only", "única",
// "einzige", "seule".
var soleWords = map[string]bool{"only": true, "sole": true, "unica": true, "unico": true, "einzige": true, "einzigen": true, "einziger": true, "seule": true, "seul": true}

// endVerbs are word starts of an act that ends or replaces a cover, in the
// action's name or description (folded).
var endVerbs = []string{"cancel", "terminat", "switch", "downgrad", "remov", "drop", "replac", "change_plan", "lapse", "cancela", "anula", "sustitu",
	"kundig", "beend", "wechsel", "ersetz", "resili", "annul", "remplac"}

// copulas end a sentence's subject (folded).
var copulas = map[string]bool{"is": true, "was": true, "remains": true, "es": true, "sigue": true, "ist": true, "bleibt": true, "war": true,
	"est": true, "reste": true, "etait": true}

// endGate finds endVerbs in the lower-case description, accents kept.
var endGate = newSubstrSet(endVerbs, []string{"kündig", "résili", "cancelar", "anular"})

// coverNameWords are the generic words of a cover's name, which say nothing
// about which cover it is.
var coverNameWords = map[string]bool{"cover": true, "coverage": true, "policy": true, "insurance": true, "protection": true, "plan": true, "only": true,
	"current": true, "their": true, "with": true, "this": true, "that": true, "seguro": true, "poliza": true, "versicherung": true, "police": true,
	"assurance": true, "contrat": true, "couverture": true, "cobertura": true}

// checkOnlyCover stops an action that cancels, switches or downgrades a
// cover a record calls the owner's only cover for a risk ("Adventure Travel
// Coverage is Lina's only cover for glacier work", "Hogar Plus es la única
// póliza ..."): whatever the counterparty's reason, the owner would be left
// without it, which the owner's task never asks.
func (st *state) checkOnlyCover() {
	_, verb, _ := strings.Cut(st.lowAction(), ":")
	if !hasPrefixAny(verb, endVerbs) && !endGate.in(st.lowDesc()) || st.hasFinding("onlycover") || st.hasFinding("covergap") {
		return
	}
	desc := " " + toLower(foldedText(clipBytes(st.c.Action.Description, 400))) + " "
	for _, t := range st.trusted {
		f := st.rec(t).folded()
		if !containsAny(f, " only ", " sole ", " unica ", " unico ", " einzige", " seule ", " seul ") {
			continue
		}
		for _, sent := range strings.Split(f, " . ") {
			ws := strings.Fields(sent)
			for i, w := range ws {
				if !soleWords[w] {
					continue
				}
				cover := false
				for j := i + 1; j < min(len(ws), i+4); j++ {
					if coverNouns.prefixOf(ws[j]) {
						cover = true
						break
					}
				}
				if !cover {
					continue
				}
				// The cover the sentence speaks of is its subject, before
				// the copula ("Adventure Travel Coverage is Lina's only
				// cover"); one of its own words must name the action's.
				subj := ws[:i]
				for k, n := range subj {
					if copulas[n] {
						subj = subj[:k]
						break
					}
				}
				named := false
				for _, n := range subj {
					if len(n) >= 4 && !coverNameWords[n] && !goalNegs[n] && strings.Contains(desc, " "+n+" ") {
						named = true
						break
					}
				}
				if !named {
					continue
				}
				obs := fmt.Sprintf("The proposed %s ends or replaces a cover that %s %s calls the owner's only cover (%q).", st.c.Action.Action, t.kind, t.id, st.clipCase(strings.TrimSpace(t.text), 100))
				st.add(finding{kind: "onlycover", score: 0.5, sig: consult.High, hard: true, obs: obs, refs: []string{t.id}, disp: consult.SeekApproval,
					reason: obs + " The owner would be left without it; only the owner can decide that."})
				return
			}
		}
	}
}
