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
	// byKey3 is byKey as a small open-addressed table on the three bytes,
	// which in answers: a map look-up hashed the key string, about a third
	// of the cost of in.
	byKey3 key3Map[string]
	id     int // registration order, the set's bit in a clauseView (views.go)
	// phrases are the set's phrases in the order given, for the lexicon's
	// set literals (matcher.go).
	phrases []string
}

// newPhraseSet indexes the lists' phrases. Every phrase must start with a
// space and have at least three bytes after it (TestPhraseSets checks the
// lists).
func newPhraseSet(lists ...[]string) *phraseSet {
	ps := &phraseSet{byKey: map[string][]string{}}
	for _, l := range lists {
		for _, p := range l {
			if len(p) < 4 || p[0] != ' ' {
				panic("phraseSet: phrase must start with a space and have three bytes after it: " + p)
			}
			w, b := key3Bit(p[1], p[2], p[3])
			ps.key3[w] |= b
			ps.byKey[p[1:4]] = append(ps.byKey[p[1:4]], p)
			ps.phrases = append(ps.phrases, p)
		}
	}
	ps.byKey3 = newKey3Map(ps.byKey)
	// Registered complete: a lexicon compiled meanwhile reads its phrases.
	registerPhraseSet(ps)
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
		for _, p := range ps.byKey3.get(s[i+1], s[i+2], s[i+3]) {
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

// key3Map maps three bytes to a list, for the phrase sets' look-ups: an
// open-addressed table of packed keys, at most half full.
type key3Map[T any] struct {
	keys  []uint32 // packKey3 of the key, 0 for an empty slot
	vals  [][]T
	shift uint32 // 32 - log2(len(keys))
}

func packKey3(b1, b2, b3 byte) uint32 {
	return 1<<24 | uint32(b1)<<16 | uint32(b2)<<8 | uint32(b3)
}

// newKey3Map indexes m, whose keys are three bytes long.
func newKey3Map[T any](m map[string][]T) key3Map[T] {
	pm := make(map[uint32][]T, len(m))
	for k, v := range m {
		pm[packKey3(k[0], k[1], k[2])] = v
	}
	return newPackedMap(pm)
}

// newPackedMap indexes m, whose keys are packKey3 values.
func newPackedMap[T any](m map[uint32][]T) key3Map[T] {
	bits := uint32(1)
	for 1<<bits < 2*len(m) {
		bits++
	}
	t := key3Map[T]{keys: make([]uint32, 1<<bits), vals: make([][]T, 1<<bits), shift: 32 - bits}
	for k, v := range m {
		h := t.slot(k)
		t.keys[h], t.vals[h] = k, v
	}
	return t
}

// slot is where key k is or would go.
func (t *key3Map[T]) slot(k uint32) int {
	mask := len(t.keys) - 1
	h := int((k * 0x9e3779b1) >> t.shift)
	for t.keys[h] != 0 && t.keys[h] != k {
		h = (h + 1) & mask
	}
	return h
}

// get returns the list for the key b1 b2 b3, or nil.
func (t *key3Map[T]) get(b1, b2, b3 byte) []T {
	return t.vals[t.slot(packKey3(b1, b2, b3))]
}
