// Package redact masks secrets in free text: API keys, access tokens,
// bearer tokens, JSON Web Tokens, passwords given as key=value, PEM private
// keys, payment card numbers (Luhn-checked) and IBANs (mod-97-checked).
//
// Shield quotes from the cases it analyses (a signal's observation, a
// claim's text), and those cases are untrusted text that may carry a
// secret the counterparty pasted or fished for. Every string of a record
// passes through String before it is stored or returned, so that a record
// log can be kept, shipped and read without becoming a store of secrets.
//
// Masking favours recall over precision: a masked word that was not a
// secret costs a reader a little context; an unmasked secret costs its
// owner the secret.
package redact

import (
	"encoding/binary"
	"math/bits"
	"regexp"
	"strings"
	"unicode"
)

// Mask is what a secret is replaced with; the kind of secret follows the
// colon, so that a reader still sees what was there.
const Mask = "[REDACTED]"

// pattern is one kind of secret.
type pattern struct {
	kind string
	re   *regexp.Regexp
	// keep is the number of leading submatches (after the whole match)
	// that are kept verbatim before the mask, e.g. the "password=" of an
	// assignment. 0 masks the whole match.
	keep int
	// check, when set, must accept the masked part of a match for it to be
	// masked: the Luhn check of a card number, the checksum of an IBAN.
	check func(string) bool
	// gate is a necessary condition for re to match, tested once per
	// string in prescan: a pattern whose gate fails is skipped.
	gate uint16
	// at, when set, lists the only byte offsets where a match can start
	// (after the previous match end); re is then run anchored (reAt) on a
	// window of maxLen+1 bytes at each of them instead of on the whole
	// text, which keeps the digit patterns cheap on long text with digits.
	at     func(s string, from int) int
	reAt   *regexp.Regexp
	maxLen int
}

// secretKeys are the names under which a secret is given as key=value.
const secretKeys = `(?:password|passwd|pwd|passphrase|passcode|secret|client[_-]?secret|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|private[_-]?key|pin|otp|cvv|cvc)`

// Gates: what prescan finds in one pass over a string.
const (
	gPrivateKey uint16 = 1 << iota // "-----BEGIN "
	gJWT                           // "eyJ"
	gToken                         // bearer, basic, token (any case)
	gAPIKey                        // sk-, sk_, pk-, pk_, rk-, rk_
	gAWS                           // AKIA, ASIA, AGPA, AIDA, AROA
	gGitHub                        // gh[pousr]_, github_pat_
	gSlack                         // xox
	gGoogle                        // AIza
	gSecret                        // pass, pwd, secret, key, token, pin, otp, cvv, cvc (any case)
	gURL                           // "://"
	gCard                          // 13 digits with at most one space or dash between
	gIBAN                          // two capitals and two digits
	gCompat                        // the long s or the Kelvin sign: the gate of String's second pass, not of a pattern
)

var patterns = []pattern{
	{kind: "private-key", re: regexp.MustCompile(`-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?s:.*?)(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)`), gate: gPrivateKey},
	{kind: "jwt", re: regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*`), gate: gJWT},
	{kind: "token", re: regexp.MustCompile(`(?i)(\b(?:bearer|basic|token)\s+)[A-Za-z0-9._~+/=-]{8,}`), keep: 1, check: hasDigitOrSymbol, gate: gToken},
	{kind: "api-key", re: regexp.MustCompile(`\b(?:sk|pk|rk)[-_](?:live|test|proj|ant|or)?[-_]?[A-Za-z0-9_-]{16,}`), gate: gAPIKey},
	{kind: "aws-key", re: regexp.MustCompile(`\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b`), gate: gAWS},
	{kind: "github-token", re: regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})`), gate: gGitHub},
	{kind: "slack-token", re: regexp.MustCompile(`\bxox[abposr]-[A-Za-z0-9-]{10,}`), gate: gSlack},
	{kind: "google-key", re: regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{30,}`), gate: gGoogle},
	// A key followed by = or : gives its value away whatever it looks like.
	{kind: "secret", re: regexp.MustCompile(`(?i)(\b` + secretKeys + `\b["']?\s*[:=]\s*)("[^"\n]{1,200}"|'[^'\n]{1,200}'|[^\s,;"'<>]{3,200})`), keep: 1, gate: gSecret},
	// "my password is hunter2": prose, so only a value that does not read
	// as a word (it has a digit or a symbol) is taken for a secret.
	{kind: "secret", re: regexp.MustCompile(`(?i)(\b` + secretKeys + `\s+(?:is|was)\s+)("[^"\n]{1,200}"|'[^'\n]{1,200}'|[^\s,;"'<>]{3,200})`), keep: 1, check: hasDigitOrSymbol, gate: gSecret},
	{kind: "url-credentials", re: regexp.MustCompile(`(?i)(\b[a-z][a-z0-9+.-]*://[^\s/:@]{1,100}:)[^\s/@]{1,200}@`), keep: 1, gate: gURL},
	{kind: "card", re: regexp.MustCompile(cardRE), reAt: regexp.MustCompile(`^` + cardRE), maxLen: 1 + 18*2, at: cardAt, check: luhn, gate: gCard},
	{kind: "iban", re: regexp.MustCompile(ibanRE), reAt: regexp.MustCompile(`^` + ibanRE), maxLen: 4 + 30*2, at: ibanAt, check: ibanValid, gate: gIBAN},
}

