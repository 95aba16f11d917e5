package fallback

import (
	"math/bits"
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
	re    *regexp.Regexp // the pattern: the reference, and the non-ASCII path
	at    *regexp.Regexp // the pattern anchored at the start of its input
	heads []string       // lower-case ASCII; every match starts with one (case-folded)
	first [256]bool      // first bytes of the heads, in both cases
	// heads0[i] is heads[i][0]: candidate compares a byte with them in one
	// string, where reading each head's first byte was a cache line of its
	// own (the heads' bytes lie apart) when the tables were evicted.
	heads0  string
	maxHead int
	// atASCII, when set, is h.at on an all-ASCII text: the end of the
	// anchored match at s[p], which the caller has found to be a candidate
	// (ok false: no match there). The backtracker costs some 20k
	// instructions for one anchored try on a sentence, a hand matcher a
	// few hundred.
	atASCII func(s string, p int) (end int, ok bool)
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
		h.heads0 += w[:1]
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
	// The heads' first bytes are lower-case: most heads fail there,
	// without a call.
	lc := c
	if lc >= 'A' && lc <= 'Z' {
		lc += 'a' - 'A'
	}
	for i := 0; i < len(h.heads0); i++ {
		if h.heads0[i] == lc {
			if hd := h.heads[i]; len(w) >= len(hd) && hasPrefixFold(w, hd) {
				return true, false
			}
		}
	}
	return false, false
}

// FindString is h.re.FindString(s).
func (h *headRE) FindString(s string) string {
	if h.atASCII != nil && isASCII(s) {
		for p := 0; p < len(s); p++ {
			if !h.first[s[p]] {
				continue // candidate's first test, without the call (s is ASCII)
			}
			if ok, _ := h.candidate(s, p); ok {
				if end, ok := h.atASCII(s, p); ok {
					return s[p:end]
				}
			}
		}
		return ""
	}
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
	if h.atASCII != nil && isASCII(s) {
		for p := 0; p < len(s); p++ {
			if !h.first[s[p]] {
				continue // candidate's first test, without the call (s is ASCII)
			}
			if ok, _ := h.candidate(s, p); ok {
				if _, ok := h.atASCII(s, p); ok {
					return true
				}
			}
		}
		return false
	}
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

func init() {
	ctlOffRE.atASCII = ctlOffAt
	// reMoneyBack is its heads and nothing after them: a candidate is a
	// match, of its first head in the pattern's order.
	moneyBackRE.atASCII = func(s string, p int) (int, bool) {
		for _, hd := range moneyBackRE.heads {
			if hasFoldPrefix(s[p:], hd) {
				return p + len(hd), true
			}
		}
		return 0, false
	}
}

// ctlOffVerbs are reCtlOff's leading alternatives on ASCII text, in the
// pattern's order, each with its forms in the order the backtracker tries
// them (a greedy optional part first). A trailing '*' stands for \w*,
// which before \s+ (or " from") can only end where the word run ends.
var ctlOffVerbs = [...][]string{
	{"disabl*"}, {"turning off", "turned off", "turn off"}, {"switching off", "switched off", "switch off"},
	{"waiv*"}, {"bypass*"}, {"deactivat*"}, {"suspend*"}, {"skip*"},
	{"without the", "without a", "without any", "without"}, {"exempt* from"},
	{"desactiv*"}, {"deshabilit*"}, {"abschalt*"}, {"deaktivier*"}, {"ausschalt*"},
	{"sin la", "sin el"}, {"sans la", "sans le", "sans l"},
}

// ctlOffNouns are reCtlOff's controls on ASCII text ([oó] and [uü] are
// o and u there), in the pattern's order, a greedy optional part first.
var ctlOffNouns = [...]string{
	"sso", "single sign-on", "mfa", "2fa", "two-factor", "multi-factor", "encryption", "logging",
	"auditing", "audit log", "audit logs", "audit trail", "audit",
	"security review", "review", "questionnaire", "callback", "call-back", "verification call", "ticket",
	"change ticket", "verificacion", "llamada de verificacion", "verschlusselung", "chiffrement", "journalisation",
}

// ctlVerbFirst and ctlNounFirst hold, for each byte, the verbs (bit i:
// ctlOffVerbs[i]) and the nouns (ctlOffNouns[i]) that can start with it,
// as hasFoldPrefix compares: a lower-case letter in either case, any other
// byte as it is. Trying every form and every noun at each candidate, most
// of which fail on their first byte, was most of the control check's cost.
var ctlVerbFirst, ctlNounFirst = func() (v, n [256]uint32) {
	// Both lists must fit the bits of a uint32.
	var _ [32 - len(ctlOffVerbs)]struct{}
	var _ [32 - len(ctlOffNouns)]struct{}
	mark := func(t *[256]uint32, c byte, i int) {
		t[c] |= 1 << i
		if c >= 'a' && c <= 'z' {
			t[c-'a'+'A'] |= 1 << i
		}
	}
	for i, forms := range ctlOffVerbs {
		for _, f := range forms {
			mark(&v, f[0], i)
		}
	}
	for i, w := range ctlOffNouns {
		mark(&n, w[0], i)
	}
	return v, n
}()

// ctlOffAt is the end of reCtlOff's match anchored at s[p], s all ASCII:
// the backtracker's first success, in its order. Every part after a verb
// can end in one place only: \s+ and the words' runs are followed by
// something that cannot start with what they consume, so the order that
// matters is the verbs' forms, then the lazy count of words (fewest
// first), then the nouns.
func ctlOffAt(s string, p int) (int, bool) {
	// Only the verbs that start with s[p] can match there, in their order.
	for m := ctlVerbFirst[s[p]]; m != 0; m &= m - 1 {
		for _, f := range ctlOffVerbs[bits.TrailingZeros32(m)] {
			q, ok := ctlVerbForm(s, p, f)
			if !ok {
				continue
			}
			if end, ok := ctlOffRest(s, q); ok {
				return end, true
			}
		}
	}
	return 0, false
}

// ctlVerbForm matches one verb form at s[p], returning where it ends.
func ctlVerbForm(s string, p int, f string) (int, bool) {
	star := strings.IndexByte(f, '*')
	if star < 0 {
		if !hasFoldPrefix(s[p:], f) {
			return 0, false
		}
		return p + len(f), true
	}
	if !hasFoldPrefix(s[p:], f[:star]) {
		return 0, false
	}
	q := p + star
	for q < len(s) && isREWord(s[q]) {
		q++
	}
	tail := f[star+1:]
	if !hasFoldPrefix(s[q:], tail) {
		return 0, false
	}
	return q + len(tail), true
}

// ctlOffRest matches `\s+(?:[\w-]+\s+){0,4}?(?:nouns)\b` at s[q].
func ctlOffRest(s string, q int) (int, bool) {
	r := skipPerlSpace(s, q)
	if r == q {
		return 0, false
	}
	for k := 0; ; k++ {
		// A word's first byte leaves one or two nouns of the 27 to try.
		var m uint32
		if r < len(s) {
			m = ctlNounFirst[s[r]]
		}
		for ; m != 0; m &= m - 1 {
			n := ctlOffNouns[bits.TrailingZeros32(m)]
			if hasFoldPrefix(s[r:], n) && (r+len(n) == len(s) || !isREWord(s[r+len(n)])) {
				return r + len(n), true
			}
		}
		if k == 4 {
			return 0, false
		}
		w := r
		for w < len(s) && (isREWord(s[w]) || s[w] == '-') {
			w++
		}
		if w == r {
			return 0, false
		}
		e := skipPerlSpace(s, w)
		if e == w {
			return 0, false
		}
		r = e
	}
}
