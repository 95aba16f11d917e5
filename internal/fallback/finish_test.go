package fallback

import (
	"fmt"
	"testing"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/google/go-cmp/cmp"
)

// TestFinishLists checks the lists finish filters in place: items cleaned,
// masked and trimmed, the empty and repeated ones dropped in order, at most
// twelve, and an absent list given back empty rather than nil (which would
// encode as null).
func TestFinishLists(t *testing.T) {
	many := make([]string, 20)
	for i := range many {
		many[i] = fmt.Sprintf("Step %d.", i)
	}
	tests := []struct {
		name string
		in   []string
		want []string
	}{
		{"nil", nil, []string{}},
		{"empty", []string{}, []string{}},
		{"repeats after cleaning", []string{"a", " a ", "", "  ", "b\u200b", "b", "a"}, []string{"a", "b"}},
		{"masked", []string{"password: Xy12abcd9", "the password: Xy12abcd9"}, []string{"password: [redacted]", "the password: [redacted]"}},
		{"masked into a repeat", []string{"pin: 12345678", "pin: 87654321"}, []string{"pin: [redacted]"}},
		{"twelve at most", many, many[:12]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := append([]string(nil), tt.in...)
			if tt.in == nil {
				in = nil
			}
			a := finish(consult.Analysis{QuestionsToAsk: in, Safeguards: append([]string(nil), in...), Claims: nil})
			if diff := cmp.Diff(tt.want, a.QuestionsToAsk); diff != "" {
				t.Errorf("QuestionsToAsk (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]consult.Claim{}, a.Claims); diff != "" {
				t.Errorf("Claims (-want +got):\n%s", diff)
			}
		})
	}
}

// TestFinishClaims checks the claims finish filters in place: a claim
// whose text cleans to nothing is dropped, the others keep their order and
// get a default explanation.
func TestFinishClaims(t *testing.T) {
	in := []consult.Claim{
		{Claim: " ", Explanation: "dropped"},
		{Claim: "Invoice INV-1 is due.", EvidenceReferences: []string{"f1", " "}},
		{Claim: "token=Ab12cd34ef", Explanation: "Seen."},
	}
	want := []consult.Claim{
		{Claim: "Invoice INV-1 is due.", Explanation: "Graded against the case's facts and evidence.", EvidenceReferences: []string{"f1"}},
		{Claim: "token=[redacted]", Explanation: "Seen.", EvidenceReferences: []string{}},
	}
	a := finish(consult.Analysis{Claims: in})
	if diff := cmp.Diff(want, a.Claims); diff != "" {
		t.Errorf("Claims (-want +got):\n%s", diff)
	}
}
