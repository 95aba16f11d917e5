package fallback

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// checkSentenceFolds compares a view's sentence folds with each sentence
// folded on its own, which is what they were before a one-sentence text
// took its fold from the whole text's.
func checkSentenceFolds(t *testing.T, s string) {
	t.Helper()
	var want []string
	for _, sent := range splitSentences(s) {
		want = append(want, foldedText(sent))
	}
	tv := &textView{s: s}
	got := tv.foldedSentences()
	if len(want) == 0 && len(got) == 0 {
		return
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("foldedSentences(%q) (-want +got):\n%s", s, diff)
	}
}

func TestSoleSentenceFold(t *testing.T) {
	for _, s := range []string{
		"",
		".",
		"a.",
		"Invoice INV-20931 for $48,250.00 is approved and due in 12 days.",
		"Vendor master lists account ending 7710, unchanged since 2021",
		"Plan B.",
		"u r g e n t.",
		"p4ssw0rd.",
		"Ends with a colon:.",
		"etc..",
		"Two sentences. Here.",
		"Dr. Chen approved it.",
		"A sentence ending in a quote \"x\".",
		"Café ſ K.",
		"bad \xff byte a.",
		" x .",
		"$5.",
	} {
		t.Run(s, func(t *testing.T) { checkSentenceFolds(t, s) })
	}
}

func FuzzSoleSentenceFold(f *testing.F) {
	for _, s := range []string{"", "a.", "Plan B.", "u r g e n t.", "p4ssw0rd.", "Dr. Chen approved it.", "x:y 1.", "a\xffb c.", "$5 !!."} {
		f.Add(s)
	}
	f.Fuzz(checkSentenceFolds)
}

// checkSentenceLowers compares a view's sentence lower cases with each
// sentence lowered on its own.
func checkSentenceLowers(t *testing.T, s string) {
	t.Helper()
	var want []string
	for _, sent := range splitSentences(s) {
		want = append(want, toLower(sent))
	}
	tv := &textView{s: s}
	got := tv.lowerSentences()
	if len(want) == 0 && len(got) == 0 {
		return
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lowerSentences(%q) (-want +got):\n%s", s, diff)
	}
}

func TestLowerSentences(t *testing.T) {
	for _, s := range []string{
		"",
		"!",
		"Vendor Master lists ACCOUNT 7710. Invoice INV-1 is DUE! Why? Now;\\nnext",
		"Dr. Chen said so. Then left.",
		"Café GROSS. Straße ſ K.",
		"bad \xff Byte. B.",
		"a.b.c. D",
	} {
		t.Run(s, func(t *testing.T) { checkSentenceLowers(t, s) })
	}
}

func FuzzLowerSentences(f *testing.F) {
	for _, s := range []string{"", "A. B", "Dr. Chen said. OK!", "Café. X", "a\xffB. c"} {
		f.Add(s)
	}
	f.Fuzz(checkSentenceLowers)
}
