package redact

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// prescanRef is the byte-at-a-time prescan that prescan replaced, kept as
// the reference that prescan must agree with gate for gate, with its filter
// of word starts taken out: it asks wordGatesRef at every word start.
func prescanRef(s string) uint16 {
	var g uint16
	digits, seps := 0, 0 // the current run of digits joined by single spaces or dashes
	inWord := false      // s[i-1] is a word byte, so s[i] cannot follow a \b
	for i := 0; i < len(s); i++ {
		c := s[i]
		cl := byteClass[c]
		if cl&cDigit != 0 {
			digits++
			seps = 0
			if digits >= 13 {
				g |= gCard
			}
			inWord = true
			continue
		}
		if (c == ' ' || c == '-') && digits > 0 && seps == 0 {
			seps++
		} else {
			digits, seps = 0, 0
		}
		if cl&cWord != 0 {
			if !inWord {
				g |= wordGatesRef(s, i)
				inWord = true
			}
			for i+1 < len(s) && byteClass[s[i+1]] == cWord {
				i++
			}
			continue
		}
		inWord = false
		if cl&cSpecial == 0 {
			continue
		}
		r := s[i:]
		switch c {
		case '-':
			if strings.HasPrefix(r, "-----BEGIN ") {
				g |= gPrivateKey
			}
		case ':':
			if strings.HasPrefix(r, "://") {
				g |= gURL
			}
		default:
			if strings.HasPrefix(r, "\u212A") || strings.HasPrefix(r, "\u017F") {
				g |= gToken | gSecret | gCompat
			}
		}
	}
	return g
}

// wordGatesRef is wordGates without its filter on the first letters.
func wordGatesRef(s string, i int) uint16 {
	var g uint16
	r := s[i:]
	if isUpper(r[0]) && len(r) >= 4 && isUpper(r[1]) && isDigit(r[2]) && isDigit(r[3]) {
		g |= gIBAN
	}
	return g | keyWordGates(s, i)
}

// prescanCases are texts at the edges of prescan's loops: digit runs cut
// by one or two separators, at either end, inside words; key words right
// after digits, separators and non-ASCII bytes; the special bytes alone
// and at the end.
var prescanCases = []string{
	"", "1", "-", ":", "\xe2", "\xc5", "a", "A", "_", "ab", "pa", "Pa",
	"1234567890123", "123456789012", "1 2 3 4 5 6 7 8 9 0 1 2 3", "1 2 3 4 5 6 7 8 9 0 1 2",
	"1-2-3-4-5-6-7-8-9-0-1-2-3", "1--2345678901234", "12345  678901234", "123456 -7890123", "1234567890123 ",
	"1234567890123-", "-1234567890123", " 1234567890123", "x1234567890123", "1234567890123x", "4111 1111 1111 1111",
	"abc1234567890123def", "1a234567890123", "12 pass: x", "12-pass=x", "12 pass", "1 password: x", "9token abcdefgh1",
	"_token abcdefgh1", "é token abcdefgh1", "étoken abcdefgh1", "-----BEGIN RSA PRIVATE KEY-----", "1-----BEGIN ",
	"x://u:p@h", "1://", "\u212aey: abc", "a\u017Fecret=1", "DE89370400440532013000", "9DE89 3704", "a DE89 3704",
	"ASIA0123456789ABCDEF", "AIzaSy0123456789abcdefghijklmnopqrstu", "sk-0123456789abcdef0123", "1sk-0123456789abcdef",
	"ghp_0123456789abcdefghij", "xoxb-1234567890-abc", "eyJhbGciOi.eyJzdWIiOi.sig", "Bearer abc.def.ghi123",
	"the passenger is late", "my password is hunter2!", "1 2", "1 -2", "1- 2", "12\n3", "\x00\xff1234567890123",
}

