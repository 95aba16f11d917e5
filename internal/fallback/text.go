package fallback

import (
	"encoding/binary"
	"math/bits"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// maxQuote is the longest quote an observation carries, in runes: enough to
// recognise the cue, short enough that a record never becomes a copy of the
// message.
const maxQuote = 120

// quoteAt returns a short quote of the original text around the folded byte
// range [start, end), cut at whitespace so that no token is split, with
// secrets masked.
func quoteAt(f folded, start, end int) string {
	q, _ := quoteAtFinal(f, start, end, nil)
	return q
}

// quoteAtFinal is quoteAt that also reports whether the quote is final
// (isFinal), as it nearly always is, which it knows without another scan.
// With ob, the quote is written there rather than allocated.
func quoteAtFinal(f folded, start, end int, ob *outBuf) (string, bool) {
	q, final, _ := quoteAtPlain(f, start, end, ob)
	return q, final
}

// quoteAtPlain is quoteAtFinal that also reports when the quote is known
// to need no escape (plainQuotable): a final quote of a clean ASCII window
// holds printable ASCII and '…' only, so two byte searches tell, where
// plainQuotable would read it again a word at a time.
func quoteAtPlain(f folded, start, end int, ob *outBuf) (string, bool, bool) {
	if len(f.orig) == 0 || len(f.src) == 0 {
		return "", true, true
	}
	for start < end && start < len(f.text) && f.text[start] == ' ' {
		start++
	}
	last := end - 1
	for last > start && last < len(f.text) && f.text[last] == ' ' {
		last--
	}
	if start >= len(f.orig) || last >= len(f.orig) || last < start {
		return "", true, true
	}
	os := int(f.off(start))
	oe := int(f.off(last))
	if oe < len(f.src) {
		_, n := utf8.DecodeRuneInString(f.src[oe:])
		oe += n
	}
	if os > len(f.src) {
		os = len(f.src)
	}
	if oe > len(f.src) {
		oe = len(f.src)
	}
	// Widen to about maxQuote bytes of context, at whitespace.
	room := (maxQuote - (oe - os)) / 2
	if room < 0 {
		room = 0
	}
	ws := os - room
	if ws < 0 {
		ws = 0
	}
	we := oe + room
	if we > len(f.src) {
		we = len(f.src)
	}
	// Do not cross sentence ends, and do not split tokens.
	if i := lastSentenceEnd(f.src[ws:os]); i >= 0 {
		ws = ws + i + 1
	} else if ws > 0 {
		if i := strings.IndexAny(f.src[ws:os], " \t"); i >= 0 {
			ws += i + 1
		} else {
			ws = os
		}
	}
	if i := firstSentenceEnd(f.src[oe:we]); i >= 0 {
		we = oe + i + 1
	} else if we < len(f.src) {
		if i := strings.LastIndexAny(f.src[oe:we], " \t"); i >= 0 {
			we = oe + i
		} else {
			we = oe
		}
	}
	// cleanText drops leading whitespace anyway; dropping it here keeps a
	// window that starts after a sentence's end (". Our bank") on cleanMask's
	// fast path instead of its copying one.
	// Two cues of a sentence often have the same window: the quote of the
	// last one written to ob serves again.
	if ob != nil && ob.quote.ok && ob.quote.ws == ws && ob.quote.we == we && ob.quote.src == f.src {
		return ob.quote.q, ob.quote.final, ob.quote.plain
	}
	w := strings.TrimLeft(f.src[ws:we], " \t\n\v\f\r")
	var q string
	final, ascii := false, false
	if sc := maskScan(w); w != "" && sc.clean && (sc.ascii || w[len(w)-1] != ' ') {
		// cleanMask's fast path: cleanText(w) == w.
		q = maskApply(w, sc)
		// Uncut, w is final when finalText says so; cut, when final does.
		final = sc.final() || (sc.finalText(w) && clip(q, maxQuote) == w)
		ascii = sc.ascii
	} else {
		q = cleanMask(w)
	}
	q = clip(q, maxQuote)
	prefix, suffix := "", ""
	if ws > 0 {
		prefix = "…"
	}
	if we < len(f.src) && !strings.HasSuffix(q, ".") && !strings.HasSuffix(q, "…") {
		suffix = "…"
	}
	// A final window stays final: clip and TrimSpace keep a prefix of it
	// (no test of maskScan finds in a prefix what it did not find in the
	// whole: each reads the bytes before it, or fails for want of the bytes
	// after it), and the '…' around it joins safely (see safeJoin).
	q = strings.TrimSpace(q)
	// Final, q is w clipped: bytes 0x20 to 0x7e of w and a '…'.
	plain := final && ascii && strings.IndexByte(q, '"') < 0 && strings.IndexByte(q, '\\') < 0
	if ob == nil {
		return prefix + q + suffix, final, plain
	}
	t := ob.text()
	t.lit(prefix)
	t.lit(q)
	t.lit(suffix)
	ob.quote = lastQuote{src: f.src, ws: ws, we: we, q: t.String(), final: final, plain: plain, ok: true}
	return ob.quote.q, final, plain
}

// lastSentenceEnd returns the index of the last sentence-ending mark in s
// (one followed by whitespace, so "$4,900.00" is not an end), or -1.
//
// It and firstSentenceEnd read eight bytes at a time, looking for the four
// bytes that may end a sentence ('.', '!', '?', '\n') in a word at once,
// and test only those: a quote's window is a few dozen bytes of prose in
// which these bytes are rare.
func lastSentenceEnd(s string) int {
	i := len(s)
	for i >= 8 {
		m := sentMarks(binary.LittleEndian.Uint64([]byte(s[i-8 : i])))
		for m != 0 {
			// The highest candidate first; sentMarks may flag a byte that
			// is not a mark above a mark, which isSentenceEnd rules out.
			k := 7 - bits.LeadingZeros64(m)/8
			if isSentenceEnd(s, i-8+k) {
				return i - 8 + k
			}
			m &^= 0x80 << (8 * k)
		}
		i -= 8
	}
	for i--; i >= 0; i-- {
		if isSentenceEnd(s, i) {
			return i
		}
	}
	return -1
}

func firstSentenceEnd(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		m := sentMarks(binary.LittleEndian.Uint64([]byte(s[i : i+8])))
		for m != 0 {
			k := bits.TrailingZeros64(m) / 8
			if isSentenceEnd(s, i+k) {
				return i + k
			}
			m &^= 0x80 << (8 * k)
		}
	}
	for ; i < len(s); i++ {
		if isSentenceEnd(s, i) {
			return i
		}
	}
	return -1
}

