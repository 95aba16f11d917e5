package fallback

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// checkJudge10b runs the holdout10 round's structural checks (part B):
//   - checkSpelledDomain: an unverified sender whose domain misspells the
//     name it claims, or carries a known domain's name under another
//     registrable domain ("notaire.fr.com" for "notaire.fr");
//   - checkOwnedElsewhere: the counterparty calls the thing the action
//     touches its own, and a record gives it to another user;
//   - checkNegatedStatus: the counterparty says a thing the action names
//     is cancelled, delivered, paid..., and a record says it is not;
//   - checkRecordedAmount: the action pays the counterparty's figure for a
//     thing a record prices far lower;
//   - checkOmittedFact: the action leaves out a recorded fact about the
//     owner where a policy asks for complete, truthful answers;
//   - checkUnmetCount: a threshold applies and a record shows fewer of
//     what the policy requires (quotes, bids, approvals) than it asks;
//   - dropRecordedGrant: a grant a verified record approves for the very
//     recipient is no scope expansion by its words;
//   - dropOwnRecordChannel: the counterparty's own data or reset link sent
//     to the address a record gives it is no data extraction.
//
// It runs from checkJudge7, after every cue and finding of the earlier
// rounds is in.
func (st *state) checkJudge10b(v *j3fold) {
	st.checkSpelledDomain()
	st.checkTurnChanged() // judge13c.go: a past event's date or elapsed time changed since the counterparty's earlier turn
	if len(st.trusted) == 0 {
		return // every check here weighs the counterparty against a record
	}
	st.checkOwnedElsewhere(v)
	st.checkNegatedStatus()
	st.checkAssertions()       // judge13c.go: the counterparty's assertions against the records' values
	st.checkUnlinkedParty()    // judge14c.go: a claimed agency or a disclosure that a record links to no one
	st.checkInternalDocument() // judge14c.go: a confidential or internal document sent out
	st.checkRecordedAmount()
	st.checkOmittedFact(v)
	st.checkUnmetCount()
	st.dropRecordedGrant()
	st.dropOwnRecordChannel()
}

// ---- identifiers shared between texts ----

// recIDTokens returns the identifiers written in s: runs of letters, digits
// and hyphens that hold a letter and at least two digits, or six digits
// and no hyphen (an account or card number; a hyphenated run of digits is
// a date), upper-cased with the hyphens gone, five characters or more (or
// four with a hyphen after a letter: "A-118").
func recIDTokens(s string, out []string) []string {
	// One table load per byte instead of three range tests: this runs on
	// every record with a digit in it.
	cls := &idClass
	for i := 0; i < len(s); {
		if cls[s[i]] < idDigit {
			i++
			continue
		}
		j := i
		letters, digits, hyphen := 0, 0, false
	run:
		for ; j < len(s); j++ {
			switch cls[s[j]] {
			case idDigit:
				digits++
			case idLetter:
				letters++
			case idHyphen:
				hyphen = true
			default:
				break run
			}
		}
		short := letters+digits == 4 && hyphen && cls[s[i]] != idDigit // "A-118", not "10am"
		if (letters+digits >= 5 || short) && (letters > 0 && digits >= 2 || letters == 0 && digits >= 6 && !hyphen) {
			out = append(out, strings.ToUpper(strings.ReplaceAll(s[i:j], "-", "")))
		}
		i = j
	}
	return out
}

// Byte classes of recIDTokens: the ID bytes (digits and ASCII letters)
// rank above the hyphen, which continues an identifier but starts none.
const (
	idOther = iota
	idHyphen
	idDigit
	idLetter
)

var idClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c >= '0' && c <= '9':
			t[c] = idDigit
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			t[c] = idLetter
		case c == '-':
			t[c] = idHyphen
		}
	}
	return t
}()

func isIDByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// alnumUpper is s with everything but letters and digits gone, upper-cased:
// "MSKU 448120-7" and "MSKU4481207" both read "MSKU4481207".
func alnumUpper(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z':
			b = append(b, c-'a'+'A')
		case c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
			b = append(b, c)
		}
	}
	return string(b)
}

