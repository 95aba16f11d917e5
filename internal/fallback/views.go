package fallback

import (
	"strings"
	"sync"
)

// views holds forms of the case's texts that several checks need, each
// computed on first use and kept for the rest of the analysis: before
// them, each check re-split and re-folded the same texts. A check that
// never asks for a view does not pay for it.
type views struct {
	msgTok *[]string // strings.Fields of the folded message, clipped to maxClaimBytes
	// actStems is stemSet(description clipped to actClip bytes + " " +
	// actionWords(action)); the checks only read it.
	actStems map[string]bool
	actClip  int         // len of the clipped description actStems was built from
	clauses  *clauseView // the folded message's clauses and their phrase sets
}

// actionSep turns an action name's separators into spaces
// ("payment:vendor_bank_change" reads as words); built once, not per call.
var actionSep = strings.NewReplacer(":", " ", "_", " ")

// actionWords is the action name, clipped to 200 bytes, as words.
func actionWords(action string) string { return actionSep.Replace(clipBytes(action, 200)) }

// actionStems returns the stems of the action's description (clipped to
// clip bytes) and name, which five checks compare records against. The
// checks clip at two sizes; a description within both gives the same set,
// so one is kept, keyed by the clipped length (both clips are prefixes of
// the same description). The set is shared: callers must not change it.
func (st *state) actionStems(clip int) map[string]bool {
	a := st.c.Action
	d := clipBytes(a.Description, clip)
	if st.v.actStems == nil || st.v.actClip != len(d) {
		st.v.actStems = stemSet(d + " " + actionWords(a.Action))
		st.v.actClip = len(d)
	}
	return st.v.actStems
}

// msgTokens returns the words of the folded message up to maxClaimBytes,
// as strings.Fields gives them (claimedElapsed, clockDeadline).
// msgHead is the folded message as the sentence-level checks read it: its
// first maxClaimBytes, where the claims that matter are, which keeps a huge
// message linear and cheap.
func (st *state) msgHead() string { return clipBytes(st.msg.text, maxClaimBytes) }

func (st *state) msgTokens() []string {
	if st.v.msgTok == nil {
		t := foldedFields(st.msgHead())
		st.v.msgTok = &t
	}
	return *st.v.msgTok
}

// foldedFields is strings.Fields(s) for a folded text, or a prefix of one,
// whose only white space is the single space between words: the spaces are
// counted by a vectorised search and the words cut from space to space,
// where strings.Fields tests every byte twice (TestFoldedFields).
func foldedFields(s string) []string {
	out := make([]string, 0, strings.Count(s, " ")+1)
	for {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			break
		}
		if i > 0 {
			out = append(out, s[:i])
		}
		s = s[i+1:]
	}
	if s != "" {
		out = append(out, s)
	}
	return out
}

// substrSet answers containsAny(s, words...) for a fixed word list in one
// pass over s. containsAny runs one substring search per word, which is
// cheap on a record sentence but on a whole message with a list of thirty
// words was the largest single cost of the judgment checks (about a sixth
// of a 2 KiB analysis). The set indexes the words by their first two bytes:
// a bitmap rejects most positions with one load, and only a position whose
// two bytes start some word looks the candidates up.
type substrSet struct {
	pair   [256][4]uint64  // bit b2 of pair[b1]: some word starts with b1 b2
	byPair key3Map[string] // the words by their first two bytes, packKey3(0, b1, b2)
	short  []string        // words under two bytes, searched directly
}

func newSubstrSet(words ...[]string) *substrSet {
	ss := &substrSet{}
	byPair := map[uint32][]string{}
	for _, l := range words {
		for _, w := range l {
			if len(w) < 2 {
				ss.short = append(ss.short, w)
				continue
			}
			b1, b2 := w[0], w[1]
			ss.pair[b1][b2>>6] |= 1 << (b2 & 63)
			k := packKey3(0, b1, b2)
			byPair[k] = append(byPair[k], w)
		}
	}
	// A map keyed by the pair hashed it on every candidate position, most
	// of the cost of in on a long message.
	ss.byPair = newPackedMap(byPair)
	return ss
}

// in reports whether any of the set's words occurs in s; it is
// containsAny(s, words...) (TestSubstrSetMatchesContainsAny).
func (ss *substrSet) in(s string) bool {
	for _, w := range ss.short {
		if strings.Contains(s, w) {
			return true
		}
	}
	for i := 0; i+1 < len(s); i++ {
		b1, b2 := s[i], s[i+1]
		if ss.pair[b1][b2>>6]&(1<<(b2&63)) == 0 {
			continue
		}
		for _, w := range ss.byPair.get(0, b1, b2) {
			if strings.HasPrefix(s[i:], w) {
				return true
			}
		}
	}
	return false
}

