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

// checkQuotePlain holds quoteAtPlain to its promise: a quote it calls
// plain is plainQuotable, and the quote is quoteAt's.
func checkQuotePlain(t *testing.T, s string, start, end int) {
	t.Helper()
	f := foldText(s)
	if n := len(f.text); n > 0 {
		start, end = start%n, end%(n+1)
		if start < 0 {
			start += n
		}
		if end < 0 {
			end += n + 1
		}
	}
	q, final, plain := quoteAtPlain(f, start, end, nil)
	if want, wantFinal := quoteAt(f, start, end), isFinal(q); q != want || (final && !wantFinal) {
		t.Errorf("quoteAtPlain(%q, %d, %d) = %q, %v, want %q, final %v", s, start, end, q, final, want, wantFinal)
	}
	if plain && !plainQuotable(q) {
		t.Errorf("quoteAtPlain(%q, %d, %d) = %q called plain; strconv.Quote escapes it", s, start, end, q)
	}
}

// TestQuotePlain runs checkQuotePlain on quotes around the bytes that
// strconv.Quote escapes.
func TestQuotePlain(t *testing.T) {
	for _, sp := range []string{"\"", "\\", "\t", "\x7f", "é", "…", "\u00a0"} {
		s := "Please pay today. Our bank " + sp + "changed, so skip the usual callback just this once."
		for _, at := range []int{0, 10, 20, 30, 40} {
			t.Run(strconv.Quote(sp)+"/"+strconv.Itoa(at), func(t *testing.T) { checkQuotePlain(t, s, at, at+8) })
		}
	}
}

// FuzzQuotePlain is TestQuotePlain's check on any text and range.
func FuzzQuotePlain(f *testing.F) {
	f.Add("Hello, this is the accounts desk. Our bank has changed, please pay \"today\" and skip the callback.", 40, 52)
	f.Add("back\\slash and tab\there, ünïcode … and more words after it to widen the window", 5, 30)
	f.Fuzz(func(t *testing.T, s string, start, end int) { checkQuotePlain(t, s, start, end) })
}