// sentMarks sets the top bit of each byte of x (eight bytes of text, the
// first lowest) that is '.', '!', '?' or '\n': exactly so for the lowest
// such byte, while a byte above one may be flagged too (the borrow of the
// test for a zero byte), so each is checked again.
func sentMarks(x uint64) uint64 {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	zero := func(v uint64) uint64 { return (v - lo) &^ v & hi }
	return zero(x^('.'*lo)) | zero(x^('!'*lo)) | zero(x^('?'*lo)) | zero(x^('\n'*lo))
}

func isSentenceEnd(s string, i int) bool {
	switch s[i] {
	case '\n':
		return true
	case '.', '!', '?':
		return i+1 >= len(s) || s[i+1] == ' ' || s[i+1] == '\n' || s[i+1] == '\t'
	}
	return false
}

// cleanText collapses whitespace and drops control and invisible characters,
// so that quotes are single-line and printable.
func cleanText(s string) string {
	// Fast path: printable ASCII with single spaces needs no work.
	// Non-ASCII text is clean too when every rune is printable and visible
	// (the slow path would copy it unchanged, except a trailing space).
	clean, ascii := true, true
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError || unicode.IsSpace(r) || isInvisible(r) || unicode.IsControl(r) {
				clean = false
				break
			}
			ascii = false
			i += n
			continue
		}
		if c < 0x20 || c == 0x7f || (c == ' ' && (i == 0 || s[i-1] == ' ')) {
			clean = false
			break
		}
		i++
	}
	if clean && (ascii || s[len(s)-1] != ' ') {
		return s
	}
	return cleanTextCopy(s)
}

