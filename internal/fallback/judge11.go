package fallback

import (
	"fmt"
	"strings"
)

// ---- a state the counterparty claims, against the contrary state on record ----
//
// checkNegatedStatus (judge10b.go) reads "HAT118 has not been cancelled"
// against "you cancelled HAT118". A record more often states what did
// happen than what did not: "HAT187 departed on time and landed at 14:52",
// "the request was rejected", "the parcel is undeliverable". A state the
// counterparty affirms is contradicted as much by the contrary state of the
// same identifier as by its negation. The record must not also affirm the
// claimed state itself ("HAT187 was cancelled; the rebooked HAT190
// landed"), and the contrary word must not be denied ("has not landed").

// contraryGroups hold, for each group of statusGroups (by index), the
// folded words of a state that excludes it, in four languages.
var contraryGroups = [][]string{
	// cancelled: it went ahead.
	{"departed", "landed", "operated", "flown", "boarded", "despego", "aterrizo", "opero", "volado", "embarcado",
		"gelandet", "gestartet", "abgeflogen", "durchgefuhrt", "atterri", "decolle", "opere", "embarque"},
	// delivered: it never arrived.
	{"undelivered", "undeliverable", "unzustellbar", "extraviado", "perdu", "lost"},
	// refunded: nothing the record states excludes it by one word.
	nil,
	// approved: it was turned down.
	{"rejected", "denied", "declined", "refused", "rechazado", "rechazada", "denegado", "denegada", "abgelehnt", "verweigert",
		"refuse", "refusee", "rejete", "rejetee"},
	// shipped: it is held back.
	{"backordered", "unshipped"},
	// delayed: it kept its time.
	{"punctual", "puntual", "punktlich", "planmassig", "ponctuel", "ontime"},
}

// contraryAt returns the group whose contrary state the folded word w
// (joined to the next word for "on time", "a tiempo", "a l'heure") names,
// or -1, and the number of words it takes.
func contraryAt(ws []string, i int) (int, int) {
	w := ws[i]
	if i+1 < len(ws) {
		switch w + " " + ws[i+1] {
		case "on time", "a tiempo", "a lheure":
			return 5, 2
		}
	}
	for g, cs := range contraryGroups[:min(len(contraryGroups), len(statusGroups))] {
		for _, c := range cs {
			if w == c {
				return g, 1
			}
		}
	}
	return -1, 0
}

// contraryNegators deny a state as a quantity does ("nothing flown",
// "nada volado", "nichts geliefert", "rien livré"), beside statusNegators.
var contraryNegators = map[string]bool{"nothing": true, "none": true, "nada": true, "ninguno": true, "nichts": true,
	"keine": true, "rien": true, "aucun": true, "aucune": true}

// sentencesWith returns the folded words of each sentence of s that holds
// the identifier id (as alnumUpper writes it): a state said in one
// sentence is said of what that sentence names.
func sentencesWith(s, id string) [][]string {
	var out [][]string
	from := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && !sentenceEnd(s, i) {
			continue
		}
		if sent := s[from:i]; strings.Contains(alnumUpper(sent), id) {
			out = append(out, strings.Fields(foldedText(sent)))
		}
		from = i + 1
	}
	return out
}

// sentenceEnd reports a byte of s that ends a sentence: "!", "?", ";", a
// line break, or a full stop before a space that does not follow a digit
// (a German date's "am 3. Mai" goes on; "14.52" is no stop at all).
func sentenceEnd(s string, i int) bool {
	switch s[i] {
	case '!', '?', ';', '\n':
		return true
	case '.':
		return (i+1 == len(s) || s[i+1] == ' ') && (i == 0 || s[i-1] < '0' || s[i-1] > '9')
	}
	return false
}

