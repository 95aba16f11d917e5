package fallback

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// propP is safeJoin's property P: s, less one leading space, is empty or
// starts with no space and is clean and in need of no pattern.
func propP(s string) bool {
	u := strings.TrimPrefix(s, " ")
	if u == "" {
		return true
	}
	return u[0] != ' ' && maskScan(u).finalText(u)
}

// joinPieces are the bytes and words from which texts that come close to a
// secret pattern are made.
var joinPieces = []string{
	"password", "passwd", "pin", "code", "token", "api_key", "api-key", "key", "contraseña", "CONTRASEÑA", "kennwort", "mot de passe", "PIN",
	" is ", " is", "is ", "is", " was ", "was", "ist ", " es ", "est", "es", " ", ":", "=", ": ", " :", "'", "\"", "(", ".", ",", "…",
	"1", "12", "1234", "5678 ", "-", "1-2", "0", "9", "AKIA", "ASIA", "IOSFODNN7EXAMPLE", "eyJ", "ey", "J", "gh", "p", "_", "ghp_", "_live_", "sk", "_test",
	"xo", "x", "xox", "-----", "BEGIN", "DE", "89", "DE89", "GB", "A", "b", "ab", "Tool", "ſ", "\u212A", "é", "日本", "\u200b", "\t",
	"abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJ", "0123456789", "+/=", "the", "says",
	"$4,900", " only", "4 ", " 5", "a 1", "1 a", "brightline-components-billing", "____________________________", "abcdefghijklmnopqrstuvwxyzabcd", "x-y-z-",
}

func randomPiecesText(rng *rand.Rand) string {
	var b strings.Builder
	for n := rng.IntN(5); n >= 0; n-- {
		b.WriteString(joinPieces[rng.IntN(len(joinPieces))])
	}
	return b.String()
}

// checkJoin fails when safeJoin calls a join of two texts with P safe and
// their concatenation lacks P, or when a text with P and no space at
// either end is changed by cleanMaskTrim; it reports whether the join was
// tested (both had P) and called safe.
func checkJoin(t *testing.T, l, r string) bool {
	t.Helper()
	for _, s := range []string{l, r, l + r} {
		if propP(s) && s != "" && s[0] != ' ' && s[len(s)-1] != ' ' {
			if got := cleanMaskTrim(s); got != s {
				t.Fatalf("P(%q) holds but cleanMaskTrim gives %q", s, got)
			}
			if !isFinal(s) {
				t.Fatalf("isFinal(%q) = false, want true", s)
			}
		}
	}
	if l == "" || r == "" || !propP(l) || !propP(r) || !safeJoin(l, r) {
		return false
	}
	if !propP(l + r) {
		t.Fatalf("safeJoin(%q, %q) = true, but %q lacks P: %+v", l, r, l+r, maskScan(strings.TrimPrefix(l+r, " ")))
	}
	return true
}