// cleanTextCopy is cleanText's work on a string its test found unclean, for
// cleanMask, whose maskScan has made that test already.
func cleanTextCopy(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); {
		r := rune(s[i])
		if r < utf8.RuneSelf {
			i++
		} else {
			var n int
			r, n = utf8.DecodeRuneInString(s[i:])
			i += n
		}
		switch {
		case r == utf8.RuneError:
			continue
		case unicode.IsSpace(r):
			space = true
			continue
		case r >= 0x20 && r < 0x7f:
			// Printable ASCII: neither invisible nor a control character.
		case isInvisible(r) || unicode.IsControl(r):
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		if r < utf8.RuneSelf {
			b.WriteByte(byte(r))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// clipCase clips a fragment taken from the case, masking its secrets first
// so that the cut cannot leave part of a secret the masking no longer
// recognises ("AKIAIOSFOD…").
func clipCase(s string, n int) string { return clip(maskSecrets(s), n) }

// clipCaseFinal is clipCase that also reports whether its result is final
// (isFinal), which the masking's scan nearly always tells: a final text
// stays final when clip cuts it (a prefix of it, trimmed, and '…').
func clipCaseFinal(s string, n int) (string, bool) {
	if s == "" {
		return "", true
	}
	m := maskScan(s)
	out := maskApply(s, m)
	c := clip(out, n)
	if s[len(s)-1] != ' ' && (m.final() || (c == s && m.finalText(s))) {
		return c, true
	}
	// Masked or cut: the result, a short fragment, may well be final
	// ("****9381"), which is worth a scan of it rather than of the whole
	// text it goes into.
	return c, isFinal(c)
}

// clip cuts s to at most n runes at a rune boundary, marking the cut.
func clip(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if len(s) <= n { // no more runes than bytes
		return s
	}
	// Count runes only as far as needed: the cut falls after n-1 runes, and
	// only if there is an (n+1)th.
	i, count, cut := 0, 0, 0
	for i < len(s) {
		if count == n-1 {
			cut = i
		}
		if count == n {
			return strings.TrimSpace(s[:cut]) + "…"
		}
		if s[i] < utf8.RuneSelf {
			i++
		} else {
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
		}
		count++
	}
	return s
}

// reLongDigits, reLongMixed and reSecretKV define what maskSecrets masks; it
// runs the scanners of mask.go, which the fuzz tests check against them.
var (
	reSecretToken = regexp.MustCompile(`\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9._…]*|\bAKIA[0-9A-Z]{12,}\b|\bASIA[0-9A-Z]{12,}\b|\bgh[pousr]_[A-Za-z0-9]{10,}\b|\bxox[abpr]-[A-Za-z0-9-]{8,}|\beyJ[A-Za-z0-9_-]{8,}(?:\.[A-Za-z0-9_-]+)*|-----BEGIN [A-Z ]*PRIVATE KEY-----`)
	reSecretKV    = regexp.MustCompile(`(?i)\b(password|passwd|pwd|passcode|passphrase|secret|token|api[_ -]?key|pin|cvv|cvc|otp|code|contraseña|passwort|kennwort|mot de passe)(\s*(?:is|was|:|=|ist|es|est)\s*)("[^"]+"|'[^']+'|[^\s,;]+)`)
	reLongDigits  = regexp.MustCompile(`\b\d(?:[ -]?\d){8,}\b|\b\d{4}(?: \d{4}){2,}\b`)
	reLongMixed   = regexp.MustCompile(`\b[A-Za-z0-9_+/=-]{28,}\b`)
	reIBAN        = regexp.MustCompile(`\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b`)
)

// maskSecrets hides secrets in text taken from a case: API keys and tokens,
// values after "password:" and the like, and long digit runs such as card and
// account numbers (keeping the last four digits, which is how people refer
// to them). Records must never carry a secret verbatim.
func maskSecrets(s string) string {
	if s == "" {
		return s
	}
	return maskApply(s, maskScan(s))
}

// cleanMaskTrim is strings.TrimSpace(maskSecrets(cleanText(s))), what finish
// does to every output string.
func cleanMaskTrim(s string) string { return strings.TrimSpace(cleanMask(s)) }

// cleanMask is maskSecrets(cleanText(s)). Output strings and quotes are
// nearly always clean already, so one pass serves both cleanText's test and
// maskSecrets' prescan; anything else takes the long way, without making
// cleanText's test again.
func cleanMask(s string) string {
	if s == "" {
		return s
	}
	sc := maskScan(s)
	if sc.clean && (sc.ascii || s[len(s)-1] != ' ') {
		return maskApply(s, sc) // cleanText(s) == s
	}
	return maskSecrets(cleanTextCopy(s))
}

// maskNeeds is what maskScan found: which patterns of maskSecrets can match,
// and whether cleanText would return the text as it is (clean, with ascii
// for its trailing-space rule).
type maskNeeds struct {
	maxDigits, maxTok int
	token, kv, iban   bool
	clean, ascii      bool
	folded            bool // hasFoldedLetter
}

// maskScan is maskSecrets' prescan: one linear pass decides which
// (comparatively slow) patterns can match at all; most strings need none of
// them. It also runs cleanText's test for a clean string.
//
// It runs over every output string and every quote, so its common bytes
// take the shortest path. A run of lower-case letters (but x) is crossed by
// a loop of one table look-up per byte, as nothing in it can start a
// pattern (the token prefixes "eyJ" and "gh?_" are tested at their rarer
// last byte, 'J' or '_', rather than at every 'e' and 'g'), and so is the
// space after it; a key word is looked for at a space only when the next
// word is "is", "was", "ist", "es" or "est", a test made once per word,
// not per space; and every
// other byte finds in one look-up which of the remaining tests apply. The
// flags live in one word rather than six booleans, so that the loop's state
// stays in registers.
func maskScan(s string) maskNeeds {
	digitRun, tokRun, maxDigits, maxTok := 0, 0, 0, 0
	f := msClean | msASCII
	nextRune := 0 // cleanText decodes a rune at each non-ASCII byte from here
	for i := 0; i < len(s); i++ {
		k := scanClass[s[i]]
		if k == mcTok {
			// A run of lower-case letters: nothing but a token run, and
			// clean.
			j := i + 1
			for j < len(s) && scanClass[s[j]] == mcTok {
				j++
			}
			tokRun += j - i
			digitRun = 0
			if j == len(s) {
				break
			}
			if s[j] == ' ' {
				// The space after a word, which cannot be doubled. A
				// key-value separator " is ", " was ", " ist ", " es " or
				// " est " is tested here, at its word, between two spaces.
				// The word's length and first letter rule out most words
				// first.
				if uint(j-i-2) <= 1 && kvAfterSpace[s[i]]&1 != 0 && f&msKV == 0 && i > 0 && s[i-1] == ' ' && secretWordAt(s, i-1) {
					f |= msKV
				}
				maxTok = max(maxTok, tokRun)
				tokRun = 0
				i = j
				continue
			}
			i = j
			k = scanClass[s[i]]
		}
		c := s[i]
		if c == ' ' {
			// It keeps a digit run going (or at zero) and ends a token
			// run; a key-value separator is tested at the word after it.
			if i == 0 || s[i-1] == ' ' {
				f &^= msClean
			}
			maxTok = max(maxTok, tokRun)
			tokRun = 0
			continue
		}
		// The next most common bytes, in classes that need only a few of
		// the tests below.
		switch k {
		case 0: // punctuation such as . , ( ) " ' ! ?
			digitRun = 0
			maxTok = max(maxTok, tokRun)
			tokRun = 0
			continue
		case mcTok | mcUpper: // an upper-case letter but A and J
			digitRun = 0
			tokRun++
			if f&msIBAN == 0 && i+3 < len(s) && scanClass[s[i+1]]&mcUpper != 0 && scanClass[s[i+2]]&mcDigit != 0 && scanClass[s[i+3]]&mcDigit != 0 {
				f |= msIBAN
			}
			continue
		case mcTok | mcDigit:
			digitRun++
			maxDigits = max(maxDigits, digitRun)
			tokRun++
			continue
		}
		if k&mcOdd != 0 {
			// A control or non-ASCII byte.
			if f&msFolded == 0 && (c == 0xC5 || c == 0xE2) {
				// The lead byte of 'ſ' (C5 BF) or of 'K' (E2 84 AA).
				r := s[i:]
				if strings.HasPrefix(r, "\u017F") || strings.HasPrefix(r, "\u212A") {
					f |= msFolded
				}
			}
			if f&msClean != 0 {
				if c < utf8.RuneSelf {
					f &^= msClean
				} else if i >= nextRune {
					r, n := utf8.DecodeRuneInString(s[i:])
					if r == utf8.RuneError || unicode.IsSpace(r) || isInvisible(r) || unicode.IsControl(r) {
						f &^= msClean
					}
					f &^= msASCII
					nextRune = i + n
				}
			}
		}
		switch {
		case k&mcDigit != 0:
			digitRun++
			maxDigits = max(maxDigits, digitRun)
		case c == '-' && digitRun > 0:
		default:
			digitRun = 0
		}
		if k&mcTok != 0 {
			tokRun++
		} else {
			maxTok = max(maxTok, tokRun)
			tokRun = 0
		}
		if k&(mcUpper|mcTrigger|mcSep) == 0 {
			continue
		}
		if k&mcUpper != 0 && f&msIBAN == 0 && i+3 < len(s) && scanClass[s[i+1]]&mcUpper != 0 && scanClass[s[i+2]]&mcDigit != 0 && scanClass[s[i+3]]&mcDigit != 0 {
			f |= msIBAN
		}
		// The literal prefixes of reSecretToken, tested where they can
		// start, or for "eyJ" and "gh?_" where they end.
		if f&msToken == 0 && k&mcTrigger != 0 {
			token := false
			switch c {
			case '_':
				r := s[i:]
				token = strings.HasPrefix(r, "_live_") || strings.HasPrefix(r, "_test_")
				if !token && i >= 3 && s[i-3] == 'g' && s[i-2] == 'h' {
					switch s[i-1] {
					case 'p', 'o', 'u', 's', 'r':
						token = true
					}
				}
			case 'A':
				r := s[i:]
				token = strings.HasPrefix(r, "AKIA") || strings.HasPrefix(r, "ASIA")
			case 'J':
				token = i >= 2 && s[i-2] == 'e' && s[i-1] == 'y'
			case 'x':
				token = strings.HasPrefix(s[i:], "xox")
			case '-':
				token = strings.HasPrefix(s[i:], "-----BEGIN")
			}
			if token {
				f |= msToken
			}
		}
		// A space never gets here: ':' and '=' are the separators left.
		if f&msKV == 0 && k&mcSep != 0 && secretWordAt(s, i) {
			f |= msKV
		}
	}
	maxTok = max(maxTok, tokRun)
	return maskNeeds{maxDigits: maxDigits, maxTok: maxTok, token: f&msToken != 0, kv: f&msKV != 0, iban: f&msIBAN != 0,
		clean: f&msClean != 0, ascii: f&msASCII != 0, folded: f&msFolded != 0}
}

// maskScan's flags, the booleans of maskNeeds.
const (
	msToken = 1 << iota
	msKV
	msIBAN
	msClean
	msASCII
	msFolded
)

// mcOdd marks, in scanClass only, the bytes that cleanText's test or the
// 'ſ'/'K' test must look at: controls and every non-ASCII byte.
const mcOdd = 1 << 5

// scanClass is maskClass for maskScan, which tests the token prefixes
// "eyJ" and "gh?_" at 'J' and '_' rather than at 'e' and 'g', so that
// these two common letters take its shortest path, and marks the odd bytes.
var scanClass = func() [256]uint8 {
	t := maskClass
	t['e'] &^= mcTrigger
	t['g'] &^= mcTrigger
	t['J'] |= mcTrigger
	for c := range t {
		if c < 0x20 || c >= 0x7f {
			t[c] |= mcOdd
		}
	}
	return t
}()

// kvAfterSpace marks the first letters of the key-value separators " is ",
// " was ", " ist ", " es " and " est " (1), the only ones secretWordAt
// takes at a space.
var kvAfterSpace = func() (t [256]uint8) {
	t['i'], t['w'], t['e'] = 1, 1, 1
	return t
}()

// maskApply runs the patterns that maskScan found may match.
func maskApply(s string, m maskNeeds) string {
	kv := m.kv
	if m.token {
		s = reSecretToken.ReplaceAllString(s, "[redacted]")
		kv = hasSecretWord(s) // s has changed
	}
	// The token rule replaces ASCII text and '…' only, so it neither adds
	// nor removes a 'ſ' or 'K': the prescan's answer still holds.
	folded := m.folded
	if kv || folded {
		// The prescan misses key words spelt with 'ſ' or 'K'.
		s = maskKVAll(s)
	}
	if folded {
		s = maskKVFolded(s)
	}
	if m.maxDigits >= 9 {
		s = maskLongDigits(s)
	}
	if m.iban {
		// Account numbers in IBAN form that the digit rule left whole.
		s = reIBAN.ReplaceAllString(s, "[redacted]")
	}
	if m.maxTok >= 28 {
		s = maskLongMixed(s)
	}
	return s
}

var secretKeys = map[string]bool{"password": true, "passwd": true, "pwd": true, "passcode": true, "passphrase": true,
	"secret": true, "token": true, "key": true, "apikey": true, "api_key": true, "api-key": true, "pin": true, "cvv": true,
	"cvc": true, "otp": true, "code": true, "contraseña": true, "passwort": true, "kennwort": true, "passe": true}

// Byte classes of maskSecrets' prescan.
const (
	mcDigit   = 1 << iota // 0-9
	mcTok                 // a byte of reLongMixed's token class
	mcTrigger             // a byte that can start a literal prefix of reSecretToken
	mcSep                 // a byte that can start a key-value separator
	mcUpper               // A-Z
)

var maskClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case c >= '0' && c <= '9':
			t[c] |= mcDigit | mcTok
		case (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-' || c == '+' || c == '/' || c == '=':
			t[c] |= mcTok
		}
		if c >= 'A' && c <= 'Z' {
			t[c] |= mcUpper
		}
		switch c {
		case '_', 'A', 'e', 'x', '-', 'g':
			t[c] |= mcTrigger
		case ':', '=', ' ':
			t[c] |= mcSep
		}
	}
	return t
}()

// hasSecretWord reports whether a secret key word ("password", "token", ...)
// sits right before a separator (":", "=", " is "...), where a key-value
// secret would be; the cost stays linear in len(s).
func hasSecretWord(s string) bool {
	for p := 0; p < len(s); p++ {
		if secretWordAt(s, p) {
			return true
		}
	}
	return false
}

// secretWordAt reports whether s[p] is a separator (":", "=", " is "...)
// right after a secret key word. It allocates nothing for ASCII words.
func secretWordAt(s string, p int) bool {
	c := s[p]
	sep := c == ':' || c == '='
	if !sep && c == ' ' && p+1 < len(s) && (s[p+1] == 'i' || s[p+1] == 'w' || s[p+1] == 'e') {
		r := s[p:]
		sep = strings.HasPrefix(r, " is ") || strings.HasPrefix(r, " was ") || strings.HasPrefix(r, " ist ") || strings.HasPrefix(r, " es ") || strings.HasPrefix(r, " est ")
	}
	if !sep {
		return false
	}
	e := p
	for e > 0 && s[e-1] == ' ' {
		e--
	}
	b := e
	for b > 0 && e-b < 12 && s[b-1] != ' ' && s[b-1] != '"' && s[b-1] != '(' {
		b--
	}
	w := s[b:e]
	if len(w) < 3 {
		return false // every key word has three letters or more
	}
	// Every key word starts with one of these letters, in either case;
	// most words before a colon do not ("bank:payments:create").
	switch w[0] | 0x20 {
	case 'p', 's', 't', 'k', 'a', 'c', 'o':
	default:
		if w[0] < utf8.RuneSelf {
			return false
		}
	}
	var low [12]byte
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= utf8.RuneSelf {
			return secretKeys[toLower(w)]
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		low[i] = c
	}
	return isASCIISecretKey(low[:len(w)])
}

// isASCIISecretKey is secretKeys[string(w)] for a lower-case ASCII word: a
// switch, which the compiler turns into a search by length and bytes,
// costs less than hashing the word.
func isASCIISecretKey(w []byte) bool {
	switch string(w) {
	case "password", "passwd", "pwd", "passcode", "passphrase", "secret", "token", "key", "apikey", "api_key", "api-key",
		"pin", "cvv", "cvc", "otp", "code", "passwort", "kennwort", "passe":
		return true
	}
	return false
}

func maskDigits(m string) string {
	digits := make([]byte, 0, len(m))
	for i := 0; i < len(m); i++ {
		if m[i] >= '0' && m[i] <= '9' {
			digits = append(digits, m[i])
		}
	}
	if len(digits) < 9 {
		return m
	}
	return "****" + string(digits[len(digits)-4:])
}

func hasDigitOrMixed(v string) bool {
	hasDigit, hasLetter, hasUpper, hasLower := false, false, false, false
	for _, r := range v {
		switch {
		case unicode.IsDigit(r):
			hasDigit = true
		case unicode.IsUpper(r):
			hasUpper, hasLetter = true, true
		case unicode.IsLower(r):
			hasLower, hasLetter = true, true
		}
	}
	return hasDigit || (hasLetter && hasUpper && hasLower) || (!hasLetter && len(v) >= 4)
}

func limitList(ss []string, n int) []string {
	if len(ss) <= n {
		return ss
	}
	return append(append([]string(nil), ss[:n]...), "…")
}

func sortStrings(ss []string) { sort.Strings(ss) }

// final reports whether the scanned text needs no masking pattern and is
// clean: then cleanMask returns it as it is, and so does it any prefix of
// the text (maskScan finds in a prefix no pattern it did not find in the
// whole).
func (m maskNeeds) final() bool {
	return m.clean && m.maxDigits < 9 && m.maxTok < 28 && !m.token && !m.kv && !m.iban && !m.folded
}

// finalText is final for the scanned text s, but for a run of token bytes
// long enough for reLongMixed that maskLongMixed leaves alone, as it does an
// all lower-case domain name ("brightline-components-billing"): cleanMask
// still returns s as it is, though a prefix of s, which may cut such a run
// where maskLongMixed would take it, is not known to be final.
func (m maskNeeds) finalText(s string) bool {
	if m.maxTok < 28 {
		return m.final()
	}
	return m.clean && m.maxDigits < 9 && !m.token && !m.kv && !m.iban && !m.folded && maskLongMixed(s) == s
}

// isFinal reports whether finish would give s back unchanged, that is
// cleanMaskTrim(s) == s: a clean text (which has no leading space, no
// control or invisible character and valid UTF-8) that ends in no space and
// in which maskScan finds no pattern that could match.
func isFinal(s string) bool {
	if s == "" {
		return true
	}
	if s[len(s)-1] == ' ' {
		return false
	}
	return maskScan(s).finalText(s)
}

// finalViolation, when set (by a test), makes outText check every text it
// calls final with the full cleanMaskTrim, and receives any that is not.
var finalViolation func(s string)

// outBuf holds the bytes of all the texts compose builds, one after
// another, so that an analysis's texts take one allocation rather than a
// few each. Each text is a string over a stretch of b, as strings.Builder
// makes its String; nothing rewrites bytes once written (a reallocation
// leaves the old ones to the texts that hold them), so the texts stay as
// they were built. A plain slice rather than a strings.Builder lets add
// write within the capacity by a change of length, without the builder's
// copy check and the store of the whole slice on every part.
type outBuf struct {
	b     []byte
	quote lastQuote
}

// lastQuote is the last quote that quoteAtFinal wrote to an outBuf: the
// window [ws, we) of src that it quoted, the quote and whether it is final.
type lastQuote struct {
	src       string
	ws, we    int
	q         string
	final, ok bool
	plain     bool // known to need no escape (quoteAtPlain)
}

// text starts a text at the end of the buffer. One text is built at a
// time: starting another before the last is done would interleave them
// (add panics if it happens).
func (o *outBuf) text() outText { return outText{o: o, start: len(o.b)} }

// grow makes room for n more bytes, as strings.Builder.Grow does: a new
// array of twice the capacity and n, the bytes written copied to it and
// left in the old one to the texts that hold them.
func (o *outBuf) grow(n int) {
	if cap(o.b)-len(o.b) < n {
		b := make([]byte, len(o.b), 2*cap(o.b)+n)
		copy(b, o.b)
		o.b = b
	}
}

// outText builds an output string from parts and keeps track of whether it
// is final (isFinal), so that finish can pass it through instead of scanning
// again text that was scanned already (quotes, the rationale's reasons) or
// cannot hold a secret (the engine's own words). It is final when its parts
// are and each join between them is safe (safeJoin).
type outText struct {
	o        *outBuf
	start, n int  // the text is o.b[start:start+n]
	unknown  bool // some part or join is not known to be final
	lastLit  bool // the last part was the engine's own words
}

// String returns the text built so far.
func (t *outText) String() string {
	return unsafe.String(unsafe.SliceData(t.o.b[t.start:]), t.n)
}

// lit appends the engine's own words: fixed text with neither a secret nor
// a control character, though it may start or end with a space. Joins
// between two of them need no test: the tests check every text called final
// (finalViolation).
func (t *outText) lit(s string) { t.add(s, true, true) }

// part appends text from elsewhere: ok says whether it is final, or, for a
// part that is not the text's start or end, final but for a space at either
// end.
func (t *outText) part(s string, ok bool) { t.add(s, ok, false) }

// scan appends text from elsewhere, scanning it to learn whether it is
// final unless the text is known not to be already.
func (t *outText) scan(s string) { t.part(s, !t.unknown && isFinal(s)) }

// lowerFirst is lowerFirst(s), written to the buffer as a text of its own
// when it differs from s rather than allocated. No other text may be under
// way.
func (o *outBuf) lowerFirst(s string) string {
	if len(s) < 2 || s[1] < 'a' || s[1] > 'z' || s[0] < 'A' || s[0] > 'Z' {
		return s
	}
	t := o.text()
	t.lit(s)
	o.b[t.start] += 'a' - 'A'
	return t.String()
}

// scanCap is scan(capFirst(s)) for s that starts with a lower-case ASCII
// letter, without the string capFirst would make: s is copied to the
// buffer, capitalised there, and the copy is what scan appends (onto
// itself, as the buffer has room for it).
func (t *outText) scanCap(s string) {
	o := t.o
	end := t.start + t.n
	if len(o.b) != end {
		panic("fallback: two output texts built at once")
	}
	o.grow(len(s))
	o.b = append(o.b, s...)
	o.b[end] -= 'a' - 'A'
	c := unsafe.String(&o.b[end], len(s))
	o.b = o.b[:end]
	t.scan(c)
}

// scanList appends items from elsewhere, each scanned, separated by ", ".
func (t *outText) scanList(items []string) {
	for i, s := range items {
		if i > 0 {
			t.lit(", ")
		}
		t.scan(s)
	}
}

func (t *outText) add(s string, ok, lit bool) {
	if s == "" {
		return
	}
	o := t.o
	end := t.start + t.n
	if len(o.b) != end {
		panic("fallback: two output texts built at once")
	}
	if !ok {
		t.unknown = true
	} else if !t.unknown && t.n > 0 && !(lit && t.lastLit) && !quickSafeJoin(o.b[end-1], s[0]) {
		t.testJoin(s)
	}
	t.n += len(s)
	t.lastLit = lit
	// Within the capacity (nearly always: compose grows the buffer to its
	// need first), only the length changes, and a part of up to 16 bytes
	// (most are) is copied by two loads and two stores, without
	// memmove's call.
	n := end + len(s)
	if n > cap(o.b) {
		o.b = append(o.b, s...)
		return
	}
	o.b = o.b[:n]
	if len(s) > 16 {
		copy(o.b[end:], s)
		return
	}
	d, p := unsafe.Pointer(&o.b[end]), unsafe.Pointer(unsafe.StringData(s))
	switch {
	case len(s) >= 8:
		// The first eight bytes and the last eight, which may overlap.
		x, y := *(*uint64)(p), *(*uint64)(unsafe.Add(p, len(s)-8))
		*(*uint64)(d), *(*uint64)(unsafe.Add(d, len(s)-8)) = x, y
	case len(s) >= 4:
		x, y := *(*uint32)(p), *(*uint32)(unsafe.Add(p, len(s)-4))
		*(*uint32)(d), *(*uint32)(unsafe.Add(d, len(s)-4)) = x, y
	default:
		for i := range len(s) {
			*(*byte)(unsafe.Add(d, i)) = *(*byte)(unsafe.Add(p, i))
		}
	}
}

// testJoin is add's test of a join that quickSafeJoin could not tell,
// apart, as it is seldom needed: a call inside add made it keep its values
// on the stack on every path.
//
//go:noinline
func (t *outText) testJoin(s string) {
	if !safeJoin(t.String(), s) {
		t.unknown = true
	}
}

// text returns the text built and whether it is final.
func (t *outText) text() (string, bool) {
	s := t.String()
	ok := !t.unknown && (s == "" || (s[0] != ' ' && s[len(s)-1] != ' '))
	if ok && finalViolation != nil && cleanMaskTrim(s) != s {
		finalViolation(s)
	}
	return s, ok
}

// safeJoin reports whether l+r keeps the property P that l and r (both not
// empty) have: P(s) holds when s, less one leading space, is empty or does
// not start with a space and maskScan finds it clean and in need of no
// pattern (finalText: but for runs of token bytes that maskLongMixed leaves
// alone). A text with P that neither starts nor ends with a space is final.
//
// Why a join can be judged from the bytes beside it: every test of maskScan
// looks at a run of bytes of a few kinds only. A digit run (digits, with
// the spaces and '-' it crosses), a run of reLongMixed's token bytes, a
// literal prefix of reSecretToken, the start of an IBAN, and a key word
// with its separator (letters, '_', '-', 'ñ' and the like, the spaces
// around the separator, ':', '=') are all made of the risky bytes: the
// token bytes [A-Za-z0-9_+/=-], the space, ':' and non-ASCII runes other
// than '…'. Cleanliness, too, can only be lost at a join by a double space.
// A test whose bytes lie within l or within r finds in l+r what it found
// there (each reads its bytes and fails where they are missing), so l+r can
// lose P only through a run of risky bytes across the join: when either
// byte beside the join is not risky, l+r has P. When both are, two common
// cases are still safe:
//   - a space, then an ASCII letter: a digit or token run or a literal
//     prefix cannot cross it (the letter ends a digit run, the space a
//     token run, and no literal has a space), so only a key word before
//     the space and a separator " is ", " was ", " ist ", " es " or " est "
//     across it could, which is ruled out by what r starts with;
//   - an ASCII letter, then a space: likewise, but for a separator across
//     it (l ending in " is" and the like, or r's next byte ':', '=' or a
//     second space, or r going on with "is " and the like);
//   - a digit and a space, either way round, when the byte past the space
//     is not a digit, '-' or a space: a digit run cannot cross, and no key
//     word ends or separator starts with a digit.
//
// Any other join of two risky bytes is called unsafe; the text is then
// scanned whole, as before. As a safe join never extends a run of token
// bytes, and the bytes beside such a run are non-word bytes or an end in
// l+r as in l or r, maskLongMixed finds in l+r just what it found in them.
// FuzzSafeJoin checks all this against maskScan and maskLongMixed.
func safeJoin(l, r string) bool {
	a, b := l[len(l)-1], r[0]
	if isDigitish(a) && isDigitish(b) {
		// A digit run may cross (or a double space form), unless a digit
		// and a space are followed, or a space and a digit preceded, by a
		// byte that ends the run, such as a letter ("$4,900 only").
		switch {
		case isDigitByte(a) && b == ' ':
			return len(r) > 1 && !isDigitish(r[1])
		case a == ' ' && isDigitByte(b):
			return len(l) < 2 || !isDigitish(l[len(l)-2])
		}
		return false
	}
	if !riskyEnd(l) || !riskyStart(r) {
		return true
	}
	switch {
	case a == ' ' && isASCIILetter(b):
		return !sepWordAt(r, 0)
	case isASCIILetter(a) && b == ' ':
		if len(r) > 1 && (r[1] == ':' || r[1] == '=' || r[1] == ' ' || sepWordAt(r, 1)) {
			return false
		}
		// Each of these words ends in 's' or 't'.
		if a == 's' || a == 't' {
			for _, w := range [...]string{" is", " was", " ist", " es", " est"} {
				if strings.HasSuffix(l, w) {
					return false
				}
			}
		}
		return true
	}
	return false
}

// joinClass holds, for add's test of a join before it calls safeJoin,
// jcRisky for the bytes that may be part of a risky rune (every risky ASCII
// byte and every non-ASCII one: '…' is not risky, but its bytes are left to
// safeJoin), and jcLetterNoSep for the ASCII letters that start none of the
// separator words of sepWordAt: a space then such a letter is a safe join.
var joinClass = func() (t [256]uint8) {
	for c := range 256 {
		if c >= utf8.RuneSelf || isRiskyByte(byte(c)) {
			t[c] |= jcRisky
		}
		if isASCIILetter(byte(c)) && c != 'i' && c != 'w' && c != 'e' {
			t[c] |= jcLetterNoSep
		}
	}
	return t
}()

const (
	jcRisky = 1 << iota
	jcLetterNoSep
)

// quickSafeJoin reports, from the bytes a and b on either side of a join,
// the joins that safeJoin finds safe whatever the bytes around them: those
// where a byte that cannot be risky meets another, and a space then a letter
// that starts no separator word, the commonest join of two risky bytes in
// compose's texts. Most joins are told here, without safeJoin's call.
func quickSafeJoin(a, b byte) bool {
	return joinClass[a]&joinClass[b]&jcRisky == 0 || a == ' ' && joinClass[b]&jcLetterNoSep != 0
}

func isDigitish(c byte) bool { return c >= '0' && c <= '9' || c == ' ' || c == '-' }

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// isRiskyByte reports the ASCII bytes that a pattern's run can hold (see
// safeJoin).
func isRiskyByte(c byte) bool { return maskClass[c]&mcTok != 0 || c == ' ' || c == ':' }

// riskyEnd and riskyStart report whether the rune at the end or the start of
// s is risky (see safeJoin).
func riskyEnd(s string) bool {
	if c := s[len(s)-1]; c < utf8.RuneSelf {
		return isRiskyByte(c)
	}
	return !strings.HasSuffix(s, "…")
}

func riskyStart(s string) bool {
	if c := s[0]; c < utf8.RuneSelf {
		return isRiskyByte(c)
	}
	return !strings.HasPrefix(s, "…")
}

// sepWordAt reports whether s[i:] starts with one of the separator words
// that secretWordAt takes after a space, and the space after it.
func sepWordAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	// Chosen by the first letter: safeJoin asks this at most joins.
	r := s[i:]
	switch r[0] {
	case 'i':
		return strings.HasPrefix(r, "is ") || strings.HasPrefix(r, "ist ")
	case 'w':
		return strings.HasPrefix(r, "was ")
	case 'e':
		return strings.HasPrefix(r, "es ") || strings.HasPrefix(r, "est ")
	}
	return false
}