// allPhraseSets are the package's phrase sets in registration order
// (newPhraseSet appends); a set's index is its id.
var (
	allPhraseSets []*phraseSet
	phraseSetsMu  sync.Mutex
)

func registerPhraseSet(ps *phraseSet) {
	phraseSetsMu.Lock()
	defer phraseSetsMu.Unlock()
	ps.id = len(allPhraseSets)
	allPhraseSets = append(allPhraseSets, ps)
}

// clauseView is a folded text cut into clauses (clausesOf), with the
// phrase sets found in each. The clause checks (pressurecues.go,
// paperwork.go, hearsay.go) each cut the message and asked two to four sets
// per clause, about five passes over the message in all; the view cuts once
// and, the first time a clause is asked about, finds every set in it in one
// pass (clauseMatcher).
type clauseView struct {
	cl    []string
	done  []bool   // the clause's mask is computed
	found []uint64 // bit id: set id occurs in the clause
}

func newClauseView(folded string) *clauseView {
	cl := clausesOf(folded)
	return &clauseView{cl: cl, done: make([]bool, len(cl)), found: make([]uint64, len(cl))}
}

// has reports ps.in(cv.cl[i]) (TestClauseView, FuzzClauseView).
func (cv *clauseView) has(i int, ps *phraseSet) bool {
	cm := clauseSets()
	if ps.id >= cm.n {
		return ps.in(cv.cl[i])
	}
	if !cv.done[i] {
		cv.done[i] = true
		cv.found[i] = cm.mask(cv.cl[i])
	}
	return cv.found[i]&(1<<ps.id) != 0
}

// clauseMatcher finds, in one pass over a text, which of the first 64
// phrase sets occur in it: the union of their phrases, keyed like a
// phraseSet, each phrase carrying its set's bit.
type clauseMatcher struct {
	n      int // the sets with id < n are in the matcher
	key3   [unionWords]uint64
	byKey  map[string][]maskedPhrase
	byKey3 key3Map[maskedPhrase] // byKey for look-ups (phraseSet.byKey3)
}

// unionWords sizes the union's three-byte filter: 32768 bits for the few
// hundred keys of all the sets.
const unionWords = 512

func unionBit(b1, b2, b3 byte) (int, uint64) {
	h := (uint32(b1)*0x9e3779b1 ^ uint32(b2)*0x85ebca77 ^ uint32(b3)*0xc2b2ae3d) >> 17 // 15 bits
	return int(h >> 6), 1 << (h & 63)
}

type maskedPhrase struct {
	p   string
	bit uint64
}

var (
	clauseMatch     *clauseMatcher
	clauseMatchOnce sync.Once
)

// clauseSets builds the combined matcher on first use, after every
// package-level set has registered.
func clauseSets() *clauseMatcher {
	clauseMatchOnce.Do(func() {
		phraseSetsMu.Lock()
		sets := allPhraseSets[:min(len(allPhraseSets), 64)]
		phraseSetsMu.Unlock()
		// Sets past 64, or made after this (tests make some), are asked
		// directly by clauseView.has.
		cm := &clauseMatcher{byKey: map[string][]maskedPhrase{}, n: len(sets)}
		for _, ps := range sets {
			for k, l := range ps.byKey {
				for _, p := range l {
					w, b := unionBit(p[1], p[2], p[3])
					cm.key3[w] |= b
					cm.byKey[k] = append(cm.byKey[k], maskedPhrase{p, 1 << ps.id})
				}
			}
		}
		cm.byKey3 = newKey3Map(cm.byKey)
		clauseMatch = cm
	})
	return clauseMatch
}

// mask returns the bits of the sets whose in(s) is true: phraseSet.in's
// loop over the union of the phrases, not stopping at a hit.
func (cm *clauseMatcher) mask(s string) uint64 {
	var m uint64
	for i := 0; i+4 <= len(s); i++ {
		j := strings.IndexByte(s[i:], ' ')
		if j < 0 {
			break
		}
		i += j
		if i+4 > len(s) {
			continue
		}
		if w, b := unionBit(s[i+1], s[i+2], s[i+3]); cm.key3[w]&b == 0 {
			continue
		}
		for _, mp := range cm.byKey3.get(s[i+1], s[i+2], s[i+3]) {
			if m&mp.bit == 0 && strings.HasPrefix(s[i:], mp.p) {
				m |= mp.bit
			}
		}
	}
	return m
}

// msgClauses returns the clause view of the folded message.
func (st *state) msgClauses() *clauseView {
	if st.v.clauses == nil {
		st.v.clauses = newClauseView(st.msg.text)
	}
	return st.v.clauses
}
