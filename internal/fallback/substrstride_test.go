package fallback

import (
	"fmt"
	"math/rand"
	"testing"
)

// TestSubstrSetStride compares in with containsAny for sets of every
// shortest word length (past maxStride too), on texts over a small
// alphabet, so that words occur at every offset from the probed pairs.
func TestSubstrSetStride(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "abcd "[rng.Intn(5)]
		}
		return string(b)
	}
	for shortest := 1; shortest <= 12; shortest++ {
		t.Run(fmt.Sprint(shortest), func(t *testing.T) {
			for range 40 {
				var words []string
				for k := range 1 + rng.Intn(6) {
					n := shortest
					if k > 0 {
						n += rng.Intn(4)
					}
					words = append(words, word(n))
				}
				ss := newSubstrSet(words)
				if want := min(maxStride, max(1, shortest-1)); shortest >= 2 && ss.ix.stride != want {
					t.Fatalf("%q: stride %d, want %d", words, ss.ix.stride, want)
				}
				for range 50 {
					s := word(rng.Intn(40))
					if got, want := ss.in(s), containsAny(s, words...); got != want {
						t.Fatalf("%q.in(%q) = %v, containsAny = %v", words, s, got, want)
					}
				}
			}
		})
	}
}
