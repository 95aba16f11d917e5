package fallback

import (
	"fmt"
	"math/rand"
	"testing"
)

// TestPairIndexTables holds the package's sets' and groups' probe tables
// to the sizes the cold layout is for: a dozen probes of a short text
// share most of the lines, where a fixed 4 KiB table of offsets had
// nearly each of them miss.
func TestPairIndexTables(t *testing.T) {
	check := func(name string, ix *pairIndex, maxOffs int) {
		t.Helper()
		if n := len(ix.offs()); n > maxOffs {
			t.Errorf("%s: offs is %d bytes, want %d at most", name, n, maxOffs)
		}
		if n := 8 * len(ix.starts()); n > 512 {
			t.Errorf("%s: starts is %d bytes, want 512 at most", name, n)
		}
	}
	for _, l := range substrSetLists {
		check(l.name, &l.set.ix, 1024)
	}
	for name, g := range testGroups() {
		check("group "+name, &g.ix, 2048)
	}
}

// TestPairIndexCrowded compares in with containsAny for sets of many
// words over a small alphabet, whose pairs share offs's bytes and whose
// starts share bits of starts and slots of byStart, on texts that hold
// words at every offset and near the end, where a start has fewer than
// four bytes.
func TestPairIndexCrowded(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "abcdef "[rng.Intn(7)]
		}
		return string(b)
	}
	for _, n := range []int{2, 3, 4, 5, 9} {
		for _, size := range []int{40, 300} {
			t.Run(fmt.Sprint(n, "/", size), func(t *testing.T) {
				var words []string
				for range size {
					words = append(words, word(n+rng.Intn(3)))
				}
				ss := newSubstrSet(words)
				for range 300 {
					s := word(rng.Intn(24))
					if got, want := ss.in(s), containsAny(s, words...); got != want {
						t.Fatalf("in(%q) = %v, containsAny = %v", s, got, want)
					}
				}
			})
		}
	}
}
