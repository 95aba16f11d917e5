package fallback

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// maskScanRef is maskScan as it was before its lower-case runs and class
// table (the reference for TestMaskScanMatchesRef and FuzzMaskScan): one
// byte per iteration, every byte through the same tests.
func maskScanRef(s string) maskNeeds {
	// Locals rather than fields of a maskNeeds, so that they stay in
	// registers. maxTok is brought up to date where a token run ends.
	digitRun, tokRun, maxDigits, maxTok := 0, 0, 0, 0
	token, kv, iban, clean, ascii, folded := false, false, false, true, true, false
	nextRune := 0 // cleanText decodes a rune at each non-ASCII byte from here
	for i := 0; i < len(s); i++ {
		c := s[i]
		k := scanClassRef[c]
		if k == mcTok {
			// The common case, a lower-case letter (but x): nothing but a
			// token run, and clean.
			digitRun = 0
			tokRun++
			continue
		}
		if c == ' ' {
			// The next most common byte: it keeps a digit run going (or at
			// zero), ends a token run, and is a key-value separator only
			// before "is", "was", "ist", "es" or "est".
			if i == 0 || s[i-1] == ' ' {
				clean = false
			}
			maxTok = max(maxTok, tokRun)
			tokRun = 0
			if !kv && i+2 < len(s) && (s[i+1] == 'i' || s[i+1] == 'w' || s[i+1] == 'e') && (s[i+2] == 's' || s[i+2] == 'a') {
				kv = secretWordAt(s, i)
			}
			continue
		}
		if c >= 0xC5 && !folded {
			// The lead byte of 'ſ' (C5 BF) or of 'K' (E2 84 AA).
			r := s[i:]
			folded = strings.HasPrefix(r, "\u017F") || strings.HasPrefix(r, "\u212A")
		}
		if clean {
			if c >= utf8.RuneSelf {
				if i >= nextRune {
					r, n := utf8.DecodeRuneInString(s[i:])
					if r == utf8.RuneError || unicode.IsSpace(r) || isInvisible(r) || unicode.IsControl(r) {
						clean = false
					}
					ascii = false
					nextRune = i + n
				}
			} else if c < 0x20 || c == 0x7f {
				clean = false
			}
		}
		switch {
		case k&mcDigit != 0:
			digitRun++
			if digitRun > maxDigits {
				maxDigits = digitRun
			}
		case c == '-' && digitRun > 0:
		default:
			digitRun = 0
		}
		if k&mcTok != 0 {
			tokRun++
		} else {
			maxTok = max(maxTok, tokRun)
			tokRun = 0
		}
		if k&mcUpper != 0 && !iban && i+3 < len(s) && scanClassRef[s[i+1]]&mcUpper != 0 && scanClassRef[s[i+2]]&mcDigit != 0 && scanClassRef[s[i+3]]&mcDigit != 0 {
			iban = true
		}
		if k&(mcTrigger|mcSep) == 0 {
			continue
		}
		// The literal prefixes of reSecretToken, tested where they can
		// start, or for "eyJ" and "gh?_" where they end.
		if !token && k&mcTrigger != 0 {
			switch c {
			case '_':
				r := s[i:]
				token = strings.HasPrefix(r, "_live_") || strings.HasPrefix(r, "_test_")
				if !token && i >= 3 && s[i-3] == 'g' && s[i-2] == 'h' {
					switch s[i-1] {
					case 'p', 'o', 'u', 's', 'r':
						token = true
					}
				}
			case 'A':
				r := s[i:]
				token = strings.HasPrefix(r, "AKIA") || strings.HasPrefix(r, "ASIA")
			case 'J':
				token = i >= 2 && s[i-2] == 'e' && s[i-1] == 'y'
			case 'x':
				token = strings.HasPrefix(s[i:], "xox")
			case '-':
				token = strings.HasPrefix(s[i:], "-----BEGIN")
			}
		}
		// A space never gets here: ':' and '=' are the separators left.
		if !kv && k&mcSep != 0 {
			kv = secretWordAt(s, i)
		}
	}
	maxTok = max(maxTok, tokRun)
	return maskNeeds{maxDigits: maxDigits, maxTok: maxTok, token: token, kv: kv, iban: iban, clean: clean, ascii: ascii, folded: folded}
}

