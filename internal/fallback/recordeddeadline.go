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
	" date limite", " echeance", " au plus tard", " heure limite", " delai"}

// deadlineThreats turn a restated deadline into pressure (folded).
var deadlineThreats = []string{" or ", " otherwise", " unless", " else ", " cancel", " suspend", " lose ", " lost ", " lapse", " expire", " penalt", " forfeit",
	" o si no", " de lo contrario", " si no ", " perder", " cancela", " suspend", " caduca",
	" sonst", " andernfalls", " verfall", " sperr", " storn", " verlier",
	" sinon", " faute de", " perdr", " annul", " expir", " suspendu"}

// checkRecordedDeadline drops the counterparty's urgency cues whose
// deadline a system record sets.
func (st *state) checkRecordedDeadline(v *j3fold) {
	qs := st.cues["urgency"]
	if len(qs) == 0 || len(st.trusted) == 0 {
		return
	}
	var recs []string
	for i, t := range st.trusted {
		if !t.isRecord() {
			continue
		}
		if r := v.record(i); containsAny(r, recordDeadlineMarks...) {
			recs = append(recs, r)
		}
	}
	if len(recs) == 0 {
		return
	}
	kept := qs[:0:0]
	for _, q := range qs {
		if q.src == srcMessage && q.text != nil && recordedDeadline(clauseAround(q.text.text, q.pos), recs) {
			continue
		}
		kept = append(kept, q)
	}
	if len(kept) == len(qs) {
		return
	}
	if len(kept) == 0 {
		delete(st.cues, "urgency")
		return
	}
	st.cues["urgency"] = kept
}

// clauseAround returns the sentence of the folded text s around pos,
// padded with spaces.
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
		end = len(s)
	} else {
		end += pos + 1
	}
	return s[start:end] + " "
}

// recordedDeadline reports whether the folded clause states a time one of
// the deadline records also states, without a threat.
func recordedDeadline(clause string, recs []string) bool {
	if containsAny(clause, deadlineThreats...) {
		return false
	}
	tok := strings.Fields(clause)
	var times []string
	for i := range tok {
		if c := tok[i][0]; c >= '0' && c <= '9' && clockAt(tok, i) {
			t := " " + tok[i] + " "
			if i+1 < len(tok) {
				t += tok[i+1] + " "
			}
			times = append(times, t)
		}
	}
	for _, w := range todayWords {
		if strings.Contains(clause, w+" ") {
			times = append(times, w+" ")
		}
	}
	for _, r := range recs {
		if containsAny(r+" ", times...) {
			return true
		}
	}
	return false
}
