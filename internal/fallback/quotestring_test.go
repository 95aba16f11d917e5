package fallback

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestQuoteString checks quoteString against strconv.Quote, which it must
// equal byte for byte: on its fast path (printable text) and on every kind
// of text that needs an escape.
func TestQuoteString(t *testing.T) {
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