// sharedID returns an identifier of rec that norm (an alnumUpper text)
// also holds, or "".
func sharedID(rec, norm string) string {
	var buf [8]string
	for _, id := range recIDTokens(rec, buf[:0]) {
		if strings.Contains(norm, id) {
			return id
		}
	}
	return ""
}

// anyIDIn reports an identifier of ids (recIDTokens) that norm (an
// alnumUpper text) holds: sharedID(rec, norm) != "" for the record's ids.
func anyIDIn(ids []string, norm string) bool {
	for _, id := range ids {
		if strings.Contains(norm, id) {
			return true
		}
	}
	return false
}

// ---- the thing claimed as one's own, recorded as another's ----

// reOwnClaim: the speaker calls the thing its own or says it paid for or
// booked it (folded, padded).
var reOwnClaim = regexp.MustCompile(` (?:(?:its|it is|thats|that is) (?:my|mine|our)|my (?:own )?(?:booking|reservation|order|account|ticket|policy|claim|subscription)|i (?:paid for|booked|bought|ordered|purchased) (?:it|this|them|that)|es (?:mia|mio|nuestra|nuestro)|mi (?:reserva|pedido|cuenta|billete|poliza|suscripcion)|(?:la|lo) (?:pague|reserve|compre)|(?:ist|sind) (?:meine?|unsere?) |meine (?:buchung|reservierung|bestellung)|mein (?:konto|ticket|abo)|ich habe (?:sie|es|das|ihn) (?:selbst )?(?:bezahlt|gebucht|gekauft)|(?:c est|cest) (?:ma|mon|notre) |ma (?:reservation|commande)|mon (?:compte|billet|abonnement)|j ai (?:paye|reserve|achete) )`)

// reOwnerOf reads the holder a record gives a thing to: "belongs to user
// james_brooks_1177", "owned by", "in the profile of", "pertenece a",
// "gehört", "appartient à" (raw text, case-insensitive), and the holder's
// handle or first name.
var reOwnerOf = regexp.MustCompile(`(?i)\b(?:belongs to|owned by|held by|in the (?:profile|account) of|pertenece a|geh(?:ö|oe)rt|appartient (?:à|a))\s+(?:the\s+)?(?:user|usuario|nutzer|benutzer|utilisateur|customer|cliente|kunden?|client)?\s*([A-Za-z0-9_.@+-]{3,})`)

// ownerStems are in every folded record reOwnerOf can match.
var ownerStems = []string{" belongs", " owned", " held by", " profile", " account of", " pertenece", " gehort", " gehoert", " appartient"}

// ownerStemSet answers containsAny(s, ownerStems...) in one pass.
var ownerStemSet = newSubstrSet(ownerStems)

// checkOwnedElsewhere flags a counterparty that calls the thing the action
// touches its own when a record gives that thing, named by the same
// identifier, to another user: the claim contradicts the record.
func (st *state) checkOwnedElsewhere(v *j3fold) {
	cp := st.c.Counterparty
	if cp.Reference == "" && cp.ClaimedIdentity == "" {
		return
	}
	var norm string
	for i, t := range st.trusted {
		if !t.isRecord() || !v.recordHas(i, ownerStemSet) {
			continue // the pattern is costly; most records name no holder
		}
		m := reOwnerOf.FindStringSubmatch(t.text)
		if m == nil {
			continue
		}
		if norm == "" {
			norm = alnumUpper(st.c.Action.Description + " " + st.c.Message)
		}
		id := sharedID(t.text, norm)
		if id == "" || strings.Contains(alnumUpper(m[1]), id) {
			continue
		}
		holder := toLower(strings.TrimRight(m[1], ".,;:"))
		who := toLower(cp.Reference + " " + cp.ClaimedIdentity)
		if strings.Contains(who, holder) || sameHandle(holder, who) {
			continue
		}
		if !reOwnClaim.MatchString(foldedText(st.c.Message)) {
			return
		}
		st.contradiction(
			fmt.Sprintf("Calls %s its own; %s %s gives it to %s.", id, t.kind, t.id, clipCase(m[1], 40)),
			fmt.Sprintf("The counterparty (%s) claims %s as its own, but %s %s records: %s", clipCase(cp.Reference, 60), id, t.kind, t.id, clipCase(t.text, 300)),
			[]string{t.id}, "The counterparty owns "+id+".")
		return
	}
}

