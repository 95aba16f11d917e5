package fallback

import (
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// sentNext is the sentence automaton's step, read from its tables.
func sentNext(s uint32, b byte) uint32 { return uint32(sentDelta[uint32(sentDelta[b])+s]) }

// TestSentTableLayout checks the layout of the sentence automaton's table
// that a scan with its tables evicted from the caches relies on: a column
// per byte class in two-byte cells (no row of 256 cells a state), and the
// states of each group (recognising nothing, then from sentFirst on
// recognising a word) numbered breadth first, so that the shallow states
// every word passes sit together at the head of each column.
func TestSentTableLayout(t *testing.T) {
	if size := len(sentDelta) * 2; size > 128<<10 {
		t.Errorf("sentDelta takes %d bytes, want at most 128 KiB", size)
	}
	cols := map[uint16]bool{}
	for _, c := range sentDelta[:256] {
		cols[c] = true
	}
	if len(cols) > 64 {
		t.Errorf("%d columns, want a column per byte class (at most 64)", len(cols))
	}
	// Every column has a cell per state, sentSep and sentWide included.
	rows := uint32((len(sentDelta) - 256) / len(cols))
	if sentWide+1 != rows || sentSep+1 != sentWide || rows > 2*sentFirst {
		t.Errorf("rows %d, sentSep %d, sentWide %d, sentFirst %d", rows, sentSep, sentWide, sentFirst)
	}
	// The depth of each state from the root, over the ASCII bytes that
	// neither end a piece nor mark it wide.
	depth := map[uint32]int{0: 0}
	for q := []uint32{0}; len(q) > 0; q = q[1:] {
		for b := range utf8.RuneSelf {
			if isSentenceSep(byte(b)) {
				continue
			}
			if u := sentNext(q[0], byte(b)); u >= rows {
				t.Fatalf("state %d steps to %d on %q, past the table", q[0], u, byte(b))
			} else if _, ok := depth[u]; !ok {
				depth[u] = depth[q[0]] + 1
				q = append(q, u)
			}
		}
	}
	for _, grp := range [][2]uint32{{0, sentFirst}, {sentFirst, sentSep}} {
		prev := -1
		for s := grp[0]; s < grp[1]; s++ {
			d, ok := depth[s]
			if !ok {
				continue // a gap below sentFirst
			}
			if d < prev {
				t.Fatalf("state %d at depth %d follows one at depth %d: not breadth first", s, d, prev)
			}
			prev = d
		}
	}
	// The separators and the non-ASCII bytes lead to sentSep and sentWide
	// from every state the scan reaches.
	var got, want []uint32
	for s := range rows {
		if _, ok := depth[s]; !ok {
			continue
		}
		for _, b := range []byte{'.', '\n', 0x80, 0xff} {
			got = append(got, sentNext(s, b))
			if b < utf8.RuneSelf {
				want = append(want, sentSep)
			} else {
				want = append(want, sentWide)
			}
		}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("separator and non-ASCII steps (-want +got):\n%s", d)
	}
}
