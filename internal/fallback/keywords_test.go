package fallback

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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

// sentencesOfRef is sentencesOf before the split, the cue scan and the gate
// scan shared a pass: split, then kwOf and judgeGates.mask on each piece.
func sentencesOfRef(s string) []sentence {
	if len(s) > maxClaimBytes {
		s = s[:maxClaimBytes]
	}
	var out []sentence
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && !isSentenceSep(s[j]) {
			j++
		}
		if j > i {
			if p := s[i:j]; strings.TrimSpace(p) != "" {
				out = append(out, sentence{text: p, start: i, kw: kwOf(p), gate: judgeGates.mask(strings.ToLower(p))})
			}
		}
		i = j + 1
	}
	return out
}

func TestSentencesOfMatchesSplit(t *testing.T) {
	for _, s := range []string{"", ".", " . ", "I'm a GOLD member. It never ARRIVED!", "didn’t pay; \u212a gold\nUSD 40 on Jan 5?",
		"no separator at all", "ends with a dot.", "..;;\n\n", "\u00a0.\u00a0gold", "ſ never. GOLD", "\xff\xfe gold. silver",
		strings.Repeat("I was never paid for order 1182 on Jan 5. ", 500)} {
		t.Run(s[:min(len(s), 20)], func(t *testing.T) {
			if d := cmp.Diff(sentencesOfRef(s), sentencesOf(s), cmp.AllowUnexported(sentence{})); d != "" {
				t.Errorf("sentencesOf(%q) (-want +got):\n%s", s, d)
			}
		})
	}
}

func FuzzSentencesOf(f *testing.F) {
	f.Add("I'm a GOLD member. It never ARRIVED!")
	f.Add("didn’t pay; \u212a gold\nUSD 40")
	f.Fuzz(func(t *testing.T, s string) {
		if d := cmp.Diff(sentencesOfRef(s), sentencesOf(s), cmp.AllowUnexported(sentence{})); d != "" {
			t.Fatalf("sentencesOf(%q) (-want +got):\n%s", s, d)
		}
	})
}
