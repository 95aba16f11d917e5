package fallback

import "testing"

// TestPhraseSet: the phrase index finds exactly what a substring search
// for each phrase would.
func TestPhraseSet(t *testing.T) {
	ps := newPhraseSet([]string{" po ", " purchase order", " later"}, []string{" nachreich"})
	cases := []struct {
		s    string
		want bool
	}{
		{" the po follows ", true},
		{" the purchase orders are here ", true},
		{" we will do it laterally ", true}, // a word start, like containsAny
		{" wir reichen ihn nachreichlich ", true},
		{" a report follows ", false},
		{" po", false}, // no trailing space: " po " is not there
		{"", false},
	}
	for _, tc := range cases {
		if got := ps.in(tc.s); got != tc.want {
			t.Errorf("in(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}
