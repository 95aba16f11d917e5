package fallback

import (
	stdcmp "cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2atrust/shield/internal/consult"
)

// TestWriteQuoted checks writeQuoted against strconv.Quote, which it must
// equal byte for byte: on its fast path (printable text) and on every kind
// of text that needs an escape.
func TestWriteQuoted(t *testing.T) {
	quoteString := func(s string) string {
		var b strings.Builder
		b.WriteString("x") // writeQuoted appends
		writeQuoted(&b, s)
		return b.String()[1:]
	}
	for _, s := range []string{
		"", "plain words", "…Payment must land TODAY.", "a \"quoted\" word", `back\slash`, "tab\there", "new\nline",
		"\x7f", "\x01", "\xff", "bad \xc5 utf-8", "\u200b zero width", "\ufffd", "ſecret and \u212A", "€4,900", "日本語",
		"\U0001F600 emoji", "\u0085 next line",
	} {
		t.Run(s, func(t *testing.T) {
			if got, want := quoteString(s), strconv.Quote(s); got != want {
				t.Errorf("quoteString(%q) = %s, want %s", s, got, want)
			}
		})
	}
	pieces := []string{"a", "Z", " ", "\"", "\\", "…", "é", "\u200b", "\xff", "\x80", "\t", "\x00", "€", "\u00a0", "\U0001F600", "'"}
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		var b strings.Builder
		for k := r.IntN(12); k >= 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := quoteString(s), strconv.Quote(s); got != want {
			t.Fatalf("quoteString(%q) = %s, want %s", s, got, want)
		}
	}
}

// TestUniq checks uniq on short lists (a linear search) and long ones (a
// map): first occurrences, in order.
func TestUniq(t *testing.T) {
	long := make([]string, 0, 60)
	wantLong := make([]string, 0, 20)
	for i := range 60 {
		long = append(long, fmt.Sprint("it releases ", i%20))
		if i < 20 {
			wantLong = append(wantLong, fmt.Sprint("it releases ", i))
		}
	}
	for _, tc := range []struct {
		name     string
		in, want []string
	}{
		{"empty", nil, nil},
		{"one", []string{"a"}, []string{"a"}},
		{"repeats", []string{"b", "a", "b", "c", "a"}, []string{"b", "a", "c"}},
		{"long", long, wantLong},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, uniq(tc.in)); diff != "" {
				t.Errorf("uniq (-want +got):\n%s", diff)
			}
		})
	}
}

// TestStrongestMatchesSortedCues checks that strongest picks the cues that
// sortedCues puts first and second, ties included (weights, sources and
// positions drawn from small sets so that they often tie).
func TestStrongestMatchesSortedCues(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 5000 {
		cs := make([]cue, r.IntN(6))
		for i := range cs {
			cs[i] = cue{weight: []float64{0.3, 0.5, 0.5, 0.8}[r.IntN(4)], src: r.IntN(3), pos: r.IntN(4), srcIdx: i}
		}
		st := &state{}
		st.cues[labUrgency] = cs
		sorted := st.sortedCues(labUrgency)
		var want, got []int // srcIdx of the first two
		for _, q := range sorted[:min(2, len(sorted))] {
			want = append(want, q.srcIdx)
		}
		if b := strongest(cs, -1); b >= 0 {
			got = append(got, cs[b].srcIdx)
			if s := strongest(cs, b); s >= 0 {
				got = append(got, cs[s].srcIdx)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("cues %+v: first two (-want +got):\n%s", cs, diff)
		}
	}
}

// sortedCues is the reference for strongest: a label's cues strongest
// first, in a stable order (the way compose picked its quotes before it
// stopped sorting).
func (st *state) sortedCues(label cueLabel) []cue {
	cs := append([]cue(nil), st.cues[label]...)
	// slices.SortStableFunc rather than sort.SliceStable: no reflection and
	// no allocation for the swapper; the same stable order.
	slices.SortStableFunc(cs, func(a, b cue) int {
		switch {
		case a.weight != b.weight:
			if a.weight > b.weight {
				return -1
			}
			return 1
		case a.src != b.src:
			return stdcmp.Compare(a.src, b.src)
		}
		return stdcmp.Compare(a.pos, b.pos)
	})
	return cs
}

// TestTacticAt holds the tactic arrays to the maps they are made from, for
// every tactic of tacticOrder and for one outside it.
func TestTacticAt(t *testing.T) {
	if len(tacticOrder) != numTactics {
		t.Fatalf("numTactics = %d, want len(tacticOrder) = %d", numTactics, len(tacticOrder))
	}
	for _, tc := range append(slices.Clone(tacticOrder), consult.Tactic("not_a_tactic")) {
		t.Run(string(tc), func(t *testing.T) {
			if got, want := tacticAt(&tacticInfoAt, tacticInfo, tc), tacticInfo[tc]; got != want {
				t.Errorf("tacticInfo: got %+v, want %+v", got, want)
			}
			if got, want := tacticAt(&tacticCapNameAt, tacticCapName, tc), tacticCapName[tc]; got != want {
				t.Errorf("tacticCapName: got %q, want %q", got, want)
			}
			if got, want := tacticAt(&tacticWordsAt, tacticWords, tc), tacticWords[tc]; got != want {
				t.Errorf("tacticWords: got %+v, want %+v", got, want)
			}
		})
	}
}