const (
	cardRE = `\b\d(?:[ -]?\d){12,18}\b`
	ibanRE = `\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b`
)

// Byte classes for prescan.
const (
	cWord    uint8 = 1 << iota // [0-9A-Za-z_], what \b separates
	cDigit                     // [0-9]
	cSpecial                   // a non-word byte that can start a gate: '-', ':', and the lead bytes of U+212A and U+017F
)

var byteClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		if isWord(b) {
			t[c] |= cWord
		}
		if isDigit(b) {
			t[c] |= cDigit
		}
	}
	for _, b := range []byte{'-', ':', 0xE2, 0xC5} {
		t[b] |= cSpecial
	}
	return t
}()

// prescan returns the gates of the patterns that can match in s, in one
// pass that allocates nothing. Every pattern triggered by a letter starts
// with \b, so letters are only looked at where a word starts, and words
// and the spaces between them are skipped in words, eight bytes at a time;
// a run of digits is counted in its own loop, so the bytes of prose carry
// no card-run bookkeeping. It returns exactly what the byte-at-a-time pass
// it replaced returned (prescanRef in the tests, FuzzPrescanMatchesRef),
// and what perf16's prescan returned (prescan16, FuzzPrescanMatches16).
func prescan(s string) uint16 {
	var g uint16
	inWord := false // s[i-1] is a word byte, so s[i] cannot follow a \b
	for i := 0; i < len(s); {
		c := s[i]
		switch cl := byteClass[c]; {
		case cl == cWord: // a letter or '_'
			if inWord { // letters after digits: nothing starts here
				i = wordEnd(s, i+1)
				continue
			}
			i, g = words(s, i, g)
			inWord = true
		case cl&cDigit != 0:
			var digits int
			i, digits = digitRun(s, i)
			if digits >= 13 {
				g |= gCard
			}
			inWord = true
		default:
			inWord = false
			if cl&cSpecial != 0 {
				g |= specialGates(s[i:])
			}
			i++
		}
	}
	return g
}

// digitRun reads the run of digits that starts at s[i], joined by single
// spaces or dashes (a card number needs 13 of them), and returns where it
// ends and how many digits it holds. A separator not followed by a digit
// ends the run and is left to be looked at like any other byte.
func digitRun(s string, i int) (end, digits int) {
	digits = 1
	i++
	for i < len(s) {
		if isDigit(s[i]) {
			digits++
			i++
		} else if (s[i] == ' ' || s[i] == '-') && i+1 < len(s) && isDigit(s[i+1]) {
			digits++
			i += 2
		} else {
			break
		}
	}
	return i, digits
}

// The masks of words' and wordEnd's eight-bytes-at-a-time letter test.
const (
	lo7  = 0x7f7f7f7f7f7f7f7f // each byte's low seven bits
	high = 0x8080808080808080 // each byte's top bit
	fold = 0x2020202020202020 // the bit that tells an ASCII letter's cases apart
)

