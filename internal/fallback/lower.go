package fallback

import (
	"encoding/binary"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// toLower is strings.ToLower with the same result, faster: the lower-case
// prefix is found in one byte loop and returned as it is, ASCII bytes are
// lowered by table, and the result is built in one allocation (no
// strings.Builder growth, no per-byte append while the text is ASCII).
// Invalid UTF-8 becomes U+FFFD, one per bad byte, as strings.Map does.
//
// Both ASCII loops go eight bytes at a time while the bytes are ASCII
// (swar), which is most of a case's text.
func toLower(s string) string {
	sb := unsafe.Slice(unsafe.StringData(s), len(s))
	i := 0
	for i+8 <= len(s) {
		if x := binary.LittleEndian.Uint64(sb[i:]); x&hi8 != 0 || upperBits(x) != 0 {
			break
		}
		i += 8
	}
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
	for i+8 <= len(s) {
		x := binary.LittleEndian.Uint64(sb[i:])
		if x&hi8 != 0 {
			break
		}
		binary.LittleEndian.PutUint64(b[i:], x|upperBits(x)>>2)
		i += 8
	}
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

// hi8 has the high bit of each of eight bytes.
const hi8 = 0x8080808080808080

// upperBits has the high bit set in each byte of x that is an ASCII capital
// letter, for x of eight ASCII bytes (no high bit set): adding 0x80-'A'
// sets a byte's high bit from 'A' up, adding 0x80-'Z'-1 from 'Z'+1 up, and
// no byte carries into the next. upperBits(x)>>2 is then 0x20 on exactly
// the capitals, the bit that lowers them.
func upperBits(x uint64) uint64 {
	const ones = 0x0101010101010101
	return (x + (0x80-'A')*ones) &^ (x + (0x80-'Z'-1)*ones) & hi8
}

// lowDesc is toLower of the action's description, lowered once per case:
// the checks that read it lowered it again each.
func (st *state) lowDesc() string {
	if !st.lowDescOK {
		st.lowDescS, st.lowDescOK = toLower(st.c.Action.Description), true
	}
	return st.lowDescS
}

// lowAction is toLower of the action's name, lowered once per case.
func (st *state) lowAction() string {
	if !st.lowActOK {
		st.lowActS, st.lowActOK = toLower(st.c.Action.Action), true
	}
	return st.lowActS
}

// sameLower reports toLower(a) == toLower(b), making neither when the
// bytes that decide are ASCII: toLower maps an ASCII byte to one byte in
// place, so an ASCII prefix decides as far as it goes.
func sameLower(a, b string) bool {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		c, d := a[i], b[i]
		if c|d >= utf8.RuneSelf {
			return toLower(a) == toLower(b)
		}
		if lowerASCII[c] != lowerASCII[d] {
			return false
		}
	}
	rest := a[n:]
	if len(b) > n {
		rest = b[n:]
	}
	if isASCII(rest) {
		return rest == "" // an ASCII tail keeps its length, lowered
	}
	return toLower(a) == toLower(b)
}
