package fallback

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// moneyRef is money as it was before it formatted in stack buffers: the
// reference FuzzMoney holds it to.
func moneyRef(v float64, cur string) string {
	cur = strings.ToUpper(strings.TrimSpace(cur))
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimSuffix(s, ".00")
	intPart, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	out := b.String()
	if frac != "" {
		out += "." + frac
	}
	switch cur {
	case "USD", "":
		return "$" + out
	case "EUR":
		return "€" + out
	case "GBP":
		return "£" + out
	}
	return out + " " + cur
}

func TestMoney(t *testing.T) {
	tests := []struct {
		v    float64
		cur  string
		want string
	}{
		{48000, "", "$48,000"},
		{1234567.5, "usd", "$1,234,567.50"},
		{999.99, " EUR ", "€999.99"},
		{100, "GBP", "£100"},
		{14.5, "btc", "14.50 BTC"},
		{0, "", "$0"},
		{-123, "", "$-,123"},
		{-1234.5, "", "$-1,234.50"},
		{math.NaN(), "", "$NaN"},
		{math.Inf(1), "CHF", "+,Inf CHF"},
		{1e21, "", "$1,000,000,000,000,000,000,000"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			if got := money(tc.v, tc.cur); got != tc.want {
				t.Errorf("money(%v, %q) = %q, want %q", tc.v, tc.cur, got, tc.want)
			}
		})
	}
}

func FuzzMoney(f *testing.F) {
	for _, v := range []float64{0, 1, 12.345, 999.995, 1000, -1, -123, -4567.8, 1e9, 1e300, math.MaxFloat64, math.SmallestNonzeroFloat64, math.NaN(), math.Inf(-1)} {
		for _, cur := range []string{"", "USD", "eur", " gbp", "JPY", "€", "x y"} {
			f.Add(v, cur)
		}
	}
	f.Fuzz(func(t *testing.T, v float64, cur string) {
		if got, want := money(v, cur), moneyRef(v, cur); got != want {
			t.Fatalf("money(%v, %q) = %q, want %q", v, cur, got, want)
		}
	})
}

// TestActionWords holds actionWords to the strings.Replacer it replaced.
func TestActionWords(t *testing.T) {
	ref := strings.NewReplacer(":", " ", "_", " ")
	for _, s := range []string{"", "payment:vendor_bank_change", "plain", "a__b::c", ":_", "zahlung:überweisung_ändern", "bad\xff:byte_\xc3", strings.Repeat("x_", 150)} {
		t.Run(s, func(t *testing.T) {
			if got, want := actionWords(s), ref.Replace(clipBytes(s, 200)); got != want {
				t.Errorf("actionWords(%q) = %q, want %q", s, got, want)
			}
		})
	}
}