// contraryStatus reports, and records as a contradiction, a record t that
// gives the identifier id a state contrary to one the counterparty's claims
// affirm of it in the same sentence. rw are the record's folded words.
func (st *state) contraryStatus(claims string, said *[maxStates]bool, id string, t trustedText, rw []string) bool {
	for i, w := range rw {
		if g := statusAt(w); g >= 0 && said[g] && !negatedWord(rw, i) {
			return false // the record says so too
		}
	}
	var saidOf [maxStates]bool // the states affirmed in a sentence that names id
	for _, cw := range sentencesWith(claims, id) {
		for i, w := range cw {
			if g := statusAt(w); g >= 0 && !negatedWord(cw, i) {
				saidOf[g] = true
			}
		}
	}
	for _, ws := range sentencesWith(t.text, id) {
		for i, w := range ws {
			g, n := contraryAt(ws, i)
			if g < 0 || !said[g] || !saidOf[g] || negatedWord(ws, i) || (i > 0 && contraryNegators[ws[i-1]]) {
				continue
			}
			if n == 2 {
				w += " " + ws[i+1] // "on time", "a tiempo"
			}
			claimed := statusGroups[g][0]
			st.contradiction(
				fmt.Sprintf("Says %s is %s; %s %s says it %s.", id, claimed, t.kind, t.id, w),
				fmt.Sprintf("The counterparty says %s is %s, but %s %s records: %s", id, claimed, t.kind, t.id, clipCase(t.text, 300)),
				[]string{t.id}, fmt.Sprintf("%s is %s.", id, claimed))
			return true
		}
	}
	return false
}

// ---- cues that name no present hurry ----

// checkJudge11Cues drops urgency cues that say nothing about time pressure
// on the agent, before the holdout10 round's lift reads them:
//   - speed thanked for: "thanks for sending those so quickly", "gracias
//     por responder tan rápido", "danke für die schnelle Antwort", "merci
//     d'avoir répondu si vite" praise what was done; they ask for nothing;
//   - an emergency named as a standing arrangement: "emergency contact",
//     "emergency medical cover", "Emergency Response (€60)" name a role or a
//     product, not an emergency now (dev labels "there's a family
//     emergency", "it's an emergency", "compliance emergency").
//
// It also drops the data cues of a release a record authorises
// (dropCoveredRelease).
func (st *state) checkJudge11Cues() {
	st.dropCoveredRelease()
	st.dropRecordedStake()
	if len(st.cues[labUrgency]) == 0 {
		return
	}
	st.dropCues(labUrgency, func(q cue) bool {
		if q.text == nil || q.src != srcMessage || q.end > len(q.text.text) {
			return false
		}
		return thankedSpeed(q) || standingEmergency(q)
	})
}

// speedWords are the rule pack's urgency cues that say how fast (folded).
var speedWords = map[string]bool{"quickly": true, "fast": true, "rapido": true, "schnell": true, "zugig": true, "vite": true, "rapidement": true}

// thanksWords open a thanks (folded); thanksFor follow it to name what is
// thanked.
var (
	thanksWords = map[string]bool{"thanks": true, "thank": true, "thx": true, "gracias": true, "danke": true, "dank": true, "merci": true}
	thanksFor   = map[string]bool{"for": true, "you": true, "por": true, "fur": true, "pour": true, "davoir": true, "de": true, "dass": true}
)

// thankedSpeed reports a speed cue within eight words after a thanks that
// names what it thanks for, in the same sentence.
func thankedSpeed(q cue) bool {
	if !speedWords[q.phrase] {
		return false
	}
	t := q.text.text
	from := strings.LastIndex(t[:q.pos], " . ") + 1
	ws := strings.Fields(t[from:q.pos])
	for i := max(0, len(ws)-9); i+1 < len(ws); i++ {
		if thanksWords[ws[i]] && thanksFor[ws[i+1]] {
			return true
		}
	}
	return false
}

// standingNouns follow "emergency" where it names a role, a service or a
// cover kept for emergencies (folded).
var standingNouns = map[string]bool{"contact": true, "contacts": true, "number": true, "numbers": true, "fund": true, "funds": true,
	"services": true, "service": true, "response": true, "medical": true, "care": true, "cover": true, "coverage": true, "line": true,
	"plan": true, "procedure": true, "procedures": true, "exit": true, "exits": true, "limits": true, "limit": true, "coordination": true,
	"assistance": true, "kit": true, "room": true, "department": true, "unblinding": true}

