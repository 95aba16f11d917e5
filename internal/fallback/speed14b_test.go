package fallback

import (
	"math"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// moneyValueRef is moneyValue as parseMoney computed it before: the parts
// through ParseFloat, the integer part's commas dropped by a copy.
func moneyValueRef(ip, fp string) (float64, bool) {
	v, err := strconv.ParseFloat(strings.ReplaceAll(ip, ",", ""), 64)
	if err != nil {
		return 0, false
	}
	if fp != "" {
		f, _ := strconv.ParseFloat("0."+fp, 64)
		v += f
	}
	return v, true
}

func checkMoneyValue(t *testing.T, ip, fp string) {
	t.Helper()
	got, gok := moneyValue(ip, fp)
	want, wok := moneyValueRef(ip, fp)
	if gok != wok || math.Float64bits(got) != math.Float64bits(want) {
		t.Errorf("moneyValue(%q, %q) = %v, %v; want %v, %v", ip, fp, got, gok, want, wok)
	}
}

// TestMoneyValue holds moneyValue to the ParseFloat reference, bit for bit,
// on the forms moneyAll gives and on digit runs of every length up to and
// past the exact path's fifteen.
func TestMoneyValue(t *testing.T) {
	for _, tc := range []struct{ ip, fp string }{
		{"4,900", "00"}, {"48,250", "00"}, {"900", ""}, {"1", "07"}, {"0", "1"}, {"1,234,567", "891"},
		{"999999999999999", "99"}, {"9999999999999999", "5"}, {"123", "1234567890123456"}, {"", ""}, {"12", ""},
		{"000123", "050"}, {"1,000", "333333333333333"},
	} {
		t.Run(tc.ip+"."+tc.fp, func(t *testing.T) { checkMoneyValue(t, tc.ip, tc.fp) })
	}
	r := rand.New(rand.NewSource(14))
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + r.Intn(10))
		}
		return string(b)
	}
	for range 20000 {
		ip := digits(1 + r.Intn(18))
		if r.Intn(3) == 0 {
			ip = digits(1+r.Intn(3)) + "," + digits(3) + "," + digits(3)
		}
		fp := ""
		if r.Intn(4) != 0 {
			fp = digits(1 + r.Intn(17))
		}
		checkMoneyValue(t, ip, fp)
	}
}

// FuzzMoneyValue holds moneyValue to the reference on any parts.
func FuzzMoneyValue(f *testing.F) {
	f.Add("4,900", "00")
	f.Add("999999999999999", "999999999999999")
	f.Add("1,2", "")
	f.Fuzz(func(t *testing.T, ip, fp string) {
		for _, s := range []string{ip, fp} {
			for i := 0; i < len(s); i++ {
				if s[i] != ',' && (s[i] < '0' || s[i] > '9') {
					return // moneyAll's parts are digits and commas
				}
			}
		}
		if strings.Contains(fp, ",") {
			return // a fraction has no commas
		}
		checkMoneyValue(t, ip, fp)
	})
}
