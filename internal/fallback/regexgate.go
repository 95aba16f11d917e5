package fallback

import "strings"

// A regexpGate is a necessary condition for a case-insensitive regexp: every
// match of the regexp holds one of the gate's words, compared without ASCII
// case. Go's regexp engine finds no literal prefix in an alternation under
// (?i), so it walks the whole text even when no match can start; on a long
// policy (kilobytes of prose with no amount in it) that walk was most of a
// consultation's cost. The gate answers "no match is possible" from one pass
// and a table lookup per byte, and the regexp runs only when it says maybe.
//
// The gate must never say no where the regexp could match: (?i) also folds
// 'ſ' (U+017F) to 's' and the Kelvin sign (U+212A) to 'k', so a text holding
// either always passes, and FuzzRegexGates holds each gate to its regexp.
type regexpGate struct {
	words []string     // lower-case ASCII; letters match either case, other bytes exactly
	first [256][]uint8 // the words that can start at a byte, by index into words
	marks string       // bytes or UTF-8 sequences that pass the gate wherever they occur
}

func newRegexpGate(marks string, words ...string) *regexpGate {
	g := &regexpGate{words: words, marks: marks}
	for i, w := range words {
		c := w[0]
		g.first[c] = append(g.first[c], uint8(i))
		if 'a' <= c && c <= 'z' {
			g.first[c-'a'+'A'] = append(g.first[c-'a'+'A'], uint8(i))
		}
	}
	return g
}

// mayMatch reports whether the gate's regexp could match in s.
func (g *regexpGate) mayMatch(s string) bool {
	if strings.Contains(s, "\u017f") || strings.Contains(s, "\u212a") {
		return true
	}
	for _, r := range g.marks {
		if strings.ContainsRune(s, r) {
			return true
		}
	}
	for i := 0; i < len(s); i++ {
		for _, w := range g.first[s[i]] {
			if hasFoldASCIIAt(s, i, g.words[w]) {
				return true
			}
		}
	}
	return false
}

// hasFoldASCIIAt reports whether w (lower-case ASCII) is at s[i:], letters
// compared without case.
func hasFoldASCIIAt(s string, i int, w string) bool {
	if len(s)-i < len(w) {
		return false
	}
	for j := 0; j < len(w); j++ {
		c, d := s[i+j], w[j]
		if c == d {
			continue
		}
		if 'a' <= d && d <= 'z' && c == d-'a'+'A' {
			continue
		}
		return false
	}
	return true
}

var (
	// gateCurrency: every match of reLimitUpper and reLimitOver names a
	// currency by symbol or code.
	gateCurrency = newRegexpGate("$€£", "usd", "eur", "gbp")
	// gateLimitUpper: the upper-limit words of reLimitUpper.
	gateLimitUpper = newRegexpGate("", "up to", "no more than", "exceed", "maximum", "at most", "limit", "capped at", "under", "below", "less than")
	// gateLimitOver: the threshold words of reLimitOver.
	gateLimitOver = newRegexpGate("", "over", "above", "more than", "exceed", "greater than", "in excess of")
	// gateAmountAny: every match of reAmountAny names a currency by symbol,
	// code or word.
	gateAmountAny = newRegexpGate("$€£", "usd", "eur", "gbp", "chf", "dollar", "pound")
)