// TestPrescanMatchesRef holds prescan to prescanRef on prescanCases, on
// every string of the redaction fixtures and on each of those cut at every
// byte, and String to stringRef on the uncut texts.
func TestPrescanMatchesRef(t *testing.T) {
	texts := append([]string(nil), prescanCases...)
	for _, w := range wordStarts {
		for _, v := range []string{w, strings.ToUpper(w), strings.ToLower(w), strings.ToUpper(w[:1]) + w[1:]} {
			for _, tail := range []string{"", " ", "-0123456789abcdefghijklmnop", ": hunter2", " is x1y2", " abcdefgh12345678", "b-1234567890abc"} {
				texts = append(texts, v+tail, "x "+v+tail, "1"+v+tail, v[:len(v)-1]+tail)
			}
		}
	}
	for _, tc := range benchTexts() {
		texts = append(texts, strings.Split(tc.s, "\x00")...)
	}
	files, _ := filepath.Glob("testdata/fuzz/*/*")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		if got, want := String(s), stringRef(s); got != want {
			t.Fatalf("String(%q) = %q, want %q", s, got, want)
		}
		for i := 0; i <= len(s); i++ {
			for _, part := range []string{s[:i], s[i:]} {
				if got, want := prescan(part), prescanRef(part); got != want {
					t.Fatalf("prescan(%q) = %012b, want %012b", part, got, want)
				}
			}
		}
	}
}

// stringRef is String as it was before it asked prescan for the long s and
// the Kelvin sign: it searches every masked text, as it did, for "ſ" and
// for "K" (ASCII, as it was written).
func stringRef(s string) string {
	if s == "" {
		return s
	}
	m, _ := mask(s)
	if !strings.Contains(m, "ſ") && !strings.Contains(m, "K") {
		return m
	}
	f := compatFold.Replace(m)
	if mf, _ := mask(f); mf != f {
		return mf
	}
	return m
}

// FuzzPrescanMatchesRef holds prescan to prescanRef, and String to
// stringRef, on any text.
func FuzzPrescanMatchesRef(f *testing.F) {
	for _, s := range prescanCases {
		f.Add(s)
	}
	f.Add("Keep the Key: abc and PAſſWORD=abc123; K=1")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := prescan(s), prescanRef(s); got != want {
			t.Fatalf("prescan(%q) = %012b, want %012b", s, got, want)
		}
		if got, want := String(s), stringRef(s); got != want {
			t.Fatalf("String(%q) = %q, want %q", s, got, want)
		}
	})
}

// TestWordEnd holds wordEnd's eight-byte steps to the byte loop: every byte
// value at every offset of a run of letters of each length up to 20.
func TestWordEnd(t *testing.T) {
	ref := func(s string, i int) int {
		for i < len(s) && byteClass[s[i]] == cWord {
			i++
		}
		return i
	}
	for n := 0; n <= 20; n++ {
		for at := 0; at <= n; at++ {
			for c := 0; c < 256; c++ {
				b := []byte(strings.Repeat("aZ", 10)[:n])
				if at < n {
					b[at] = byte(c)
				}
				s := string(b)
				for i := 0; i <= len(s); i++ {
					if got, want := wordEnd(s, i), ref(s, i); got != want {
						t.Fatalf("wordEnd(%q, %d) = %d, want %d", s, i, got, want)
					}
				}
			}
		}
	}
}

// TestPrescanEveryByte holds prescan to prescanRef with every byte value at
// every offset of texts that put a word start, a digit run, a key word and
// an IBAN's shape on either side of each eight-byte step.
func TestPrescanEveryByte(t *testing.T) {
	bases := []string{
		"aZaZaZaZaZaZaZaZaZaZ",
		"x pk_abcdefghijklmnopq 4111 1111 1111 1111 DE89 3704 token abcdefgh1 -----BEGIN x://",
		"12345678 9012345 passwd: x_y AKIA0123456789ABCDEF 9 9 9 9 9 9 9 9 9 9 9 9 9",
		"to the pay of a token was sk_x thanks it is pk-abcdefgh xoxb ghp_ is_ok as",
	}
	for _, base := range bases {
		for at := 0; at < len(base); at++ {
			for c := 0; c < 256; c++ {
				b := []byte(base)
				b[at] = byte(c)
				for _, s := range []string{string(b), string(b[1:]), string(b[:len(b)-1])} {
					if got, want := prescan(s), prescanRef(s); got != want {
						t.Fatalf("prescan(%q) = %012b, want %012b", s, got, want)
					}
					if got, want := prescan(s), prescan16(s); got != want {
						t.Fatalf("prescan(%q) = %012b, prescan16 %012b", s, got, want)
					}
				}
			}
		}
	}
}
