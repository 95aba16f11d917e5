package fallback

// Tests of the per-check gates and scans that stand in for slower code:
// each against the code it replaced, kept here as the reference.

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

// TestFirstField holds firstField to strings.Fields.
func TestFirstField(t *testing.T) {
	for _, s := range []string{"", " ", "pay", "  pay invoice", "\u00a0pay\u2003x", "\tpay\n", "é x", "a\u0085b"} {
		want := ""
		if f := strings.Fields(s); len(f) > 0 {
			want = f[0]
		}
		if got := firstField(s); got != want {
			t.Errorf("firstField(%q) = %q, want %q", s, got, want)
		}
	}
}

// negatedBeforeRef is negatedBefore as it was, cutting the whole window
// into words.
func negatedBeforeRef(s string, i int) bool {
	if i < 0 {
		return false
	}
	pre := toLower(s[max(0, i-24):i])
	f := strings.Fields(pre)
	if len(f) > 2 {
		f = f[len(f)-2:]
	}
	for _, w := range f {
		w = strings.Trim(w, ",.;:()")
		switch w {
		case "not", "never", "no", "none", "nor", "non", "isn't", "isnt", "wasn't", "wasnt":
			return true
		}
	}
	return false
}

func checkNegatedBefore(t *testing.T, s string) {
	t.Helper()
	for i := -1; i <= len(s); i++ {
		if got, want := negatedBefore(s, i), negatedBeforeRef(s, i); got != want {
			t.Fatalf("negatedBefore(%q, %d) = %v, want %v", s, i, got, want)
		}
	}
}

// TestNegatedBeforeMatchesRef holds negatedBefore to the field cut it
// replaced.
func TestNegatedBeforeMatchesRef(t *testing.T) {
	pieces := []string{"not", "NOT", "never", "no", "(none)", "nor,", "isn't", "x", "é", "\u00a0", "\u2003", " ", "  ", "\t", "skip", "wasnt.", "\xff"}
	r := rand.New(rand.NewSource(7))
	for range 3000 {
		var b strings.Builder
		for n := r.Intn(10); n >= 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
			if r.Intn(2) == 0 {
				b.WriteByte(' ')
			}
		}
		checkNegatedBefore(t, b.String())
	}
}

// FuzzNegatedBefore is TestNegatedBeforeMatchesRef on any text.
func FuzzNegatedBefore(f *testing.F) {
	for _, s := range []string{"please do not skip the callback", "no\u00a0mfa", "isn't é"} {
		f.Add(s)
	}
	f.Fuzz(checkNegatedBefore)
}

// TestNegWordGate: every text hasNeg holds true has a negWords word
// anywhere, which checkPrecondition's record gate relies on.
func TestNegWordGate(t *testing.T) {
	pieces := append([]string{"x", " ", "  ", "é", "o", "n", "t", "'"}, negWords...)
	r := rand.New(rand.NewSource(8))
	for range 20000 {
		var b strings.Builder
		for n := r.Intn(8); n >= 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		if s := b.String(); hasNeg(s) && !negWordSet.in(s) {
			t.Fatalf("hasNeg(%q) holds, but negWordSet finds no word", s)
		}
	}
}