// standingEmergency reports the cue "emergency" (or the stake
// "emergenc*") before a standing noun.
func standingEmergency(q cue) bool {
	if q.phrase != "emergency" && q.phrase != "emergenc*" {
		return false
	}
	if q.pos >= len(q.text.text) {
		return false
	}
	// The span starts at the space before its word and may end inside it
	// ("emergenc*"): the word after is the second field from its start.
	ws := strings.Fields(q.text.text[q.pos:min(len(q.text.text), q.end+40)])
	return len(ws) > 1 && standingNouns[ws[1]]
}

// ---- a refund back to the card it was paid with ----

// refundSet finds a refund or reversal in a folded description, padded at
// the start (one pass; a Contains per word and its concatenations cost more
// than the rest of the check).
var refundSet = newSubstrSet([]string{" refund", " reimburs", " chargeback", " reembols", " devolu", " devolv", " erstatt",
	" ruckerstatt", " ruckzahl", " rembours", " restitu"})

// cardWords name a payment instrument (folded words).
var cardWords = map[string]bool{"card": true, "mastercard": true, "visa": true, "amex": true, "tarjeta": true, "karte": true,
	"kreditkarte": true, "carte": true, "paypal": true, "maestro": true}

// methodWords name a payment method in general (folded words).
var methodWords = map[string]bool{"payment": true, "method": true, "medio": true, "metodo": true, "zahlungsmittel": true,
	"zahlungsmethode": true, "moyen": true}

// originalWords say the instrument is the one the payment came from
// (folded words).
var originalWords = map[string]bool{"original": true, "originale": true, "originalen": true, "ursprunglichen": true,
	"ursprungliche": true, "dorigine": true, "same": true, "misma": true, "mismo": true, "gleiche": true, "gleichen": true, "meme": true}

// refundToOriginalCard reports a refund whose recipient is a payment card
// the action calls the original one ("refund the fee to the original
// Mastercard ending 0042"): money going back the way it came hands nothing
// to a new party, so checkNewParty makes no finding. A refund to another
// card ("to my new Visa ending 9911") is flagged: that is the classic
// diversion.
func (st *state) refundToOriginalCard() bool {
	// The recipient first: it is short, and most are no card.
	// The fold is the recipient's view where no clip cuts it, which the
	// payee checks have made already.
	r := st.c.Action.Recipient
	rf := ""
	if len(r) <= 200 {
		rf = st.text(r).folded()
	} else {
		rf = foldedText(r)
	}
	card := false
	for s := rf; !card; {
		w, rest, ok := nextFoldedWord(s)
		if !ok {
			break
		}
		s = rest
		card = cardWords[w]
	}
	if !card {
		return false
	}
	desc := foldedText(st.c.Action.Description)
	if !refundSet.in(desc) && !refundSet.in(" "+toLower(st.c.Action.Action)) {
		return false
	}
	ws := strings.Fields(desc)
	for i, w := range ws {
		if !originalWords[w] {
			continue
		}
		// The word qualifies the card: within three words either way
		// ("the original card", "la tarjeta original", "la carte d'origine").
		for _, n := range ws[max(0, i-3):min(len(ws), i+4)] {
			if cardWords[n] || methodWords[n] {
				return true
			}
		}
	}
	return false
}

// ---- data a record already releases to this recipient ----

// dropCoveredRelease drops the lexical data-extraction cues ("date of
// birth", "contact details for") of an action that sends data to the very
// recipient a verified record authorises (a DPA, a broker-of-record letter,
// a consent on file: releaseAuthorised), asked by a trusted counterparty
// with no hard finding against the case: the words list what the record
// already covers. Secrets are never covered (releaseAuthorised), and the
// structural findings (a new party, a forbidden share) stay.
func (st *state) dropCoveredRelease() {
	if len(st.cues[labDataExtraction]) == 0 || !st.trustedCounterparty() || st.hardFinding() {
		return
	}
	if st.releaseAuthorised() || st.releaseCovered() {
		st.dropCues(labDataExtraction, func(cue) bool { return true })
	}
}

