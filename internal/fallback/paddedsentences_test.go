package fallback_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2atrust/shield/internal/fallback"
)

// splitPadded is what checkDismissedControl built before paddedSentences.
func splitPadded(msg string) []string {
	var out []string
	for _, s := range strings.Split(msg, " . ") {
		out = append(out, " "+s+" ")
	}
	return out
}

var paddedCases = []string{"", " . ", "a", "a . b", "a . ", " . a", "a .  . b", "a . . b", "a  .  b", "x . . . y", " .  . ", "Skip the callback . we are in a hurry . thanks"}

// TestPaddedSentences holds paddedSentences to the strings it replaces.
func TestPaddedSentences(t *testing.T) {
	for _, msg := range paddedCases {
		t.Run(msg, func(t *testing.T) {
			got := slices.Collect(fallback.PaddedSentences(msg, " "+msg+" "))
			if diff := cmp.Diff(splitPadded(msg), got); diff != "" {
				t.Errorf("paddedSentences(%q) (-want +got):\n%s", msg, diff)
			}
		})
	}
}

// FuzzPaddedSentences checks paddedSentences against strings.Split on any
// message.
func FuzzPaddedSentences(f *testing.F) {
	for _, msg := range paddedCases {
		f.Add(msg)
	}
	f.Fuzz(func(t *testing.T, msg string) {
		got := slices.Collect(fallback.PaddedSentences(msg, " "+msg+" "))
		if diff := cmp.Diff(splitPadded(msg), got); diff != "" {
			t.Errorf("paddedSentences(%q) (-want +got):\n%s", msg, diff)
		}
	})
}
