package fallback

import "strings"

// wordSet is a fixed set of words that the checks ask about one word at
// a time (stop words, link words, generic name words), read as a map
// would be: has(w) is m[w] for the map of its words.
//
// A Go map spreads one question over several cache lines: the map's
// header, its group of control bytes and slots, and the bytes of the key
// it compares, each in a place of its own. The checks ask a dozen such
// maps a few words each per analysis, and between two consultations the
// transport evicts them all: each map cost its questions some five cache
// misses. A wordSet keeps each word of up to wordSlotMax bytes inside its
// slot, sixteen bytes in an open-addressed table at most half full, so
// that a question reads one line of the table, mostly; the set's header
// is a package variable. Longer words go to a map of their own, asked
// only of a word as long.
type wordSet struct {
	slots []wordSlot // a power of two of them
	shift uint8      // 32 - log2(len(slots))
	long  map[string]bool
}

// wordSlotMax is the longest word a slot holds.
const wordSlotMax = 15

// wordSlot holds a word of 1 to wordSlotMax bytes, n its length (0 for an
// empty slot).
type wordSlot struct {
	b [wordSlotMax]byte
	n uint8
}

// newWordSet returns the set of words; an empty word is an error of the
// package (has("") is false).
func newWordSet(words ...string) wordSet {
	short := 0
	for _, w := range words {
		if w == "" {
			panic("fallback: an empty word in a wordSet")
		}
		if len(w) <= wordSlotMax {
			short++
		}
	}
	bits := uint8(1)
	for 1<<bits < 2*short {
		bits++
	}
	s := wordSet{slots: make([]wordSlot, 1<<bits), shift: 32 - bits}
	for _, w := range words {
		if len(w) > wordSlotMax {
			if s.long == nil {
				s.long = map[string]bool{}
			}
			s.long[w] = true
			continue
		}
		if s.has(w) {
			continue
		}
		i := s.hash(w)
		for s.slots[i].n != 0 {
			i = (i + 1) & uint32(len(s.slots)-1)
		}
		copy(s.slots[i].b[:], w)
		s.slots[i].n = uint8(len(w))
	}
	return s
}

// hash is the slot where a search for w (1 to wordSlotMax bytes) starts:
// its length and its first, middle and last bytes, mixed.
func (s *wordSet) hash(w string) uint32 {
	h := uint32(len(w)) | uint32(w[0])<<8 | uint32(w[len(w)-1])<<16 | uint32(w[len(w)/2])<<24
	return (h * 0x9e3779b1) >> s.shift
}

// has reports whether w is one of the set's words.
func (s *wordSet) has(w string) bool {
	if uint(len(w))-1 >= wordSlotMax { // "" or longer than a slot
		return len(w) > wordSlotMax && s.long[w]
	}
	mask := uint32(len(s.slots) - 1)
	for i := s.hash(w); ; i = (i + 1) & mask {
		e := &s.slots[i]
		if e.n == 0 {
			return false
		}
		if int(e.n) == len(w) && string(e.b[:len(w)]) == w {
			return true
		}
	}
}

// prefixList is a fixed list of stems asked whether a word starts with
// one of them (prefixOf is hasPrefixAny), held as one string of all the
// stems, their ends and their first bytes: a []string of stems made
// elsewhere leaves their bytes where they were, a cache line a stem or so
// to read them all, where the first bytes of sixty stems share one line
// and only a stem whose first byte is the word's is compared.
type prefixList struct {
	joined string
	ends   []uint16 // stem i is joined[ends[i-1]:ends[i]] (ends[-1] = 0)
	firsts string   // firsts[i] is stem i's first byte
}

// newPrefixList returns the list of stems, in their order; an empty stem
// is an error of the package.
func newPrefixList(stems []string) prefixList {
	s := prefixList{joined: strings.Join(stems, ""), ends: make([]uint16, len(stems))}
	if len(s.joined) >= 1<<16 {
		panic("fallback: a prefixList past 64 KB")
	}
	at := 0
	for i, p := range stems {
		if p == "" {
			panic("fallback: an empty stem in a prefixList")
		}
		at += len(p)
		s.ends[i] = uint16(at)
		s.firsts += p[:1]
	}
	return s
}

// prefixOf reports whether w starts with one of the stems.
func (s *prefixList) prefixOf(w string) bool {
	if w == "" {
		return false
	}
	for i := 0; ; i++ {
		j := strings.IndexByte(s.firsts[i:], w[0])
		if j < 0 {
			return false
		}
		i += j
		lo := 0
		if i > 0 {
			lo = int(s.ends[i-1])
		}
		if strings.HasPrefix(w, s.joined[lo:s.ends[i]]) {
			return true
		}
	}
}
