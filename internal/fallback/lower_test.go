package fallback

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// toLower must equal strings.ToLower (the reference it replaced) on every
// input, invalid UTF-8 included.
func TestToLowerMatchesStrings(t *testing.T) {
	for _, s := range lowerSamples {
		if got, want := toLower(s), strings.ToLower(s); got != want {
			t.Errorf("toLower(%q) = %q, want %q", s, got, want)
		}
	}
	// Every byte and every rune in the first planes, alone and in context.
	for c := 0; c < 256; c++ {
		for _, s := range []string{string([]byte{byte(c)}), "aB" + string([]byte{byte(c)}) + "Cd", "ab" + string([]byte{byte(c)})} {
			if got, want := toLower(s), strings.ToLower(s); got != want {
				t.Errorf("toLower(%q) = %q, want %q", s, got, want)
			}
		}
	}
	// Long enough for the eight-byte loops: every byte at every position of
	// a 24-byte text, lower and upper around it.
	for c := 0; c < 256; c++ {
		for at := 0; at < 24; at++ {
			for _, base := range []string{"abcdefghijklmnopqrstuvwx", "ABCDEFGHIJKLMNOPQRSTUVWX", "the Quick brown @[`{ fox"} {
				b := []byte(base)
				b[at] = byte(c)
				if s := string(b); toLower(s) != strings.ToLower(s) {
					t.Errorf("toLower(%q) = %q, want %q", s, toLower(s), strings.ToLower(s))
				}
			}
		}
	}
	for r := rune(0); r < 0x20000; r++ {
		s := "X" + string(r) + "y"
		if got, want := toLower(s), strings.ToLower(s); got != want {
			t.Fatalf("toLower(%q) = %q, want %q", s, got, want)
		}
	}
}

var lowerSamples = []string{
	"", "a", "A", "hello", "Hello, World", "ALL CAPS 123", "ünïcödé", "ÜNÏCÖDÉ", "İstanbul", "ſecret", "KELVIN K", "ΣΑΣ", "ǅ ǈ ǋ",
	"\xff", "a\xffB", "\xed\xa0\x80X", "\xef\xbf\xbdA", "\uFFFD", "ok\uFFFD", "a\xc3", "A\xc3", "\xc3\xa9\xc3", "Ａ", "ＡＢＣ", "ß", "ẞ",
	"€4,900.00 TO Our NEW account", strings.Repeat("Mixed Case ünï \xfe ", 50),
}

func FuzzToLower(f *testing.F) {
	for _, s := range lowerSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := toLower(s), strings.ToLower(s); got != want {
			t.Fatalf("toLower(%q) = %q, want %q", s, got, want)
		}
		if utf8.ValidString(s) && !utf8.ValidString(toLower(s)) {
			t.Fatalf("invalid output for %q", s)
		}
	})
}

// TestSameLower holds sameLower to toLower(a) == toLower(b) on pairs that
// differ in case, in length, and in runes whose lower case changes length
// ('İ' lowers to 'i').
func TestSameLower(t *testing.T) {
	words := []string{"", "a", "A", "i", "İ", "iİ", "Iİ", "ii", "abc", "ABC", "abcd", "ab\xff", "AB\xff", "ÉTÉ", "été", "Kelvin", "\u212Aelvin", "kelvin"}
	for _, a := range words {
		for _, b := range words {
			t.Run(a+"|"+b, func(t *testing.T) {
				if got, want := sameLower(a, b), toLower(a) == toLower(b); got != want {
					t.Errorf("sameLower(%q, %q) = %v, want %v", a, b, got, want)
				}
			})
		}
	}
}

// FuzzSameLower is TestSameLower's check on any pair.
func FuzzSameLower(f *testing.F) {
	f.Add("Invoice INV-5521 is due", "invoice inv-5521 IS DUE")
	f.Add("İstanbul", "istanbul")
	f.Fuzz(func(t *testing.T, a, b string) {
		if got, want := sameLower(a, b), toLower(a) == toLower(b); got != want {
			t.Errorf("sameLower(%q, %q) = %v, want %v", a, b, got, want)
		}
	})
}
