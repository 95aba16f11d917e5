package fallback

import (
	"strings"
	"testing"
)

// The negator filter before the map only skips look-ups: every negator
// must pass it, and a word that fails it must not be a negator.
func TestWordFilters(t *testing.T) {
	lx := Default().lx
	if len(lx.negators) == 0 {
		t.Fatal("no negators")
	}
	for w := range lx.negators {
		if !lx.isNegator(w) {
			t.Errorf("isNegator(%q) = false", w)
		}
	}
	text := strings.Fields(foldedText("We appreciate the partnership; no need to call back, nunca jamais nicht not never. Der Vorstand hat es genehmigt, please send the codes today " + strings.Repeat("x", 70)))
	for _, w := range text {
		if got, want := lx.isNegator(w), lx.negators[w]; got != want {
			t.Errorf("isNegator(%q) = %v, want %v", w, got, want)
		}
	}
}
