package fallback

import (
	"strconv"
	"strings"
)

// parseGroupedNumber reads a policy's limit figure as written. Policies in
// Spanish, German, French or Italian group thousands with a dot ("hasta
// 1.500 €", "bis 2.000 EUR"), so a dot followed by exactly three digits,
// with no comma after it, is a group separator: reading "1.500 €" as 1.5
// turns every ordinary amount into a breach of the limit. A figure with a
// comma as well ("1,500.00") keeps the English reading.
func parseGroupedNumber(v string) (float64, error) {
	if !strings.Contains(v, ",") && dotGroups(v) {
		v = strings.ReplaceAll(v, ".", "")
	}
	return strconv.ParseFloat(strings.ReplaceAll(v, ",", ""), 64)
}

// dotGroups reports whether v is digits in dot-separated groups of three
// after a lead group of one to three ("1.500", "12.000.000").
func dotGroups(v string) bool {
	i := strings.IndexByte(v, '.')
	if i < 1 || i > 3 {
		return false
	}
	for _, g := range strings.Split(v[i+1:], ".") {
		if len(g) != 3 {
			return false
		}
		for j := 0; j < len(g); j++ {
			if !isDigitByte(g[j]) {
				return false
			}
		}
	}
	for j := 0; j < i; j++ {
		if !isDigitByte(v[j]) {
			return false
		}
	}
	return true
}