// words takes the gates of the word starting at s[i] (a letter or '_'
// after a non-word byte) and of the words that follow it after one or two
// plain bytes (of byte class 0: a space, ", ", ". "), and returns the
// index of the first byte after the last of them that is not a letter,
// with g and their gates. Prose is mostly such words: each is settled
// from one eight-byte load, which gives its first letters for the filter,
// its run of letters, and whether plain bytes and another letter follow,
// without a trip through prescan's switch for the bytes between.
func words(s string, i int, g uint16) (int, uint16) {
	for i+8 <= len(s) {
		x := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
		// A word whose first three letters start no pattern and which
		// does not have the shape of an IBAN (most of prose, capitalised
		// words too) is settled here, without a call. startBits is a
		// superset of startTriples, and wordGates asks mayStartKey
		// itself, so the gates are those of its filter.
		if startBits[x&31<<5|x>>8&31]>>(x>>16&31)&1 != 0 || ibanShape(x) {
			g |= wordGates(s, i)
		}
		// The letters of x as in wordEnd; s[i] is a word byte ('_' too).
		t := (x | fold) & lo7
		letters := (t+0x1f1f1f1f1f1f1f1f)&^(t+0x0505050505050505)&^x&high | 0x80
		if letters == high {
			// A long word; a plain byte and a letter after it are taken
			// as below.
			i = wordEnd(s, i+8)
			if i+1 < len(s) && byteClass[s[i]] == 0 && isLetter(s[i+1]) {
				i++
				continue
			}
			return i, g
		}
		n := bits.TrailingZeros64(^letters&high) >> 3 // 1 to 7 letters
		// One or two plain bytes (a space, ", ", ". ") and a letter:
		// another word start, and nothing between for prescan to see.
		if n < 7 && byteClass[byte(x>>(n*8))] == 0 {
			if letters>>(n*8+15)&1 != 0 {
				i += n + 1
				continue
			}
			if n < 6 && byteClass[byte(x>>(n*8+8))] == 0 && letters>>(n*8+23)&1 != 0 {
				i += n + 2
				continue
			}
		}
		return i + n, g
	}
	// Near the end of s, byte by byte.
	if c := s[i]; c < 'a' || mayStartKey(s, i) {
		g |= wordGates(s, i)
	}
	return wordEnd(s, i+1), g
}

// ibanShape reports whether the first four bytes of x, in memory order,
// are two capitals and two digits: wordGates' test for an IBAN.
func ibanShape(x uint64) bool {
	return byte(x)-'A' < 26 && byte(x>>8)-'A' < 26 && byte(x>>16)-'0' < 10 && byte(x>>24)-'0' < 10
}

// startBits is startTriples for words, indexed by the low five bits
// of a word's first two bytes, with bit k set when the low five bits of
// the third are k. The low five bits of a letter are those of its other
// case, so every triple of startTriples has its bit; bytes that are not
// letters share theirs with letters, so a few words pass for nothing
// (TestStartBits).
var startBits = func() (t [32 * 32]uint32) {
	for _, w := range wordStarts {
		k := int(w[0]&31)<<5 | int(w[1]&31)
		if len(w) == 2 {
			t[k] = 1<<32 - 1
		} else {
			t[k] |= 1 << (w[2] & 31)
		}
	}
	return t
}()

// wordEnd returns the index of the first byte at or after i that is not a
// letter or '_'. It looks at eight bytes at a time while they are all ASCII
// letters (SWAR: with case folded and the top bit cleared, a byte is a
// letter when adding 0x1f sets its top bit and adding 0x05 does not; no
// sum carries into the next byte), then byte by byte.
func wordEnd(s string, i int) int {
	for i+8 <= len(s) {
		x := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
		t := (x | fold) & lo7
		letters := (t + 0x1f1f1f1f1f1f1f1f) &^ (t + 0x0505050505050505) &^ x & high
		if letters != high {
			i += bits.TrailingZeros64(^letters&high) >> 3
			break
		}
		i += 8
	}
	for i < len(s) && byteClass[s[i]] == cWord {
		i++
	}
	return i
}

// specialGates returns the gates of the patterns that can start at r[0], a
// byte of class cSpecial.
func specialGates(r string) uint16 {
	switch r[0] {
	case '-':
		if strings.HasPrefix(r, "-----BEGIN ") {
			return gPrivateKey
		}
	case ':':
		if strings.HasPrefix(r, "://") {
			return gURL
		}
	default:
		if strings.HasPrefix(r, "\u212A") || strings.HasPrefix(r, "\u017F") {
			// The only non-ASCII letters that case-fold to ASCII ones (the
			// Kelvin sign K and the long s): a case-insensitive key word
			// may hide behind them, so let those patterns look.
			return gToken | gSecret | gCompat
		}
	}
	return 0
}

// wordGates returns the gates of the patterns that can start at s[i], a
// letter or '_' at the start of a word.
func wordGates(s string, i int) uint16 {
	var g uint16
	r := s[i:]
	c := r[0]
	if c >= 'A' && c <= 'Z' && len(r) >= 4 && isUpper(r[1]) && isDigit(r[2]) && isDigit(r[3]) {
		g |= gIBAN
	}
	if !mayStartKey(s, i) {
		return g // most words: no pattern starts with their first letters
	}
	return g | keyWordGates(s, i)
}