// sameHandle reports a holder handle ("james_brooks_1177") whose name
// words all stand in who (folded): the same person written another way.
func sameHandle(holder, who string) bool {
	n := 0
	for _, w := range strings.FieldsFunc(holder, func(r rune) bool { return r == '_' || r == '.' || r == '-' || r == '@' }) {
		if len(w) < 3 || hasASCIIDigit(w) {
			continue
		}
		if !strings.Contains(who, w) {
			return false
		}
		n++
	}
	return n > 0
}

// ---- a status the counterparty claims, negated by the record ----

// statusGroups are past participles of states a record keeps, in four
// languages (folded), one group per state.
var statusGroups = [][]string{
	{"cancelled", "canceled", "cancelado", "cancelada", "cancelo", "anulado", "anulada", "storniert", "annulliert", "abgesagt", "annule", "annulee"},
	{"delivered", "entregado", "entregada", "geliefert", "zugestellt", "livre", "livree"},
	{"refunded", "reembolsado", "reembolsada", "erstattet", "zuruckerstattet", "rembourse", "remboursee"},
	{"approved", "aprobado", "aprobada", "genehmigt", "freigegeben", "approuve", "approuvee"},
	{"shipped", "enviado", "versandt", "verschickt", "expedie", "expediee"},
	{"delayed", "retrasado", "verspatet", "retarde"},
}

// statusNegators stand before a participle to deny it (folded words).
var statusNegators = map[string]bool{"not": true, "never": true, "no": true, "nicht": true, "nie": true, "kein": true,
	"pas": true, "jamais": true, "nunca": true, "ni": true}

// statusAt returns the group of the participle w, or -1.
func statusAt(w string) int {
	for g, ps := range statusGroups {
		for _, p := range ps {
			if w == p {
				return g
			}
		}
	}
	return -1
}

// negatedWord reports a negator within the three words before word i.
func negatedWord(ws []string, i int) bool {
	for _, w := range ws[max(0, i-3):i] {
		if statusNegators[w] {
			return true
		}
	}
	return false
}

// checkNegatedStatus flags a counterparty that says a thing is in a state
// (cancelled, delivered, refunded, approved, shipped, delayed) when a
// record naming the same identifier says it is not.
func (st *state) checkNegatedStatus() {
	claims := ""
	for _, f := range st.c.Facts {
		if f.Source == consult.SourceCounterparty && f.Status != consult.FactVerified {
			claims += "\n" + f.Statement
		}
	}
	// The message is read again only when the matcher's pass found a
	// state word in it (@status).
	if len(st.cues[labStatus]) > 0 {
		claims = st.c.Message + claims
	}
	claims += st.statedEarlier() // judge12c.go: the counterparty's earlier turns
	if claims == "" {
		return
	}
	claims = clipBytes(claims, maxClaimBytes)
	// The states the counterparty affirms, by group.
	var said [maxStates]bool
	affirmed := false
	cw := strings.Fields(foldedText(claims))
	for i, w := range cw {
		if g := statusAt(w); g >= 0 && !negatedWord(cw, i) && !wishedState(cw, i) { // judge13f.go
			said[g], affirmed = true, true
		}
	}
	if !affirmed {
		return
	}
	norm := alnumUpper(claims)
	for _, t := range st.trusted {
		if !t.isRecord() {
			continue
		}
		id := sharedID(t.text, norm)
		if id == "" {
			if st.wordTiedStatus(claims, &said, t) { // judge12c.go: tied by the thing's name
				return
			}
			continue
		}
		rw := strings.Fields(foldedText(t.text))
		for i, w := range rw {
			g := statusAt(w)
			if g < 0 || !said[g] || !negatedWord(rw, i) || (g >= j12First && !clauseNegated(t.text, g)) { // judge12c.go
				continue
			}
			st.contradiction(
				fmt.Sprintf("Says %s is %s; %s %s says it is not.", id, w, t.kind, t.id),
				fmt.Sprintf("The counterparty says %s is %s, but %s %s records: %s", id, w, t.kind, t.id, clipCase(t.text, 300)),
				[]string{t.id}, fmt.Sprintf("%s is %s.", id, w))
			return
		}
		if st.contraryStatus(claims, &said, id, t, rw) { // judge11.go: the contrary state on record
			return
		}
	}
}