// releaseCoverWords say a record covers a release, beside authWords ("DPA-118
// covers census data", "el contrato cubre", "der AVV deckt", "le contrat
// couvre"); folded, padded at the start.
var releaseCoverWords = []string{" dpa", " covers ", " cover ", " covered by ", " data processing", " cubre ", " cubren ", " amparad",
	" deckt ", " abgedeckt", " auftragsverarbeitung", " avv", " couvre ", " couvrent ", " couvert"}

// releaseLimits narrow what a record covers ("the pseudonymised extract
// only", "identifiable data is excluded"): such a record cannot vouch for
// a release the engine cannot itemise against it (folded, padded).
var releaseLimits = []string{" only", " exclud", " except", " limited to", " solo ", " unicamente", " exclu", " salvo ", " nur ",
	" ausgenommen", " ausgeschlossen", " ausser", " seulement", " uniquement", " sauf "}

// releaseCovered reports a record that names the action's recipient (most
// of its distinctive words), says it covers the release, and neither denies
// nor limits anything; secret categories are never covered.
func (st *state) releaseCovered() bool {
	a := st.c.Action
	rw := releaseRecipientWords(a)
	if rw == nil {
		return false
	}
	for _, t := range st.trusted {
		if !t.isRecord() {
			continue
		}
		v := st.whole(t)
		fl := v.folded()
		if !containsAny(fl, releaseCoverWords...) || containsAny(fl, releaseLimits...) || hasNeg(toLower(t.text)) {
			continue
		}
		// Most of the recipient's words, whole: "broker" alone is a role,
		// not this broker.
		n := 0
		for _, w := range rw {
			if strings.Contains(fl, " "+w+" ") {
				n++
			}
		}
		if 2*n >= len(rw) {
			return true
		}
	}
	return false
}

// ---- a deadline and its stake, both the records' own ----

// dropRecordedStake extends checkRecordedDeadline (recordeddeadline.go),
// which keeps a restated deadline's cues when the clause threatens ("if it
// lands tomorrow we lose the 2% discount"): when the counterparty is
// verified and the record that sets the deadline also names what is lost
// ("Invoice terms: 2% discount if paid by today"), the threat is the
// records' own term, the schedule of the work, and not pressure the
// counterparty adds. A threat the records do not hold ("or the account
// closes") keeps its cues.
func (st *state) dropRecordedStake() {
	if len(st.cues[labUrgency]) == 0 || !st.c.Counterparty.Verified || len(st.trusted) == 0 {
		return
	}
	// The records are folded only once a clause restates a time and
	// threatens: most urgency cues have neither.
	var recs deadlineRecs
	recsDone := false
	st.dropCues(labUrgency, func(q cue) bool {
		if q.src != srcMessage || q.text == nil {
			return false
		}
		cl := st.clauseAround(q.text.text, q.pos)
		if !hasClauseTime(cl) || !deadlineThreatSet.in(cl) {
			return false
		}
		if !recsDone {
			recsDone = true
			for _, t := range st.trusted {
				if t.isRecord() {
					if r := st.whole(t).folded(); recordDeadlineSet.in(r) {
						recs.add(r)
					}
				}
			}
		}
		return recordedDeadline(cl, &recs) && stakeOnRecord(cl, &recs)
	})
}

// stakeOnRecord reports a clause whose every threat names, in the five
// words after it, a word (five letters or more) a deadline record holds.
func stakeOnRecord(cl string, recs *deadlineRecs) bool {
	ws := strings.Fields(cl)
	threats := 0
	for i, w := range ws {
		if !deadlineThreatSet.in(" " + w + " ") {
			continue
		}
		threats++
		held := false
		for _, n := range ws[i+1 : min(len(ws), i+6)] {
			if len(n) < 5 || stopWords.has(n) {
				continue
			}
			for _, r := range recs.texts {
				held = held || strings.Contains(r, " "+n)
			}
		}
		if !held {
			return false
		}
	}
	return threats > 0
}
