package fallback

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

var maskSeeds = []string{
	"routing 061000227, account 4410029381.", "card 4111 1111 1111 1111 and 4012-8888-8888-1881x", "1 2 3 4 5 6 7 8 9 0", "12-34-56-78-90 1234 5678 9012",
	"a1-234567890 _123456789 123456789_ 1234 5678 9012 3456b 12345678 9x", "1 2 3 4 5 6 7 8 999999999999x 1--23456789 123456789€",
	"password is X9!k, pin: 1234, PIN=5678; otp: 482913", "code is \"Ab12 cd\" token='Zz9-x' api key: QWErty123456 API_KEY=abcDEF12",
	"Passwort ist Geheim1! contraseña es Clave123 mot de passe: Secret99 kennwort = 12345678", "xſecret: abc1234 Kennwort: X1y2z3 paſsword: Ab12cd",
	"tokens: abc123 pines 12345 mypassword: abc123 the code was the, secret is she", "password:\"unterminated value pin 'x' pin: ''",
	"abc----------------------------------------x ---aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1 a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q1",
	"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0 ab/cd+ef=gh_ij-kl0123456789ABCDEFGHIJ== +++++++++++++++++++++++++++++++1abc",
	"\xff\x80pin: 1234 é password =  hunter22 \u00e9secret: 12345", "",
}

func catch(f func() string) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprint("panic: ", r)
		}
	}()
	return f()
}

func FuzzMaskLongDigits(f *testing.F) {
	for _, s := range maskSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := reLongDigits.ReplaceAllStringFunc(s, maskDigits)
		if got := maskLongDigits(s); got != want {
			t.Fatalf("maskLongDigits(%q) = %q, want %q", s, got, want)
		}
	})
}

func FuzzMaskKV(f *testing.F) {
	for _, s := range maskSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := catch(func() string { return reSecretKV.ReplaceAllStringFunc(s, maskKV) })
		if got := catch(func() string { return maskKVAll(s) }); got != want {
			t.Fatalf("maskKVAll(%q) = %q, want %q", s, got, want)
		}
		if got, want := maskLongMixed(s), reLongMixed.ReplaceAllStringFunc(s, maskMixed); got != want {
			t.Fatalf("maskLongMixed(%q) = %q, want %q", s, got, want)
		}
	})
}

// TestMaskRandom checks the scanners against the patterns on random strings
// built from the pieces the patterns care about.
func TestMaskRandom(t *testing.T) {
	pieces := []string{"0", "1", "9", "12", "1234", "123456789", " ", "-", " - ", "_", "a", "x", "Z", ",", ";", ":", "=", "\"", "'", "\t", "\n",
		"is", " is ", " was ", " ist ", " es ", "est", "password", "PASSWD", "pwd", "Passcode", "passphrase", "secret", "token", "api", "api_key", "API-Key", "api key",
		"pin", "PIN", "cvv", "cvc", "otp", "code", "contraseña", "CONTRASEÑA", "passwort", "kennwort", "Kennwort", "mot de passe", "ſ", "ſecret", "paſſword",
		"é", "€", "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMN", "0123456789", "+/=", "----", "sk_live_4eC39HqLyjWDarjtT1zdp7dc", "/path/to/some-file", "=", "+", "\xff", "\x80", "the", "she", "Ab1", "hunter2"}
	r := rand.New(rand.NewPCG(1, 2))
	n := 30000
	if testing.Short() {
		n = 5000
	}
	for range n {
		var b strings.Builder
		for k := r.IntN(24); k >= 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := maskLongDigits(s), reLongDigits.ReplaceAllStringFunc(s, maskDigits); got != want {
			t.Fatalf("maskLongDigits(%q) = %q, want %q", s, got, want)
		}
		want := catch(func() string { return reSecretKV.ReplaceAllStringFunc(s, maskKV) })
		if got := catch(func() string { return maskKVAll(s) }); got != want {
			t.Fatalf("maskKVAll(%q) = %q, want %q", s, got, want)
		}
	}
}

func FuzzMaskLongMixed(f *testing.F) {
	for _, s := range maskSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := reLongMixed.ReplaceAllStringFunc(s, maskMixed)
		if got := maskLongMixed(s); got != want {
			t.Fatalf("maskLongMixed(%q) = %q, want %q", s, got, want)
		}
	})
}

// A key word spelt with a non-ASCII letter that folds to ASCII ('ſ', the
// Kelvin sign) once made the masking panic, and the engine answer "could
// not judge" for any message carrying one.
func TestMaskKVNonASCIIKeyWord(t *testing.T) {
	// Record-level redaction (internal/redact) masks these spellings in
	// every record; here the engine must only not panic, and mask what its
	// prescan sees.
	for _, s := range []string{"password: 1 xſecret: abc1234", "ſecret: Zx81!kQ", "to\u212aen=ab12cd34", "password: 9 \u212aey: x1"} {
		_ = maskSecrets(s)
	}
	if got := maskSecrets("password: 1 xſecret: abc1234"); strings.Contains(got, ": 1 ") && !strings.Contains(got, "[redacted]") {
		t.Errorf("masked nothing: %q", got)
	}
}
