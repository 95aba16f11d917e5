package fallback

import (
	"strings"
	"testing"
)

// TestBlank holds blank to strings.TrimSpace: every byte alone and after
// spaces, and Unicode spaces after ASCII ones.
func TestBlank(t *testing.T) {
	cases := []string{"", " ", " \t\r\n\v\f", " a", "  \u00a0", " \u2003 x", "\u0085", " \xff", " \u200b"}
	for c := range 256 {
		cases = append(cases, string(rune(c)), " \t"+string([]byte{byte(c)}), string([]byte{byte(c)})+" ")
	}
	for _, s := range cases {
		t.Run("", func(t *testing.T) {
			if got, want := blank(s), strings.TrimSpace(s) == ""; got != want {
				t.Errorf("blank(%q) = %v, want %v", s, got, want)
			}
		})
	}
}
