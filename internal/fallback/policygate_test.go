package fallback

import (
	"strings"
	"testing"
)

// policyGateSets are the sets the checks ask of a whole folded policy
// before they cut it into policySents, to skip a policy none of whose
// sentences holds a word of the set.
var policyGateSets = []*substrSet{condLeadSet, forbidMarkSet, banMarkSet, bareBanSet, countNounSet, countFixedSet}

// policyGateHolds reports whether the whole folded policy holds a word of
// every gate set that some padded sentence of it holds, as those checks
// rely on. It returns the first set and sentence where that fails.
func policyGateHolds(stmt string) (ok bool, set []string, sent string) {
	pol := foldedText(stmt)
	for _, s := range strings.Split(pol, " . ") {
		s = " " + strings.TrimSpace(s) + " "
		for _, ss := range policyGateSets {
			if ss.in(s) && !ss.in(pol) {
				return false, ss.all, s
			}
		}
	}
	return true, nil, ""
}

// TestPolicyGate holds the whole policy's answers to its sentences' on
// statements that put the sets' words at a sentence's start and end,
// where the sentence's pads are the only spaces around them.
func TestPolicyGate(t *testing.T) {
	tests := []struct{ name, stmt string }{
		{"empty", ""},
		{"plain", "Supplier payments go only to the remittance account in the vendor master."},
		{"lead first", "If any segment has already been flown, the agent cannot cancel it."},
		{"mark last", "Refunds. Bags can be added later but never. Tickets cannot be"},
		{"split", "Orders may not be split into parts. Split purchases are not allowed"},
		{"count", "The number of passengers can never change."},
		{"german", "Wenn die Frist bereits abgelaufen ist, darf der Agent nicht erstatten. Gutscheine können nicht ausgezahlt werden"},
		{"cover", "Cover must stay continuous, with no gap. Gap"},
		{"dots", "a . . if . . cannot be . never"},
		{"spacing", "  If\tthe trip  is\u00a0booked ,  it   cannot be changed  "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if ok, set, sent := policyGateHolds(tt.stmt); !ok {
				t.Errorf("policy %q: sentence %q holds a word of %q, the whole policy does not", tt.stmt, sent, set)
			}
		})
	}
}

func FuzzPolicyGate(f *testing.F) {
	for _, s := range []string{"If it has been flown, the agent cannot cancel it.", "Bags never. Number of seats is fixed", "x . if . y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, stmt string) {
		if ok, set, sent := policyGateHolds(stmt); !ok {
			t.Fatalf("policy %q: sentence %q holds a word of %q, the whole policy does not", stmt, sent, set)
		}
	})
}