// ---- the counterparty's figure against the record's ----

// dueWords qualify a recorded amount as what is owed (folded, padded).
var dueWords = []string{" eligible", " due ", " owed", " outstanding", " payable", " entitled", " billed", " invoiced", " balance",
	" adeudad", " pendiente", " exigible", " facturad", " fallig", " offen", " zustehend", " berechtigt", " ausstehend",
	" du ", " dus ", " restant", " facture", " a payer"}

// moneyIn returns the amounts written in s with a currency before or
// after them ("$1,850", "USD 14,600", "6.400 EUR", "1 300 €"), read by
// hand: a regular expression here cost a fifth of a small case's analysis.
func moneyIn(s string) []float64 {
	var out []float64
	for i := 0; i < len(s); {
		if !isDigitByte(s[i]) || i > 0 && (isIDByte(s[i-1]) || s[i-1] == '-') {
			i++
			continue
		}
		// The number: digits, with single separators before three digits.
		j, v := i, 0.0
		for j < len(s) {
			if isDigitByte(s[j]) {
				v = v*10 + float64(s[j]-'0')
				j++
				continue
			}
			if (s[j] == ',' || s[j] == '.' || s[j] == '\'' || s[j] == ' ') && j+3 < len(s) &&
				digitsAt(s, j+1) == 3 && (j+4 >= len(s) || !isDigitByte(s[j+4])) {
				j++
				continue
			}
			break
		}
		// Cents, not counted.
		if j+2 < len(s) && (s[j] == '.' || s[j] == ',') && digitsAt(s, j+1) == 2 {
			j += 3
		}
		if currencyBefore(s[:i]) || currencyAfter(s[j:]) {
			out = append(out, v)
		}
		i = j
	}
	return out
}

// currencyBefore reports a currency sign or code just before a number.
func currencyBefore(s string) bool {
	s = strings.TrimRight(s, " ")
	if s == "" {
		return false
	}
	if strings.HasSuffix(s, "$") || strings.HasSuffix(s, "€") || strings.HasSuffix(s, "£") {
		return true
	}
	if len(s) < 3 || len(s) > 3 && isIDByte(s[len(s)-4]) {
		return false
	}
	return currencyCodes.has(strings.ToLower(s[len(s)-3:]))
}

// currencyAfter reports a currency sign, code or word just after a number.
func currencyAfter(s string) bool {
	s = strings.TrimLeft(s, " ")
	if strings.HasPrefix(s, "$") || strings.HasPrefix(s, "€") || strings.HasPrefix(s, "£") {
		return true
	}
	n := 0
	for n < len(s) && isIDByte(s[n]) {
		n++
	}
	w := strings.ToLower(s[:n])
	return currencyCodes.has(w) || w == "dollars" || w == "dollar" || w == "euros" || w == "euro"
}

var currencyCodes = newWordSet("usd", "eur", "gbp", "chf", "cad", "aud")

// statesAmount reports whether the message writes the amount v.
func statesAmount(msg string, v float64) bool {
	for _, m := range moneyIn(msg) {
		if m == v {
			return true
		}
	}
	return false
}

