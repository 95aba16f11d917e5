package fallback

import (
	"strings"
	"testing"
)

// splitPhraseRef is splitPhrase before splitByFirst: every word tried.
func splitPhraseRef(ph string) bool {
	for _, p := range splitWords {
		w := strings.TrimSuffix(p, " ")
		if strings.HasPrefix(ph, w) && (len(ph) == len(w) || len(p) == len(w) || ph[len(w)] == ' ') {
			return true
		}
	}
	return false
}

// TestSplitPhraseIndex checks the first-byte index against trying every
// word, over the default pack's phrases and each word cut, extended and
// run on.
func TestSplitPhraseIndex(t *testing.T) {
	phrases := []string{"", "s", " split"}
	for _, ph := range Default().lx.phrases {
		phrases = append(phrases, ph.src)
	}
	for _, p := range splitWords {
		w := strings.TrimSuffix(p, " ")
		phrases = append(phrases, p, w, w[:len(w)-1], w+" it", w+"s", w+"-", p+"x")
	}
	hits := 0
	for _, ph := range phrases {
		want := splitPhraseRef(ph)
		if got := splitPhrase(ph); got != want {
			t.Errorf("splitPhrase(%q) = %v, want %v", ph, got, want)
		}
		if want {
			hits++
		}
	}
	if hits < len(splitWords) {
		t.Errorf("only %d phrases split: the test no longer covers the words", hits)
	}
}

// FuzzSplitPhraseIndex compares the first-byte index with trying every word.
func FuzzSplitPhraseIndex(f *testing.F) {
	for _, p := range splitWords {
		f.Add(p)
		f.Add(p + "x")
	}
	f.Fuzz(func(t *testing.T, ph string) {
		if got, want := splitPhrase(ph), splitPhraseRef(ph); got != want {
			t.Errorf("splitPhrase(%q) = %v, want %v", ph, got, want)
		}
	})
}
