package fallback

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

type litHit struct {
	Lit   int32
	Start int
}

func scanAll(a *automaton, text string) []litHit {
	var out []litHit
	a.scan(text, func(lit int32, start int) { out = append(out, litHit{lit, start}) })
	return out
}

// TestCompactScanMatchesTable compares the scan of a compacted automaton
// (cols16, renumbered states) with the scan of the same literals in the table
// buildAutomaton makes (d16, or delta past 32768 states), on texts built
// from the literals, their fragments and random bytes.
func TestCompactScanMatchesTable(t *testing.T) {
	lits := Default().lx.lits
	small := []string{" ab ", " abc", "bc ", "c", " a b ", "ab"}
	// Enough literals that the table falls back to delta (more than 32768
	// states) while the compacted form still fits in 16 bits (at most
	// 65536): the pack's literals and as many derived ones as that takes,
	// so the test holds as the pack grows.
	big := append([]string(nil), lits...)
	for _, l := range extraLits(lits) {
		big = append(big, l)
		if len(big)%200 == 0 && buildAutomaton(big).d16 == nil {
			break
		}
	}
	// More byte classes than the 32 a row-ordered table held: one literal
	// per byte value from 'A'.
	var classes []string
	for b := byte('A'); b < 'A'+48; b++ {
		classes = append(classes, " "+string(rune(b))+"x ")
	}
	for _, tc := range []struct {
		name string
		lits []string
		wide bool // the 32-bit table (cols32), which compact takes past 65536 states
	}{
		{"pack", lits, false}, {"small", small, false}, {"big", big, false}, {"classes", classes, false},
		{"pack/wide", lits, true}, {"small/wide", small, true}, {"classes/wide", classes, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ref := buildAutomaton(tc.lits)
			if tc.name == "big" && ref.d16 != nil {
				t.Fatal("the big automaton should need the 32-bit table")
			}
			if tc.name == "classes" && ref.nclass <= 32 {
				t.Fatalf("%d byte classes, want more than 32", ref.nclass)
			}
			got := buildAutomaton(tc.lits).compactTo(tc.wide)
			if !got.compacted() || (got.cols32 != nil) != tc.wide {
				t.Fatalf("not compacted as asked (wide %v): cols16 %v, cols32 %v", tc.wide, got.cols16 != nil, got.cols32 != nil)
			}
			// recordStates makes room for maxOut literals a state.
			most := 0
			states := (len(got.cols16) + len(got.cols32)) / got.nclass
			for s := got.firstOut; s < uint32(states); s++ {
				most = max(most, len(got.outOf(s)))
			}
			if got.maxOut != most {
				t.Errorf("maxOut %d, want %d", got.maxOut, most)
			}
			rng := rand.New(rand.NewSource(1))
			for i := range 300 {
				text := randomText(rng, tc.lits)
				if diff := cmp.Diff(scanAll(ref, text), scanAll(got, text)); diff != "" {
					t.Fatalf("text %d %q: (-want +got)\n%s", i, text, diff)
				}
			}
		})
	}
}

// extraLits derives more literals from lits (each reversed), to grow an
// automaton past the 15-bit table.
func extraLits(lits []string) []string {
	out := make([]string, 0, len(lits))
	for _, l := range lits {
		b := []byte(l)
		for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
			b[i], b[j] = b[j], b[i]
		}
		out = append(out, string(b)+"x")
	}
	return out
}

func randomText(rng *rand.Rand, lits []string) string {
	var b strings.Builder
	b.WriteByte(' ')
	for range 1 + rng.Intn(60) {
		switch rng.Intn(4) {
		case 0, 1:
			b.WriteString(lits[rng.Intn(len(lits))])
		case 2:
			l := lits[rng.Intn(len(lits))]
			b.WriteString(l[:rng.Intn(len(l)+1)])
		default:
			for range rng.Intn(4) {
				b.WriteByte(byte(rng.Intn(256)))
			}
			b.WriteByte(' ')
		}
	}
	return b.String()
}

