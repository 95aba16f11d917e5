package fallback

import (
	"fmt"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
)

// msgDigitWordsRef is what msgDigitWords must give: every word of the
// message whose first byte is a digit.
func msgDigitWordsRef(st *state) []int32 {
	d := []int32{}
	for i, w := range st.v.msgWords {
		if c := st.msg.text[w.start]; c >= '0' && c <= '9' {
			d = append(d, int32(i))
		}
	}
	return d
}

func checkMsgDigitWords(t *testing.T, msg string) {
	t.Helper()
	st := markedState(msg)
	got, ok := st.msgDigitWords()
	if !ok {
		t.Fatalf("msgDigitWords(%q): no marks", msg)
	}
	if got == nil {
		got = []int32{}
	}
	if diff := cmp.Diff(msgDigitWordsRef(st), got); diff != "" {
		t.Fatalf("msgDigitWords(%q) (-want +got):\n%s", msg, diff)
	}
	if _, ok := spannedState(msg).msgDigitWords(); ok {
		t.Fatalf("msgDigitWords(%q) answered without marks", msg)
	}
}

func TestMsgDigitWords(t *testing.T) {
	for _, msg := range []string{"", "5", "5pm", "pay 4,900.00 by 5pm on the 3rd", "no digits at all", "x5 a1 11 0",
		"room 12 . today at 9 . 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 today",
		strings.Repeat("invoice 5521 for $4,900.00 is due 17:00 today. ", 40)} {
		t.Run(msg[:min(len(msg), 30)], func(t *testing.T) {
			checkMsgDigitWords(t, msg)
		})
	}
}

func FuzzMsgDigitWords(f *testing.F) {
	for _, s := range []string{"pay before 17:00 today", "5 4 3", "a1 b2 3c", "ⅷ 5 ５"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkMsgDigitWords(t, s)
	})
}

// The default lexicon's automaton must be compact (cols16 or cols32:
// without it every scan takes the slower loop of scan, which no test of
// the answers would notice), and the digit words must be among its
// literals.
func TestDigitLeadsKeepLexiconCompact(t *testing.T) {
	lx := Default().lx
	if !lx.auto.compacted() {
		t.Fatalf("the lexicon's automaton is not compact (%d byte classes)", lx.auto.nclass)
	}
	if digitLeadSet.id >= lx.nSS {
		t.Fatalf("digitLeadSet (id %d) is not among the lexicon's %d substring sets", digitLeadSet.id, lx.nSS)
	}
}

// checkMsgRecordedDeadline compares, for the clause around every word of
// msg, what checkRecordedDeadline decides from the message's digit words
// with what it decides from the clause alone.
func checkMsgRecordedDeadline(t *testing.T, msg string, recTexts []string) {
	t.Helper()
	st := markedState(msg)
	var recs deadlineRecs
	for _, r := range recTexts {
		recs.add(foldText(r).text)
	}
	s := st.msg.text
	for _, w := range st.v.msgWords {
		cs, ce := st.clauseSpan(s, int(w.start))
		cl := s[cs:ce]
		if cl != clauseAround(s, int(w.start)) {
			t.Fatalf("%q at %d: clauseSpan gives %q, clauseAround %q", msg, w.start, cl, clauseAround(s, int(w.start)))
		}
		dw, ok := st.msgDigitsIn(s, cs, ce)
		if !ok {
			t.Fatalf("%q: no digit words", msg)
		}
		want := hasClauseTime(cl) && recordedDeadline(cl, &recs)
		if got := (len(dw) > 0 || todaySet.in(cl)) && st.msgRecordedDeadline(cl, dw, ce, &recs); got != want {
			t.Fatalf("%q, records %q, clause %q: %v, want %v", msg, recTexts, cl, got, want)
		}
	}
	if _, ok := st.msgDigitsIn(strings.Clone(s), 0, len(s)); ok {
		t.Fatalf("%q: msgDigitsIn answered for a text that is not the message's", msg)
	}
}

func TestMsgRecordedDeadline(t *testing.T) {
	recs := [][]string{nil, {"Payment run closes at 17:00 today."}, {"Cut-off 5 pm", "the office closes tonight"}, {"due 10 30 am . 3 days"}}
	for _, msg := range []string{"", "pay before 17:00 today please", "tonight at 8. room 12. 5 pm today", "x5 is due 10:30 am, 3 days",
		"Heute bis 17 Uhr. Avant 17h30 ce soir.", "a\u00a05 pm b\u30005pm . 17 00 utc", strings.Repeat("invoice 5521 for $4,900.00 is due 17:00 today. ", 20)} {
		for i, r := range recs {
			t.Run(fmt.Sprintf("%.20s/%d", msg, i), func(t *testing.T) {
				checkMsgRecordedDeadline(t, msg, r)
			})
		}
	}
}

func FuzzMsgRecordedDeadline(f *testing.F) {
	f.Add("pay before 17:00 today please", "Payment run closes at 17:00 today.")
	f.Add("tonight at 8. room 12. 5 pm today", "cut-off 5 pm . tonight")
	f.Fuzz(func(t *testing.T, msg, rec string) {
		checkMsgRecordedDeadline(t, msg, []string{rec})
	})
}

// The checks that read the message by its words (msgDigitWords) take its
// words for those strings.Fields cuts: the fold leaves no white space
// but the space.
func FuzzFoldedSpaces(f *testing.F) {
	f.Add("a\tb\nc\r\v\fd 12\t3")
	f.Add("a\u0085b\u00a0c\u1680d\u2000e\u2028f\u2029g\u202fh\u205fi\u3000j 5\u16805")
	f.Fuzz(func(t *testing.T, s string) {
		x := foldText(s).text
		if i := strings.IndexFunc(x, func(r rune) bool { return r != ' ' && unicode.IsSpace(r) }); i >= 0 {
			t.Fatalf("foldText(%q) = %q holds white space at %d", s, x, i)
		}
	})
}

// msgSpanHas must answer as the set's own pass over every span of the
// message between two of its words' bounds.
func TestMsgSpanHas(t *testing.T) {
	for _, msg := range []string{"", "pay before 17:00 today please, otherwise the account is suspended", "heute noch, sonst verfall. ce soir",
		strings.Repeat("due today or you lose access . ", 30)} {
		t.Run(msg[:min(len(msg), 20)], func(t *testing.T) {
			st := markedState(msg)
			s := st.msg.text
			var bounds []int
			for _, w := range st.v.msgWords {
				bounds = append(bounds, int(w.start), int(w.end))
			}
			bounds = append(bounds, 0, len(s))
			for _, ss := range []*substrSet{todaySet, deadlineThreatSet} {
				for _, cs := range bounds {
					for _, ce := range bounds {
						if cs > ce {
							continue
						}
						if got, want := st.msgSpanHas(ss, cs, ce), ss.in(s[cs:ce]); got != want {
							t.Fatalf("set %d, %q: msgSpanHas = %v, in = %v", ss.id, s[cs:ce], got, want)
						}
					}
				}
			}
		})
	}
}