// checkRecordedAmount flags a payment of the counterparty's figure for a
// thing whose record, tied to the action by an identifier, gives only
// amounts under two thirds of it. A record tied only through the
// counterparty's own reference counts when it calls its amount due,
// eligible or outstanding.
func (st *state) checkRecordedAmount() {
	a := st.c.Action
	if a.Amount <= 0 || st.hasFinding("contradiction") || st.c.Message == "" {
		return
	}
	// The description first; the message, longer, only when a record's
	// identifier is not in the description.
	// A record's identifiers are read once and tried against each text in
	// turn; a record with none (most of them) costs no normalised message.
	desc, msg, ref := alnumUpper(a.Description), "", ""
	var buf [8]string
	for _, t := range st.trusted {
		if !t.isRecord() || !hasASCIIDigit(t.text) {
			continue
		}
		ids := recIDTokens(t.text, buf[:0])
		if len(ids) == 0 {
			continue
		}
		if !anyIDIn(ids, desc) {
			if msg == "" {
				msg = alnumUpper(clipBytes(st.c.Message, maxClaimBytes))
				ref = alnumUpper(st.c.Counterparty.Reference)
			}
			if !anyIDIn(ids, msg) && (ref == "" || !anyIDIn(ids, ref) || !containsAny(foldedText(t.text), dueWords...)) {
				continue
			}
		}
		vals := moneyIn(t.text)
		if len(vals) == 0 {
			continue
		}
		top := 0.0
		for _, v := range vals {
			top = max(top, v)
		}
		if top*3 >= a.Amount*2 || !statesAmount(clipBytes(st.c.Message, maxClaimBytes), a.Amount) {
			continue
		}
		// Only now, as a contradiction would be reported (judge14i.go): an
		// approval or a cap is not the thing's price, and "3 x €200" is €600.
		if st.capOnlyRecord(t.text) || slices.ContainsFunc(partTotals(t.text), func(v float64) bool { return v*3 >= a.Amount*2 }) {
			continue
		}
		st.contradiction(
			fmt.Sprintf("Asks for %s; %s %s gives %s.", money(a.Amount, a.Currency), t.kind, t.id, money(top, "")),
			fmt.Sprintf("The counterparty puts the amount at %s, but %s %s records: %s", money(a.Amount, a.Currency), t.kind, t.id, clipCase(t.text, 300)),
			[]string{t.id}, fmt.Sprintf("The amount owed is %s.", money(a.Amount, a.Currency)))
		return
	}
}

// ---- a recorded fact left out where the policy asks for all of them ----

// fullAnswerWords: a policy that asks for complete, truthful answers or
// bans leaving things out (folded, padded).
var fullAnswerWords = []string{" truthfully", " truthful", " completely and", " never leave out", " never omit", " do not omit", " dont omit",
	" must not omit", " disclose all", " full disclosure", " misrepresent", " verazmente", " con veracidad", " nunca omitir", " no omitir", " sin omitir",
	" wahrheitsgemass", " wahrheitsgetreu", " nichts verschweigen", " nicht weglassen", " nie weglassen", " sincerement", " verite",
	" ne jamais omettre", " sans rien omettre", " sans omettre", " omettre"}

// omitWords: the action leaves something out (folded, padded).
var omitWords = []string{" omitting ", " omit ", " omits ", " leaving out ", " leave out ", " left out ", " without mentioning ", " not mentioning ",
	" withholding ", " concealing ", " omitiendo ", " omitir ", " sin mencionar ", " ocultando ", " ocultar ", " weglassen ", " weggelassen ",
	" verschweigen ", " verschwiegen ", " ohne angabe ", " omettant ", " omettre ", " sans mentionner ", " en cachant ", " dissimulant "}

// omitWordSet answers containsAny(s, omitWords...) in one pass.
var omitWordSet = newSubstrSet(omitWords)

// verbLast are the omitWords that end a German clause.
var verbLast = map[string]bool{" weglassen ": true, " weggelassen ": true, " verschweigen ": true, " verschwiegen ": true}

