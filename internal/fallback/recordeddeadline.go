package fallback

import "strings"

// ---- a deadline the owner's own records set ----
//
// "Cut-off 14:00 UTC today" when the bank agreement on record says the
// cut-off is 14:00 UTC; "serve it by close of business today" when the
// docket on record says the production is due today: the counterparty is
// repeating a deadline the owner's systems already hold, which is the
// schedule of the work and not pressure put on the agent. A time cue is
// dropped when its clause and a system record share the time (the same
// clock time, or both say today) and the record names it as a deadline.
// A clause that threatens ("or the account closes", "sinon", "sonst") keeps
// its cues: a real deadline can still be used to press.

// recordDeadlineMarks name a limit in a record (folded).
var recordDeadlineMarks = []string{" deadline", " cut off", " cutoff", " due ", " by today", " no later than", " closes at",
	" plazo", " fecha limite", " vence ", " a mas tardar", " hora limite",
	" frist", " stichtag", " spatestens", " annahmeschluss", " fallig",
	" date limite", " echeance", " au plus tard", " heure limite", " delai",
	// a policy's own end or renewal date (judge14i): "if it isn't renewed by
	// 30 April, the cover ends that day" restates the record
	" expires", " expiry", " end date", " ends on", " lapses on", " renews on", " renewal date", " caduca", " vencimiento",
	" lauft ab", " ablaufdatum", " endet am", " expire le", " expiration", " prend fin"}

// deadlineThreats turn a restated deadline into pressure (folded).
var deadlineThreats = []string{" or ", " otherwise", " unless", " else ", " cancel", " suspend", " lose ", " lost ", " lapse", " expire", " penalt", " forfeit",
	" o si no", " de lo contrario", " si no ", " perder", " cancela", " suspend", " caduca",
	" sonst", " andernfalls", " verfall", " sperr", " storn", " verlier",
	" sinon", " faute de", " perdr", " annul", " expir", " suspendu"}

// The word lists above as one-pass sets (containsAny on a long clause with
// thirty words was most of this check's cost). The threats and the
// "today" words are asked of the message's clauses, and the lexicon's
// scan of the message marks them (msgSpanHas).
var (
	recordDeadlineSet = newSubstrSet(recordDeadlineMarks)
	deadlineThreatSet = newMsgSubstrSet(deadlineThreats)
	todaySet          = newMsgSubstrSet(todayWords)
)

// checkRecordedDeadline drops the counterparty's urgency cues whose
// deadline a system record sets.
func (st *state) checkRecordedDeadline(v *j3fold) {
	qs := st.cues[labUrgency]
	if len(qs) == 0 || len(st.trusted) == 0 {
		return
	}
	// The records are folded only once a cue's clause has a time to look
	// for: most urgency cues have none, and most cases no deadline record.
	var recs deadlineRecs
	recsDone := false
	records := func() *deadlineRecs {
		if !recsDone {
			recsDone = true
			for i, t := range st.trusted {
				if !t.isRecord() {
					continue
				}
				if r := v.record(i); v.recordHas(i, recordDeadlineSet) {
					recs.add(r)
				}
			}
		}
		return &recs
	}
	// A sentence often holds several urgency cues, in a row: they share
	// its clause and so the answer, found once.
	var lastCl string
	lastDrop, haveLast := false, false
	st.dropCues(labUrgency, func(q cue) bool {
		if q.src != srcMessage || q.text == nil {
			return false
		}
		cs, ce := st.clauseSpan(q.text.text, q.pos)
		cl := q.text.text[cs:ce]
		if haveLast && cl == lastCl {
			return lastDrop
		}
		// A clause can match only a deadline record: where the records
		// hold none, the threat search is skipped. In the message, the
		// words that start with a digit are known (msgDigitsIn), and only
		// they can start a clock time.
		var d bool
		if dw, ok := st.msgDigitsIn(q.text.text, cs, ce); ok {
			d = (len(dw) > 0 || st.msgSpanHas(todaySet, cs, ce)) && len(records().texts) > 0 && !st.msgSpanHas(deadlineThreatSet, cs, ce) &&
				st.msgRecordedDeadline(cl, dw, ce, records())
		} else {
			d = hasClauseTime(cl) && len(records().texts) > 0 && !deadlineThreatSet.in(cl) && recordedDeadline(cl, records())
		}
		lastCl, lastDrop, haveLast = cl, d, true
		return d
	})
}

// clauseAround returns the sentence of the folded text s around pos, with
// the spaces around its words (folded text pads every word).
func clauseAround(s string, pos int) string {
	if pos < 0 || pos > len(s) {
		return ""
	}
	start := strings.LastIndex(s[:pos], " . ")
	if start < 0 {
		start = 0
	}
	end := strings.Index(s[pos:], " . ")
	if end < 0 {
		return s[start:]
	}
	return s[start : pos+end+1]
}

// clauseAround is clauseAround(s, pos) for a text the state keeps for
// the case, from its sentence breaks found once (sentenceStart): five
// urgency checks cut the same cue's clause.
func (st *state) clauseAround(s string, pos int) string {
	start, end := st.clauseSpan(s, pos)
	return s[start:end]
}

// clauseSpan is the bounds in s of st.clauseAround(s, pos).
func (st *state) clauseSpan(s string, pos int) (int, int) {
	if pos < 0 || pos > len(s) {
		return 0, 0
	}
	start := max(st.sentenceStart(s, pos), 0)
	end := st.sentenceEnd(s, pos)
	if end < 0 {
		return start, len(s)
	}
	return start, pos + end + 1
}

// hasClauseTime reports a folded clause with a digit or a "today" word,
// the only times recordedDeadline can match.
func hasClauseTime(cl string) bool {
	return hasASCIIDigit(cl) || todaySet.in(cl)
}