// caseWords holds what the checks and compose share of the words of one
// analysis: the masked texts of the case, the buffer that the findings'
// texts and compose's are written to, and which of the findings' texts are
// known to be final.
type caseWords struct {
	masks caseMasks
	ob    outBuf
	// finals are the findings' texts that said found final.
	finals [16]string
	nf     int
	// money is the action's amount as money writes it, when moneyOK;
	// moneyFinal says whether it is final (0 not known yet, 1 no, 2 yes).
	money      string
	moneyOK    bool
	moneyFinal int8
	// lq holds compose's quotes of the reported tactics (lexQuotes).
	lq [numTactics]lexQuote
}

// actMoney returns money(a.Amount, a.Currency) for the case's action,
// made once: the stakes, the summary and the advice each write it.
func (st *state) actMoney() string {
	w := &st.words
	if !w.moneyOK {
		a := st.c.Action
		w.money, w.moneyOK = money(a.Amount, a.Currency), true
	}
	return w.money
}

// actMoneyFinal reports isFinal(st.actMoney()), scanned once.
func (st *state) actMoneyFinal() bool {
	w := &st.words
	if w.moneyFinal == 0 {
		w.moneyFinal = 1
		if isFinal(st.actMoney()) {
			w.moneyFinal = 2
		}
	}
	return w.moneyFinal == 2
}

