package fallback

import (
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// toLower is strings.ToLower with the same result, faster: the lower-case
// prefix is found in one byte loop and returned as it is, ASCII bytes are
// lowered by table, and the result is built in one allocation (no
// strings.Builder growth, no per-byte bounds on a builder). Invalid UTF-8
// becomes U+FFFD, one per bad byte, as strings.Map does.
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
	b := make([]byte, i, len(s))
	copy(b, s[:i])
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
