package fallback

import "testing"

// TestQuickSafeJoin checks quickSafeJoin against safeJoin for every pair of
// bytes, in contexts that reach each of safeJoin's tests of the bytes
// around the join: whenever the quick test calls a join safe, safeJoin
// must too.
func TestQuickSafeJoin(t *testing.T) {
	lefts := []string{"", "x", "1", " ", "-", " is", " was", "a…", "ü"}
	rights := []string{"", "x", "1", " ", "-", ":", "=", "s ", "st ", "as ", "…", "ü"}
	for a := range 256 {
		for b := range 256 {
			if !quickSafeJoin(byte(a), byte(b)) {
				continue
			}
			for _, lc := range lefts {
				for _, rc := range rights {
					l, r := lc+string([]byte{byte(a)}), string([]byte{byte(b)})+rc
					if !safeJoin(l, r) {
						t.Fatalf("quickSafeJoin(%q, %q) is true, safeJoin(%q, %q) false", byte(a), byte(b), l, r)
					}
				}
			}
		}
	}
}

// TestQuickSafeJoinCatches makes sure the quick test leaves the unsafe joins
// of each kind to safeJoin rather than passing them.
func TestQuickSafeJoinCatches(t *testing.T) {
	for _, tc := range []struct{ l, r string }{
		{"card 4111", "1111 1111"},
		{"password", " is hunter2"},
		{"the password ", "is hunter2"},
		{"AKIA", "IOSFODNN7EXAMPLE"},
		{"a  ", " b"},
	} {
		t.Run(tc.l+"|"+tc.r, func(t *testing.T) {
			if quickSafeJoin(tc.l[len(tc.l)-1], tc.r[0]) {
				t.Errorf("quickSafeJoin(%q, %q) = true, want false", tc.l, tc.r)
			}
		})
	}
}
