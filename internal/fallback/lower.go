package fallback

import (
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// toLower is strings.ToLower with the same result, faster: the lower-case
// prefix is found in one byte loop and returned as it is, ASCII bytes are
// lowered by table, and the result is built in one allocation (no
// strings.Builder growth, no per-byte append while the text is ASCII).
// Invalid UTF-8 becomes U+FFFD, one per bad byte, as strings.Map does.
func toLower(s string) string {
	i := 0
	for i < len(s) {
		c := s[i]
		if c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			break
		}
		i++
	}
	if i == len(s) {
		return s
	}
	// ASCII (nearly all text) is lowered by table into a buffer of the
	// final size, one indexed store per byte; from the first other byte on,
	// the rest is appended rune by rune.
	b := make([]byte, len(s))
	copy(b, s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			break
		}
		b[i] = lowerASCII[c]
	}
	if i == len(s) {
		return unsafe.String(unsafe.SliceData(b), len(b))
	}
	b = b[:i]
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			b = append(b, lowerASCII[c])
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, "\uFFFD"...)
			i++
			continue
		}
		if lr := unicode.ToLower(r); lr != r {
			b = utf8.AppendRune(b, lr)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// lowerASCII maps each ASCII byte to its lower case.
var lowerASCII = func() (t [utf8.RuneSelf]byte) {
	for i := range t {
		c := byte(i)
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		t[i] = c
	}
	return t
}()