// checkOmittedFact flags an action that leaves out a fact the owner's
// side records ("omitting drone work" where a fact lists drone work) when
// a policy asks for truthful, complete answers: the step gets round the
// policy (policy_bypass).
func (st *state) checkOmittedFact(v *j3fold) {
	desc := v.spacedDesc()
	if !omitWordSet.in(desc) {
		return // one pass; most descriptions leave nothing out
	}
	left := ""
	for _, w := range omitWords {
		if i := strings.Index(desc, w); i >= 0 {
			left = desc[i+len(w):]
			if verbLast[w] {
				// German puts the verb last: what is left out comes
				// before it, after the clause's "und" or comma.
				left = desc[:i]
				if j := strings.LastIndex(left, " und "); j >= 0 {
					left = left[j:]
				}
			}
			break
		}
	}
	if left == "" {
		return
	}
	pol := ""
	for _, p := range st.policies() {
		if f := " " + foldedText(p.Statement) + " "; containsAny(f, fullAnswerWords...) {
			pol = p.ID
			break
		}
	}
	if pol == "" && !containsAny(" "+foldedText(st.c.Goal)+" ", fullAnswerWords...) {
		return
	}
	known := " " + foldedText(st.c.Brief) + " "
	for _, t := range st.trusted {
		known += foldedText(t.text) + " "
	}
	for _, w := range strings.Fields(left) {
		if len(w) < 4 || stopWords.has(w) || genericWords.has(w) || !strings.Contains(known, " "+w) {
			continue
		}
		obs := fmt.Sprintf("The action leaves out %q, which the owner's records state, where policy %s asks for complete, truthful answers.", w, pol)
		st.add(finding{tactic: consult.PolicyBypass, kind: "omittedfact", score: 0.6, sig: consult.High, hard: true, obs: obs,
			refs: nonEmpty([]string{pol}), disp: consult.SeekApproval,
			reason: obs + " Misstating the owner's facts to a third party can void what it buys; only the owner can decide that."})
		return
	}
}

// ---- a required count the record shows unmet ----

// reRequiredCount reads "at least three written quotes", "two approvals",
// "mindestens drei Angebote", "au moins trois devis" (folded).
var reRequiredCount = regexp.MustCompile(`(?:at least|minimum of|no fewer than|al menos|como minimo|mindestens|au moins|requires?|needs?|exige|requiere|erfordert) (two|three|four|five|2|3|4|5|dos|tres|cuatro|cinco|zwei|drei|vier|funf|deux|trois|quatre|cinq) (?:[a-z]+ ){0,2}?(quotes?|bids?|offers?|tenders?|approvals?|approvers?|signatures?|cotizaciones|ofertas|presupuestos|firmas|aprobaciones|angebote|freigaben|unterschriften|devis|offres|signatures|approbations)\b`)

var requiredCountValue = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5, "2": 2, "3": 3, "4": 4, "5": 5, "dos": 2, "tres": 3, "cuatro": 4,
	"cinco": 5, "zwei": 2, "drei": 3, "vier": 4, "funf": 5, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5}

// reHeldCount reads how many a record shows: "one quote", "a single bid",
// "only 1 approval", "un solo presupuesto", "ein Angebot", "un seul devis".
var reHeldCount = regexp.MustCompile(`\b(?:one|a single|only one|single|1|un solo|una sola|una|un|solo un|ein|eine|einziges?|nur ein|un seul|une seule|une) ([a-z]+)`)

// checkUnmetCount raises a threshold finding to a stop for approval when a
// record shows fewer of what the policy requires above the threshold
// (quotes, bids, approvals) than it asks for. No tactic: nobody pressed.
func (st *state) checkUnmetCount() {
	if !st.hasFinding("threshold") {
		return
	}
	for _, p := range st.policies() {
		m := reRequiredCount.FindStringSubmatch(foldedText(p.Statement))
		if m == nil {
			continue
		}
		need, noun := requiredCountValue[m[1]], m[2]
		stem := strings.TrimSuffix(noun, "s")
		stem = stem[:min(len(stem), 5)]
		for _, t := range st.trusted {
			if !t.isRecord() {
				continue
			}
			for _, h := range reHeldCount.FindAllStringSubmatch(foldedText(t.text), 8) {
				if !strings.HasPrefix(h[1], stem) || need < 2 {
					continue
				}
				obs := fmt.Sprintf("Policy %s asks for %s %s above its threshold; %s %s shows one.", p.ID, m[1], noun, t.kind, t.id)
				st.add(finding{kind: "unmetcount", score: 0.5, sig: consult.High, hard: true, obs: obs, refs: nonEmpty([]string{p.ID, t.id}),
					disp: consult.SeekApproval, reason: obs + " The requirement is not met, so the step needs approval."})
				return
			}
		}
	}
}

