package fallback

import "strings"

// phraseSet finds any of a list of folded phrases, each starting with a
// space (a word start), in one pass over a text: the phrases are indexed by
// the three bytes after their leading space, so a text costs one map look-up
// per space rather than one substring search per phrase. It is what the
// judge2 checks (paperwork.go, hearsay.go, pressurecues.go) use on the
// message, which may be long; containsAny stays for short record texts.
type phraseSet struct {
	byKey map[string][]string
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
			ps.byKey[p[1:4]] = append(ps.byKey[p[1:4]], p)
		}
	}
	return ps
}

// in reports whether any phrase occurs in s.
func (ps *phraseSet) in(s string) bool {
	for i := 0; i+4 <= len(s); i++ {
		if s[i] != ' ' {
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
