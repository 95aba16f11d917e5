package fallback

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// headRE runs a pattern of the form (?i)\b(?:head1...|head2...|...) only at
// the offsets where a match can start: a word boundary followed by one of
// the heads (case-folded). The unanchored regexp tries every offset of the
// text, and its backtracker pays for each; most texts have one or two such
// offsets, or none. Matches are those of the pattern itself (leftmost
// first): the first offset where the anchored pattern matches is where the
// unanchored one's match starts, and the anchored match from there is the
// same, since only the leading \b looks before it. FuzzHeadRE compares the
// two.
type headRE struct {
	re      *regexp.Regexp // the pattern: the reference, and the non-ASCII path
	at      *regexp.Regexp // the pattern anchored at the start of its input
	heads   []string       // lower-case ASCII; every match starts with one (case-folded)
	first   [256]bool      // first bytes of the heads, in both cases
	maxHead int
}

// newHeadRE wraps re, which must start with (?i)\b, given the heads that
// every match starts with. A wrong head list is a programming error that the
// package tests catch, so it panics.
func newHeadRE(re *regexp.Regexp, heads ...string) *headRE {
	src := re.String()
	if !strings.HasPrefix(src, `(?i)\b`) {
		panic("fallback: headRE pattern must start with (?i)\\b: " + src)
	}
	h := &headRE{re: re, at: regexp.MustCompile(`\A(?:` + src + `)`), heads: heads}
	for _, w := range heads {
		if w == "" || w != toLower(w) {
			panic("fallback: headRE heads must be lower-case and non-empty: " + w)
		}
		h.first[w[0]] = true
		if c := w[0]; c >= 'a' && c <= 'z' {
			h.first[c-'a'+'A'] = true
		}
		h.maxHead = max(h.maxHead, len(w))
	}
	return h
}

// candidate reports whether a match of the pattern can start at s[p]; whole
// is set when the anchored pattern cannot decide there and the caller must
// run the pattern over the whole text.
func (h *headRE) candidate(s string, p int) (ok, whole bool) {
	c := s[p]
	if c >= utf8.RuneSelf {
		// (?i) folds 'ſ' to 's' and the Kelvin sign to 'k', neither of them
		// a word character: \b holds before one only after a word byte,
		// which a slice starting at p no longer shows.
		w := utf8.RuneStart(c) && p > 0 && isREWord(s[p-1])
		return w, w
	}
	if !h.first[c] || (p > 0 && isREWord(s[p-1])) {
		return false, false
	}
	w := s[p:]
	if len(w) > h.maxHead {
		w = w[:h.maxHead]
	}
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			return true, false // a folded non-ASCII letter inside a head: the regexp decides
		}
	}
	for _, hd := range h.heads {
		if len(w) >= len(hd) && hasPrefixFold(w, hd) {
			return true, false
		}
	}
	return false, false
}

// FindString is h.re.FindString(s).
func (h *headRE) FindString(s string) string {
	for p := 0; p < len(s); p++ {
		ok, whole := h.candidate(s, p)
		switch {
		case whole:
			return h.re.FindString(s)
		case ok:
			if loc := h.at.FindStringIndex(s[p:]); loc != nil {
				return s[p : p+loc[1]]
			}
		}
	}
	return ""
}

// MatchString is h.re.MatchString(s).
func (h *headRE) MatchString(s string) bool {
	for p := 0; p < len(s); p++ {
		ok, whole := h.candidate(s, p)
		switch {
		case whole:
			return h.re.MatchString(s)
		case ok:
			if h.at.MatchString(s[p:]) {
				return true
			}
		}
	}
	return false
}

// The patterns run through headRE, with the heads their alternatives start
// with.
var (
	ctlOffRE = newHeadRE(reCtlOff, "disabl", "turn", "switch", "waiv", "bypass", "deactivat", "suspend", "skip",
		"without", "exempt", "desactiv", "deshabilit", "abschalt", "deaktivier", "ausschalt", "sin ", "sans ")
	moneyBackRE = newHeadRE(reMoneyBack, "refund", "cancel", "compensat", "waiv", "reimburs", "exempt", "remove the tax", "goodwill")
)
