package fallback

import (
	"fmt"
	"strings"
	"testing"
)

// TestRecSentHasNeg holds the view's kept answers to hasNeg of each lower
// sentence, asked twice in turn, including past the 64 it keeps.
func TestRecSentHasNeg(t *testing.T) {
	var long strings.Builder
	for i := range 70 {
		if i%3 == 0 {
			fmt.Fprintf(&long, "Entry %d is not on file. ", i)
		} else {
			fmt.Fprintf(&long, "Entry %d is on file. ", i)
		}
	}
	for _, s := range []string{
		"",
		"No refund was issued. The invoice is approved.",
		"Nicht bezahlt. Paid in full! Can't reach them? Pending review.",
		"Vendor master lists account 7710. Invoice INV-1 is due.",
		long.String(),
	} {
		t.Run(s[:min(len(s), 40)], func(t *testing.T) {
			tv := &textView{s: s}
			n := len(tv.lowerSentences())
			for range 2 {
				for i := range n {
					rs := recSent{tv: tv, i: i}
					if got, want := rs.hasNeg(), hasNeg(rs.lower()); got != want {
						t.Errorf("sentence %d %q: hasNeg() = %v, want %v", i, rs.lower(), got, want)
					}
				}
			}
		})
	}
}
