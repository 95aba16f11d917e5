package fallback

import (
	"strings"
	"testing"
)

// FuzzCueWords checks that the one-pass cue-word scan finds exactly what
// strings.Contains on the lower-case sentence finds.
func FuzzCueWords(f *testing.F) {
	for _, s := range []string{"I'm a GOLD member", "It never ARRIVED", "didn’t pay", "3 Passengers booked 24 hours ago",
		"USD 40 on Jan 5", "\u212a İ ſ ärger", "nothing.came", "\xff\xfe gold"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		low := strings.ToLower(s)
		k := kwOf(s)
		for i, w := range cueWords {
			if got, want := k[i>>6]&(1<<(i&63)) != 0, strings.Contains(low, w); got != want {
				t.Fatalf("%q: cue %q found=%v, strings.Contains=%v", s, w, got, want)
			}
		}
	})
}

// TestSentenceWorkBounded is the deterministic guard of the structural
// checks' linearity: however long the text, the sentence-level checks read
// at most maxClaimBytes of it.
func TestSentenceWorkBounded(t *testing.T) {
	s := strings.Repeat("I was never paid for order 1182 on Jan 5. ", 30000) // ~1.2 MB
	ss := sentencesOf(s)
	last := ss[len(ss)-1]
	if end := last.start + len(last.text); end > maxClaimBytes {
		t.Fatalf("sentences reach byte %d, beyond the %d-byte bound", end, maxClaimBytes)
	}
	if len(ss) > maxClaimBytes/4 {
		t.Fatalf("%d sentences from a bounded text", len(ss))
	}
}
