package fallback

import "strings"

// phraseSet finds any of a list of folded phrases, each starting with a
// space (a word start), in one pass over a text: the phrases are indexed by
// the three bytes after their leading space, so a text costs one map look-up
// per space rather than one substring search per phrase. It is what the
// judge2 checks (paperwork.go, hearsay.go, pressurecues.go) use on the
// message, which may be long; containsAny stays for short record texts.
type phraseSet struct {
	// key3 has the bit key3Bit(b1, b2, b3) set for each phrase that goes on
	// with b1 b2 b3 after its space: most spaces are rejected with one
	// load, before the map is hashed (the map still decides).
	key3  [key3Words]uint64
	byKey map[string][]string
	id    int // registration order, the set's bit in a clauseView (views.go)
}

// newPhraseSet indexes the lists' phrases. Every phrase must start with a
// space and have at least three bytes after it (TestPhraseSets checks the
// lists).
func newPhraseSet(lists ...[]string) *phraseSet {
	ps := &phraseSet{byKey: map[string][]string{}}
	registerPhraseSet(ps)
	for _, l := range lists {
		for _, p := range l {
			if len(p) < 4 || p[0] != ' ' {
				panic("phraseSet: phrase must start with a space and have three bytes after it: " + p)
			}
			w, b := key3Bit(p[1], p[2], p[3])
			ps.key3[w] |= b
			ps.byKey[p[1:4]] = append(ps.byKey[p[1:4]], p)
		}
	}
	return ps
}

// in reports whether any phrase occurs in s.
func (ps *phraseSet) in(s string) bool {
	for i := 0; i+4 <= len(s); i++ {
		// Jump to the next space (a vectorised search) rather than test
		// every byte.
		j := strings.IndexByte(s[i:], ' ')
		if j < 0 {
			break
		}
		i += j
		if i+4 > len(s) {
			continue
		}
		if w, b := key3Bit(s[i+1], s[i+2], s[i+3]); ps.key3[w]&b == 0 {
			continue
		}
		for _, p := range ps.byKey[s[i+1:i+4]] {
			if strings.HasPrefix(s[i:], p) {
				return true
			}
		}
	}
	return false
}

// key3Words is the size of phraseSet.key3 in words: 8192 bits, for a few
// dozen phrases per set a false pass under one percent.
const key3Words = 128

// key3Bit hashes three bytes to a word of key3 and a bit in it.
func key3Bit(b1, b2, b3 byte) (int, uint64) {
	h := (uint32(b1)*0x9e3779b1 ^ uint32(b2)*0x85ebca77 ^ uint32(b3)*0xc2b2ae3d) >> 19 // 13 bits
	return int(h >> 6), 1 << (h & 63)
}