// caseMasks remembers, for one analysis, the masked form of the texts that
// the checks and compose quote with clipCase: the same few fields (the
// claimed identity, the reference, the recipient, a record) are quoted by
// several checks and again by the summary, each time at a length of its
// own, and their masking is a function of the text alone. A text is found
// by comparing strings, which costs a length test for most entries and, for
// the same string, no more than a pointer test.
type caseMasks struct {
	n int
	e [12]caseMask
}

// caseMask is one text's entry: its scan, its masked form, and the last
// clip asked of it, with whether that clip is final (0 not known yet, 1
// no, 2 yes).
type caseMask struct {
	src, out  string
	m         maskNeeds
	clipN     int
	clip      string
	clipFinal int8
}

// get returns s's entry, made on first use, or nil when the memo is full.
// s is not empty.
func (cm *caseMasks) get(s string) *caseMask {
	e, made := cm.entry(s)
	if made {
		m := maskScan(s)
		*e = caseMask{src: s, out: maskApply(s, m), m: m, clipN: -1}
	}
	return e
}

// getFinal is get for a text known to be final, which masking gives back
// as it is: it needs no scan. Its needs are those of a final text but for
// a long token run, which a clip could cut (finalText), so that
// clipCaseFinal asks of its clips what it asks of any other text's.
func (cm *caseMasks) getFinal(s string) *caseMask {
	e, made := cm.entry(s)
	if made {
		*e = caseMask{src: s, out: s, m: maskNeeds{clean: true, ascii: true, maxTok: 28}, clipN: -1}
	}
	return e
}

