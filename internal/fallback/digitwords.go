package fallback

import "unsafe"

// digitLeadSet holds every word that starts with a digit, as the lexicon's
// scan of the message marks it: a space and the digit, so that a word at
// byte 0, which no space leads, is not marked (msgDigitWords adds it). The
// lexicon gives the digits that no other literal holds one byte class
// (buildScanner).
var digitLeadSet = newMsgSubstrSet([]string{" 0", " 1", " 2", " 3", " 4", " 5", " 6", " 7", " 8", " 9"})

// msgDigitWords returns the indexes in st.v.msgWords of the folded
// message's words that start with an ASCII digit, in order, with true; or
// false when the state has no marks or no words of the message (a state
// built without inspect). The checks that look for a clock time or a count
// in the message read only these words (most messages have a handful, a
// 2 KiB one four of some 380), where each walked every word, or every
// byte, to find them.
func (st *state) msgDigitWords() ([]int32, bool) {
	if st.v.digitsOK {
		return st.v.digits, true
	}
	words, lx := st.v.msgWords, st.msgMarks()
	if words == nil || lx == nil || digitLeadSet.id >= lx.nSS {
		return nil, false
	}
	text := st.msg.text
	d := st.v.digitBuf[:0]
	if len(words) > 0 && words[0].start == 0 && text[0] >= '0' && text[0] <= '9' {
		d = append(d, 0)
	}
	bit := uint64(1) << digitLeadSet.id
	j := 0
	for _, m := range st.v.marks {
		if lx.setSS[m.lit]&bit == 0 {
			continue
		}
		// The marks of the set come in text order (two bytes each, in
		// the order of their ends), and the word starts right after the
		// space: the first word from j on that starts at or after it.
		p := m.start + 1
		lo, hi := j, len(words)
		for lo < hi {
			h := int(uint(lo+hi) >> 1)
			if words[h].start < p {
				lo = h + 1
			} else {
				hi = h
			}
		}
		d = append(d, int32(lo))
		j = lo + 1
	}
	st.v.digits, st.v.digitsOK = d, true
	return d, true
}

// msgDigitsIn returns the message's words that start with a digit
// (msgDigitWords) and start in s[cs:ce], with true, when s is the folded
// message; false otherwise.
func (st *state) msgDigitsIn(s string, cs, ce int) ([]int32, bool) {
	if len(s) != len(st.msg.text) || unsafe.StringData(s) != unsafe.StringData(st.msg.text) {
		return nil, false
	}
	d, ok := st.msgDigitWords()
	if !ok {
		return nil, false
	}
	words := st.v.msgWords
	// The first of d to start at or after p.
	from := func(p int) int {
		lo, hi := 0, len(d)
		for lo < hi {
			h := int(uint(lo+hi) >> 1)
			if int(words[d[h]].start) < p {
				lo = h + 1
			} else {
				hi = h
			}
		}
		return lo
	}
	return d[from(cs):from(ce)], true
}

// msgSpanHas reports ss.in(st.msg.text[cs:ce]) for a set made by
// newMsgSubstrSet, from the marks of the lexicon's scan of the message: a
// word of ss is in the span when the scan marked it starting and ending
// there (TestMsgSpanHas).
func (st *state) msgSpanHas(ss *substrSet, cs, ce int) bool {
	lx := st.msgMarks()
	if lx == nil || ss.words == nil || ss.id >= lx.nSS {
		return ss.in(st.msg.text[cs:ce])
	}
	bit := uint64(1) << ss.id
	for _, m := range st.v.marks {
		if lx.setSS[m.lit]&bit != 0 && int(m.start) >= cs && int(m.start)+int(lx.setLen[m.lit]) <= ce {
			return true
		}
	}
	return false
}
