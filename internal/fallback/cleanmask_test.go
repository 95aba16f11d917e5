package fallback

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCleanMask checks cleanMask, which quoteAt uses, against the two steps
// it stands for, maskSecrets(cleanText(s)), on random strings of the pieces
// both care about: spaces where cleanText's fast path and its slow one part
// (a trailing space after non-ASCII text), controls, invisibles and secrets.
func TestCleanMask(t *testing.T) {
	pieces := []string{"a", "Z", " ", "  ", "\t", "\n", "é", "…", "\u200b", "\x7f", "\x01", "\xff", "ſecret: ", "password: ", "X9!kQz7#pLm2",
		"4111 1111 1111 1111", "DE89370400440532013000", "sk_live_51Hx9zQ2kLmNoPqRsTuVwXyZ0123456789abcd", "eyJhbGciOiJIUzI1NiJ9", " is ", "pin", "1234"}
	r := rand.New(rand.NewPCG(13, 14))
	for range 30000 {
		var b strings.Builder
		for k := r.IntN(10); k >= 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := cleanMask(s), maskSecrets(cleanText(s)); got != want {
			t.Fatalf("cleanMask(%q) = %q, want %q", s, got, want)
		}
	}
}