// keyWordGates is wordGates past its filter: the gates of the key words,
// token prefixes and key formats that can start at s[i].
func keyWordGates(s string, i int) uint16 {
	var g uint16
	r := s[i:]
	c := r[0]
	switch c | 0x20 { // ASCII letters in either case
	case 'e':
		if strings.HasPrefix(r, "eyJ") {
			g |= gJWT
		}
	case 'b':
		if (hasPrefixFold(r, "bearer") || hasPrefixFold(r, "basic")) && tokenFollows(s, i) {
			g |= gToken
		}
	case 't':
		if hasPrefixFold(r, "token") {
			if tokenFollows(s, i) {
				g |= gToken
			}
			if secretFollows(r) {
				g |= gSecret
			}
		}
	case 's':
		if len(r) > 2 && c == 's' && r[1] == 'k' && (r[2] == '-' || r[2] == '_') {
			g |= gAPIKey
		}
		if hasPrefixFold(r, "secret") && secretFollows(r) {
			g |= gSecret
		}
	case 'p':
		if len(r) > 2 && c == 'p' && r[1] == 'k' && (r[2] == '-' || r[2] == '_') {
			g |= gAPIKey
		}
		if (hasPrefixFold(r, "pass") || hasPrefixFold(r, "pwd") || hasPrefixFold(r, "pin") || hasPrefixFold(r, "private")) && secretFollows(r) {
			g |= gSecret
		}
	case 'r':
		if len(r) > 2 && c == 'r' && r[1] == 'k' && (r[2] == '-' || r[2] == '_') {
			g |= gAPIKey
		}
		if hasPrefixFold(r, "refresh") && secretFollows(r) {
			g |= gSecret
		}
	case 'a':
		if c == 'A' && len(r) >= 4 {
			switch r[:4] {
			case "AKIA", "ASIA", "AGPA", "AIDA", "AROA":
				g |= gAWS
			case "AIza":
				g |= gGoogle
			}
		}
		if (hasPrefixFold(r, "api") || hasPrefixFold(r, "access") || hasPrefixFold(r, "auth")) && secretFollows(r) {
			g |= gSecret
		}
	case 'g':
		if c == 'g' && len(r) > 3 && (r[1] == 'h' && r[3] == '_' && strings.IndexByte("pousr", r[2]) >= 0 || strings.HasPrefix(r, "github_pat_")) {
			g |= gGitHub
		}
	case 'x':
		if strings.HasPrefix(r, "xox") {
			g |= gSlack
		}
	case 'o':
		if hasPrefixFold(r, "otp") && secretFollows(r) {
			g |= gSecret
		}
	case 'c':
		if (hasPrefixFold(r, "cvv") || hasPrefixFold(r, "cvc") || hasPrefixFold(r, "client")) && secretFollows(r) {
			g |= gSecret
		}
	}
	return g
}

// startTriples marks the first three letters, folded to lower case, of
// every word wordGates looks for below its IBAN check: bit k of
// startTriples[pairIndex(a, b)] is set when a word starting with a, b and
// the letter of index k (26: not a letter, or the end) may be one. A
// prefix of two letters ("sk", "gh") sets all 27 bits. Most words of prose,
// "to" and "pay" among them, are skipped after one lookup. TestStartPairs
// checks the list against the switch.
var startTriples = func() (t [27 * 27]uint32) {
	for _, w := range wordStarts {
		if len(w) == 2 {
			t[pairIndex(w[0], w[1])] = 1<<27 - 1
			continue
		}
		t[pairIndex(w[0], w[1])] |= 1 << letterIndex[w[2]]
	}
	return t
}()

// mayStartKey reports whether the word at s[i] starts with three letters
// (or two and the end) of startTriples.
func mayStartKey(s string, i int) bool {
	var b, c byte // 0: past the end, which letterIndex reads as no letter
	if i+1 < len(s) {
		b = s[i+1]
	}
	if i+2 < len(s) {
		c = s[i+2]
	}
	return startTriples[pairIndex(s[i], b)]>>letterIndex[c]&1 != 0
}

