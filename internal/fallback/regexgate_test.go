package fallback

import (
	"regexp"
	"testing"
)

// gatePairs are the gates and the regexps they stand before: a gate that
// says no where its regexp matches would drop a policy limit or amount.
var gatePairs = []struct {
	name  string
	gates []*regexpGate
	re    *regexp.Regexp
}{
	{"limit upper", []*regexpGate{gateCurrency, gateLimitUpper}, reLimitUpper},
	{"limit over", []*regexpGate{gateCurrency, gateLimitOver}, reLimitOver},
	{"amount", []*regexpGate{gateAmountAny}, reAmountAny},
}

func TestRegexGates(t *testing.T) {
	tests := []struct {
		text string
		want []bool // per gatePairs entry: whether every gate lets the text through
	}{
		{"Refunds up to $500 need no approval.", []bool{true, false, true}},
		{"Payments OVER 10,000 EUR require a second approver.", []bool{false, true, true}},
		{"Erstattungen bis 200 € sind erlaubt.", []bool{false, false, true}},
		{"Any change to vendor remittance details must be confirmed by a callback.", []bool{false, false, false}},
		{"Shipping for batch INV-20931 is scheduled for the 14th; see form W-9.", []bool{false, false, false}},
		{"Limit of 300 CHF per night.", []bool{false, false, true}},
		{"Spend caps are set in pounds sterling.", []bool{false, false, true}},
		// (?i) folds 'ſ' to 's' and the Kelvin sign to 'k': the gates pass
		// any text holding them rather than reason about them.
		{"leſs than 40 uſd", []bool{true, true, true}},
		{"\u212a 12", []bool{true, true, true}},
		{"", []bool{false, false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			for i, p := range gatePairs {
				got := allMayMatch(p.gates, tt.text)
				if got != tt.want[i] {
					t.Errorf("%s gates on %q = %v, want %v", p.name, tt.text, got, tt.want[i])
				}
				if !got && p.re.MatchString(tt.text) {
					t.Errorf("%s gates refuse %q, which the regexp matches", p.name, tt.text)
				}
			}
		})
	}
}

func allMayMatch(gs []*regexpGate, s string) bool {
	for _, g := range gs {
		if !g.mayMatch(s) {
			return false
		}
	}
	return true
}

// FuzzRegexGates holds each gate to its regexp: where the regexp matches,
// the gate must let the text through.
func FuzzRegexGates(f *testing.F) {
	for _, s := range []string{
		"Refunds up to $500 need no approval.", "over 10,000 EUR requires approval", "Limit of 300 CHF",
		"no more than £2,000", "capped at 45 usd per seat", "in excess of €1m must be signed off",
		"leſs than 40 uſd", "maximum of 12 GBP", "5 dollars", "UNDER $5", "plain prose with 123 digits",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range gatePairs {
			if p.re.MatchString(s) && !allMayMatch(p.gates, s) {
				t.Fatalf("%s gates refuse %q, which the regexp matches", p.name, s)
			}
		}
	})
}
