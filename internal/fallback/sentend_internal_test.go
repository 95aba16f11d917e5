package fallback

import (
	"strings"
	"testing"
)

// lastSentenceEndRef and firstSentenceEndRef are lastSentenceEnd and
// firstSentenceEnd a byte at a time, as they were before they read eight
// bytes at a time.
func lastSentenceEndRef(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if isSentenceEnd(s, i) {
			return i
		}
	}
	return -1
}

func firstSentenceEndRef(s string) int {
	for i := 0; i < len(s); i++ {
		if isSentenceEnd(s, i) {
			return i
		}
	}
	return -1
}

func checkSentenceEnds(t *testing.T, s string) {
	t.Helper()
	if got, want := lastSentenceEnd(s), lastSentenceEndRef(s); got != want {
		t.Errorf("lastSentenceEnd(%q) = %d, want %d", s, got, want)
	}
	if got, want := firstSentenceEnd(s), firstSentenceEndRef(s); got != want {
		t.Errorf("firstSentenceEnd(%q) = %d, want %d", s, got, want)
	}
}

func TestSentenceEnds(t *testing.T) {
	for _, s := range []string{
		"", ".", "a.", "$4,900.00 today", "Our bank has changed. Please pay", "no end here at all, none",
		"ends at the end.", "one! two? three.\nfour", "x.y.z.w.v.u.t.s.r. q", "abcdefg.", "abcdefgh.", ".abcdefgh",
		"........", "!!!!!!!!!", "a\x2e\x2f\x2d\x00\x01\xff.b", "é. ü! 日本? yes", "1.5 and 2.5 and 3.5 end.",
		strings.Repeat("pay ", 20) + "now. " + strings.Repeat("word ", 10),
	} {
		t.Run(s, func(t *testing.T) { checkSentenceEnds(t, s) })
	}
	// Every byte at every offset of a word-sized window and its tail.
	for c := range 256 {
		for at := range 17 {
			b := []byte(strings.Repeat("abcdefgh", 3))[:17]
			b[at] = byte(c)
			checkSentenceEnds(t, string(b))
			if at+1 < len(b) {
				b[at+1] = ' '
				checkSentenceEnds(t, string(b))
			}
		}
	}
}

// FuzzSentenceEnds checks the word-at-a-time searches against the byte at
// a time ones.
func FuzzSentenceEnds(f *testing.F) {
	for _, s := range []string{"Our bank has changed, please pay invoice INV-5521 ($4,900.00) to our", "a. b! c? d\ne.", "..!!??\n\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkSentenceEnds(t, s) })
}
