package fallback

import (
	"strings"
	"testing"

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

// The digit words must leave the default lexicon's automaton compact
// (r16: one class short of 32 or fewer): without it every scan takes the
// slower loop of scan, which no test of the answers would notice.
func TestDigitLeadsKeepLexiconCompact(t *testing.T) {
	lx := Default().lx
	if lx.auto.r16 == nil {
		t.Fatalf("the lexicon's automaton is not compact (%d byte classes)", lx.auto.nclass)
	}
	if digitLeadSet.id >= lx.nSS {
		t.Fatalf("digitLeadSet (id %d) is not among the lexicon's %d substring sets", digitLeadSet.id, lx.nSS)
	}
}
