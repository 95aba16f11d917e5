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

// refMaskKVAll is what maskKVAll implements: reSecretKV over the whole of
// s, each match replaced as maskKVMatch says from its own submatch indexes.
func refMaskKVAll(s string) string {
	var b strings.Builder
	last := 0
	for _, loc := range reSecretKV.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(s[last:loc[0]])
		rel := make([]int, len(loc))
		for i, x := range loc {
			rel[i] = x - loc[0]
		}
		b.WriteString(maskKVMatch(s[loc[0]:], rel))
		last = loc[1]
	}
	b.WriteString(s[last:])
	return b.String()
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
		want := catch(func() string { return refMaskKVAll(s) })
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
		want := catch(func() string { return refMaskKVAll(s) })
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
// Kelvin sign) once made the masking panic (maskKV re-matched the match text
// alone and indexed a nil submatch), and the engine answer "could not judge"
// for any case whose output carried one. Such a key word at the start of a
// word is now read as its ASCII spelling would be, so its value is masked
// too; after a letter ("xſecret", "éſecret") it is not a key word, as
// "xsecret" is not, unless reSecretKV's ASCII-only \b matches there.
func TestMaskKVNonASCIIKeyWord(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"password: 1 xſecret: abc1234", "password: 1 xſecret: [redacted]"},
		{"xſecret: abc1234", "xſecret: [redacted]"}, // no ASCII key word for the prescan
		{"xſecret: a token=ab12", "xſecret: a token=[redacted]"},
		{"ſecret: Zx81!kQ", "ſecret: [redacted]"},
		{"Use ſecret: Abc12345 now", "Use ſecret: [redacted] now"},
		{"(ſecret is Abc12345)", "(ſecret is [redacted]"}, // as "(secret is Abc12345)"
		{"\u212aennwort: X1y2z3", "\u212aennwort: [redacted]"},
		{"to\u212aen=ab12cd34", "to\u212aen=[redacted]"},
		{"paſsword: Ab12cd", "paſsword: [redacted]"},
		{"ſecret: password: Abc123", "ſecret: password: [redacted]"},
		{"pin: ſecret: Abc12345", "pin: ſecret: [redacted]"},
		{"ſecret: the code", "ſecret: the code"},
		{"password: 9 \u212aey: x1", "password: 9 \u212aey: x1"},
		{"éſecret: Abc12345", "éſecret: Abc12345"},
		{"ſſecret: Abc12345", "ſſecret: Abc12345"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got := maskSecrets(tc.in); got != tc.want {
				t.Errorf("maskSecrets(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// BenchmarkFinishStrings measures what finish does to every output string
// (clean, mask, trim) on the words of a typical analysis.
func BenchmarkFinishStrings(b *testing.B) {
	ss := []string{
		"Do not proceed with bank:payments:create. Risk is critical. The counterparty claims to be Norden Tools Accounts Receivable, which its known reference (email:ar@norden-tools-billing.com) does not establish, and nothing verified it out of band.",
		"The counterparty states $4,900 for INV-5521, but system fact f1 records: Invoice INV-5521 for $900.00 is approved and due in 10 days.",
		"A request to bypass policy: the message says \"…INV-5521 ($4,900.00) to our new account today and skip the usual callback just this once.\".",
		"Email:ar@norden-tools-billing.com (claiming to be Norden Tools Accounts Receivable) asks the agent, whose goal is to pay approved supplier invoices on time to verified accounts, to act; the proposed step is: Pay invoice INV-5521 to Norden Tools (account on file) (bank:payments:create), $4,900.",
	}
	n := 0
	for _, s := range ss {
		n += len(s)
	}
	b.SetBytes(int64(n))
	for b.Loop() {
		for _, s := range ss {
			cleanMaskTrim(s)
		}
	}
}

// maskSecretsOld is maskSecrets as it was before its prescan became
// maskScan (shared with cleanText's test): the reference for
// TestMaskScanMatchesOld.
func maskSecretsOld(s string) string {
	if s == "" {
		return s
	}
	// One linear pass decides which (comparatively slow) patterns can match
	// at all; most strings need none of them.
	digitRun, maxDigits, tokRun, maxTok := 0, 0, 0, 0
	token, kv, iban := false, false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		k := maskClass[c]
		switch {
		case k&mcDigit != 0:
			digitRun++
			if digitRun > maxDigits {
				maxDigits = digitRun
			}
		case (c == ' ' || c == '-') && digitRun > 0:
		default:
			digitRun = 0
		}
		if k&mcTok != 0 {
			tokRun++
			if tokRun > maxTok {
				maxTok = tokRun
			}
		} else {
			tokRun = 0
		}
		if k&mcUpper != 0 && !iban && i+3 < len(s) && maskClass[s[i+1]]&mcUpper != 0 && maskClass[s[i+2]]&mcDigit != 0 && maskClass[s[i+3]]&mcDigit != 0 {
			iban = true
		}
		if k&(mcTrigger|mcSep) == 0 {
			continue
		}
		// The literal prefixes of reSecretToken, tested where they can start.
		if !token && k&mcTrigger != 0 {
			switch c {
			case '_':
				r := s[i:]
				token = strings.HasPrefix(r, "_live_") || strings.HasPrefix(r, "_test_")
			case 'A':
				r := s[i:]
				token = strings.HasPrefix(r, "AKIA") || strings.HasPrefix(r, "ASIA")
			case 'e':
				token = strings.HasPrefix(s[i:], "eyJ")
			case 'x':
				token = strings.HasPrefix(s[i:], "xox")
			case '-':
				token = strings.HasPrefix(s[i:], "-----BEGIN")
			case 'g':
				if i+3 < len(s) && s[i+1] == 'h' && s[i+3] == '_' {
					switch s[i+2] {
					case 'p', 'o', 'u', 's', 'r':
						token = true
					}
				}
			}
		}
		if !kv && k&mcSep != 0 {
			kv = secretWordAt(s, i)
		}
	}
	if token {
		s = reSecretToken.ReplaceAllString(s, "[redacted]")
		kv = hasSecretWord(s) // s has changed
	}
	// Key words spelt with 'ſ' or 'K', as maskApply now does.
	folded := hasFoldedLetter(s)
	if kv || folded {
		s = maskKVAll(s)
	}
	if folded {
		s = maskKVFolded(s)
	}
	if maxDigits >= 9 {
		s = maskLongDigits(s)
	}
	if iban {
		// Account numbers in IBAN form that the digit rule left whole.
		s = reIBAN.ReplaceAllString(s, "[redacted]")
	}
	if maxTok >= 28 {
		s = maskLongMixed(s)
	}
	return s
}

// TestMaskScanMatchesOld checks maskSecrets and cleanMaskTrim against the
// previous maskSecrets on random strings of digits, separators, key words,
// token prefixes, spaces and non-ASCII.
func TestMaskScanMatchesOld(t *testing.T) {
	pieces := []string{"0", "1", "9", "12", "1234", "123456789", " ", "  ", "-", " - ", "_", "a", "e", "g", "x", "Z", ",", ";", ":", "=", "\"", "'", "\t", "\n",
		" is ", " was ", " ist ", " es ", " est ", "password", "PASSWD", "token", "api_key", "pin", "code", "contraseña", "ſecret",
		"é", "€", "…", "\u200b", "\x7f", "\x01", "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMN", "DE89", "GB82 WEST 1234 5698 7654 32", "0123456789",
		"+/=", "----", "-----BEGIN", "sk_live_4eC39HqLyjWDarjtT1zdp7dc", "AKIAIOSFODNN7EXAMPL3", "eyJhbGciOiJIUzI1NiJ9", "xoxb-1234567890", "ghp_16C7e42F292c",
		"\xff", "\x80", "the", "Ab1", "hunter2"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 30000 {
		var b strings.Builder
		for k := r.IntN(24); k >= 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		want := catch(func() string { return maskSecretsOld(s) })
		if got := catch(func() string { return maskSecrets(s) }); got != want {
			t.Fatalf("maskSecrets(%q) = %q, want %q", s, got, want)
		}
		want = catch(func() string { return strings.TrimSpace(maskSecretsOld(cleanText(s))) })
		if got := catch(func() string { return cleanMaskTrim(s) }); got != want {
			t.Fatalf("cleanMaskTrim(%q) = %q, want %q", s, got, want)
		}
	}
}