// wordStarts are the words (and prefixes) wordGates tests for.
var wordStarts = []string{
	"eyJ", "bearer", "basic", "token", "sk", "secret", "pk", "pass", "pwd", "pin", "private", "rk", "refresh",
	"AKIA", "ASIA", "AGPA", "AIDA", "AROA", "AIza", "api", "access", "auth", "gh", "github_pat_", "xox", "otp",
	"cvv", "cvc", "client",
}

// pairIndex folds two bytes to a letter index each (26 for anything but an
// ASCII letter) and combines them.
func pairIndex(a, b byte) int {
	return int(letterIndex[a])*27 + int(letterIndex[b])
}

var letterIndex = func() (t [256]uint8) {
	for c := range t {
		t[c] = 26
		if l := byte(c) | 0x20; l >= 'a' && l <= 'z' {
			t[c] = l - 'a'
		}
	}
	return t
}()

// secretFollows reports whether the key word at the start of r can be
// followed as the secret patterns require: the rest of the word, then an
// optional quote, spaces and ':' or '=', or spaces and "is" or "was". It is
// a necessary condition of both patterns, so that prose with "passenger",
// "shipping" or "monkey" does not run their regular expressions.
func secretFollows(r string) bool {
	j := 0
	for j < len(r) && (isWord(r[j]) || r[j] == '-') {
		j++
	}
	k := j
	if k < len(r) && (r[k] == '"' || r[k] == '\'') {
		k++
	}
	sp := k
	for k < len(r) && isSpace(r[k]) {
		k++
	}
	if k < len(r) && (r[k] == ':' || r[k] == '=') {
		return true
	}
	if k == sp || sp != j { // "is"/"was" needs spaces and no quote before it
		return false
	}
	rest := r[k:]
	for _, w := range []string{"is", "was"} {
		if hasPrefixFold(rest, w) && len(rest) > len(w) && isSpace(rest[len(w)]) {
			return true
		}
	}
	return false
}