// scanClassRef is maskScanRef's byte-class table.
var scanClassRef = func() [256]uint8 {
	t := maskClass
	t['e'] &^= mcTrigger
	t['g'] &^= mcTrigger
	t['J'] |= mcTrigger
	return t
}()

// maskScanPieces are what maskScan's tests build strings from: every byte
// class it tells apart, the neighbours its look-aheads and look-behinds
// read (" is ", "ey"+"J", "gh"+"p_", "DE89"), lower-case runs of every
// length around them, and broken UTF-8.
var maskScanPieces = []string{"0", "1", "9", "12", "1234", "123456789", " ", "  ", "-", " - ", "_", "a", "e", "g", "x", "J", "y", "h", "p", "Z", "A", "K",
	",", ";", ":", "=", "\"", "'", "(", "\t", "\n", "\r", "\x00", "\x1f",
	" is ", " was ", " ist ", " es ", " est ", " i", " w", " e", "is", "wa", "es", "password", "PASSWD", "token", "api_key", "pin", "code", "contraseña",
	"ſecret", "\u212Aennwort", "\xc5", "\xe2", "\xe2\x84", "é", "€", "…", "\u00a0", "\u2028", "\u200b", "\ufeff", "\x7f", "\x80", "\xff",
	"abcdefghijklmnopqrstuvwxyz", "the quick brown fox ", "ABCDEFGHIJKLMN", "DE89", "GB82 WEST 1234 5698 7654 32", "0123456789",
	"+/=", "+", "/", "----", "-----BEGIN", "sk_live_4eC39HqLyjWDarjtT1zdp7dc", "_test_", "AKIAIOSFODNN7EXAMPL3", "ASIA", "eyJhbGciOiJIUzI1NiJ9", "eyJ",
	"xoxb-1234567890", "xox", "ghp_16C7e42F292c", "gho_", "ghx_", "Ab1", "hunter2", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}

// TestMaskScanMatchesRef checks maskScan against maskScanRef, field by
// field, on random strings of maskScanPieces.
func TestMaskScanMatchesRef(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		var b strings.Builder
		for k := r.IntN(16); k >= 0; k-- {
			b.WriteString(maskScanPieces[r.IntN(len(maskScanPieces))])
		}
		s := b.String()
		if got, want := maskScan(s), maskScanRef(s); got != want {
			t.Fatalf("maskScan(%q) = %+v, want %+v", s, got, want)
		}
	}
}

// TestMaskScanEdges runs the differential check on the strings where a
// run or a look-ahead meets the end of the text.
func TestMaskScanEdges(t *testing.T) {
	for _, s := range []string{"", "a", " ", "ab", "a ", " a", "  ", "x", "xo", "xox", "ey", "eyJ", "gh", "ghp", "ghp_", "DE8", "DE89", "A",
		" i", " is", " is ", "pin ", "pin :", "pin:", "é", "\xc5", "\xc5\xbf", "\xe2\x84", "\xe2\x84\xaa", "abc\x01", "\x01abc", "abc é", "abc é "} {
		t.Run(strings.ReplaceAll(s, " ", "_"), func(t *testing.T) {
			if got, want := maskScan(s), maskScanRef(s); got != want {
				t.Errorf("maskScan(%q) = %+v, want %+v", s, got, want)
			}
		})
	}
}

// FuzzMaskScan checks maskScan against maskScanRef on arbitrary bytes.
func FuzzMaskScan(f *testing.F) {
	for _, s := range maskScanPieces {
		f.Add(s)
	}
	f.Add("Pay invoice INV-5521 to Norden Tools; the password is Xy12abcd and the code: 123456789.")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := maskScan(s), maskScanRef(s); got != want {
			t.Fatalf("maskScan(%q) = %+v, want %+v", s, got, want)
		}
	})
}

// FuzzCleanMask checks cleanMask, which passes a string its maskScan finds
// unclean straight to cleanTextCopy, against the two steps it stands for.
func FuzzCleanMask(f *testing.F) {
	for _, s := range maskScanPieces {
		f.Add(s)
	}
	f.Add("a  b\u00a0c\u200b d\t\ne\x7f é ")
	f.Fuzz(func(t *testing.T, s string) {
		want := catch(func() string { return maskSecrets(cleanText(s)) })
		if got := catch(func() string { return cleanMask(s) }); got != want {
			t.Fatalf("cleanMask(%q) = %q, want %q", s, got, want)
		}
	})
}
