package fallback

import (
	"sort"
	"strings"
)

// ---- deadlines stated as a clock time ----
//
// "Before the 3pm closing call", "à 17h aujourd'hui", "bis 16 Uhr", "antes
// de las 17:00", "tonight at 8": a deadline given as an hour of today is
// time pressure however the sentence around it is worded. It is added as a
// weak urgency cue, so that, like every weak cue, it only counts when the
// structure of the case gives cause for concern.

// clockLead words put a clock time as a limit before it (folded).
var clockLead = []string{"before", "by", "until", "till", "til", "latest", "cutoff", "deadline",
	"antes", "hasta", "tardar", "vor", "bis", "spatestens", "avant", "dici", "tard", "jusqua"}

// todayWords make any clock time in the clause a time of today.
var todayWords = []string{" today", " tonight", " this afternoon", " this evening", " hoy", " esta tarde", " esta noche",
	" heute", " heute abend", " aujourdhui", " ce soir", " cet apres midi"}

// clockAt reports whether the folded tokens at i form a clock time:
// "3pm", "3 pm", "17h", "17h30", "17 h", "16 uhr", "10 30 am", "17 00".
func clockAt(tok []string, i int) bool {
	w := tok[i]
	d := 0
	for d < len(w) && w[d] >= '0' && w[d] <= '9' {
		d++
	}
	if d == 0 || d > 2 {
		return false
	}
	// An hour is a number of the day: "37 a month" (€37 a month) and "40
	// 22" (40% of $22,400) are amounts, not "37 am" or "40:22" (judge18p).
	hour := int(w[0] - '0')
	if d == 2 {
		hour = hour*10 + int(w[1]-'0')
	}
	if hour > 24 {
		return false
	}
	halfDay := hour >= 1 && hour <= 12
	rest := w[d:]
	switch {
	case rest == "pm" || rest == "am":
		return halfDay
	case rest == "h" || rest == "uhr":
		return true
	case len(rest) == 3 && rest[0] == 'h' && rest[1] >= '0' && rest[1] <= '9':
		return true // 17h30
	case rest != "":
		return false
	}
	if i+1 >= len(tok) {
		return false
	}
	n := tok[i+1]
	switch n {
	case "pm", "am", "p", "a":
		return halfDay
	case "h", "uhr":
		return true
	}
	// "10 30 am", "17 00" (the colon folds to a space).
	if len(n) == 2 && n[0] >= '0' && n[0] <= '5' && n[1] >= '0' && n[1] <= '9' {
		if i+2 < len(tok) {
			switch tok[i+2] {
			case "pm", "am", "h", "uhr":
				return true
			}
		}
		return true
	}
	return false
}

// clockDeadline returns the byte span in the folded text of a clock time
// set as a limit: a lead word ("before", "bis", "avant") up to three words
// before it, or a "today" ("tonight", "heute", "aujourd'hui") right next to
// it. "Disable the account at 17:00" is a schedule, not a limit.
func clockDeadline(folded string) (int, int, bool) {
	s := clipBytes(folded, maxClaimBytes)
	return clockDeadlineIn(s, strings.Fields(s))
}

// clockDeadlineIn is clockDeadline over the clipped text s and its words
// tok (strings.Fields(s)), which the state holds once (msgTokens).
func clockDeadlineIn(s string, tok []string) (int, int, bool) {
	for i := range tok {
		// Both kinds of clock time start with a digit; most words do not,
		// and are passed over without finding where they are.
		if c := tok[i][0]; c < '0' || c > '9' {
			continue
		}
		if clockDeadlineAt(tok, i) {
			return tokenSpan(s, tok, i)
		}
	}
	return 0, 0, false
}

// clockDeadlineAt reports whether tok[i], a word that starts with a digit,
// is a clock time set as a limit. It reads tok[i-3:i+5] at most.
func clockDeadlineAt(tok []string, i int) bool {
	if bareHourToday(tok, i) {
		return true
	}
	if !clockAt(tok, i) {
		return false
	}
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		if tok[k] == "." {
			break
		}
		for _, l := range clockLead {
			if tok[k] == l {
				return true
			}
		}
	}
	near := " " + strings.Join(tok[max(0, i-3):min(len(tok), i+5)], " ") + " "
	return containsAny(near, todayWords...)
}

