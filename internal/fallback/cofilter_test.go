package fallback

import (
	"strings"
	"testing"
)

// The filters before the maps only skip look-ups: every key must pass
// them, and a word that fails them must not be a key.
func TestWordFilters(t *testing.T) {
	for w, want := range coLex.ent {
		if got, ok := coLex.get(w); !ok || got != want {
			t.Errorf("coLex.get(%q) = %v, %v; want %v, true", w, got, ok, want)
		}
	}
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
		_, inEnt := coLex.ent[w]
		if _, ok := coLex.get(w); ok != inEnt {
			t.Errorf("coLex.get(%q) found %v, the map %v", w, ok, inEnt)
		}
		if got, want := lx.isNegator(w), lx.negators[w]; got != want {
			t.Errorf("isNegator(%q) = %v, want %v", w, got, want)
		}
	}
}
