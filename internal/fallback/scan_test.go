package fallback

import (
	"reflect"
	"testing"
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