type occScan struct {
	Pairs []litAt
	IDs   []int32
	Marks []setMark
}

// scanOccRef is scanOcc through scan and a callback, as findMarks did it.
func scanOccRef(lx *lexicon, text string) occScan {
	occ := newOccIndex(len(lx.lits))
	var marks []setMark
	lx.auto.scan(text, func(lit int32, start int) { lx.record(lit, start, occ, &marks) })
	return occScan{occ.pairs, occ.ids, marks}
}

// checkScanOcc compares scanOcc with scanOccRef on text, and returns how
// many literals the text holds.
func checkScanOcc(t *testing.T, lx *lexicon, text string) int {
	t.Helper()
	occ := newOccIndex(len(lx.lits))
	var marks []setMark
	lx.scanOcc(text, occ, &marks)
	want := scanOccRef(lx, text)
	if diff := cmp.Diff(want, occScan{occ.pairs, occ.ids, marks}, cmp.AllowUnexported(litAt{}, setMark{}), cmpopts.EquateEmpty()); diff != "" {
		t.Fatalf("%q: (-want +got)\n%s", text, diff)
	}
	// Without marks (find), the same occurrences.
	noMarks := newOccIndex(len(lx.lits))
	lx.scanOcc(text, noMarks, nil)
	if diff := cmp.Diff(want.Pairs, noMarks.pairs, cmp.AllowUnexported(litAt{}), cmpopts.EquateEmpty()); diff != "" {
		t.Fatalf("%q, no marks: (-want +got)\n%s", text, diff)
	}
	return len(want.Pairs) + len(want.Marks)
}

// TestScanOccMatchesScan compares scanOcc, four bytes a turn, with scan
// and a callback, on texts built from the pack's literals.
func TestScanOccMatchesScan(t *testing.T) {
	lx := Default().lx
	rng := rand.New(rand.NewSource(2))
	for range 300 {
		checkScanOcc(t, lx, randomText(rng, lx.lits))
	}
	// colScanOcc queues the states it meets and records them in batches
	// (recordStates): a text of many batches, of states with one literal
	// and with several.
	if n := checkScanOcc(t, lx, foldText(strings.Repeat("We appreciate the partnership; please pay the invoice today. ", 40)).text); n <= 4*hitQueue {
		t.Errorf("the long text holds %d literals, want more than %d", n, 4*hitQueue)
	}
}

// TestScanOccWide compares scanOcc on the pack's automaton in the 32-bit
// compact table (cols32, which compact takes past 65536 states) with
// scan on the 16-bit one.
func TestScanOccWide(t *testing.T) {
	lx := Default().lx
	wide := widened(lx)
	rng := rand.New(rand.NewSource(3))
	for range 200 {
		text := randomText(rng, lx.lits)
		occ := newOccIndex(len(lx.lits))
		var marks []setMark
		wide.scanOcc(text, occ, &marks)
		if diff := cmp.Diff(scanOccRef(lx, text), occScan{occ.pairs, occ.ids, marks}, cmp.AllowUnexported(litAt{}, setMark{}), cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("%q: (-want +got)\n%s", text, diff)
		}
	}
}

// widened is lx with its automaton's compact table in 32 bits.
func widened(lx *lexicon) *lexicon {
	a := *lx.auto
	a.cols32 = make([]uint32, len(a.cols16))
	for i, v := range a.cols16 {
		a.cols32[i] = uint32(v)
	}
	a.cols16 = nil
	return &lexicon{auto: &a, lits: lx.lits}
}

func FuzzScanOcc(f *testing.F) {
	lx := Default().lx
	f.Add(" pay now . urgent wire the funds today ")
	f.Add(" a b c d e f g h i j k l m n o p ")
	f.Add("x")
	f.Fuzz(func(t *testing.T, text string) {
		checkScanOcc(t, lx, text)
	})
}