// entry returns s's entry and false when the memo has one, a free slot
// for it and true when it has room, and nil when it is full.
func (cm *caseMasks) entry(s string) (*caseMask, bool) {
	for i := range cm.n {
		if e := &cm.e[i]; e.src == s {
			return e, false
		}
	}
	if cm.n == len(cm.e) {
		return nil, false
	}
	cm.n++
	return &cm.e[cm.n-1], true
}

// clipTo returns clip(e.out, n), kept for the next call with the same n.
func (e *caseMask) clipTo(n int) string {
	if e.clipN != n {
		e.clipN, e.clip, e.clipFinal = n, clip(e.out, n), 0
	}
	return e.clip
}

// clipCase is clipCase for a text of the case, with its masking done once
// per analysis.
func (st *state) clipCase(s string, n int) string {
	if s == "" {
		return clip(s, n)
	}
	var e *caseMask
	if st.saidFinal(s) {
		// A finding's text quoted again (a contradiction's reason as its
		// claim's explanation).
		e = st.words.masks.getFinal(s)
	} else {
		e = st.words.masks.get(s)
	}
	if e == nil {
		return clipCase(s, n)
	}
	return e.clipTo(n)
}

// clipCaseFinal is clipCaseFinal for a text of the case, with its masking
// and the test of its clip done once per analysis.
func (st *state) clipCaseFinal(s string, n int) (string, bool) {
	if s == "" {
		return "", true
	}
	e := st.words.masks.get(s)
	if e == nil {
		return clipCaseFinal(s, n)
	}
	c := e.clipTo(n)
	if e.clipFinal == 0 {
		e.clipFinal = 1
		if s[len(s)-1] != ' ' && (e.m.final() || (c == s && e.m.finalText(s))) || isFinal(c) {
			e.clipFinal = 2
		}
	}
	return c, e.clipFinal == 2
}

// say starts a text of a finding, written to the analysis's buffer, which
// compose goes on writing to: its first size is enough for a few findings'
// texts and compose's (see compose).
func (st *state) say() outText {
	if cap(st.words.ob.b) == 0 {
		st.words.ob.grow(5120)
	}
	return st.words.ob.text()
}

// said returns the text that b built and notes it when it is final, so
// that compose knows it without a scan (finalOf).
func (st *state) said(b *outText) string {
	s, ok := b.text()
	if w := &st.words; ok && w.nf < len(w.finals) {
		w.finals[w.nf] = s
		w.nf++
	}
	return s
}

// finalOf is isFinal(s) for a finding's text: those said found final are
// known without a scan. Comparing s with each costs a length test, or,
// for the same string, a pointer test.
func (st *state) finalOf(s string) bool { return st.saidFinal(s) || isFinal(s) }

// saidFinal reports whether said found s final.
func (st *state) saidFinal(s string) bool {
	w := &st.words
	for i := range w.nf {
		if w.finals[i] == s {
			return true
		}
	}
	return false
}
