package fallback

import (
	"math/rand"
	"strings"
	"testing"
)

// TestDayUnitGate: recordDayCounts skips a record that holds no day unit
// as a substring; dayCountsIn finds nothing in such a text.
func TestDayUnitGate(t *testing.T) {
	pieces := []string{"12", "days", "day", "since", "after", "ago", "two", "weeks", "stage", "times", "meses", "tagen", "x", "3651", "drei"}
	r := rand.New(rand.NewSource(6))
	for range 5000 {
		var b strings.Builder
		for n := r.Intn(8); n >= 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
			b.WriteString([]string{" ", "", "  "}[r.Intn(3)])
		}
		s := b.String()
		if got := dayCountsIn(" "+s+" ", trustedText{}, nil); len(got) > 0 && !dayUnitSet.in(s) {
			t.Fatalf("dayCountsIn(%q) = %v, but the gate lets the record go", s, got)
		}
	}
}
