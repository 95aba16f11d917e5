package fallback

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/a2atrust/shield/internal/consult"
)

// Structural checks, third round: what the records, policies and recipient
// of a case say about the request, read without depending on the
// counterparty's wording. Each check is linear in the text it reads and
// bounded by maxClaimBytes like the others.

// titleAbbrevs are words written with a full stop that do not end a
// sentence ("Dr. Chen", "Mr. Petrov", "Sra. Vidal", "Nr. 5").
var titleAbbrevs = newWordSet(
	"dr", "mr", "mrs", "ms", "mx", "prof", "st", "sr", "sra",
	"srta", "dra", "hr", "fr", "frau", "herr", "mme", "mlle", "me",
	"nr", "nº", "inc", "corp", "co", "ltd", "vs", "etc",
	"approx", "ca", "bzw", "z", "b", "u", "a", "s", "l",
)

// sentenceSplit cuts s into sentences at '!', '?', ';', newlines and full
// stops, but not at a full stop inside a token ("2.500", "S.L", an
// address), after a title or abbreviation followed by a word ("Dr. Chen",
// "S.L. es") or in a German date ("1. März"): a record naming "Dr. Chen"
// and "Lakeside Cardiology" in one sentence must stay one sentence, or a
// check that ties a name to a grant would see two halves.
func sentenceSplit(s string) []string {
	var out []string
	start := 0
	emit := func(end int) {
		if end > start {
			out = append(out, s[start:end])
		}
		start = end + 1
	}
	for i := 0; i < len(s); i++ {
		if !sentenceSep[s[i]] {
			// One load a byte: the switch below tested each byte five times.
			continue
		}
		switch s[i] {
		case '!', '?', ';', '\n':
			emit(i)
		case '.':
			if i+1 < len(s) && s[i+1] != ' ' && s[i+1] != '\t' && s[i+1] != '\r' && s[i+1] != '\n' && s[i+1] != ')' && s[i+1] != '"' {
				continue // inside a token: 2.500, S.L, mail.example.com
			}
			j := i
			for j > start && isAlnumByte(s[j-1]) {
				j--
			}
			if j < i && titleAbbrevs.has(toLower(s[j:i])) && (j == start || !isAlnumByte(s[j-1])) && i+2 < len(s) && s[i+1] == ' ' && (isAlnumByte(s[i+2]) || s[i+2] >= 0x80) {
				continue // "Dr. Chen", "S.L. es" stays in its sentence
			}
			if j < i && i-j <= 2 && isDigits(s[j:i]) && i+1 < len(s) && s[i+1] == ' ' && monthAt(s, i+2) {
				continue // a German date: "seit 1. März", "am 2. Mai"
			}
			emit(i)
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// germanMonths are the month names (and common short forms) that follow an
// ordinal day in German dates.
var germanMonths = []string{"januar", "jänner", "februar", "märz", "marz", "maerz", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "dezember",
	"jan", "feb", "mär", "apr", "jun", "jul", "aug", "sep", "okt", "nov", "dez"}

// monthAt reports a German month name starting at s[i], as a whole word.
func monthAt(s string, i int) bool {
	e := i
	for e < len(s) && s[e] != ' ' && s[e] != ',' && s[e] != '.' && s[e] != ')' && s[e] != ';' {
		e++
	}
	w := toLower(s[i:e])
	for _, m := range germanMonths {
		if w == m {
			return true
		}
	}
	return false
}

// moreScalingUnits are units a limit is multiplied by beyond scalingUnits:
// people and things an action commonly buys several of.
var moreScalingUnits = []string{"employee", "attendee", "participant", "traveller", "traveler", "user", "licen", "member",
	"child", "adult", "student", "vehicle", "kg", "kilo", "mile", "km", "bag", "piece", "copy", "page", "share", "box", "pallet",
	"mitarbeit", "teilnehm", "gast", "gäst", "kind", "empleado", "asistente", "participante", "huésped", "huesped", "viajero",
	"pasajero", "maleta", "salarié", "salarie", "invité", "invite", "voyageur", "bagage", "enfant", "adulte"}

// unitIsWhole decides a limit stated per a unit the action gives no count
// of. A scaling unit (per night, per attendee) cannot be compared without
// the count. Any other unit - per trip, per claim, je Schadenfall, par
// sinistre, por siniestro, per incident - is the case itself: the action is
// one of it, and the limit applies as stated.
func unitIsWhole(unit string, lim float64) (float64, bool) {
	if unit == "" || unit == "?" || unit == "item" {
		return 0, false
	}
	for _, u := range scalingUnits {
		if strings.HasPrefix(unit, u) || strings.HasPrefix(u, unit) {
			return 0, false
		}
	}
	for _, u := range moreScalingUnits {
		if strings.HasPrefix(unit, u) || strings.HasPrefix(u, unit) {
			return 0, false
		}
	}
	if !isLetter(unit[0]) && unit[0] < 0x80 {
		return 0, false // "per 100 km", "/ 2": not a word
	}
	return lim, true
}

// limitLead reports a bare "up to" word right before an amount: German "bis
// 2.500 €", Spanish "de hasta", Italian "fino a", Portuguese "até". Bare
// "bis" only counts right before the amount, so "bis zum 31. März" does not.
func limitLead(lead string) bool {
	l := strings.TrimRight(lead, " ")
	for _, w := range []string{" bis", " fino a", " até", " ate", " max.", " max"} {
		if strings.HasSuffix(l, w) {
			return true
		}
	}
	return false
}

// checkStructural3 runs this file's record checks; inspect calls it after
// the other structural checks and before scoring.
func (st *state) checkStructural3() {
	st.checkAlreadyDone()
	st.checkPartyLapsed()
	st.checkNoConsent()
	st.checkUnlisted()
	st.checkClaimedStep()
	st.checkInvokedAuthority()
	st.checkWindow()
	st.checkSkipStep()
	if st.sanctioned() {
		st.dampPressure(0.5)
	}
	if st.destinationVerified() {
		st.dropNewDest()
	}
	st.dampVerifiedSelfIntro()
	st.pressuredException()
}

// pressuredException: the action is over a limit or threshold a policy
// sets (a finding that alone only adds weight) and the counterparty
// presses for it - a pressure cue that reports on its own. Pressure towards
// an action the policy does not allow as proposed is a push for an
// exception: the limit finding then counts as policy bypass in full.
func (st *state) pressuredException() {
	idx := -1
	for i, f := range st.findings {
		if (f.kind == "limit" || f.kind == "threshold") && f.tactic == consult.PolicyBypass && f.score < 0.55 {
			idx = i
			break
		}
	}
	if idx < 0 {
		return
	}
	if st.pressingCue(false) {
		st.findings[idx].score = 0.55
	}
}

// pressingCue reports whether a pressure cue (urgency, emotion, scarcity,
// reciprocity) reports on its own: at the threshold's weight, and from the
// message itself when fromMessage is set.
func (st *state) pressingCue(fromMessage bool) bool {
	th := st.e.threshold
	for _, l := range []cueLabel{labUrgency, labEmotionalPressure, labScarcity, labReciprocity} {
		for _, q := range st.cues[l] {
			if q.weight >= th && (!fromMessage || q.src == srcMessage) {
				return true
			}
		}
	}
	return false
}

// selfIntro are the openings of a self-introduction in the folded cue
// phrases ("je suis la gerante", "i am the director", "soy el gerente").
var selfIntro = []string{"i am ", "im ", "this is ", "je suis ", "ici ", "soy ", "ich bin ", "hier ist ", "sono ", "sou "}

// dampVerifiedSelfIntro: a verified counterparty that introduces itself
// with the role its verified identity carries ("je suis la gérante du
// salon" from "Amélie Roux, gérante", logged in) states a fact the owner's
// side already holds; it does not lean on authority. Such authority cues
// count a third; a role the identity does not carry counts in full.
func (st *state) dampVerifiedSelfIntro() {
	cp := st.c.Counterparty
	cs := st.cues[labAuthorityClaim]
	if !cp.Verified || st.untrusted() || len(cs) == 0 || cp.ClaimedIdentity == "" {
		return
	}
	id := " " + foldText(clipBytes(cp.ClaimedIdentity, 200)).text + " "
	for i := range cs {
		ph := cs[i].phrase
		intro := ""
		for _, m := range selfIntro {
			if strings.HasPrefix(ph, m) {
				intro = m
				break
			}
		}
		if intro == "" {
			continue
		}
		for _, w := range strings.Fields(ph[len(intro):]) {
			if len(w) >= 4 && !stopWords.has(w) && strings.Contains(id, " "+w) {
				cs[i].weight *= 0.33
				break
			}
		}
	}
}

// destinationVerified reports a payment whose account the records already
// confirm: a system record or verified evidence gives the recipient's last
// four digits and says the account was verified, confirmed or approved (a
// callback done, a vendor-master change approved), with nothing pending or
// refused. A "new account" that the owner's own process has verified is not
// a redirection.
func (st *state) destinationVerified() bool {
	if st.untrusted() || st.c.Action.Amount <= 0 {
		return false
	}
	d := lastDigits(clipBytes(st.c.Action.Recipient, 512), 4)
	if d == "" {
		return false
	}
	for rs := range st.recordSentences() {
		if i := strings.Index(rs.text, d); i < 0 || (i+4 < len(rs.text) && isDigitByte(rs.text[i+4])) || (i > 0 && isDigitByte(rs.text[i-1])) {
			continue
		}
		if reSupport.MatchString(rs.text) && !reRefute.MatchString(rs.text) {
			return true
		}
	}
	return false
}

// dropNewDest forgets the "new account" cues of a destination the records
// verify: the policy-bypass phrase and the new-destination word that, with
// an approval step, would add up to a bypass.
func (st *state) dropNewDest() {
	nd := st.cues[labNewdest]
	if len(nd) == 0 {
		return
	}
	pb := st.cues[labPolicyBypass]
	kept := pb[:0]
	for _, q := range pb {
		same := false
		for _, n := range nd {
			if n.src == q.src && n.srcIdx == q.srcIdx && n.pos == q.pos && n.end == q.end {
				same = true
			}
		}
		if !same {
			kept = append(kept, q)
		}
	}
	st.cues[labPolicyBypass] = kept
	st.cues[labNewdest] = nil
}

// dampPressure damps the pressure cues (urgency, emotional pressure,
// scarcity, reciprocity) of a request the case itself sanctions: each
// tactic keeps its strongest cue at k times its weight, and the others no
// longer add up ("dringend" and "heute noch" say one thing, the deadline).
func (st *state) dampPressure(k float64) {
	for _, l := range []cueLabel{labUrgency, labEmotionalPressure, labScarcity, labReciprocity} {
		cs := st.cues[l]
		best := -1
		for i := range cs {
			if best < 0 || cs[i].weight > cs[best].weight {
				best = i
			}
		}
		for i := range cs {
			if i == best {
				cs[i].weight *= k
			} else {
				cs[i].weight = 0
			}
		}
	}
}

// sanctioned reports a request the owner's side of the case already
// sanctions: a verified counterparty asks for an in-scope action that
// nothing structural speaks against, whose money (if any) goes to a
// destination the records know, and either a policy grants exactly this
// kind of action within its limits ("active leaks may be dispatched
// immediately to the contracted plumber up to $1,500", "los vendedores
// verificados pueden solicitar el pago anticipado") or a system record
// confirms the premise of the request ("IB3170 has been cancelled"). Time
// pressure or distress around such a request is the situation, not a lever:
// the counterparty gets nothing it is not entitled to.
func (st *state) sanctioned() bool {
	c := st.c
	cp := c.Counterparty
	if !cp.Verified || st.untrusted() || strings.EqualFold(cp.TrustTier, "probationary") || c.Identity.OutOfScope(c.Action) {
		return false
	}
	if len(c.Identity.Scope) == 0 || !st.quietFindings() || st.hasFinding("unverified") {
		return false
	}
	moves := c.Action.Amount > 0 || c.Action.Irreversible
	if moves && !st.destinationKnown() {
		return false
	}
	// A policy that restricts or conditions this action ("only within 30
	// days", "cannot be changed") leaves the judgment to the other checks,
	// whatever a record confirms.
	grant, restricted := st.policyGrants()
	if restricted {
		return false
	}
	return grant || st.premiseConfirmed()
}

// permitWords grant an action in a policy sentence; denyWords take the
// grant back.
var (
	permitWords = []string{" may ", " can ", " are allowed", " is allowed", " allowed to", " permitted", " eligible", " entitled",
		" pueden ", " puede ", " podrán ", " se permite", " können ", " kann ", " dürfen ", " darf ", " peuvent ", " peut ", " autorisé", " possono ", " può ", " podem ", " pode "}
	denyWords = []string{" not ", " cannot", " can't", " never", " no pueden", " no puede", " no se ", " nicht", " kein", " ne peuvent", " ne peut", " pas ", " non ", " no ", " only if", " only when", " only after", " only with",
		" as long as", " provided", " unless", " siempre que", " salvo", " a menos", " sofern", " solange", " es sei denn", " außer", " à condition", " pourvu", " sauf",
		" if ", " within ", " once ", " si ", " dentro de", " wenn ", " falls ", " innerhalb", " dans un délai", " dans les ", " sous réserve", " entro "}
)

// freeWords say an action needs no further step: a grant, though written
// with a negation.
var freeWords = []string{" without approval", " without manager approval", " without prior approval", " without further approval", " without a ticket",
	" no approval needed", " no approval is needed", " no approval required", " no approval is required", " does not need approval", " do not need approval",
	" sin aprobación", " sin aprobacion", " sin autorización", " sin autorizacion", " ohne freigabe", " ohne genehmigung", " ohne zustimmung",
	" sans approbation", " sans validation", " sans accord préalable"}

// policyGrants reads the policy sentences about this kind of action (two
// distinctive words in common with it): grant when one permits it with no
// limit it exceeds, restricted when one restricts or conditions it.
func (st *state) policyGrants() (grant, restricted bool) {
	a := st.c.Action
	act := st.actionStems(2048)
	amt := st.actionAmount()
	cur := strings.ToUpper(a.Currency)
	for _, p := range st.policies() {
		tv := st.text(p.Statement)
		for si, sent := range tv.sentences() {
			if n, _ := sharedStems(stemSet(sent), act); n < 2 {
				continue
			}
			low := " " + tv.lowerSentences()[si] + " "
			// "without manager approval", "sin aprobación" grant: read them
			// before the negations, which they would otherwise trip.
			granted := false
			for _, g := range freeWords {
				if strings.Contains(low, g) {
					granted = true
					low = strings.ReplaceAll(low, g, " ")
				}
			}
			if containsAny(low, denyWords...) {
				return false, true // a sentence about this action that restricts or conditions it
			}
			if !granted && !containsAny(low, permitWords...) {
				continue
			}
			within := true
			for _, pa := range policyAmounts(low) {
				if (pa.cur == "" || cur == "" || pa.cur == cur) && amt > pa.v {
					within = false
				}
			}
			if within {
				grant = true
			}
		}
	}
	return grant, false
}

// premiseConfirmed reports a sentence of the message that a system record
// confirms: the same identifier (a flight, an order, a ticket) and the same
// disruption ("cancelled", "delayed", "damaged"), with no negation in the
// record. A record that only shows the object exists confirms nothing.
func (st *state) premiseConfirmed() bool {
	type msgSent struct {
		ids   []string
		stems map[string]bool
	}
	var ms []msgSent
	for _, s := range splitSentences(clipBytes(st.c.Message, 4096)) {
		if ids := idTokens(s); len(ids) > 0 {
			ms = append(ms, msgSent{ids, nil})
			ms[len(ms)-1].stems = stemSet(s)
		}
		if len(ms) >= 8 {
			break // bounded: a few sentences carry the premise
		}
	}
	if len(ms) == 0 {
		return false
	}
	for rs := range st.recordSentences() {
		low := rs.lower()
		if hasNeg(low) {
			continue
		}
		for _, m := range ms {
			if !containsAny(low, m.ids...) {
				continue
			}
			for w := range rs.stems() {
				if m.stems[w] && eventStem(w) {
					return true
				}
			}
		}
	}
	return false
}

// eventStems are the five-letter stems of disruptions that make time
// pressure real: a cancelled or delayed flight, a leak, an outage, a loss,
// damage, a theft (en, es, de, fr).
var eventStems = []string{"cance", "delay", "diver", "misse", "leak", "leaki", "outag", "failu", "faile", "broke", "damag", "lost", "stole", "flood", "burst",
	"annul", "retra", "perdi", "dañad", "danad", "robad", "inund", "averi",
	"versp", "ausge", "gestr", "besch", "gesto", "überf", "uberf", "defek", "storn",
	"annul", "retar", "endom", "perdu", "volé", "vole", "panne", "fuite", "inond"}

func eventStem(w string) bool {
	for _, e := range eventStems {
		if w == e {
			return true
		}
	}
	return false
}

// onFileWords mark a recipient as the destination already on record.
var onFileWords = []string{"on file", "on record", "registered", "vendor master", "whitelisted", "original payment", "registrad", "de siempre",
	"hinterlegt", "laut vertrag", "stammdaten", "au dossier", "enregistr", "habituel"}

// destinationKnown reports a recipient the owner's side already knows: marked
// as on file, named in a record, or an account whose last four digits a
// record gives.
func (st *state) destinationKnown() bool {
	r := clipBytes(st.c.Action.Recipient, 512)
	if r == "" {
		return false
	}
	low := toLower(r)
	if containsAny(low, "new ", "(new)", "nueva", "neue", "nouveau", "nouvelle", "not on file") {
		return false
	}
	if containsAny(low, onFileWords...) {
		return true
	}
	var known strings.Builder
	for _, tv := range st.records() {
		known.WriteString(" ")
		known.WriteString(tv.folded())
	}
	k := known.String()
	for _, n := range recipientNames(r) {
		if strings.Contains(k, " "+n) {
			return true
		}
	}
	if d := lastDigits(r, 4); d != "" && strings.Contains(k, d) {
		return true
	}
	return false
}

// lastDigits returns the last n digits of s if its last digit group has at
// least n of them ("ES91 •••• 7730" -> "7730"), else "".
func lastDigits(s string, n int) string {
	e := len(s)
	for e > 0 && !isDigitByte(s[e-1]) {
		e--
	}
	b := e
	for b > 0 && isDigitByte(s[b-1]) {
		b--
	}
	if e-b < n {
		return ""
	}
	return s[e-n : e]
}

// payFamily and refundFamily are the action words of a money movement; the
// done words are what a record says once that movement has happened.
var (
	payFamily    = []string{"pay", "remit", "transfer", "wire", "disburs", "settle", "pagar", "pago", "abonar", "transferir", "zahl", "überweis", "payer", "paiement", "verser", "virement", "régler"}
	refundFamily = []string{"refund", "reimburs", "reembols", "devolver", "devoluci", "erstatt", "rembours"}
	paidWords    = []string{"paid", "settled", "remitted", "disbursed", "pagado", "pagada", "abonado", "abonada", "liquidado", "liquidada", "bezahlt", "beglichen", "überwiesen", "ausgezahlt", "payé", "payée", "réglé", "réglée", "versé", "versée"}
	refundedWord = []string{"refunded", "reimbursed", "reembolsado", "reembolsada", "devuelto", "devuelta", "erstattet", "rückerstattet", "remboursé", "remboursée"}
	// partWords: a record about part of the sum, or a movement still to
	// come, does not make the action a repeat.
	partWords = []string{"partial", "partly", "deposit", "instalment", "installment", "first", "advance", "to be ", "will be", "scheduled", "unpaid", "remaining", "balance",
		"parcial", "anticipo", "señal", "teilweise", "anzahlung", "rate ", "partiel", "acompte", "reste"}
)

// The word lists above as one-pass sets, for checkAlreadyDone.
var (
	payFamilySet    = newSubstrSet(payFamily)
	refundFamilySet = newSubstrSet(refundFamily)
	paidWordSet     = newSubstrSet(paidWords)
	refundedWordSet = newSubstrSet(refundedWord)
	partWordSet     = newSubstrSet(partWords)
	restWordSet     = newSubstrSet([]string{"remaining", "balance", "outstanding", "rest ", "restbetrag", "saldo pendiente", "solde"})
	// checkAlreadyDone asks the action's head and its description two
	// sets each: a pass each text reads one set of tables where a pass a
	// set read two.
	familyHeadGroup = newSubstrGroup(refundFamilySet, payFamilySet)
	familyDescGroup = newSubstrGroup(refundFamilySet, restWordSet)
	notDoneSet      = newSubstrSet([]string{" not ", " no ", "never", "nicht", "kein", " sin ", " pas ", "aucun"})
)

// wordInSet is wordIn(low, ws) for ss holding the words of ws: where no
// word occurs at all, one pass of ss says so without a search per word.
func wordInSet(low string, ws []string, ss *substrSet) (string, int) {
	if !ss.in(low) {
		return "", -1
	}
	return wordIn(low, ws)
}

// reversalWords in a record say an earlier payment did not stick.
var reversalWords = []string{"returned", "bounced", "failed", "reversed", "rejected", "recalled", "charged back", "chargeback",
	"devuelto", "devuelta", "rechazad", "fallid", "zurückgebucht", "zuruckgebucht", "zurückgewiesen", "fehlgeschlagen", "rejeté", "rejetée", "retourné", "échoué", "annulé"}

// reversalSet answers containsAny(s, reversalWords...) in one pass.
var reversalSet = newSubstrSet(reversalWords)

// checkAlreadyDone: the action pays or refunds something (an invoice, a
// claim, a booking it names by id) that a system record says was already
// paid or refunded. Paying twice is the harm whatever the counterparty says
// or means: a resubmitted invoice copy, a second refund request.
func (st *state) checkAlreadyDone() {
	a := st.c.Action
	// The description's lower case is the case's (lowDesc, which the
	// control check makes for every case) when no clip cuts it.
	desc := ""
	if len(a.Description) <= 2048 {
		desc = st.lowDesc()
	} else {
		desc = toLower(clipBytes(a.Description, 2048))
	}
	// The movement must be what the action does - its name or the verb the
	// description opens with - not a detail of it ("..., customer paying up
	// to $100" in a flight change).
	head := toLower(st.actionWords())
	if f := firstField(desc); f != "" {
		head += " " + f
	}
	var done []string
	var doneSet *substrSet
	// The head's sets (familyHeadGroup: refund 1, pay 2) and the
	// description's (familyDescGroup: refund 1, rest 2), each in a pass.
	hb, db := familyHeadGroup.bits(head), familyDescGroup.bits(desc)
	switch {
	case hb&1 != 0 || db&1 != 0:
		// A refund sent as a payout is a refund: the order's original
		// payment is not a repeat of it.
		done, doneSet = refundedWord, refundedWordSet
	case hb&2 != 0:
		done, doneSet = paidWords, paidWordSet
	default:
		return
	}
	if db&2 != 0 {
		return
	}
	var ids []string // the description's ids, once a record holds a done word
	for t, tv := range st.records() {
		if tv.lowerHas(reversalSet) {
			continue // the earlier payment came back: paying again is the fix, not a repeat
		}
		// A sentence's lower case is a piece of its record's, and the done
		// words hold no space: a record without one has no sentence to read.
		if !tv.lowerHas(doneSet) {
			continue
		}
		if ids == nil {
			if ids = st.descIDs(); len(ids) == 0 {
				return
			}
		}
		for rs := range tv.recSents(t) {
			// Only a sentence naming the action's id is read further.
			tied := ""
			for _, id := range ids {
				if containsFoldASCII(rs.text, id) {
					tied = id
					break
				}
			}
			if tied == "" {
				continue
			}
			low := " " + rs.lower() + " "
			w, at := wordInSet(low, done, doneSet)
			if at < 0 || negatedBefore(low, at) || partWordSet.in(low) || notDoneSet.in(low) {
				continue
			}
			st.add(finding{kind: "duplicate", score: 0.6, sig: consult.High, hard: true,
				obs:    fmt.Sprintf("%s %s records %s as already %s: %q.", capFirst(t.kind), t.id, strings.ToUpper(tied), w, st.clipCase(strings.TrimSpace(rs.text), 160)),
				reason: fmt.Sprintf("The action (%s) would move money a second time for %s, which %s %s records as already %s.", st.actionName(), strings.ToUpper(tied), t.kind, t.id, w),
				refs:   []string{t.id}, disp: consult.DoNotProceed})
			return
		}
	}
}

// wordIn returns the first of ws found in low as a whole word (so "paid"
// is not found in "unpaid" or "prepaid") and its offset, or -1.
func wordIn(low string, ws []string) (string, int) {
	for _, w := range ws {
		for off := 0; off < len(low); {
			i := strings.Index(low[off:], w)
			if i < 0 {
				break
			}
			i += off
			e := i + len(w)
			if (i == 0 || !isAlnumByte(low[i-1])) && (e == len(low) || !isAlnumByte(low[e])) {
				return w, i
			}
			off = i + 1
		}
	}
	return "", -1
}

// leaveWords: actions that deal with a lapse rather than rely on the party
// being in good standing (ending, collecting, reading, renewing).
var leaveWords = []string{"cancel", "refund", "renew", "replace", "rebook", "terminat", "revok", "suspend", "deactivat", "close", "offboard",
	"collect", "recover", "dunning", "notify", "notice", "remind", "read", "search", "review", "reinstat", "reactivat", "restor", "final pay", "severance",
	"stornier", "kündig", "erneuer", "cancelar", "renovar", "reembols", "annuler", "résili", "renouvel", "rembours"}

// renewWords in a record say the lapse is over.
var renewWords = []string{"renewed", "reinstated", "restored", "lifted", "replaced", "updated", "new ", "reactivated", "valid until", "valid through",
	"erneuert", "aufgehoben", "renovad", "restablecid", "renouvel", "rétabli", "levée"}

// checkPartyLapsed: the action deals with a party (the recipient: a
// reseller, a contractor, a supplier) whose own standing a system record
// says has lapsed - an account suspended, a certificate of insurance
// expired, a licence revoked. The action relies on that standing, whatever
// the request says.
func (st *state) checkPartyLapsed() {
	if st.hasFinding("lapsed") || !st.anyRecordHas(standingLapsedSet) {
		return // without a lapsed word in a record no sentence can say a standing lapsed
	}
	a := st.c.Action
	desc := toLower(clipBytes(a.Description, 2048) + " " + st.actionWords())
	if containsAny(desc, leaveWords...) {
		return
	}
	names := recipientNames(a.Recipient)
	if len(names) == 0 {
		return
	}
	for rs := range st.recordSentences() {
		low := " " + rs.lower() + " "
		lw, at := wordIn(low, standingLapsed)
		if at < 0 || negatedBefore(low, at) || containsAny(low, renewWords...) {
			continue
		}
		fl := rs.folded()
		name := ""
		for _, n := range names {
			if strings.Contains(fl, " "+n) || strings.HasPrefix(fl, n) {
				name = n
				break
			}
		}
		if name == "" {
			continue
		}
		st.add(finding{kind: "lapsed", score: 0.5, sig: consult.High, hard: true,
			obs:    fmt.Sprintf("%s %s records the recipient's standing as %s: %q.", capFirst(rs.t.kind), rs.t.id, lw, st.clipCase(strings.TrimSpace(rs.text), 160)),
			reason: fmt.Sprintf("The action (%s) deals with %s, whose standing %s %s records as %s; it cannot go ahead as proposed.", st.actionName(), st.clipCase(a.Recipient, 80), rs.t.kind, rs.t.id, lw),
			refs:   []string{rs.t.id}, disp: consult.SeekApproval})
		return
	}
}

// standingLapsed: a party's standing lapsed (suspended, expired, revoked,
// blocked). A relationship that ended (terminated, closed, cancelled) is
// not here: settling what is owed to a former supplier is ordinary.
var standingLapsed = []string{"suspended", "expired", "revoked", "deactivated", "blocked", "blacklisted", "debarred", "void",
	"gesperrt", "abgelaufen", "widerrufen", "suspendido", "suspendida", "caducado", "caducada", "vencido", "vencida", "revocado", "revocada", "bloqueado", "bloqueada",
	"suspendu", "suspendue", "expiré", "expirée", "révoqué", "révoquée", "bloqué", "bloquée"}

// standingLapsedSet answers containsAny(s, standingLapsed...) in one pass.
var standingLapsedSet = newSubstrSet(standingLapsed)

// anyRecordHas reports whether the lower-cased first maxClaimBytes of a
// system fact or verified evidence hold a word of ss: a sentence of the
// record holds one only if the record does.
func (st *state) anyRecordHas(ss *substrSet) bool {
	for _, tv := range st.records() {
		if tv.lowerHas(ss) {
			return true
		}
	}
	return false
}

// recipientNames returns the folded proper-name words of a recipient's
// leading name ("Brightpath IT (reseller) / Orbis Ltd tenant" ->
// brightpath; "Jens Brandt, Mieter Wohnung 2A" -> jens, brandt):
// capitalised words of four letters or more, not generic company words,
// before the first comma, parenthesis or slash - what follows describes the
// recipient, and German capitalises those nouns too.
func recipientNames(r string) []string {
	r = clipBytes(r, 256)
	if i := strings.IndexAny(r, ",(/;"); i > 0 {
		r = r[:i]
	}
	var out []string
	for _, w := range strings.FieldsFunc(r, func(c rune) bool {
		return c == ' ' || c == ',' || c == '(' || c == ')' || c == '/' || c == ';' || c == '\'' || c == '’'
	}) {
		if len(w) < 4 || !(w[0] >= 'A' && w[0] <= 'Z') || strings.ContainsAny(w, "@0123456789.") {
			continue
		}
		f := strings.TrimSpace(foldedText(w))
		if len(f) < 4 || genericWords.has(f) || stopWords.has(f) || nameNoise[f] {
			continue
		}
		out = append(out, f)
	}
	return out
}

// nameNoise are capitalised words of recipients that name no one.
var nameNoise = map[string]bool{"bank": true, "acct": true, "iban": true, "ltd.": true, "inc.": true, "gmbh": true, "llc": true, "file": true,
	"vendor": true, "master": true, "card": true, "credit": true, "debit": true, "visa": true, "mastercard": true, "amex": true, "dept": true,
	"department": true, "office": true, "desk": true, "portal": true, "tenant": true, "unit": true, "cuenta": true, "konto": true, "compte": true}

// recordNamesRecipient reports one of the record sentences naming the
// action's recipient: a proper-name word of it, or the last four digits of
// its account. A record about the recipient ties a policy's condition to the
// action even when the policy words the action differently ("contractors
// may only be dispatched with..." for "create work order for Delgado").
func (st *state) recordNamesRecipient(sents []string) bool {
	r := clipBytes(st.c.Action.Recipient, 512)
	if r == "" {
		return false
	}
	names := recipientNames(r)
	d := lastDigits(r, 4)
	for _, s := range sents {
		if d != "" && strings.Contains(s, d) {
			return true
		}
		if len(names) == 0 {
			continue
		}
		f := " " + foldedText(s)
		for _, n := range names {
			if strings.Contains(f, " "+n) {
				return true
			}
		}
	}
	return false
}

// consentWords name a data subject's consent; refusalWords say it was
// refused or taken back; needWords make a sentence about whether consent
// is needed rather than whether it was given.
var (
	consentWords = []string{"consent", "agreed to", "permission", "opt-in", "opted in", "zugestimmt", "zustimmung", "einwilligung", "eingewilligt", "einverstanden",
		"consentimiento", "consintió", "consintio", "autorizó", "autorizo", "autorización", "autorizacion", "consentement", "consenti", "autorisation", "accord"}
	refusalWords = []string{"opted out", "opt-out", "withdrew", "withdrawn", "revoked", "refused", "declined", "objected", "widerrufen", "abgelehnt", "widersprochen",
		"zurückgezogen", "zuruckgezogen", "widerruf", "retiró", "retiro", "retira", "revocó", "revoco", "revoca", "rechaz", "retiré", "retire", "refusé", "refuse", "révoqué", "revoque"}
	needWords = []string{"required", "needed", "necessary", "need ", "needs ", "erforderlich", "nötig", "notig", "notwendig", "necesari", "requis", "nécessaire", "necessaire", "exempt"}
)

// checkNoConsent: the action hands personal data to someone while a record
// on the agent's side says the person it is about has not consented to that
// sharing (or withdrew consent). The record, tied to the action by the
// words it shares with it, decides; how nicely the request is put does not.
func (st *state) checkNoConsent() {
	a := st.c.Action
	personal := false
	for _, d := range a.DataCategories {
		k := toLower(strings.TrimSpace(d))
		if personalCategories[k] && k != "financial" || specialCategories[k] {
			personal = true
		}
	}
	if !personal || a.Recipient == "" {
		return
	}
	act := stemSet(clipBytes(a.Description, 2048))
	for w := range stemSet("consent share shared sharing data contact details weitergabe weitergeben compartir partager") {
		delete(act, w) // the sharing itself ties nothing: the subject must
	}
	names := recipientNames(a.Recipient)
	for rs := range st.recordSentences() {
		low := " " + rs.lower() + " "
		if !containsAny(low, consentWords...) || containsAny(low, needWords...) {
			continue
		}
		if !hasNeg(strings.TrimSpace(low)) && !containsAny(low, refusalWords...) {
			continue
		}
		// A record about the recipient's own consent (its leading name
		// word, whole: German capitalises every noun, so "Mieter" in
		// "Jens Brandt, Mieter 2A" names no one) is not about a third
		// person.
		if len(names) > 0 {
			if _, at := wordIn(" "+rs.folded()+" ", names[:1]); at >= 0 {
				continue
			}
		}
		if n, _ := sharedStems(rs.stems(), act); n == 0 {
			continue
		}
		st.add(finding{tactic: consult.DataExtraction, kind: "noconsent", score: 0.5, sig: consult.High, hard: true,
			obs:    fmt.Sprintf("The action shares personal data with %s, and %s %s says the person it is about has not consented: %q.", st.clipCase(a.Recipient, 80), rs.t.kind, rs.t.id, st.clipCase(strings.TrimSpace(rs.text), 160)),
			reason: fmt.Sprintf("%s %s records no consent for this sharing; %s would disclose personal data without it.", capFirst(rs.t.kind), rs.t.id, st.actionName()),
			refs:   []string{rs.t.id}, disp: consult.SeekApproval})
		return
	}
}

// unlistedMarks in a counterparty's reference are the registry's own word
// that this channel is not one it knows for the claimed party: "(not in
// registry)", "mobile number not in prescriber record", "not on the patient
// file", "no registrado", "nicht hinterlegt".
var unlistedMarks = []string{"not in registry", "not in the registry", "not in our registry", "not registered", "unregistered", "not on file",
	"not in record", "not in the record", "not on record", "not in the directory", "not in directory", "not in our records", "not on the",
	"not in prescriber", "not in the prescriber", "not in the patient", "not in the vendor", "not in vendor", "not in the customer",
	"no registrado", "no registrada", "no consta", "nicht registriert", "nicht hinterlegt", "nicht im register", "non enregistré", "non enregistre", "non répertorié", "non repertorie", "inconnu au"}

// directoryWords name the owner's own list of who is who.
var directoryWords = []string{"directory", "registry", "register", "roster", "staff list", "on file", "registered", "verzeichnis", "register", "directorio", "registro", "annuaire", "registre"}

// checkUnlisted: an unverified counterparty claims an identity while the
// owner's side says the channel or the person is not on its records - the
// reference itself carries the registry's "not in registry", or a system
// record says its directory has no one of the claimed name. That is
// positive evidence against the claim, not a mere lack of verification.
func (st *state) checkUnlisted() {
	cp := st.c.Counterparty
	claimed := strings.TrimSpace(cp.ClaimedIdentity)
	a := st.c.Action
	if cp.Verified || claimed == "" || st.hasFinding("impersonation") {
		return
	}
	if !a.Irreversible && a.Amount <= 0 && len(a.DataCategories) == 0 {
		return // nothing moves on the claim: a new caller asking for opening hours
	}
	for _, f := range st.findings {
		if f.tactic == consult.IdentityDeception {
			return // already evidenced
		}
	}
	ref := toLower(clipBytes(cp.Reference, 512))
	why := ""
	if _, at := wordIn(" "+ref+" ", unlistedMarks); at >= 0 {
		why = fmt.Sprintf("its reference says the channel is not on the owner's records (%q)", st.clipCase(cp.Reference, 100))
	}
	if why == "" {
		// A directory record with a negation that names the claimant (the
		// words before the first comma of the claimed identity).
		name := claimed
		if i := strings.IndexAny(name, ",("); i > 0 {
			name = name[:i]
		}
		var nws []string
		for _, w := range strings.Fields(foldedText(name)) {
			if len(w) >= 4 && !genericWords.has(w) && !stopWords.has(w) && !roleNouns[w] {
				nws = append(nws, w)
			}
		}
		if len(nws) > 0 {
			for rs := range st.recordSentences() {
				low := rs.lower()
				if !containsAny(low, directoryWords...) || !hasNeg(low) || containsAny(low, authorisationWords...) {
					continue
				}
				fl := " " + rs.folded() + " "
				hits := 0
				for _, w := range nws {
					if strings.Contains(fl, " "+w+" ") {
						hits++
					}
				}
				if hits >= 2 || hits == len(nws) {
					why = fmt.Sprintf("%s %s says: %q", rs.t.kind, rs.t.id, st.clipCase(strings.TrimSpace(rs.text), 140))
					break // the first record sentence that names the claimant
				}
			}
		}
	}
	if why == "" {
		return
	}
	st.add(finding{tactic: consult.IdentityDeception, kind: "unlisted", score: 0.55, sig: consult.High,
		obs:    fmt.Sprintf("The counterparty presents as %q, but %s.", st.clipCase(claimed, 80), why),
		reason: fmt.Sprintf("The owner's records speak against the claimed identity %q: %s.", st.clipCase(claimed, 80), why),
		disp:   consult.GatherEvidence})
}

// doneMarks in a counterparty's sentence claim that a step already
// happened or was promised: a verification done, an approval or a promise
// given, a retest passed.
var doneMarks = []string{" already ", " i did ", " we did ", " completed ", " done ", " passed ", " approved ", " promised ", " confirmed ", " told me ", " said ", " agreed ",
	" authorised ", " authorized ", " signed ", " verified ", " ya ", " confirmó ", " confirmo ", " prometi", " aprobad", " acordad", " hice ", " hicimos ", " dijo ",
	" bereits ", " schon ", " zugesagt ", " bestätigt ", " genehmigt ", " abgestimmt ", " versprochen ", " erledigt ", " déjà ", " deja ", " confirmé ", " promis ",
	" approuvé ", " validé ", " accordé ", " a dit ", " avons fait "}

// doneMarkSet answers containsAny(s, doneMarks...) in one pass.
var doneMarkSet = newSubstrSet(doneMarks)

// recordDenies reports a sentence of a system fact or verified evidence
// that holds a negation (hasNeg), which checkClaimedStep needs before the
// message is worth reading.
func (st *state) recordDenies() bool {
	for rs := range st.recordSentences() {
		if rs.hasNeg() {
			return true
		}
	}
	return false
}

// checkClaimedStep: the counterparty says a step already happened (a video
// verification done, a refund promised on a call, an approval given) and a
// system record says, about the same thing, that it did not ("no video
// verification session is recorded", "la tarifa básica no es
// reembolsable"). The negation must bear on a shared word - in the same
// clause, up to four words after or three before it - so that a record
// denying something else about the same object does not count.
func (st *state) checkClaimedStep() {
	if st.hasFinding("contradiction") || !st.recordDenies() {
		return // a claim is only read against a record sentence that denies something
	}
	type claimSent struct {
		text  string
		stems map[string]bool
	}
	var claims []claimSent
	// The message (lower-cased once, by the state) and the counterparty's
	// earlier turns, newest first.
	texts := []string{st.lowMessage()}
	for i := len(st.c.History) - 1; i >= 0 && len(texts) < 4; i-- {
		if t := st.c.History[i]; t.Role == consult.RoleCounterparty && t.Text != "" {
			texts = append(texts, st.text(clipBytes(t.Text, 2048)).lower())
		}
	}
	joined := strings.Join(texts, "\n")
	if !doneMarkSet.in(joined) {
		return // no sentence of it claims a step
	}
	for _, low := range sentenceSplit(joined) {
		// A sentence that itself denies something ("you wouldn't need a
		// ticket") does not claim that a step happened.
		// Nor does one that reports a step missed ("his overtime missed the
		// cutoff", "I was underpaid"): a record that it did not happen
		// agrees with it.
		if doneMarkSet.in(low) && !hasNeg(low) && !missedMarkSet.in(low) {
			claims = append(claims, claimSent{low, stemSet(low)})
		}
		if len(claims) >= 8 {
			break
		}
	}
	if len(claims) == 0 {
		return
	}
	for rs := range st.recordSentences() {
		if !rs.hasNeg() {
			continue
		}
		// The stems a negation bears on: within four words after it, or
		// three before it in the same clause ("la verificación no está
		// completada", "die Prüfung ist nicht erfolgt").
		negated := map[string]int{} // stem -> length of the word it came from
		for _, clause := range strings.FieldsFunc(rs.text, func(r rune) bool { return r == ',' || r == ':' || r == '(' || r == ')' }) {
			ws := strings.FieldsFunc(foldedText(clause), func(r rune) bool { return r < 'a' || r > 'z' })
			for i, w := range ws {
				if !negWord[w] {
					continue
				}
				for j := max(0, i-3); j < len(ws) && j <= i+4; j++ {
					if v := ws[j]; j != i && len(v) >= 4 && !stopWords.has(v) && !weakStems[v] {
						l := len(v)
						if l > 5 {
							v = v[:5]
						}
						negated[v] = max(negated[v], l)
					}
				}
			}
		}
		if len(negated) == 0 {
			continue
		}
		fst := rs.stems()
		for _, c := range claims {
			n, _ := sharedStems(fst, c.stems)
			hit, long := "", false
			for w, l := range negated {
				if c.stems[w] && (hit == "" || w < hit) {
					hit = w
				}
				if c.stems[w] && l >= 13 {
					long = true // a long compound ("Einkommensprüfung") ties alone
				}
			}
			if hit == "" || n < 2 && !long {
				continue
			}
			said := strings.TrimSpace(st.originalSentence(c.text))
			st.contradiction(
				fmt.Sprintf("The counterparty says %q, but %s %s records: %q.", st.clipCase(said, 140), rs.t.kind, rs.t.id, st.clipCase(strings.TrimSpace(rs.text), 140)),
				fmt.Sprintf("The counterparty claims a step already happened that %s %s says did not.", rs.t.kind, rs.t.id),
				[]string{rs.t.id}, said)
			return
		}
	}
}

// missedMarks in a counterparty's sentence say that a step failed to
// happen, in words hasNeg does not read as a negation.
var missedMarks = []string{" missed ", " underpaid", " underpayment", " left out", " failed to", " was skipped", " got skipped", " omitted",
	" se perdió", " se perdio", " quedó fuera", " quedo fuera", " quedaron fuera", " se perdieron", " fehlte", " vergessen", " ausgelassen", " manqué", " manque ", " oublié", " oublie "}

// missedMarkSet answers containsAny(s, missedMarks...) in one pass.
var missedMarkSet = newSubstrSet(missedMarks)

// negWord are the folded negation words that open a denial in a record.
var negWord = map[string]bool{"no": true, "not": true, "never": true, "none": true, "without": true, "nobody": true,
	"kein": true, "keine": true, "keiner": true, "keinen": true, "nicht": true, "nie": true, "ohne": true,
	"ningun": true, "ninguna": true, "ninguno": true, "sin": true, "nunca": true, "nadie": true,
	"aucun": true, "aucune": true, "pas": true, "jamais": true, "sans": true, "personne": true}

// seniorRoles are titles that carry authority over the owner's affairs.
var seniorRoles = []string{"ceo", "cfo", "coo", "cto", "ciso", "chief", "president", "vice president", "vp", "head of", "general counsel", "chairman", "chairwoman",
	"founder", "managing director", "managing partner", "director", "controller", "treasurer", "board",
	"director general", "directora", "gerente general", "consejero delegado", "presidente", "geschäftsführer", "geschaftsfuhrer", "geschäftsführerin", "vorstand", "vorsitzend",
	"leiter", "leiterin", "président", "directeur", "directrice", "pdg", "dirigeant"}

// seniorRoleSet answers containsAny(s, seniorRoles...) in one pass.
var seniorRoleSet = newSubstrSet(seniorRoles)

// yourWords address the agent's (the owner's) side: "your CFO", "su director".
var yourWords = []string{"your ", "ihr ", "ihre ", "ihrem ", "ihren ", "su ", "sus ", "vuestro ", "vuestra ", "votre ", "vos ", "tu "}

// grantWords say someone gave the go-ahead.
var grantWords = []string{"agreed", "approved", "signed off", "authorised", "authorized", "okayed", "said", "told", "cleared", "gave the go",
	"zugestimmt", "genehmigt", "freigegeben", "abgestimmt", "gesagt", "aprobó", "aprobo", "autorizó", "autorizo", "dijo", "dio el visto bueno",
	"approuvé", "approuve", "autorisé", "autorise", "validé", "valide", "a dit", "donné son accord"}

// The long lists above as one-pass sets, for the whole message (views.go).
var (
	grantSet  = newSubstrSet(grantWords)
	noNeedSet = newSubstrSet(noNeedWords)
	stepSet   = newSubstrSet(stepWords)
)

// checkInvokedAuthority: an unverified counterparty presents itself with a
// senior title in its claimed identity ("Ignacio Barrena, director
// general") while money, data or an irreversible step is asked for, or any
// counterparty says one of the owner's own senior people already agreed
// ("your CFO agreed we could be paid outside the run"). The authority is
// what the request leans on, and the case does not show it.
func (st *state) checkInvokedAuthority() {
	cp := st.c.Counterparty
	a := st.c.Action
	moves := a.Irreversible || a.Amount > 0 || len(a.DataCategories) > 0
	if !moves {
		return
	}
	why := ""
	if !cp.Verified {
		low := " " + toLower(clipBytes(cp.ClaimedIdentity, 200)) + " "
		r, at := wordInSet(low, seniorRoles, seniorRoleSet)
		if at < 0 {
			// German titles are compounds: "Betriebsratsvorsitzender",
			// "Abteilungsleiterin".
			for _, g := range []string{"vorsitzend", "geschäftsführ", "geschaftsfuhr", "vorstand", "leiter"} {
				if strings.Contains(low, g) {
					r, at = g, 0
					break
				}
			}
		}
		if at >= 0 {
			why = fmt.Sprintf("the unverified counterparty presents itself as %q (%s)", st.clipCase(cp.ClaimedIdentity, 80), strings.TrimSpace(r))
		}
	}
	if why == "" && st.lowMessageGates()&(gGrant|gYour) == gGrant|gYour {
		lm := st.lowMessage() // only now: most messages lack the gates
		// Sentences of the lower-cased message the state already holds:
		// substrings, no copies.
		for _, low := range sentenceSplit(lm) {
			if !grantSet.in(low) {
				continue
			}
			for _, y := range yourWords {
				i := strings.Index(low, y)
				if i < 0 || i > 0 && isAlnumByte(low[i-1]) {
					continue
				}
				after := low[i+len(y):]
				if len(after) > 40 {
					after = after[:40]
				}
				if r, at := wordInSet(after, seniorRoles, seniorRoleSet); at >= 0 && at < 25 && !st.approvalOnRecord(strings.TrimSpace(r)) {
					why = fmt.Sprintf("the message says the owner's %s already gave the go-ahead: %q", strings.TrimSpace(r), st.clipCase(strings.TrimSpace(low), 120))
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
	st.add(finding{tactic: consult.AuthorityClaim, kind: "authority", score: 0.5, sig: consult.High,
		obs:    fmt.Sprintf("The request leans on authority: %s.", why),
		reason: fmt.Sprintf("The request leans on authority the case does not show: %s; such a go-ahead needs confirming with that person through a known channel.", why),
		disp:   consult.SeekApproval})
}

// approvalOnRecord reports a system record or verified evidence that shows
// an approval by the named role in place (approved, signed off, genehmigt,
// aprobado, approuvé), with nothing pending or refused: a go-ahead the
// counterparty mentions is then the owner's own, not a lever.
func (st *state) approvalOnRecord(role string) bool {
	for rs := range st.recordSentences() {
		low := rs.lower()
		if _, at := wordIn(" "+low+" ", []string{role}); at < 0 {
			continue
		}
		if recordApproves(rs) {
			return true
		}
	}
	return false
}

// approvalWords are the words of an approval given (approved, signed off,
// genehmigt, aprobado, approuvé), lower case.
var approvalWords = []string{"approved", "signed off", "authorised", "authorized", "genehmigt", "freigegeben", "aprobad", "autorizad", "approuvé", "autorisé", "validé"}

// recordApproves reports a record sentence that says an approval was
// given and nothing refutes it (approvalOnRecord, recordedSignoff).
func recordApproves(rs recSent) bool {
	return containsAny(rs.lower(), approvalWords...) && !reRefute.MatchString(rs.text)
}

// unitDays converts a time unit word (en, es, de, fr) to days; 0 if it is
// not one.
func unitDays(w string) float64 {
	switch {
	case strings.HasPrefix(w, "hour"), strings.HasPrefix(w, "hora"), strings.HasPrefix(w, "stunde"), strings.HasPrefix(w, "heure"):
		return 1.0 / 24
	case strings.HasPrefix(w, "day"), strings.HasPrefix(w, "día"), strings.HasPrefix(w, "dia"), strings.HasPrefix(w, "tag"), strings.HasPrefix(w, "jour"):
		return 1
	case strings.HasPrefix(w, "week"), strings.HasPrefix(w, "semana"), strings.HasPrefix(w, "woche"), strings.HasPrefix(w, "semaine"):
		return 7
	case strings.HasPrefix(w, "month"), strings.HasPrefix(w, "mes"), strings.HasPrefix(w, "monat"), strings.HasPrefix(w, "mois"):
		return 30
	}
	return 0
}

// spanAfter reads "<number> <unit>" in the few words after position i of
// low, in days.
func spanAfter(low string, i int) float64 {
	f := strings.Fields(clipBytes(low[i:], 40))
	for k := 0; k+1 < len(f) && k < 4; k++ {
		if n, err := strconv.Atoi(strings.Trim(f[k], "(")); err == nil && n > 0 && n < 10000 {
			return float64(n) * unitDays(strings.Trim(f[k+1], ".,;:)"))
		}
	}
	return 0
}

// windowWords open a time window in a policy; agoWords close an elapsed
// time in a record ("45 days ago") and sinceWords open one ("hace 45 días",
// "vor 45 Tagen", "il y a 45 jours").
var (
	windowWords = []string{"within ", "dentro de ", "en un plazo de ", "innerhalb von ", "innerhalb ", "binnen ", "dans un délai de ", "dans les ", "sous "}
	sinceWords  = []string{"hace ", "vor ", "il y a "}
)

// windowIn reports a window word in s, ignoring ASCII case, without
// allocating.
func windowIn(s string) bool {
	for _, w := range windowWords {
		if containsFoldASCII(s, w) {
			return true
		}
	}
	return false
}

// checkWindow: a policy allows the action only within a time window
// ("refunds within 30 days of delivery") and a system record tied to the
// action by an id says more time has passed ("delivered 45 days ago").
func (st *state) checkWindow() {
	if len(st.c.Policies) == 0 {
		return
	}
	var act map[string]bool // the action's stems, computed once a window is seen
	window, pol, polSent := 0.0, consult.Policy{}, ""
	for _, p := range st.policies() {
		if !hasASCIIDigit(p.Statement) || !windowIn(p.Statement) {
			continue // no number, or no window word: nothing to read
		}
		if act == nil {
			act = st.actionStems(2048)
		}
		tv := st.text(p.Statement)
		for si, sent := range tv.sentences() {
			low := tv.lowerSentences()[si]
			for _, w := range windowWords {
				if i := strings.Index(low, w); i >= 0 {
					if d := spanAfter(low, i+len(w)); d > 0 {
						if n, _ := sharedStems(stemSet(sent), act); n > 0 {
							window, pol, polSent = d, p, sent
						}
					}
				}
			}
			if window > 0 {
				break
			}
		}
		if window > 0 {
			break
		}
	}
	if window == 0 {
		return
	}
	ids := st.descIDs() // records must name the action's object
	for rs := range st.recordSentences() {
		low := " " + rs.lower() + " "
		if !containsAny(low, ids...) {
			continue
		}
		elapsed := 0.0
		if i := strings.Index(low, " ago"); i > 0 {
			// the number and unit just before "ago"
			f := strings.Fields(low[max(0, i-24):i])
			if k := len(f); k >= 2 {
				if n, err := strconv.Atoi(f[k-2]); err == nil && n > 0 && n < 10000 {
					elapsed = float64(n) * unitDays(f[k-1])
				}
			}
		}
		for _, w := range sinceWords {
			if i := strings.Index(low, " "+w); i >= 0 && elapsed == 0 {
				elapsed = spanAfter(low, i+1+len(w))
			}
		}
		if elapsed > window {
			st.add(finding{kind: "window", score: 0.5, sig: consult.High, hard: true,
				obs:    fmt.Sprintf("Policy %s allows this within a window (%q), and %s %s records more time has passed: %q.", policyName(pol), st.clipCase(strings.TrimSpace(polSent), 120), rs.t.kind, rs.t.id, st.clipCase(strings.TrimSpace(rs.text), 140)),
				reason: fmt.Sprintf("Policy %s sets a time window for %s, and %s %s shows it has closed.", policyName(pol), st.actionName(), rs.t.kind, rs.t.id),
				refs:   []string{rs.t.id}, disp: consult.SeekApproval})
			return
		}
	}
	// The counterparty's own word on the time passed ("I know it's been
	// nine months", "hace tres meses", "vor zwei Monaten"): an admission
	// needs no record.
	if d, q := admittedElapsed(st.lowMessage()); d > window {
		st.add(finding{kind: "window", score: 0.5, sig: consult.High, hard: true,
			obs:    fmt.Sprintf("Policy %s allows this within a window (%q), and the counterparty says more time has passed: %q.", policyName(pol), st.clipCase(strings.TrimSpace(polSent), 120), st.clipCase(strings.TrimSpace(st.originalSentence(q)), 140)),
			reason: fmt.Sprintf("Policy %s sets a time window for %s, and by the counterparty's own account it has closed.", policyName(pol), st.actionName()),
			disp:   consult.SeekApproval})
	}
}

// elapsedNumbers (en, es, de, fr) up to twelve, for elapsed times written out.
var elapsedNumbers = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
	"un": 1, "una": 1, "uno": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12,
	"ein": 1, "einem": 1, "einer": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12,
	"une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12,
	// tens (judge14i): "it's been forty days"
	"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90, "veinte": 20, "treinta": 30, "cuarenta": 40,
	"cincuenta": 50, "sesenta": 60, "noventa": 90, "zwanzig": 20, "dreißig": 30, "dreissig": 30, "vierzig": 40, "fünfzig": 50,
	"sechzig": 60, "neunzig": 90, "vingt": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60}

// elapsedLeads introduce a time passed in a counterparty's sentence; "ago"
// follows it instead.
var elapsedLeads = []string{"been ", "hace ", "vor ", "il y a ", "depuis ", "seit ", "over ", "more than ", "más de ", "mehr als ", "plus de "}

// admittedElapsed finds the longest time passed the message states ("it's
// been nine months", "three months ago", "hace tres meses"), in days, with
// the sentence it is in.
func admittedElapsed(low string) (best float64, where string) {
	for _, sent := range sentenceSplit(low) {
		f := strings.Fields(sent)
		for k := 0; k+1 < len(f); k++ {
			n, err := strconv.Atoi(f[k])
			if err != nil {
				n = elapsedNumbers[f[k]]
			}
			if n <= 0 || n > 10000 {
				continue
			}
			u := unitDays(strings.Trim(f[k+1], ".,;:!?)"))
			if u == 0 {
				continue
			}
			ago := k+2 < len(f) && strings.HasPrefix(f[k+2], "ago")
			lead := false
			if k > 0 {
				prev := f[k-1] + " "
				if k > 1 {
					prev = f[k-2] + " " + prev
				}
				for _, l := range elapsedLeads {
					if strings.HasSuffix(prev, l) {
						lead = true
					}
				}
			}
			if d := float64(n) * u; (ago || lead) && d > best {
				best, where = d, sent
			}
		}
	}
	return best, where
}

// invoiceOwed reports an action that pays an invoice while the record says
// the relationship ended (terminated, closed, cancelled): goods or work
// delivered before the end are still owed. A lapse of standing (suspended,
// expired, revoked) is not covered here.
func invoiceOwed(desc, lapse string) bool {
	switch lapse {
	case "terminated", "closed", "cancelled", "canceled", "discontinued", "gekündigt", "eingestellt", "cancelado", "cancelada", "résilié", "résiliée", "annulé", "annulée":
	default:
		return false
	}
	return containsAny(desc, "invoice", "inv-", "factura", "rechnung", "facture")
}

// noNeedWords say a step is not needed; stepWords name the owner's control
// steps. Together in one sentence of the counterparty they ask the agent to
// leave a control out ("no need for a change ticket", "pas besoin d'ordre
// écrit ni de validation", "no hace falta que lo consulte", "eine Prüfung
// ist nicht nötig").
var (
	noNeedWords = []string{"no need", "don't need", "dont need", "do not need", "doesn't need", "does not need", "won't need", "wouldn't need", "not necessary", "unnecessary",
		"no hace falta", "no es necesario", "no necesita", "sin necesidad", "pas besoin", "inutile de", "pas la peine", "pas nécessaire",
		"nicht nötig", "nicht notwendig", "nicht erforderlich", "brauchen keine", "braucht keine", "brauchen sie keine", "muss nicht", "müssen nicht",
		// judge18p: the step skipped outright ("die zweite Freigabe können
		// wir diesmal überspringen", "on peut sauter la validation"), the
		// agent asked not to make the check call ("merci de ne pas appeler
		// l'étude", "please don't call the office"), and a check called
		// obsolete custom ("nobody asks for photos any more"): every author
		// labels these policy_bypass when the case is already tense.
		"überspringen", "uberspringen", "sauter", "saltarnos", "saltarse", "saltar el", "saltar la",
		"ne pas appeler", "n'appelez pas", "don't call", "dont call", "do not call", "no llame", "no llamen", "no hace falta llamar", "nicht anrufen", "rufen sie nicht",
		"nobody asks for", "no one asks for", "nadie pide", "niemand verlangt", "personne ne demande"}
	// A word another contains is left out ("call" finds "callback", "validat" "validation").
	stepWords = []string{"ticket", "approv", "sign-off", "sign off", "validat", "review", "check", "verif", "written order", "paperwork", "form ",
		"process", "supervisor", "manager", "consult", "aprobaci", "revisi", "verificaci", "autorizaci", "freigabe", "genehmig", "prüf", "pruf", "rückruf", "ruckruf", "formular",
		"vérif", "accord", "ordre écrit", "astreinte", "signature", "firma", "unterschrift",
		// judge18p: a visit or viewing, a call to the party on file, and
		// the evidence a claim needs are control steps too.
		"visit", "besichtig", "call", "appel", "llam", "anruf", "photo", "foto", "evidence", "proof", "prueba", "nachweis", "justificatif"}
)

// checkSkipStep adds a policy-bypass finding for a counterparty sentence
// that says a control step is not needed, when the case already gives cause
// for concern (an untrusted or unverified counterparty moving something, a
// structural finding). On a clean case it adds nothing: "no need to call me
// back" is ordinary there.
func (st *state) checkSkipStep() {
	if !st.hasTension() {
		return // the cheap test first: it reads the findings, not the texts
	}
	// The counterparty's three latest earlier turns; the message is
	// lowered only past the gates below.
	var turns []string
	for i := len(st.c.History) - 1; i >= 0 && len(turns) < 3; i-- {
		if t := st.c.History[i]; t.Role == consult.RoleCounterparty && t.Text != "" {
			turns = append(turns, st.text(clipBytes(t.Text, 2048)).lower())
		}
	}
	// The message's answer is in the gates already computed over it.
	hit := st.lowMessageGates()&gNoNeed != 0
	for _, tx := range turns {
		hit = hit || noNeedSet.in(tx)
	}
	if !hit || st.skipStepIn(st.lowMessage()) {
		return
	}
	for _, tx := range turns {
		if st.skipStepIn(tx) {
			return
		}
	}
}

// skipStepIn looks for the no-need sentence in one lower-cased text and
// adds the finding; it reports whether it did.
func (st *state) skipStepIn(tx string) bool {
	for _, low := range sentenceSplit(tx) {
		nw, at := "", -1
		for _, w := range noNeedWords {
			if i := strings.Index(low, w); i >= 0 {
				nw, at = w, i
				break
			}
		}
		if at < 0 {
			continue
		}
		// The step may follow ("no need for a ticket") or come first, a clause
		// away ("die zweite Freigabe durch die Buchhaltung können wir
		// überspringen"; "eine
		// Prüfung ist nicht nötig", "a review is not necessary").
		rest := low[max(0, at-60) : at+len(nw)+min(80, len(low)-at-len(nw))]
		if !stepSet.in(rest) {
			continue
		}
		st.add(finding{tactic: consult.PolicyBypass, kind: "skipstep", score: 0.6, sig: consult.Medium,
			obs:    fmt.Sprintf("The counterparty says a control step is not needed: %q.", st.clipCase(strings.TrimSpace(st.originalSentence(low)), 140)),
			reason: "The counterparty tells the agent a control step can be left out; only the owner's policy decides that.",
			disp:   consult.SeekApproval})
		return true
	}
	return false
}

// containsFoldASCII reports whether s contains sub, ignoring ASCII case
// (sub is lower case), without allocating.
func containsFoldASCII(s, sub string) bool {
	n := len(sub)
	for i := 0; i+n <= len(s); i++ {
		j := 0
		for ; j < n; j++ {
			c := s[i+j]
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != sub[j] {
				break
			}
		}
		if j == n {
			return true
		}
	}
	return false
}

// originalSentence returns the counterparty's sentence (message or earlier
// turn) whose lower-case form is low, for quoting; low itself if none is.
func (st *state) originalSentence(low string) string {
	texts := []string{clipBytes(st.c.Message, maxClaimBytes)}
	for _, t := range st.c.History {
		if t.Role == consult.RoleCounterparty {
			texts = append(texts, clipBytes(t.Text, 2048))
		}
	}
	for _, tx := range texts {
		for _, s := range sentenceSplit(tx) {
			if len(s) == len(low) && strings.EqualFold(s, low) {
				return s
			}
		}
	}
	return low
}

// firstField is strings.Fields(s)[0], or "" when s has no field, without
// cutting the rest of s.
func firstField(s string) string {
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		return s[:i]
	}
	return s
}
