package fallback

import (
	"math/rand"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// findRef is find as it was with maps (the reference for TestFindMatchesReference): it returns the phrase hits in a folded text: for every phrase, its first
// occurrence. Hits preceded by a negator within three words ("never ask for
// your password") are dropped.
func (lx *lexicon) findRef(text string) []hit {
	occ := make(map[int32][]int, 16)
	lx.auto.scan(text, func(lit int32, start int) {
		if int(lit) >= len(lx.lits) {
			return // a set literal (buildScanner)
		}
		if o := occ[lit]; len(o) < 64 {
			occ[lit] = append(o, start)
		}
	})
	if len(occ) == 0 {
		return nil
	}
	var ti *textIndex
	seen := make(map[int]bool)
	var hits []hit
	// Iterate literals in id order for determinism.
	ids := make([]int32, 0, len(occ))
	for id := range occ {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		for _, fp := range lx.firstOf(id) {
			pi := fp.phrase
			if seen[int(pi)] {
				continue
			}
			ph := &lx.phrases[pi]
			for _, st := range occ[id] {
				end := st + len(lx.lits[id])
				ok := true
				if len(ph.parts) > 1 {
					if ti == nil {
						ti = newTextIndex(text)
					}
					end, ok = lx.chainRef(ti, ph, occ, end)
				}
				if !ok {
					continue
				}
				if lx.negated(text, st, nil) {
					continue
				}
				seen[int(pi)] = true
				hits = append(hits, hit{phrase: int(pi), start: st, end: end})
				break
			}
		}
	}
	sort.Slice(hits, func(i, j int) bool {
		if hits[i].start != hits[j].start {
			return hits[i].start < hits[j].start
		}
		return hits[i].phrase < hits[j].phrase
	})
	return hits
}

// chain checks the later parts of a phrase after a first-part hit ending at
// end; it returns the end of the whole phrase.
func (lx *lexicon) chainRef(ti *textIndex, ph *phrase, occ map[int32][]int, end int) (int, bool) {
	for k := 1; k < len(ph.parts); k++ {
		p := ph.parts[k]
		next := ti.wordAt(end) // first word after the previous part
		if end > 0 && end <= len(ti.text) && ti.text[end-1] != ' ' {
			// previous part ended mid-word (prefix): skip the rest of that word
			next = ti.wordAt(end)
		}
		lo, hi := 0, 0
		switch p.gap {
		case gapWord, gapNumber:
			lo, hi = 1, 1
		case gapUpTo:
			lo, hi = 0, maxGapWord
		}
		found := -1
		for _, st := range occ[p.lit] {
			w := ti.wordAt(st + 1)
			g := w - next
			if g < lo || g > hi {
				continue
			}
			good := true
			for m := next; m < w; m++ {
				gw := ti.word(m)
				if gw == "." || (p.gap == gapNumber && !isNumberWord(gw)) {
					good = false
					break
				}
			}
			if good {
				found = st
				break
			}
		}
		if found < 0 {
			return 0, false
		}
		end = found + len(lx.lits[p.lit])
	}
	return end, true
}

// TestFindMatchesReference compares find (flat pooled occurrence lists)
// with the map-based version it replaced, on texts built from the pack's
// own literals, so that multi-part phrases, gaps, negators and the cap of
// maxOcc occurrences per literal are all exercised.
func TestFindMatchesReference(t *testing.T) {
	lx := Default().lx
	r := rand.New(rand.NewSource(7))
	filler := []string{"the", "a", "3", "two", ".", "not", "never", "we", "you", "please", "now", "x"}
	total := 0
	for n := range 3000 {
		var b strings.Builder
		if n%500 == 1 {
			// One literal far past the cap, then the rest of a phrase.
			ph := lx.phrases[r.Intn(len(lx.phrases))]
			b.WriteString(strings.Repeat(lx.lits[ph.parts[0].lit], 3*maxOcc))
			for _, p := range ph.parts[1:] {
				b.WriteString(" one " + lx.lits[p.lit])
			}
		}
		words := 5 + r.Intn(60)
		if n%100 == 0 {
			words = 2000 // long: literals past the cap
		}
		for range words {
			if r.Intn(3) == 0 {
				b.WriteString(lx.lits[r.Intn(len(lx.lits))])
			} else {
				b.WriteString(" " + filler[r.Intn(len(filler))] + " ")
			}
		}
		text := foldedText(b.String())
		got, want := lx.find(text), lx.findRef(text)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("find(%q):\n got %v\nwant %v", text, got, want)
		}
		total += len(want)
	}
	if total < 1000 {
		t.Fatalf("only %d hits: the texts do not exercise find", total)
	}
}

// textIndexWordsRef is newTextIndex's words as first written: every
// byte after a space that is not a space starts one, which runs to the
// next space or the end.
func textIndexWordsRef(text string) []wordSpan {
	words := []wordSpan{}
	for i := 1; i < len(text); i++ {
		if text[i-1] == ' ' && text[i] != ' ' {
			e := i
			for e < len(text) && text[e] != ' ' {
				e++
			}
			words = append(words, wordSpan{int32(i), int32(e)})
		}
	}
	return words
}

func FuzzTextIndex(f *testing.F) {
	for _, s := range []string{"", " ", "  ", "a", " a", "a b", " pay now . today ", "  two  spaces  ", "x "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := newTextIndex(s).words
		if got == nil {
			got = []wordSpan{}
		}
		if diff := cmp.Diff(textIndexWordsRef(s), got, cmp.AllowUnexported(wordSpan{})); diff != "" {
			t.Fatalf("newTextIndex(%q).words (-want +got):\n%s", s, diff)
		}
	})
}

// FuzzFind compares find (scanOcc, chain) with findRef on any text.
func FuzzFind(f *testing.F) {
	lx := Default().lx
	for _, s := range []string{"Please skip the usual callback just this once.", "Do not share your password. Share it now!", "pay 2 invoices today"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		text := foldedText(s)
		if got, want := lx.find(text), lx.findRef(text); !reflect.DeepEqual(got, want) {
			t.Fatalf("find(%q):\n got %v\nwant %v", text, got, want)
		}
	})
}
