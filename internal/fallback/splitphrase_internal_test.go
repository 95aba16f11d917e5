package fallback

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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

// TestSortHits compares sortHits with a sort by (start, phrase) on hit
// lists of every length around the insertion sort's limit.
func TestSortHits(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 2))
	for n := range 70 {
		for range 20 {
			hits := make([]hit, n)
			for i := range hits {
				hits[i] = hit{phrase: r.IntN(8), start: r.IntN(16), end: r.IntN(100)}
			}
			// (start, phrase) is unique in findMarks' hits.
			hits = slices.CompactFunc(slices.SortedFunc(slices.Values(hits), cmpHit), func(a, b hit) bool { return cmpHit(a, b) == 0 })
			r.Shuffle(len(hits), func(i, j int) { hits[i], hits[j] = hits[j], hits[i] })
			want := slices.SortedFunc(slices.Values(hits), cmpHit)
			sortHits(hits)
			if diff := cmp.Diff(want, hits, cmp.AllowUnexported(hit{})); diff != "" {
				t.Fatalf("n=%d (-want +got):\n%s", n, diff)
			}
		}
	}
}

func cmpHit(a, b hit) int {
	if a.start != b.start {
		return a.start - b.start
	}
	return a.phrase - b.phrase
}
