package fallback

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// setBits is substrGroup.bits by definition: one pass per set.
func setBits(g *substrGroup, s string) uint64 {
	var b uint64
	for i, ss := range g.sets {
		if ss.in(s) {
			b |= 1 << i
		}
	}
	return b
}

// testGroups are the package's groups, and one whose sets have short,
// shared and overlapping words.
func testGroups() map[string]*substrGroup {
	a := newSubstrSet([]string{"", "ab", "é"})
	b := newSubstrSet([]string{"ab", "abc", "bca"})
	c := newSubstrSet([]string{"cab", "x"})
	return map[string]*substrGroup{
		"recLower": recLowerGroup,
		"recFold":  recFoldGroup,
		"polFold":  polFoldGroup,
		"polLower": polLowerGroup,
		"concept":  conceptGroup,
		"self":     selfGroup,
		"store":    storeGroup,
		"famHead":  familyHeadGroup,
		"famDesc":  familyDescGroup,
		"odd":      newSubstrGroup(a, b, c),
		"one":      newSubstrGroup(b),
	}
}

// TestSubstrGroupMatchesSets holds a group's one pass to its sets' own:
// on every word of every set, alone, padded, cut short and joined to the
// next, where a pass that stopped early or skipped a start would miss.
func TestSubstrGroupMatchesSets(t *testing.T) {
	for name, g := range testGroups() {
		var words []string
		for _, ss := range g.sets {
			words = append(words, ss.all...)
		}
		texts := []string{"", "a", "zz", "the payment was reversed and the account suspended"}
		for i, w := range words {
			next := words[(i+1)%len(words)]
			texts = append(texts, w, " "+w+" ", "x"+w, w+next, next+" "+w)
			if len(w) > 1 {
				texts = append(texts, w[:len(w)-1], w[1:])
			}
		}
		for _, tx := range texts {
			t.Run(fmt.Sprintf("%s/%q", name, tx), func(t *testing.T) {
				if diff := cmp.Diff(setBits(g, tx), g.bits(tx)); diff != "" {
					t.Errorf("bits(%q) (-want +got):\n%s", tx, diff)
				}
			})
		}
	}
}

// TestGroupBitsHas checks the cached answers, for sets in the group and
// one outside it, asked in turn about one text.
func TestGroupBitsHas(t *testing.T) {
	in := newSubstrSet([]string{"blocked"})
	out := newSubstrSet([]string{"iban"})
	g := newSubstrGroup(newSubstrSet([]string{"refund"}), in)
	for _, tx := range []string{"", "account blocked", "iban blocked", "refund to iban"} {
		t.Run(tx, func(t *testing.T) {
			var gb groupBits
			for _, ss := range []*substrSet{in, out, in, g.sets[0]} {
				if got, want := gb.has(g, ss, tx), ss.in(tx); got != want {
					t.Errorf("has(%q, %q) = %v, want %v", ss.all, tx, got, want)
				}
			}
		})
	}
}

func FuzzSubstrGroup(f *testing.F) {
	f.Add("the account was suspended after the chargeback", "ab")
	f.Add("abca cab x é", "bca")
	f.Fuzz(func(t *testing.T, s, w string) {
		for name, g := range testGroups() {
			if got, want := g.bits(s), setBits(g, s); got != want {
				t.Fatalf("%s.bits(%q) = %b, want %b", name, s, got, want)
			}
		}
		g := newSubstrGroup(newSubstrSet([]string{w, strings.ToLower(w)}), newSubstrSet([]string{"of", w + "s"}))
		if got, want := g.bits(s), setBits(g, s); got != want {
			t.Fatalf("bits(%q) over %q = %b, want %b", s, w, got, want)
		}
		// Without a word under three bytes, every word is found by the probes.
		g = newSubstrGroup(newSubstrSet([]string{" " + w, " of the"}), newSubstrSet([]string{" off ", w + "s"}))
		if got, want := g.bits(s), setBits(g, s); got != want {
			t.Fatalf("bits(%q) over %q, space-led = %b, want %b", s, w, got, want)
		}
	})
}

// TestGroupIndex checks a set's bit in each group that holds it, past the
// two groups a set keeps, and -1 for a group that does not hold it.
func TestGroupIndex(t *testing.T) {
	x := newSubstrSet([]string{"refund"})
	y := newSubstrSet([]string{"iban"})
	gs := []*substrGroup{newSubstrGroup(x), newSubstrGroup(y, x), newSubstrGroup(y, y, x), newSubstrGroup(y)}
	for i, want := range []int{0, 1, 2, -1} {
		if got := gs[i].index(x); got != want {
			t.Errorf("group %d: index = %d, want %d", i, got, want)
		}
	}
}
