package fallback_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2atrust/shield/internal/fallback"
)

// regexpEnds is what checkDestination took from reEnding before the hand
// matcher: the first group of each of at most n matches.
func regexpEnds(s string, n int) []string {
	var out []string
	for _, m := range fallback.EndingRE.FindAllStringSubmatch(s, n) {
		out = append(out, m[1])
	}
	return out
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

var endingCases = []string{
	"",
	"Vendor account ending in 4821.",
	"Account ENDING 4821; remittance ends in: 0092 and Ends:  123.",
	"IBAN last four digits 9912, last 4: 0021, last four 77 12",
	"ends1234 ends12345 ends 123a ends 12 xends 1234 _ends 1234 ends_1234",
	"endings 1234 ending in ending 4444 ends in ends in 5555",
	"terminada en 1234, terminado en 4321, terminadx en 1, Endet auf 0001, endend auf 9999",
	"se terminant par 1111; finissant par 2222; SE TERMINANT PAR 3333",
	"ends 1111 ends 2222 ends 3333 ends 4444 ends 5555",
	"ending\t\n\f\r: \t1234\n",
	"ending\v1234 ending :: 1234 ending : : 1234",
	"last 4 digits1234, last4 1234, last  4 1234",
	"ends 123.45 ends 1234,5 ends 123-4 ends 1234é",
	"ending in 4821 ﬀ ſ K", // not ASCII: the regexp itself
}

// TestEndDigitsMatchesRegexp holds the hand matcher to reEnding on the
// shapes it must get right: boundaries, folding, spaces, colons, runs.
func TestEndDigitsMatchesRegexp(t *testing.T) {
	for _, s := range endingCases {
		for _, n := range []int{1, 4} {
			t.Run(s, func(t *testing.T) {
				want := regexpEnds(s, n)
				got := fallback.EndDigits(s, isASCII(s), n, nil)
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("endDigits(%q, %d) (-want +got):\n%s", s, n, diff)
				}
			})
		}
	}
}

// FuzzEndDigits checks the hand matcher against the regexp on any text.
func FuzzEndDigits(f *testing.F) {
	for _, s := range endingCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := regexpEnds(s, 4)
		got := fallback.EndDigits(s, isASCII(s), 4, nil)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("endDigits(%q) (-want +got):\n%s", s, diff)
		}
	})
}

var bankCases = []string{
	"", "remittance account", "ACCT 1", "xacct", "acct_", "_iban", "Bank.", "bankruptcy", "ribs rib",
	"KONTO-CUENTA", "compte9", "routing:", "remittances", "ban\u212a", "\u212aonto", "nothing here",
}

// TestBankWordsMatchesRegexp holds bankWordsIn to reBankWords.
func TestBankWordsMatchesRegexp(t *testing.T) {
	for _, s := range append(bankCases, endingCases...) {
		t.Run(s, func(t *testing.T) {
			if diff := cmp.Diff(fallback.BankWordsRE.MatchString(s), fallback.BankWordsIn(s)); diff != "" {
				t.Errorf("bankWordsIn(%q) (-want +got):\n%s", s, diff)
			}
		})
	}
}

// FuzzBankWords checks bankWordsIn against the regexp on any text.
func FuzzBankWords(f *testing.F) {
	for _, s := range bankCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if diff := cmp.Diff(fallback.BankWordsRE.MatchString(s), fallback.BankWordsIn(s)); diff != "" {
			t.Errorf("bankWordsIn(%q) (-want +got):\n%s", s, diff)
		}
	})
}

var destCases = []string{
	"", "First Coastal Bank acct 4410029381", "acct 4410 0293 81", "12 3", "1 2", "1  2", "123", "1234 ", " 9 9 9 9 ",
	"IBAN DE89 3704 0044 0532 0130 00", "PayPal ar@norden.com", "pay@x.c", "pay@-.co", "@a.bc", "a@.bc", "x@y.z1",
	"Wise transfer", "otherwise", "myaccount", "Account:", "KONTO", "\u212aonto", "ſ", "wallet", "gift  card",
	"gift card", "ROUTING 021000021", "compte9", "cuenta_", "usdt", "Cuenta 99", "1\u00a023 4", "é1234",
}

// TestDestinationMatchersMatchRegexps holds checkDestination's hand
// matchers to the patterns they replace.
func TestDestinationMatchersMatchRegexps(t *testing.T) {
	for _, s := range append(destCases, append(bankCases, endingCases...)...) {
		t.Run(s, func(t *testing.T) { checkDestMatchers(t, s) })
	}
}

func checkDestMatchers(t *testing.T, s string) {
	t.Helper()
	if diff := cmp.Diff(fallback.Digits4RE.FindAllString(s, 4), fallback.DigitRuns(s, 4)); diff != "" {
		t.Errorf("digitRuns(%q) (-want +got):\n%s", s, diff)
	}
	if diff := cmp.Diff(fallback.NewDestRE.MatchString(s), fallback.NewDestIn(s)); diff != "" {
		t.Errorf("newDestIn(%q) (-want +got):\n%s", s, diff)
	}
}

// FuzzDestinationMatchers checks digitRuns and newDestIn against the
// regexps on any text.
func FuzzDestinationMatchers(f *testing.F) {
	for _, s := range destCases {
		f.Add(s)
	}
	f.Fuzz(checkDestMatchers)
}