// ---- what the records already settle, unsaid by the words ----

// approveWords say a record approved something (folded, padded).
var approveWords = []string{" approves ", " approved ", " aprueba ", " aprobado ", " aprobada ", " autorizado ", " genehmigt ",
	" freigegeben ", " approuve ", " approuvee ", " autorise ", " autorisee "}

// hardFinding reports a finding that stops the case on its own.
func (st *state) hardFinding() bool {
	for _, f := range st.findings {
		if f.hard {
			return true
		}
	}
	return false
}

// recordTies returns the first record, not a negation, that holds the
// recipient address (lower case, six bytes or more) and one of words.
func (st *state) recordTies(recipient string, words []string) (trustedText, bool) {
	for _, t := range st.trusted {
		if !t.isRecord() || !strings.Contains(toLower(t.text), recipient) {
			continue
		}
		f := " " + foldedText(t.text) + " "
		if containsAny(f, words...) && !containsAny(f, " not ", " no ", " pending ", " rejected ", " denied ", " nicht ", " pas ", " pendiente ") {
			return t, true
		}
	}
	return trustedText{}, false
}

// dropRecordedGrant drops the lexical scope-expansion cues ("access to
// the", "admin rights") of a grant that a verified record approves for the
// very recipient the action names, asked by a verified counterparty with
// no hard finding against the case: the words describe what the record
// approved, not a widening the counterparty slipped in.
func (st *state) dropRecordedGrant() {
	if len(st.cues[labScopeExpansion]) == 0 || !st.c.Counterparty.Verified || st.hasFinding("scope") || st.hardFinding() {
		return
	}
	rcpt := toLower(strings.TrimSpace(st.c.Action.Recipient))
	if len(rcpt) < 6 {
		return
	}
	if _, ok := st.recordTies(rcpt, approveWords); ok {
		st.dropCues(labScopeExpansion, func(cue) bool { return true })
	}
}

// ownWords say the record ties an address to a person (folded, padded).
var ownWords = []string{" mailbox ", " email ", " e mail ", " address ", " phone ", " registered ", " on file ", " buzon ", " correo ",
	" postfach ", " adresse ", " hinterlegt ", " courriel ", " boite "}

// dropOwnRecordChannel drops the lexical data-extraction cues of an action
// that sends a verified counterparty's own records (the action names the
// identifier of its reference: "employee E-3105") to an address a system
// record gives that same identifier ("l.garcia@... is the corporate
// mailbox of employee E-3105"), with no hard finding against the case:
// the data goes back to its subject, over the owner's own channel. A
// secrets finding goes too (a reset link to the email on file for the
// account the verified requester holds): secretToOwnHolder (ownchannel.go)
// reads a registered phone named by a handle where the finding is made.
//
// It stays a drop, late (judge10b, after the structural checks): its
// condition is that no other hard finding stands against the case, which
// only the whole run's findings say. Unlike secretToOwnHolder, it is not
// a predicate of the secrets check, which runs before most of them.
func (st *state) dropOwnRecordChannel() {
	cp := st.c.Counterparty
	secrets := st.hasFinding("secrets")
	if len(st.cues[labDataExtraction]) == 0 && !secrets || !cp.Verified {
		return
	}
	for _, f := range st.findings {
		if f.hard && f.kind != "secrets" {
			return
		}
	}
	rcpt := toLower(strings.TrimSpace(st.c.Action.Recipient))
	if len(rcpt) < 6 {
		return
	}
	var buf [4]string
	ids := recIDTokens(cp.Reference, buf[:0])
	if len(ids) == 0 {
		return
	}
	desc := alnumUpper(st.c.Action.Description)
	t, ok := st.recordTies(rcpt, ownWords)
	if !ok {
		return
	}
	rec := alnumUpper(t.text)
	for _, id := range ids {
		if strings.Contains(desc, id) && strings.Contains(rec, id) {
			st.dropCues(labDataExtraction, func(cue) bool { return true })
			if secrets {
				st.dropFindings("secrets")
			}
			return
		}
	}
}

