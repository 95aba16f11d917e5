package fallback

import (
	"strconv"
	"strings"
	"testing"
)

// checkPlainQuotable holds plainQuotable to its definition: strconv.Quote
// puts s between double quotes and changes nothing else.
func checkPlainQuotable(t *testing.T, s string) {
	t.Helper()
	if got, want := plainQuotable(s), strconv.Quote(s) == `"`+s+`"`; got != want {
		t.Errorf("plainQuotable(%q) = %v, want %v", s, got, want)
	}
}

// TestPlainQuotable puts each byte that strconv.Quote escapes, and runes
// it escapes or not, at every offset of a word of eight bytes, around the
// edges of words and of the rune-at-a-time tail.
func TestPlainQuotable(t *testing.T) {
	specials := []string{"", "\"", "\\", "\x00", "\x1f", " ", "\x7f", "~", "!", "#", "[", "]", "…", "é", "\u00a0", "\u200b", "\ufeff", "\xff", "\xe2\x80", "\U0001F600", "\u0378"}
	base := strings.Repeat("abcdefgh", 3)
	for _, sp := range specials {
		for i := 0; i <= len(base); i++ {
			checkPlainQuotable(t, base[:i]+sp+base[i:])
			checkPlainQuotable(t, "…"+base[:i]+sp)
		}
	}
}

// FuzzPlainQuotable is TestPlainQuotable's check on any text.
func FuzzPlainQuotable(f *testing.F) {
	f.Add("…INV-5521 ($4,900.00) to our new account today and skip the usual callback just this once.")
	f.Add("a \"quoted\" word")
	f.Add("back\\slash and tab\there")
	f.Fuzz(func(t *testing.T, s string) { checkPlainQuotable(t, s) })
}