// tokenFollows reports whether the word at s[i:] (bearer, basic or token)
// starts a word and is followed by spaces and at least eight token
// characters: a necessary condition of the token pattern.
func tokenFollows(s string, i int) bool {
	if i > 0 && isWord(s[i-1]) {
		return false
	}
	j := i
	for j < len(s) && isWord(s[j]) {
		j++
	}
	k := j
	for k < len(s) && isSpace(s[k]) {
		k++
	}
	if k == j {
		return false
	}
	n := 0
	for k < len(s) && n < 8 && isTokenByte(s[k]) {
		k++
		n++
	}
	return n >= 8
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func isTokenByte(c byte) bool {
	return isWord(c) || strings.IndexByte(".~+/=-", c) >= 0
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isUpper(c byte) bool  { return c >= 'A' && c <= 'Z' }

// isWord reports a byte of \w, which \b separates from the rest.
func isWord(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// hasPrefixFold is strings.HasPrefix ignoring ASCII case; prefix is lower case.
func hasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
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

// cardAt returns the first offset at or after from where a card number can
// start: a digit after a non-word byte, followed by 13 or more digits with
// at most one space or dash between any two; -1 if none.
func cardAt(s string, from int) int {
	for p := from; p < len(s); p++ {
		if !isDigit(s[p]) || (p > 0 && isWord(s[p-1])) {
			continue
		}
		n := 0
		for i := p; i < len(s) && n < 13; i++ {
			if isDigit(s[i]) {
				n++
			} else if (s[i] != ' ' && s[i] != '-') || !isDigit(s[i-1]) {
				break
			}
		}
		if n >= 13 {
			return p
		}
	}
	return -1
}

// ibanAt returns the first offset at or after from where an IBAN can
// start: two capitals and two digits after a non-word byte; -1 if none.
func ibanAt(s string, from int) int {
	for p := from; p+4 <= len(s); p++ {
		if isUpper(s[p]) && isUpper(s[p+1]) && isDigit(s[p+2]) && isDigit(s[p+3]) && (p == 0 || !isWord(s[p-1])) {
			return p
		}
	}
	return -1
}

// String returns s with every secret it recognises replaced by
// "[REDACTED:kind]". It is idempotent: masking a masked string changes
// nothing.
//
// A key word spelt with 'ſ' (long s) or 'K' (the Kelvin sign), which Unicode
// compatibility folding reads as "s" and "K", is caught too: the patterns
// are ASCII at their word boundaries, so such text is matched again with
// the two folded, and where that finds more, the folded, masked text is
// returned. Text with neither rune, or with no secret behind them, comes
// back unchanged.
func String(s string) string {
	if s == "" {
		return s
	}
	m, g := mask(s)
	// Masking writes only ASCII, so a masked text has the long s or the
	// Kelvin sign only if s had them, which its first prescan (g) tells.
	// (The test below looks for ASCII "K", not the Kelvin sign, and the
	// fold maps "K" to itself: for a text with neither rune that pass
	// masked the masked text again, which changed nothing, as String is
	// idempotent: FuzzString.)
	if g&gCompat == 0 || !strings.Contains(m, "ſ") && !strings.Contains(m, "K") {
		return m
	}
	f := compatFold.Replace(m)
	if mf, _ := mask(f); mf != f {
		return mf
	}
	return m
}

// compatFold maps the two runes whose compatibility folding turns them into
// the ASCII letters of a key word.
var compatFold = strings.NewReplacer("ſ", "s", "K", "K")

// mask is String without the compatibility folding. It also returns the
// gates of s.
func mask(s string) (string, uint16) {
	g := prescan(s)
	first := g
	// A pattern can match what an earlier one left: a card number masked
	// inside a password's value ("password:!0 000000000000" becomes
	// "password:![REDACTED:card]") makes the value long enough for the
	// password pattern. So the passes repeat until one changes nothing,
	// which keeps String idempotent (FuzzString). Each pass only turns text
	// into masks, so two or three passes settle it; the bound is a guard.
	for range maxPasses {
		changed := false
		for i := range patterns {
			p := &patterns[i]
			if g&p.gate == 0 {
				continue
			}
			if ns := p.replace(s); ns != s {
				s = ns
				g = prescan(s) // later patterns see the masked text
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	return s, first
}

// maxPasses bounds mask's passes over a text.
const maxPasses = 8

// matches returns the matches of p in s, as FindAllStringSubmatchIndex:
// leftmost, non-overlapping, each search starting where the last match
// ended. A pattern with candidate offsets runs anchored at each candidate,
// on a window one byte longer than its longest match so that a \b at the
// window's end reads as it would in the whole text.
func (p *pattern) matches(s string) [][]int {
	if p.at == nil {
		return p.re.FindAllStringSubmatchIndex(s, -1)
	}
	var out [][]int
	for from := 0; from < len(s); {
		at := p.at(s, from)
		if at < 0 {
			break
		}
		w := s[at:min(len(s), at+p.maxLen+1)]
		m := p.reAt.FindStringSubmatchIndex(w)
		if m == nil {
			from = at + 1
			continue
		}
		for j := range m {
			if m[j] >= 0 {
				m[j] += at
			}
		}
		out = append(out, m)
		from = m[1]
	}
	return out
}

func (p *pattern) replace(s string) string {
	idx := p.matches(s)
	if len(idx) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range idx {
		start, end := m[0], m[1]
		kept := start
		if p.keep > 0 && m[2] >= 0 {
			kept = m[3]
		}
		if p.check != nil && !p.check(s[kept:end]) {
			continue
		}
		b.WriteString(s[last:kept])
		if strings.HasPrefix(s[kept:end], "[REDACTED") {
			// Already masked: keep as is, so that String is idempotent.
			b.WriteString(s[kept:end])
		} else {
			b.WriteString("[REDACTED:" + p.kind + "]")
		}
		last = end
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// hasDigitOrSymbol reports whether s has a character that is not a
// letter, which a word of prose rarely has and a token almost always does.
func hasDigitOrSymbol(s string) bool {
	s = strings.Trim(s, `"'`)
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// luhn reports whether the digits of s, 13 to 19 of them, pass the Luhn
// check that payment card numbers carry.
func luhn(s string) bool {
	var digits []int
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits = append(digits, int(r-'0'))
		}
	}
	if len(digits) < 13 || len(digits) > 19 {
		return false
	}
	sum := 0
	for i := len(digits) - 1; i >= 0; i-- {
		d := digits[i]
		if (len(digits)-1-i)%2 == 1 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

// ibanValid reports whether s is an IBAN whose ISO 7064 mod-97 check
// holds.
func ibanValid(s string) bool {
	s = strings.ReplaceAll(s, " ", "")
	if len(s) < 15 || len(s) > 34 {
		return false
	}
	rearranged := s[4:] + s[:4]
	rem := 0
	for _, r := range rearranged {
		switch {
		case r >= '0' && r <= '9':
			rem = (rem*10 + int(r-'0')) % 97
		case r >= 'A' && r <= 'Z':
			v := int(r-'A') + 10
			rem = (rem*100 + v) % 97
		default:
			return false
		}
	}
	return rem == 1
}