// msgClockDeadline is clockDeadlineIn(st.msgHead(), st.msgTokens()) read
// from the message's word spans: only a word that starts with a digit can
// be the time, and for each such word only the few words around it, which
// clockDeadlineAt reads, are cut. Cutting every word of the head into a
// token list was most of what the check cost on a long message; walking
// the spans to find the words that start with a digit was most of what
// was left, and the lexicon's scan of the message has marked those words
// already (msgDigitWords).
func (st *state) msgClockDeadline() (int, int, bool) {
	words := st.v.msgWords
	digits, marked := st.msgDigitWords()
	if !marked && (words == nil || st.v.msgTokOK) {
		return clockDeadlineIn(st.msgHead(), st.msgTokens())
	}
	text, head := st.msg.text, len(st.msgHead())
	// The head's words: those that start in it, the last cut at its end
	// (headFieldsInto).
	n := sort.Search(len(words), func(i int) bool { return int(words[i].start) >= head })
	var buf [8]string
	at := func(i int) bool {
		// The window tok[i-3:i+5], cut at the head's words like the whole
		// list, so that every bound test (i+1 < len, min(len, i+5))
		// answers on it as on the list.
		lo, hi := max(0, i-3), min(n, i+5)
		win := buf[:0]
		for k := lo; k < hi; k++ {
			win = append(win, text[words[k].start:min(int(words[k].end), head)])
		}
		return clockDeadlineAt(win, i-lo)
	}
	if marked {
		for _, i := range digits {
			if int(i) >= n {
				break
			}
			if at(int(i)) {
				return int(words[i].start), min(int(words[i].end), head), true
			}
		}
		return 0, 0, false
	}
	for i := 0; i < n; i++ {
		if c := text[words[i].start]; c < '0' || c > '9' {
			continue
		}
		if at(i) {
			return int(words[i].start), min(int(words[i].end), head), true
		}
	}
	return 0, 0, false
}

// tokenSpan returns the byte span of tok[i] in s, with true, finding each
// token's first occurrence at or after the end of the one before, as
// strings.Index would find it: with tok the words of s, a token starts
// after the little white space before it, so a prefix test per byte finds
// it without Index's set-up per token.
func tokenSpan(s string, tok []string, i int) (int, int, bool) {
	p, pos := 0, 0
	for k := 0; k <= i; k++ {
		p = pos
		for p < len(s) && !strings.HasPrefix(s[p:], tok[k]) {
			p++
		}
		if p == len(s) {
			p = strings.Index(s[pos:], tok[k]) + pos
		}
		pos = p + len(tok[k])
	}
	return p, pos, true
}

// bareHourToday reports "tonight at 8", "heute um 5": a bare hour after
// "at" with a "today" right next to it.
func bareHourToday(tok []string, i int) bool {
	w := tok[i]
	if i == 0 || len(w) == 0 || len(w) > 2 || w[0] < '0' || w[0] > '9' || (len(w) == 2 && (w[1] < '0' || w[1] > '9')) {
		return false
	}
	if len(w) == 2 && (w[0]-'0')*10+(w[1]-'0') > 24 {
		return false // "today at 37" is a price
	}
	switch tok[i-1] {
	case "at", "um", "las", "a":
	default:
		return false
	}
	near := " " + strings.Join(tok[max(0, i-3):min(len(tok), i+3)], " ") + " "
	return containsAny(near, todayWords...)
}

// checkClockDeadline adds a weak urgency cue for a clock-time deadline in
// the counterparty's message.
func (st *state) checkClockDeadline() {
	// A clock time starts with a digit; the words are not needed when
	// none does.
	if digits, ok := st.msgDigitWords(); ok && len(digits) == 0 || !ok && !hasASCIIDigit(st.msgHead()) {
		return
	}
	p, e, ok := st.msgClockDeadline()
	if !ok {
		return
	}
	// A record that gives the same time confirms the deadline: real time
	// pressure, not a tactic.
	hh := strings.TrimRight(st.msg.text[p:e], "apmhur")
	want := clockHour(strings.Fields(st.msg.text[p:]), 0)
	for _, t := range st.trusted {
		if t.kind == "system fact" || t.kind == "verified evidence" {
			f := st.whole(t).folded()
			if strings.Contains(f, " "+hh+" ") || want >= 0 && recordHasHour(f, want) {
				return
			}
		}
	}
	st.cues[labUrgency] = append(st.cues[labUrgency], cue{label: labUrgency, weight: 0.35, src: srcMessage, text: &st.msg,
		phrase: "deadline at a clock time", pos: p, end: e, srcIdx: 1})
}

// clockHour returns the hour of the day, 0-23, of the clock time at
// tok[i] ("5pm", "5 pm", "17h", "17 00", "16 uhr"), or -1.
func clockHour(tok []string, i int) int {
	if i >= len(tok) || !clockAt(tok, i) {
		return -1
	}
	w := tok[i]
	d := 0
	for d < len(w) && w[d] >= '0' && w[d] <= '9' {
		d++
	}
	h := 0
	for _, c := range w[:d] {
		h = h*10 + int(c-'0')
	}
	pm := strings.HasSuffix(w, "pm")
	for k := i + 1; k < len(tok) && k <= i+2; k++ {
		if tok[k] == "pm" || tok[k] == "p" {
			pm = true
		}
	}
	if pm && h < 12 {
		h += 12
	}
	if h > 23 {
		return -1
	}
	return h
}

// recordHasHour reports a clock time in the folded record at the hour: a
// record's "17:00" confirms the message's "5pm", and "5:00 PM" its "17h".
func recordHasHour(folded string, h int) bool {
	tok := strings.Fields(clipBytes(folded, maxClaimBytes))
	for i := range tok {
		if clockHour(tok, i) == h {
			return true
		}
	}
	return false
}
