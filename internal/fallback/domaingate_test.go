package fallback

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// domainsOfRef is domainsOf before its gates (the dot search and the
// top-level-domain test): a test of every byte.
func domainsOfRef(s string) []string {
	for i := 1; i+1 < len(s); i++ {
		if s[i] == '.' && isAlnumByte(s[i-1]) && isAlnumByte(s[i+1]) {
			return domains(s, 8)
		}
	}
	return nil
}

var domainGatePieces = []string{"a", "x1", "4,900", ".", "00", "com", "Co", "ſ", "\u212a", "-", " ", "..", "9", "é", "acme", "@"}

// TestDomainsOfGate holds domainsOf to the scan it skips when no dot is
// followed by a letter.
func TestDomainsOfGate(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for range 20000 {
		var b strings.Builder
		for n := r.Intn(10); n >= 0; n-- {
			b.WriteString(domainGatePieces[r.Intn(len(domainGatePieces))])
		}
		checkDomainsOfGate(t, b.String())
	}
}

func checkDomainsOfGate(t *testing.T, s string) {
	t.Helper()
	if diff := cmp.Diff(domainsOfRef(s), domainsOf(s)); diff != "" {
		t.Fatalf("domainsOf(%q) (-want +got):\n%s", s, diff)
	}
}

// FuzzDomainsOfGate is TestDomainsOfGate on any text.
func FuzzDomainsOfGate(f *testing.F) {
	for _, s := range append([]string{"pay $4,900.00 now", "ar@norden.com", "1.5 a.ſx", "v2.0", "x.\u212aa", "", ".", "a.", ".a", "a.b", "x. y", "ſ.com", "a..b", "1.5 and x.org"}, domainSeeds...) {
		f.Add(s)
	}
	f.Fuzz(checkDomainsOfGate)
}