// deadlineRecs are the folded deadline records with what every clause
// asks of them found once: the "today" words they hold and whether any
// holds a digit (a clock time needs one).
type deadlineRecs struct {
	texts []string
	today uint32 // bit i: some text holds todayWords[i] as whole words
	digit bool
}

func (d *deadlineRecs) add(r string) {
	d.texts = append(d.texts, r)
	// Most records hold no "today" word at all: one pass says so, where
	// hasWordAt searched the record once per word.
	if todaySet.in(r) {
		for i, w := range todayWords {
			if hasWordAt(r, w) && !deniedToday(r, w) {
				d.today |= 1 << i
			}
		}
	}
	d.digit = d.digit || hasASCIIDigit(r)
}

// recordedDeadline reports whether the folded clause states a time one of
// the deadline records also states: the same clock time, or the same day
// ("tonight" or "this evening" in the clause is the "today" of a record:
// judge13r round).
func recordedDeadline(clause string, recs *deadlineRecs) bool {
	if len(recs.texts) == 0 {
		return false
	}
	if recordedToday(clause, recs) {
		return true
	}
	if !recs.digit || !hasASCIIDigit(clause) {
		return false // a clock time in a record needs a digit there
	}
	if !isASCII(clause) {
		tok := strings.Fields(clause)
		for i := range tok {
			if recordedClockAt(tok[i:min(i+3, len(tok))], recs) {
				return true
			}
		}
		return false
	}
	// clockAt reads a token and the two after it, and only a token that
	// starts with a digit: the clause is walked word by word and only
	// those windows are cut, instead of the whole clause into a slice.
	var win [3]string
	for p := nextField(clause, 0); p < len(clause); {
		e := fieldEnd(clause, p)
		if c := clause[p]; c >= '0' && c <= '9' {
			k, q, qe := 0, p, e
			for k < len(win) && q < len(clause) {
				win[k] = clause[q:qe]
				k++
				if q = nextField(clause, qe); q < len(clause) {
					qe = fieldEnd(clause, q)
				}
			}
			if recordedClockAt(win[:k], recs) {
				return true
			}
		}
		p = nextField(clause, e)
	}
	return false
}

// recordedToday reports a "today" word of the folded clause, as a whole
// word, when a record says "today" too.
func recordedToday(clause string, recs *deadlineRecs) bool {
	for _, w := range todayWords {
		if recs.today != 0 && hasWordAt(clause, w) {
			return true
		}
	}
	return false
}

// msgRecordedDeadline is recordedDeadline(cl, recs) for the clause
// st.msg.text[:ce] ends, whose words that start with a digit are the
// message's words dw (msgDigitsIn): those words are the only ones the
// clause walk would stop at, and the folded text holds no white space
// but the space, so that strings.Fields cuts the same words
// (FuzzFoldedSpaces).
func (st *state) msgRecordedDeadline(cl string, dw []int32, ce int, recs *deadlineRecs) bool {
	if len(recs.texts) == 0 {
		return false
	}
	if recordedToday(cl, recs) {
		return true
	}
	if !recs.digit {
		return false
	}
	words, text := st.v.msgWords, st.msg.text
	var win [3]string
	for _, i := range dw {
		k := 0
		for j := int(i); j < len(words) && k < len(win) && int(words[j].start) < ce; j++ {
			win[k] = text[words[j].start:words[j].end]
			k++
		}
		if recordedClockAt(win[:k], recs) {
			return true
		}
	}
	return false
}

// todayDenials deny the "today" word right after them ("in three days,
// not today"), folded and padded.
var todayDenials = []string{" not", " no", " nicht", " pas", " ni", " nie", " never", " nunca", " jamais"}

// deniedToday reports a record whose first w is denied: such a record
// says the deadline is not today, and no "today" of a clause restates it.
func deniedToday(r, w string) bool {
	i := strings.Index(r, w)
	if i < 0 {
		return false
	}
	lead := r[max(0, i-8):i]
	for _, n := range todayDenials {
		if strings.HasSuffix(lead, n) {
			return true
		}
	}
	return false
}

// recordedClockAt reports whether tok[0] starts a clock time (tok holds it
// and up to two tokens after it) that one of the records holds with the
// token after it.
func recordedClockAt(tok []string, recs *deadlineRecs) bool {
	if c := tok[0][0]; c < '0' || c > '9' || !clockAt(tok, 0) {
		return false
	}
	t := " " + tok[0] + " "
	if len(tok) > 1 {
		t += tok[1] + " "
	}
	for _, r := range recs.texts {
		if strings.Contains(r, t) {
			return true
		}
	}
	return false
}

// asciiSpace are the ASCII bytes unicode.IsSpace holds: on ASCII text,
// nextField and fieldEnd cut the words strings.Fields does.
var asciiSpace = [256]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// nextField is the start of the ASCII text's first word at or after p
// (len(s) if none).
func nextField(s string, p int) int {
	for p < len(s) && asciiSpace[s[p]] {
		p++
	}
	return p
}

// fieldEnd is the end of the word of the ASCII text s that starts at p.
func fieldEnd(s string, p int) int {
	for p < len(s) && !asciiSpace[s[p]] {
		p++
	}
	return p
}

// hasWordAt reports the folded phrase w (with its leading space) in s as
// whole words: followed by a space or the end of s.
func hasWordAt(s, w string) bool {
	for off := 0; ; {
		i := strings.Index(s[off:], w)
		if i < 0 {
			return false
		}
		e := off + i + len(w)
		if e == len(s) || s[e] == ' ' {
			return true
		}
		off += i + 1
	}
}
