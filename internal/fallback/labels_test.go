package fallback

import (
	"slices"
	"testing"
)

// byName returns the labels that have cues, by name: the tests that read
// the cues by a label's name or list them sorted use it.
func (ct *cueTable) byName() map[string][]cue {
	out := map[string][]cue{}
	for l, qs := range ct {
		if len(qs) > 0 {
			out[cueLabel(l).String()] = qs
		}
	}
	return out
}

// TestLabelsCoverThePack checks that every section a rule pack may name has
// a cueLabel, and that the tactics' labels are their places in tacticOrder.
func TestLabelsCoverThePack(t *testing.T) {
	for _, name := range sortedAux() {
		if _, ok := labelOf(name); !ok {
			t.Errorf("aux label %s has no cueLabel", name)
		}
	}
	for i, tc := range tacticOrder {
		l, ok := tacticLabel(tc)
		if !ok || int(l) != i || l.String() != string(tc) {
			t.Errorf("tactic %s: label %d (%s), ok %v; want %d", tc, l, l, ok, i)
		}
		if !validLabel(string(tc)) {
			t.Errorf("tactic %s is no valid pack section", tc)
		}
	}
	for l := range numLabels {
		if !validLabel(l.String()) {
			t.Errorf("label %d (%s) is no valid pack section", l, l)
		}
		if got, _ := labelOf(l.String()); got != l {
			t.Errorf("labelOf(%s) = %d, want %d", l, got, l)
		}
	}
	if n := len(sortedAux()) + len(tacticOrder); n != int(numLabels) {
		t.Errorf("%d pack sections, %d labels", n, numLabels)
	}
	if slices.Contains(labelNames[:], "") {
		t.Errorf("a label has no name: %q", labelNames)
	}
}
