package fallback

import "strings"

// Hand-written scanners that replace regular expressions on the hot path.
// Each returns exactly what its pattern (kept in structural.go as the
// reference) returns with FindAll*; FuzzMoneyScan and FuzzRefIDScan check it.

func isReWord(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

// wordBoundary reports whether \b (ASCII word characters, as in Go's regexp)
// holds at byte offset i of s.
func wordBoundary(s string, i int) bool {
	a := i > 0 && isReWord(s[i-1])
	b := i < len(s) && isReWord(s[i])
	return a != b
}

func digitsAt(s string, i int) int {
	j := i
	for j < len(s) && isDigitByte(s[j]) {
		j++
	}
	return j - i
}

// refIDs returns what reRefID.FindAllString(s, n) returns:
// \b[A-Z]{1,6}-?\d{2,}[A-Z0-9-]*\b|\b\d{2,}-\d{3,}\b
func refIDs(s string, n int) []string {
	var out []string
	for p := 0; p < len(s) && len(out) < n; {
		// A match starts at a capital or a digit after a byte that is not
		// a word byte (\b): refIDAt fails everywhere else, so the scan
		// moves past those bytes in a tight loop, as moneyAll does, instead
		// of calling it on each (FuzzRefIDScan holds it to reRefID).
		prevWord := p > 0 && isReWord(s[p-1])
		for p < len(s) {
			k := refByte[s[p]]
			if k&rbStart != 0 && !prevWord {
				break
			}
			prevWord = k&rbWord != 0
			p++
		}
		if p >= len(s) {
			break
		}
		if e := refIDAt(s, p); e > p {
			out = append(out, s[p:e])
			p = e
			continue
		}
		p++
	}
	return out
}

// refByte classes the bytes for refIDs' skip: rbStart for a byte a match
// can start with (a capital or a digit), rbWord for a byte \b counts as a
// word byte.
var refByte = func() (t [256]uint8) {
	for c := range 256 {
		b := byte(c)
		if isReWord(b) {
			t[c] |= rbWord
		}
		if b >= 'A' && b <= 'Z' || isDigitByte(b) {
			t[c] |= rbStart
		}
	}
	return t
}()

const (
	rbStart = 1 << iota
	rbWord
)

func refIDAt(s string, p int) int {
	c := s[p]
	if !(c >= 'A' && c <= 'Z' || isDigitByte(c)) || !wordBoundary(s, p) {
		return -1
	}
	if isDigitByte(c) {
		d1 := digitsAt(s, p)
		m := p + d1
		if d1 < 2 || m >= len(s) || s[m] != '-' {
			return -1
		}
		d2 := digitsAt(s, m+1)
		e := m + 1 + d2
		if d2 < 3 || (e < len(s) && isReWord(s[e])) {
			return -1
		}
		return e
	}
	q := p
	for q < len(s) && s[q] >= 'A' && s[q] <= 'Z' {
		q++
	}
	if q-p > 6 {
		return -1
	}
	if q < len(s) && s[q] == '-' {
		q++
	}
	if digitsAt(s, q) < 2 {
		return -1
	}
	r := q
	for r < len(s) && (s[r] >= 'A' && s[r] <= 'Z' || isDigitByte(s[r]) || s[r] == '-') {
		r++
	}
	for e := r; e >= q+2; e-- {
		if wordBoundary(s, e) {
			return e
		}
	}
	return -1
}

// moneyMatch is one match of reMoney: the integer part (with commas) and the
// fraction digits.
type moneyMatch struct{ ip, fp string }

// moneyAll returns the submatches reMoney.FindAllStringSubmatch(s, n) gives
// (groups 1 and 2, or 3 and 4).
func moneyAll(s string, n int, out []moneyMatch) []moneyMatch {
	for p := 0; p < len(s) && len(out) < n; {
		// A match starts at a currency sign's first byte or at a digit
		// after a byte that is not a word byte (\b): moneyAt fails
		// everywhere else, so the scan moves past those bytes in a tight
		// loop instead of calling it on each (TestMoneyAllMatchesRef,
		// FuzzMoneyScan).
		prevWord := p > 0 && isReWord(s[p-1])
		for p < len(s) {
			k := moneyByte[s[p]]
			if k&mbSign != 0 || k&mbDigit != 0 && !prevWord {
				break
			}
			prevWord = k&mbWord != 0
			p++
		}
		if p >= len(s) {
			break
		}
		if m, e, ok := moneyAt(s, p); ok {
			out = append(out, m)
			p = e
			continue
		}
		p++
	}
	return out
}

// moneyByte classes the bytes for moneyAll's skip: mbSign for the first
// byte of "$", "£" and "€" (0xC2 and 0xE2 start other runes too: moneyAt
// tells), mbDigit for a digit, mbWord for a byte \b counts as a word
// byte.
var moneyByte = func() (t [256]uint8) {
	for c := range 256 {
		b := byte(c)
		if isReWord(b) {
			t[c] |= mbWord
		}
		if isDigitByte(b) {
			t[c] |= mbDigit
		}
	}
	t['$'] |= mbSign
	t[0xC2] |= mbSign
	t[0xE2] |= mbSign
	return t
}()

const (
	mbSign = 1 << iota
	mbDigit
	mbWord
)

func isReSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// numberForms lists the ends of the integer alternatives at x in the order
// the pattern tries them: \d{1,3}(?:,\d{3})+ (greedy), then \d+.
func numberForms(s string, x int) (ends [2]int, k int) {
	d := digitsAt(s, x)
	if d == 0 {
		return
	}
	if d <= 3 {
		e := x + d
		groups := 0
		for e+4 <= len(s) && s[e] == ',' && isDigitByte(s[e+1]) && isDigitByte(s[e+2]) && isDigitByte(s[e+3]) {
			e += 4
			groups++
		}
		if groups > 0 {
			ends[k] = e
			k++
		}
	}
	ends[k] = x + d
	k++
	return
}

// fracForms lists the ends of (?:\.(\d{1,2}))? at e, in the order tried.
func fracForms(s string, e int) (ends [3]int, k int) {
	if e+1 < len(s) && s[e] == '.' && isDigitByte(s[e+1]) {
		if e+2 < len(s) && isDigitByte(s[e+2]) {
			ends[k] = e + 3
			k++
		}
		ends[k] = e + 2
		k++
	}
	ends[k] = e
	k++
	return
}

var moneySuffixes = []string{"usd", "eur", "gbp", "dollars", "euros", "€"}

// suffixAt matches (?i)(?:usd|eur|gbp|dollars|euros|€)\b at i, in order,
// returning the end.
func suffixAt(s string, i int) (int, bool) {
	for _, w := range moneySuffixes {
		if e, ok := foldPrefixAt(s, i, w); ok && wordBoundary(s, e) {
			return e, true
		}
	}
	return 0, false
}

// foldPrefixAt matches the lower-case literal w at s[i:] case-insensitively
// as Go's (?i) does for these letters ('s' also matches U+017F).
func foldPrefixAt(s string, i int, w string) (int, bool) {
	for j := 0; j < len(w); j++ {
		c := w[j]
		if c >= 0x80 {
			if i+len(w)-j <= len(s) && s[i:i+len(w)-j] == w[j:] {
				return i + len(w) - j, true
			}
			return 0, false
		}
		if i >= len(s) {
			return 0, false
		}
		b := s[i]
		if b >= 'A' && b <= 'Z' {
			b += 'a' - 'A'
		}
		if b == c {
			i++
			continue
		}
		if c == 's' && i+1 < len(s) && s[i] == 0xC5 && s[i+1] == 0xBF {
			i += 2
			continue
		}
		return 0, false
	}
	return i, true
}

func moneyAt(s string, p int) (moneyMatch, int, bool) {
	c := s[p]
	if c == '$' || c == 0xC2 || c == 0xE2 {
		x := p
		switch {
		case c == '$':
			x++
		case c == 0xC2 && p+1 < len(s) && s[p+1] == 0xA3: // £
			x += 2
		case c == 0xE2 && p+2 < len(s) && s[p+1] == 0x82 && s[p+2] == 0xAC: // €
			x += 3
		default:
			return moneyMatch{}, 0, false
		}
		for _, y := range [2]int{x + 1, x} {
			if y == x+1 && (x >= len(s) || !isReSpace(s[x])) {
				continue
			}
			ends, k := numberForms(s, y)
			if k == 0 {
				continue
			}
			e := ends[0]
			m := moneyMatch{ip: s[y:e]}
			fe, _ := fracForms(s, e)
			if fe[0] > e {
				m.fp = s[e+1 : fe[0]]
			}
			return m, fe[0], true
		}
		return moneyMatch{}, 0, false
	}
	if !isDigitByte(c) || !wordBoundary(s, p) {
		return moneyMatch{}, 0, false
	}
	ends, k := numberForms(s, p)
	for i := 0; i < k; i++ {
		e := ends[i]
		fe, fk := fracForms(s, e)
		for j := 0; j < fk; j++ {
			f := fe[j]
			for _, sp := range [2]bool{true, false} {
				g := f
				if sp {
					if g >= len(s) || !isReSpace(s[g]) {
						continue
					}
					g++
				}
				if end, ok := suffixAt(s, g); ok {
					m := moneyMatch{ip: s[p:e]}
					if f > e {
						m.fp = s[e+1 : f]
					}
					return m, end, true
				}
			}
		}
	}
	return moneyMatch{}, 0, false
}

// Domain scanner: domains returns what reDomain.FindAllString(s, n) returns:
//
//	(?i)\b([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.[a-z]{2,24})\b
//
// A label cannot contain a dot, so every label but the last must be a whole
// run of [a-z0-9-] ending at a dot; the greedy star takes as many such runs as
// it can, and the top-level domain is tried after each, from the last one
// back, as the backtracking order of the pattern does. Under (?i), [a-z] also
// matches 'ſ' (U+017F, folds to s) and 'K' (U+212A, the Kelvin sign, folds to
// k); \b stays ASCII. Counts ({0,61}, {2,24}) are in runes. FuzzDomainScan
// checks it against the pattern.

// Character classes of the domain scanner.
const (
	dcNone = iota
	dcHyphen
	dcDigit
	dcLetter
)

// domRunByte holds the bytes a run of label characters may hold: ASCII
// letters, digits and the hyphen, and every non-ASCII byte (ſ and K are
// letters; counting the other runes' bytes too only makes domains try a
// few more starts, each of which domainAt rejects as before).
var domRunByte = func() (t [256]bool) {
	for c := range 256 {
		b := byte(c)
		t[c] = b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '-' || b >= 0x80
	}
	return t
}()

// domChar classifies the rune at s[i] and returns its width in bytes.
func domChar(s string, i int) (cls int, w int) {
	c := s[i]
	switch {
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		return dcLetter, 1
	case c >= '0' && c <= '9':
		return dcDigit, 1
	case c == '-':
		return dcHyphen, 1
	case c == 0xC5 && i+1 < len(s) && s[i+1] == 0xBF: // ſ
		return dcLetter, 2
	case c == 0xE2 && i+2 < len(s) && s[i+1] == 0x84 && s[i+2] == 0xAA: // K
		return dcLetter, 3
	}
	return dcNone, 1
}

// domLabel reads the run of [a-z0-9-] at i and reports its end and whether
// the whole run is one label: 1 to 63 runes, starting and ending with a
// letter or digit.
func domLabel(s string, i int) (end int, ok bool) {
	n, last := 0, dcNone
	for i < len(s) {
		cls, w := domChar(s, i)
		if cls == dcNone {
			break
		}
		if n == 0 && cls == dcHyphen {
			return i, false
		}
		n++
		if n > 63 {
			return i, false
		}
		last = cls
		i += w
	}
	return i, n > 0 && last != dcHyphen
}

// domTLD matches \.?[a-z]{2,24}\b (the dot already consumed) at i, greedy
// and backing off, and returns the end of the match.
func domTLD(s string, i int) (int, bool) {
	var ends [25]int
	n := 0
	for j := i; j < len(s) && n < 24; {
		cls, w := domChar(s, j)
		if cls != dcLetter {
			break
		}
		j += w
		n++
		ends[n] = j
	}
	for ; n >= 2; n-- {
		if wordBoundary(s, ends[n]) {
			return ends[n], true
		}
	}
	return 0, false
}

// domainAt tries a match starting at byte p. On failure, skip is the next
// start worth trying: every start inside a chain of labels that already
// failed fails the same way.
func domainAt(s string, p int) (end int, ok bool, skip int) {
	skip = p + 1
	if cls, _ := domChar(s, p); cls != dcDigit && cls != dcLetter {
		return 0, false, skip
	}
	if !wordBoundary(s, p) {
		return 0, false, skip
	}
	q, ok := domLabel(s, p)
	if !ok || q >= len(s) || s[q] != '.' {
		return 0, false, skip
	}
	// starts[j] is where the top-level domain is tried after j more labels.
	var buf [16]int
	starts := append(buf[:0], q+1)
	for {
		cur := starts[len(starts)-1]
		r, ok := domLabel(s, cur)
		if !ok || r >= len(s) || s[r] != '.' {
			break
		}
		starts = append(starts, r+1)
	}
	for j := len(starts) - 1; j >= 0; j-- {
		if e, ok := domTLD(s, starts[j]); ok {
			return e, true, e
		}
	}
	return 0, false, starts[len(starts)-1]
}

// domains returns what reDomain.FindAllString(s, n) returns.
func domains(s string, n int) []string {
	var out []string
	for p := 0; p < len(s) && len(out) < n; {
		// Every match holds a dot, and its first label runs unbroken from
		// its start to the first dot after it: a start before the run of
		// label bytes that ends at the next dot fails at its first label,
		// so the scan jumps to that run (every non-ASCII byte counted in
		// it, which keeps the two multi-byte letters) instead of trying
		// each start (TestDomainsMatchRef, FuzzDomainScan).
		d := strings.IndexByte(s[p:], '.')
		if d < 0 {
			break
		}
		r := p + d
		for r > p && domRunByte[s[r-1]] {
			r--
		}
		p = r
		e, ok, next := domainAt(s, p)
		if ok {
			out = append(out, s[p:e])
		}
		p = next
	}
	return out
}