// TestSafeJoin checks safeJoin against maskScan over the whole text on
// random texts made of the pieces of secret patterns, and on the joins
// compose makes.
func TestSafeJoin(t *testing.T) {
	for _, tc := range []struct{ l, r string }{
		{"Risk is ", "critical"}, {"Do not proceed with ", "bank:payments:create"}, {"bank:payments:create", "."},
		{"the message says \"", "…Our bank has changed"}, {"to our…", "\" (an identity"}, {". ", "The counterparty"},
		{"password", " is x"}, {"password ", "is x"}, {"password is", " x"}, {"password", ": x"}, {"password", " : x"},
		{"1234 ", "56789"}, {"1234", "-56789"}, {"$4,900", " only to"}, {"1234", " 56789"}, {"a 1234 ", "56789"}, {"contrase", "ña: x"}, {"AK", "IA0123456789ABCD"}, {"sk", "_live_x"},
	} {
		checkJoin(t, tc.l, tc.r)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	safe := 0
	for range 300000 {
		if checkJoin(t, randomPiecesText(rng), randomPiecesText(rng)) {
			safe++
		}
	}
	if safe < 10000 {
		t.Fatalf("only %d random joins were tested and safe", safe)
	}
}

// FuzzSafeJoin is TestSafeJoin's check on any two texts.
func FuzzSafeJoin(f *testing.F) {
	f.Add("password", " is x")
	f.Add("Risk is ", "critical")
	f.Add("1234 ", "56789")
	f.Add("the message says \"", "…Our bank")
	f.Fuzz(func(t *testing.T, l, r string) { checkJoin(t, l, r) })
}

// TestASCIISecretKey holds isASCIISecretKey to secretKeys, on every key
// word and on words close to them.
func TestASCIISecretKey(t *testing.T) {
	words := []string{"", "pas", "passwords", "pass", "keys", "ke", "api key", "apikeys", "passe", "contrase", "cod", "codes", "otpx"}
	for k := range secretKeys {
		words = append(words, k, k+"s", k[:len(k)-1])
	}
	for _, w := range words {
		ascii := true
		for i := 0; i < len(w); i++ {
			ascii = ascii && w[i] < 0x80
		}
		if !ascii {
			continue
		}
		if got, want := isASCIISecretKey([]byte(w)), secretKeys[w]; got != want {
			t.Errorf("isASCIISecretKey(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestScanCap checks scanCap against scan of capFirst's string: the same
// text and the same finality, in a buffer with and without room for it.
func TestScanCap(t *testing.T) {
	for _, tc := range []struct{ head, s string }{
		{"", "email:ar@norden-tools-billing.com"},
		{"The counterparty ", "norden tools"},
		{"x ", "akiaIOSFODNN7EXAMPLE"},
		{"", "gb82WEST12345698765432"},
		{"Paid by ", "e"},
		{"a", "password is hunter2"},
	} {
		t.Run(tc.s, func(t *testing.T) {
			for _, room := range []int{0, 1, 4096} {
				var want, got outBuf
				want.grow(room)
				got.grow(room)
				w, g := want.text(), got.text()
				w.lit(tc.head)
				g.lit(tc.head)
				w.scan(capFirst(tc.s))
				g.scanCap(tc.s)
				w.lit(".")
				g.lit(".")
				ws, wok := w.text()
				gs, gok := g.text()
				if ws != gs || wok != gok {
					t.Errorf("room %d: scanCap gives %q, %v; scan(capFirst) %q, %v", room, gs, gok, ws, wok)
				}
			}
		})
	}
}

// TestOutBufLowerFirst checks outBuf.lowerFirst against lowerFirst, and that
// a text built after it leaves its string as it was.
func TestOutBufLowerFirst(t *testing.T) {
	for _, s := range []string{"", "A", "Pay approved invoices", "PAY", "pay", "Éa", "Ab", "A b", "Zz"} {
		t.Run(s, func(t *testing.T) {
			var ob outBuf
			got := ob.lowerFirst(s)
			b := ob.text()
			b.lit("Xyz and more words after it")
			if want := lowerFirst(s); got != want {
				t.Errorf("lowerFirst(%q) = %q, want %q", s, got, want)
			}
		})
	}
}

// TestOutTextParts holds add's copy (loads and stores by part length) and
// its join test to a plain concatenation and safeJoin, for parts of every
// length around the copy's cases, in a buffer that has room and in one
// that must grow.
func TestOutTextParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for _, room := range []int{0, 4096} {
		for range 300 {
			var ob outBuf
			ob.grow(room)
			ob.b = append(ob.b, "before"...)
			tx := ob.text()
			var want strings.Builder
			unknown := false
			for range 1 + rng.IntN(8) {
				var s string
				if rng.IntN(3) == 0 {
					s = randomPiecesText(rng)
				} else {
					p := make([]byte, rng.IntN(40))
					for i := range p {
						p[i] = byte(' ' + rng.IntN(95))
					}
					s = string(p)
				}
				ok, lit := rng.IntN(4) != 0, rng.IntN(2) == 0
				if s != "" {
					switch {
					case !ok:
						unknown = true
					case !unknown && want.Len() > 0 && !(lit && tx.lastLit) && !safeJoin(want.String(), s):
						unknown = true
					}
				}
				tx.add(s, ok, lit)
				want.WriteString(s)
			}
			if got := tx.String(); got != want.String() || tx.unknown != unknown {
				t.Fatalf("built %q (unknown %v), want %q (unknown %v)", got, tx.unknown, want.String(), unknown)
			}
			if got := string(ob.b[:6]); got != "before" {
				t.Fatalf("the text before became %q", got)
			}
		}
	}
}
