package fallback

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

var scanSeeds = []string{
	"Pay invoice INV-5521 ($4,900.00) to our new account", "$1,234,567.891 and 12.345 usd", "€ 12,34 EUR 5 euros 5 eur 5 EUROS", "£1,2345 US$ 99USD 7 dollarſ 3 uſd",
	"PO 8812 and PO-88-12 12-345 12-34 1234-56789x AB-12- ABCDEFG12 A12B-", "ref ABCDEF-1234-XY-, X12_", "5 €x 5 € 5€ 10.5 GBP.", "\u00a3 3 $\t3,000,000.5usd",
}

func FuzzMoneyScan(f *testing.F) {
	for _, s := range scanSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want []moneyMatch
		for _, m := range reMoney.FindAllStringSubmatch(s, 32) {
			ip, fp := m[1], m[2]
			if ip == "" {
				ip, fp = m[3], m[4]
			}
			want = append(want, moneyMatch{ip, fp})
		}
		got := moneyAll(s, 32, nil)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("moneyAll(%q) = %q, want %q", s, got, want)
		}
	})
}

func FuzzRefIDScan(f *testing.F) {
	for _, s := range scanSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := reRefID.FindAllString(s, 4)
		got := refIDs(s, 4)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("refIDs(%q) = %q, want %q", s, got, want)
		}
	})
}

var domainSeeds = []string{
	"email:ar@norden-tools-billing.com", "Norden Tools (norden-tools.com, www.Norden.CO.uk)", "a.b.c.d.e1.com1 x.y-z.org-", "-foo.com_bar ſecure.coſ xK.Kom",
	"1.1.1.1.1 a..com a.-b.com a-.b.com", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-b.com", "_ſa.com pay.example.abcdefghijklmnopqrstuvwxyz.", "mail.gmail.com, x@yahoo.co.jp. \xe2ſ.io",
}

func FuzzDomainScan(f *testing.F) {
	for _, s := range domainSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := reDomain.FindAllString(s, 8)
		got := domains(s, 8)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("domains(%q) = %q, want %q", s, got, want)
		}
	})
}

// clipRef is the former clip, which counted every rune first.
func clipRef(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i, count := 0, 0
	for i < len(s) && count < n-1 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		count++
	}
	return strings.TrimSpace(s[:i]) + "…"
}

func FuzzClip(f *testing.F) {
	for _, s := range append(domainSeeds, scanSeeds...) {
		f.Add(s, 5)
	}
	f.Add("ab", 1)
	f.Add("é\xffé", 2)
	f.Fuzz(func(t *testing.T, s string, n int) {
		n %= 80
		if got, want := clip(s, n), clipRef(s, n); got != want {
			t.Fatalf("clip(%q, %d) = %q, want %q", s, n, got, want)
		}
	})
}

// TestScanSkips holds the skips of domains and moneyAll (the next dot's
// run of label bytes, the next currency sign or digit after a non-word
// byte) against the patterns, on texts where a skip could land wrong: runs
// broken just before a dot, multi-byte letters and other runes before a
// dot, digits inside words, signs whose first byte starts another rune.
func TestScanSkips(t *testing.T) {
	texts := []string{
		"", ".", "..", "a.", ".a", "a.b", "ab.cd", "x ab.cd", "x!ab.cd", "x_ab.cd", "-ab.cd", "a-b.cd", "ab-.cd",
		"é.com", "éa.com", "ſa.com", "aſ.com", "Ka.com", "\xe2\x84.com", "\xc5.com", "x\xbfa.com",
		"one. two. three.com four.five.six", "1.2.3.4 a.b.c.d.e.f.g.h.i.j", "no dots here at all",
		"a.b a.bc a.b-c.de end.", strings.Repeat("ab.", 20) + "com", "wwwa.example.com.", "_x.com x_.com",
		"£5 ¢5 €5 ⁂5 \xc2 \xe2 $ $$5 x5 5x _5 -5 .5 5.5 a5 5,000.00 5, 5,00 12usd 12 usd 12 USDx",
		"INV-5521 ($4,900.00) and 99.9eur, 7dollars", "\xc2\xa35 \xe2\x82\xac5 \xe2\x82\xad5",
	}
	for _, s := range append(append(texts, scanSeeds...), domainSeeds...) {
		t.Run(s, func(t *testing.T) {
			var wantM []moneyMatch
			for _, m := range reMoney.FindAllStringSubmatch(s, 32) {
				ip, fp := m[1], m[2]
				if ip == "" {
					ip, fp = m[3], m[4]
				}
				wantM = append(wantM, moneyMatch{ip, fp})
			}
			if got := moneyAll(s, 32, nil); !reflect.DeepEqual(got, wantM) {
				t.Errorf("moneyAll(%q) = %q, want %q", s, got, wantM)
			}
			if got, want := domains(s, 8), reDomain.FindAllString(s, 8); !reflect.DeepEqual(got, want) {
				t.Errorf("domains(%q) = %q, want %q", s, got, want)
			}
		})
	}
}

// TestSenderNotMayMatchView holds the view form of the gate (the record's
// lower case from its view) to the gate itself.
func TestSenderNotMayMatchView(t *testing.T) {
	for _, s := range []string{"", "The sender is NOT the vendor.", "caller isn't on file", "Not a number", "Sender verified",
		"DER ABSENDER ist nicht", "Ｓender is not", "the agent is not who they say", "nothing here"} {
		t.Run(s, func(t *testing.T) {
			if got, want := senderNotMayMatchView(s, &textView{s: s}), senderNotMayMatch(s); got != want {
				t.Errorf("senderNotMayMatchView(%q) = %v, senderNotMayMatch = %v", s, got, want)
			}
		})
	}
}
