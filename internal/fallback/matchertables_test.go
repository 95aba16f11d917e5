package fallback

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLexiconHeads checks the tables find reads in place of lits and the
// phrases: each literal's length, and under it the phrases whose first
// part it is, ascending, each with the literal of its second part (-1 for
// a phrase of one part).
func TestLexiconHeads(t *testing.T) {
	lx := Default().lx
	want := make([][]firstPhrase, len(lx.lits))
	for i, ph := range lx.phrases {
		second := int32(-1)
		if len(ph.parts) > 1 {
			second = ph.parts[1].lit
		}
		f := ph.parts[0].lit
		want[f] = append(want[f], firstPhrase{int32(i), second})
	}
	if len(lx.heads) != len(lx.lits)+1 {
		t.Fatalf("%d heads for %d literals, want one more", len(lx.heads), len(lx.lits))
	}
	for id, l := range lx.lits {
		if got := lx.heads[id].len; int(got) != len(l) {
			t.Errorf("literal %d %q: length %d, want %d", id, l, got, len(l))
		}
		if d := cmp.Diff(want[id], lx.firstOf(int32(id)), cmp.AllowUnexported(firstPhrase{})); len(want[id]) > 0 && d != "" {
			t.Errorf("literal %d %q: phrases (-want +got):\n%s", id, l, d)
		} else if len(want[id]) == 0 && len(lx.firstOf(int32(id))) > 0 {
			t.Errorf("literal %d %q: phrases %v, want none", id, l, lx.firstOf(int32(id)))
		}
	}
}

// TestOccSeen checks occIndex.seen, the bits find asks instead of the
// counts, against the counts after scans of texts of the pack's literals,
// through scanOcc and through add, and that reset clears them.
func TestOccSeen(t *testing.T) {
	lx := Default().lx
	rng := rand.New(rand.NewSource(5))
	occ := newOccIndex(len(lx.lits))
	check := func(text string) {
		t.Helper()
		for id := range lx.lits {
			if got, want := occ.has(int32(id)), occ.lit[id].count > 0; got != want {
				t.Fatalf("%q: literal %d %q: has %v, count %d", text, id, lx.lits[id], got, occ.lit[id].count)
			}
		}
	}
	for range 100 {
		text := randomText(rng, lx.lits)
		lx.scanOcc(text, occ, nil)
		check(text)
		occ.reset()
		if i := slices.IndexFunc(occ.seen, func(w uint64) bool { return w != 0 }); i >= 0 {
			t.Fatalf("%q: word %d of seen is %#x after reset", text, i, occ.seen[i])
		}
		lx.auto.scan(text, func(lit int32, start int) { lx.record(lit, start, occ, nil) })
		check(text)
		occ.reset()
	}
}
