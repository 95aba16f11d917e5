package fallback

import "strings"

// phraseSet finds any of a list of folded phrases, each starting with a
// space (a word start), in one pass over a text: the phrases are indexed by
// the three bytes after their leading space, so a text costs one map look-up
// per space rather than one substring search per phrase. It is what the
// judge2 checks (paperwork.go, hearsay.go, pressurecues.go) use on the
// message, which may be long; containsAny stays for short record texts.
type phraseSet struct {
	// Bit b2 of pair[b1] is set when some phrase goes on with b1 b2 after
	// its space: most spaces are rejected with one load, before the map is
	// hashed.
	pair  [256][4]uint64
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
			ps.pair[p[1]][p[2]>>6] |= 1 << (p[2] & 63)
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
		if i+4 > len(s) || ps.pair[s[i+1]][s[i+2]>>6]&(1<<(s[i+2]&63)) == 0 {
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
