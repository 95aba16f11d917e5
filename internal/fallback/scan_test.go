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
