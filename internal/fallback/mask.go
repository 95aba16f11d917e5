package fallback

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Hand-written equivalents of reLongDigits and reSecretKV for maskSecrets.
// The patterns stay as the reference: FuzzMaskLongDigits and FuzzMaskKV
// compare these with the patterns run over the whole string.

// isREWord is regexp's \b word class: ASCII letters, digits and '_'.
func isREWord(c byte) bool {
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
}

// maskLongDigits is reLongDigits.ReplaceAllStringFunc(s, maskDigits).
// The second alternative of reLongDigits (\d{4}(?: \d{4}){2,}\b) can only
// match where the first one does, so only the first is implemented.
func maskLongDigits(s string) string {
	return replaceAt(s, func(s string, p int) int {
		if !isDigitByte(s[p]) || (p > 0 && isREWord(s[p-1])) {
			return -1
		}
		return longDigitsEnd(s, p)
	}, maskDigits)
}

// replaceAt is ReplaceAllStringFunc for a hand-written matcher: scanning
// left to right, where end(s, p) reports a match s[p:e] (e >= 0), that
// match is replaced by repl(s[p:e]) and the scan goes on at e. It returns
// s itself when nothing matches.
func replaceAt(s string, end func(s string, p int) int, repl func(string) string) string {
	var b strings.Builder
	last := 0
	for p := 0; p < len(s); p++ {
		e := end(s, p)
		if e <= p { // no match (an empty one would never advance)
			continue
		}
		if b.Cap() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[last:p])
		b.WriteString(repl(s[p:e]))
		last = e
		p = e - 1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// longDigitsEnd returns the end of the (greedy) match of
// \d(?:[ -]?\d){8,}\b starting at the digit s[p], or -1.
func longDigitsEnd(s string, p int) int {
	k, end := 0, -1
	for i := p; ; {
		k++
		next := i + 1
		if next == len(s) {
			if k >= 9 {
				end = next
			}
			return end
		}
		c := s[next]
		switch {
		case isDigitByte(c):
			i = next
			continue
		case c == ' ' || c == '-':
			if k >= 9 {
				end = next
			}
			if next+1 < len(s) && isDigitByte(s[next+1]) {
				i = next + 1
				continue
			}
		case !isREWord(c) && k >= 9:
			end = next
		}
		return end
	}
}

// reSecretKVAt is reSecretKV without its leading \b, anchored: it is run at
// the candidate starts maskKVAll finds, the boundary being checked by hand.
var reSecretKVAt = regexp.MustCompile(`^(?i)(password|passwd|pwd|passcode|passphrase|secret|token|api[_ -]?key|pin|cvv|cvc|otp|code|contraseña|passwort|kennwort|mot de passe)(\s*(?:is|was|:|=|ist|es|est)\s*)("[^"]+"|'[^']+'|[^\s,;]+)`)

// kvPrefixes are lower-case ASCII prefixes of every key word of reSecretKV
// but contraseña (which has a non-ASCII byte within its first 12 bytes).
var kvPrefixes = [...]string{"pass", "pwd", "secret", "token", "api", "pin", "cvv", "cvc", "otp", "code", "kennwort", "mot de passe"}

// maskKVAll masks the values of reSecretKV's matches in s (refMaskKVAll in
// the tests does the same with the pattern itself). Each replacement is
// built from the submatch indexes of the match in s: re-running the pattern
// on the match text alone lost the context of its \b, so that with a key
// word after 'ſ' or the Kelvin sign 'K' ("password: 1 xſecret: abc1234") it
// found nothing, indexing the nil submatch panicked, and Analyze gave its
// fail-safe answer.
func maskKVAll(s string) string { return maskKVAt(s, kvCandidate) }

// maskKVAt replaces every key-value match of reSecretKVAt that starts at a
// position candidate admits, scanning left to right past each match.
func maskKVAt(s string, candidate func(s string, p int) bool) string {
	var b strings.Builder
	last := 0
	for p := 0; p < len(s); p++ {
		if !candidate(s, p) {
			continue
		}
		loc := reSecretKVAt.FindStringSubmatchIndex(s[p:])
		if loc == nil {
			continue
		}
		if b.Cap() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[last:p])
		b.WriteString(maskKVMatch(s[p:], loc))
		last = p + loc[1]
		p = last - 1 // a key word is never empty, so last > p
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// maskKVMatch is the replacement of the key-value match of reSecretKVAt at
// the start of m, loc its submatch indexes: the key word and separator are
// kept, and the value is masked unless it is too short or plain prose ("the
// code is ready").
func maskKVMatch(m string, loc []int) string {
	v := m[loc[6]:loc[7]]
	if len(v) < 4 || strings.EqualFold(v, "the") || strings.EqualFold(v, "she") || !hasDigitOrMixed(v) {
		return m[loc[0]:loc[1]]
	}
	return m[loc[2]:loc[3]] + m[loc[4]:loc[5]] + "[redacted]"
}

// hasFoldedLetter reports whether s has a long s 'ſ' or a Kelvin sign 'K',
// the only non-ASCII letters that case-fold to ASCII ones: a key word may be
// spelt with them, which the prescan of maskScan does not see.
func hasFoldedLetter(s string) bool {
	return strings.Contains(s, "\u017F") || strings.Contains(s, "\u212A")
}

// maskKVFolded masks the values after the key words that start with 'ſ' or
// 'K' at the start of a word ("Use ſecret: Abc12345 now", "\u212Aennwort:
// X1y2z3"). reSecretKV, whose \b is ASCII-only, never matches there: it sees
// no word boundary between a space and 'ſ'. The folded spelling is read as
// the ASCII key word would be, a word start being a rune after anything but
// a letter, digit or '_' (so "xſecret" is no more a key word than "xsecret").
// It runs after maskKVAll, on its output, so that it only adds masks.
func maskKVFolded(s string) string { return maskKVAt(s, foldedKeyStart) }

// foldedKeyStart reports a 'ſ' or 'K' at p that starts a word.
func foldedKeyStart(s string, p int) bool {
	if s[p] != 0xC5 && s[p] != 0xE2 {
		return false
	}
	if !strings.HasPrefix(s[p:], "\u017F") && !strings.HasPrefix(s[p:], "\u212A") {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(s[:p])
	return p == 0 || !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_')
}

// kvCandidate reports whether reSecretKV can match at p: \b holds there
// and, if the next 12 bytes are ASCII, a key word starts there (any key word
// spelt with a non-ASCII fold such as 'ſ' or 'K' has a non-ASCII byte within
// its first 12 bytes, so such windows are left to the regexp).
func kvCandidate(s string, p int) bool {
	c := s[p]
	if c < utf8.RuneSelf {
		switch c | 0x20 {
		case 'p', 's', 't', 'a', 'c', 'o', 'k', 'm':
		default:
			return false
		}
		if p > 0 && s[p-1] < utf8.RuneSelf && isREWord(s[p-1]) {
			return false
		}
	} else {
		// A non-ASCII rune is not a word character: \b holds only after one.
		if p == 0 || !isREWord(s[p-1]) || !utf8.RuneStart(c) {
			return false
		}
	}
	w := s[p:]
	if len(w) > 12 {
		w = w[:12]
	}
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			return true
		}
	}
	for _, k := range kvPrefixes {
		if len(w) >= len(k) && hasPrefixFold(w, k) {
			return true
		}
	}
	return false
}

// hasPrefixFold reports whether s starts with the lower-case ASCII prefix,
// ignoring ASCII case; len(s) >= len(prefix).
func hasPrefixFold(s, prefix string) bool {
	for i := 0; i < len(prefix); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}

// isMixedTok is reLongMixed's token class [A-Za-z0-9_+/=-].
func isMixedTok(c byte) bool {
	return isREWord(c) || c == '+' || c == '/' || c == '=' || c == '-'
}

// maskLongMixed is reLongMixed.ReplaceAllStringFunc(s, maskMixed). Within a
// run of token bytes [a, r), \b holds at p when the word class changes
// between s[p-1] and s[p] (the byte before a run is never a word byte),
// and at r when s[r-1] is a word byte. The greedy {28,} ends
// at the run's last boundary, so the match is at the first boundary p with
// that last boundary at least 28 bytes further.
func maskLongMixed(s string) string {
	var b strings.Builder
	last := 0
	for a := 0; a < len(s); {
		if !isMixedTok(s[a]) {
			a++
			continue
		}
		r := a + 1
		for r < len(s) && isMixedTok(s[r]) {
			r++
		}
		if r-a >= 28 {
			lastB := -1
			if isREWord(s[r-1]) {
				lastB = r
			} else {
				for e := r - 1; e > a; e-- {
					if isREWord(s[e-1]) != isREWord(s[e]) {
						lastB = e
						break
					}
				}
			}
			for p := a; lastB >= p+28; p++ {
				if (p > 0 && isREWord(s[p-1])) == isREWord(s[p]) {
					continue
				}
				// A match that maskMixed keeps (one without a digit, such
				// as a long domain name) is left where it is: s comes back
				// itself when nothing is masked, with no copy.
				if m := maskMixed(s[p:lastB]); m != s[p:lastB] {
					if b.Cap() == 0 {
						b.Grow(len(s))
					}
					b.WriteString(s[last:p])
					b.WriteString(m)
					last = lastB
				}
				break
			}
		}
		a = r
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// maskMixed masks a reLongMixed match that has a digit.
func maskMixed(m string) string {
	if hasDigitOrMixed(m) && strings.IndexFunc(m, unicode.IsDigit) >= 0 {
		return "[redacted]"
	}
	return m
}