// leadNegators deny a statement from up to five words before it (folded).
var leadNegators = map[string]bool{"no": true, "not": true, "none": true, "never": true, "neither": true, "nor": true,
	"ninguno": true, "ninguna": true, "ningun": true, "nunca": true, "kein": true, "keine": true, "keiner": true, "nie": true,
	"aucun": true, "aucune": true, "jamais": true}

// negatedLead reports an affirmative phrase at folded[start:end] ("has
// been flown") that a negator earlier in its sentence denies ("none of its
// flights has been flown"). A phrase that carries its own negation ("not
// refundable") is never read as denied.
func negatedLead(folded string, start, end int) bool {
	for _, w := range strings.Fields(folded[start:end]) {
		if leadNegators[w] || strings.HasPrefix(w, "non") {
			return false
		}
	}
	lead := folded[max(0, start-60):start]
	if i := strings.LastIndex(lead, " . "); i >= 0 {
		lead = lead[i+3:]
	}
	ws := strings.Fields(lead)
	for _, w := range ws[max(0, len(ws)-5):] {
		if leadNegators[w] {
			return true
		}
	}
	return false
}

// ---- a domain that imitates the claimed name ----

// checkSpelledDomain flags an unverified counterparty whose address is
// not the organisation it claims, in one of two shapes the look-alike
// check misses: a word of the domain that is a word of the claimed name
// with one or two letters swapped ("oceanbridge-logistlcs.com" for
// "OceanBridge Logistics"; same length, so no plural or abbreviation), or
// a known domain's name placed under another registrable domain
// ("bernard-notaires-paris.fr.com" where the records give
// "bernard-notaires.fr").
func (st *state) checkSpelledDomain() {
	cp := st.c.Counterparty
	if cp.Verified || cp.Reference == "" || st.hasFinding("lookalike") {
		return
	}
	for _, d := range domainsOf(cp.Reference) {
		d = toLower(d)
		base := registrable(d)
		if freemail.has(base) {
			continue
		}
		why := ""
		for _, k := range st.knownDomainList() {
			kl, _, _ := strings.Cut(k, ".") // the name before its suffix: "insureplus" of "insureplus.co.uk"
			if k != base && len(kl) >= 4 && !strings.HasSuffix(d, "."+k) && (strings.Contains(strings.TrimSuffix(d, "."+base), kl) || brandSpelled(kl, d)) {
				why = "carries the name of " + k + " under " + base
				break
			}
		}
		if why == "" {
			claimed := strings.Fields(foldedText(cp.ClaimedIdentity))
			for _, w := range strings.FieldsFunc(strings.TrimSuffix(d, "."+tld(d)), func(r rune) bool { return r == '-' || r == '.' }) {
				for _, c := range claimed {
					if len(c) >= 6 && len(w) == len(c) && w != c && swapped(w, c) <= 2 {
						why = "spells " + strconv.Quote(c) + " as " + strconv.Quote(w)
						break
					}
				}
				if why != "" {
					break
				}
			}
		}
		if why != "" {
			st.add(finding{tactic: consult.IdentityDeception, kind: "spelleddomain", score: 0.7, sig: consult.High, hard: true,
				obs:    "The unverified sender's domain " + d + " " + why + ".",
				reason: "The address imitates the organisation it claims to be (" + clipCase(cp.ClaimedIdentity, 80) + ") without being its domain.",
				disp:   consult.DoNotProceed})
			return
		}
	}
}

// swapped counts the positions at which two words of equal length differ.
func swapped(a, b string) int {
	n := 0
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}
