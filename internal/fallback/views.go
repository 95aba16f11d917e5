package fallback

import (
	"sort"
	"strings"
	"sync"
	"unsafe"
)

// views holds forms of the case's texts that several checks need, each
// computed on first use and kept for the rest of the analysis: before
// them, each check re-split and re-folded the same texts. A check that
// never asks for a view does not pay for it.
type views struct {
	msgTok   []string // strings.Fields of the folded message, clipped to maxClaimBytes, when msgTokOK
	msgTokOK bool
	// actStems is stemSet(description clipped to actClip bytes + " " +
	// actionWords(action)); the checks only read it.
	actStems map[string]bool
	actClip  int         // len of the clipped description actStems was built from
	clauses  *clauseView // the folded message's clauses and their phrase sets
	// marks are the set literals collect's scan found in the folded
	// message (marked: that scan ran), from which msgHas, msgHasSub and
	// msgClauses answer without a pass of their own.
	marks  []setMark
	marked bool
	// psUnion has bit id for every phrase set with a phrase among marks
	// (psUnionOK: computed), for msgMayHave.
	psUnion   uint64
	psUnionOK bool
	// markBuf holds the first marks, in the state rather than in slices
	// grown one by one: a message has a few dozen, most of them the
	// co-occurrence gate's, which cooccur takes out again (cogate.go).
	markBuf [64]setMark
	// turnMarks are the set literals of an earlier turn of the
	// counterparty's, for cooccur only, in turnBuf when they fit.
	turnMarks []setMark
	turnBuf   [32]setMark
	// msgWords are wordSpans of the folded message (collect), nil
	// before; wordBuf is their array, kept from case to case (release).
	msgWords []wordSpan
	wordBuf  []wordSpan
	// digits are the indexes in msgWords of the words that start with a
	// digit, when digitsOK (msgDigitWords), in digitBuf while they fit.
	digits   []int32
	digitsOK bool
	digitBuf [8]int32
	// cvBuf is where msgClauses builds the marked clause view; its arrays
	// are kept from case to case (release).
	cvBuf clauseView
	// actWords caches actionWords of the action name, when actWordsOK.
	actWords   string
	actWordsOK bool
	// tokBuf is msgTokens' array, kept (cleared) from case to case
	// (release): the head's words of a 2 KiB message were 6 KB of
	// pointers a case, the largest of its allocations after the fold.
	tokBuf []string
	// pad is paddedHead's string, when padOK, written in padBuf, an array
	// kept from case to case (release).
	pad    string
	padBuf []byte
	padOK  bool
	// stores caches internalStore by its argument: three checks ask it of
	// the recipient (as written or lowered), a lowering and two set passes
	// each time.
	stores [2]storeAns
	// stops are the offsets of " . " in stopText (stopOK), the sentence
	// breaks of a folded text: three urgency checks each searched back
	// from the same cue for the same break (sentenceStart).
	stopText string
	stops    []int
	stopOK   bool
	stopBuf  [32]int
}

// storeAns is one internalStore answer, for its argument r.
type storeAns struct {
	r      string
	is, ok bool
}

// internalStore is internalStore(r), kept for the case.
func (st *state) internalStore(r string) bool {
	for i := range st.v.stores {
		a := &st.v.stores[i]
		if !a.ok {
			a.r, a.is, a.ok = r, internalStore(r), true
			return a.is
		}
		if a.r == r {
			return a.is
		}
	}
	return internalStore(r)
}

// sentenceStart is strings.LastIndex(s[:pos], " . ") for a text the state
// keeps for the case (a cue's folded text), from the text's breaks found
// once; sentenceEnd is strings.Index(s[pos:], " . ") from them. Breaks may
// overlap (" . . "): all are kept, as the searches would find them
// (TestSentenceBreaks).
func (st *state) sentenceStart(s string, pos int) int {
	stops := st.breaks(s)
	// The last break that ends by pos.
	k := sort.Search(len(stops), func(i int) bool { return stops[i]+3 > pos })
	if k == 0 {
		return -1
	}
	return stops[k-1]
}

// sentenceEnd is strings.Index(s[pos:], " . ") (see sentenceStart).
func (st *state) sentenceEnd(s string, pos int) int {
	stops := st.breaks(s)
	k := sort.Search(len(stops), func(i int) bool { return stops[i] >= pos })
	if k == len(stops) {
		return -1
	}
	return stops[k] - pos
}

// breaks returns the offsets of " . " in s, every one, overlapping or
// not, in order. The last text's are kept: the urgency checks ask of
// one cue's text after another.
func (st *state) breaks(s string) []int {
	// The same string compares equal without reading it.
	if st.v.stopOK && st.v.stopText == s {
		return st.v.stops
	}
	out := st.v.stopBuf[:0]
	if st.v.stopOK && cap(st.v.stops) > len(st.v.stopBuf) {
		out = st.v.stops[:0]
	}
	// Each break is the one dot between its spaces: the dots are few and
	// found by a vectorised search, where searching for " . " stopped at
	// every space of the text.
	for off := 0; ; {
		i := strings.IndexByte(s[off:], '.')
		if i < 0 {
			break
		}
		k := off + i
		if k >= 1 && k+1 < len(s) && s[k-1] == ' ' && s[k+1] == ' ' {
			out = append(out, k-1)
		}
		off = k + 1
	}
	st.v.stopText, st.v.stops, st.v.stopOK = s, out, true
	return out
}

// actionWords is the action name, clipped to 200 bytes, as words: its
// separators ':' and '_' become spaces ("payment:vendor_bank_change" reads
// as words). One allocation where strings.Replacer took two; ASCII
// separators never sit inside a multi-byte rune, so bytes are replaced as
// they come (TestActionWords).
func actionWords(action string) string {
	s := clipBytes(action, 200)
	if !strings.ContainsAny(s, ":_") {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if c == ':' || c == '_' {
			b[i] = ' '
		}
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// actionWords is actionWords(action name), made once per case.
func (st *state) actionWords() string {
	if !st.v.actWordsOK {
		st.v.actWords, st.v.actWordsOK = actionWords(st.c.Action.Action), true
	}
	return st.v.actWords
}

// actionStems returns the stems of the action's description (clipped to
// clip bytes) and name, which five checks compare records against. The
// checks clip at two sizes; a description within both gives the same set,
// so one is kept, keyed by the clipped length (both clips are prefixes of
// the same description). The set is shared: callers must not change it.
func (st *state) actionStems(clip int) map[string]bool {
	a := st.c.Action
	d := clipBytes(a.Description, clip)
	if st.v.actStems == nil || st.v.actClip != len(d) {
		st.v.actStems = stemSet(d + " " + st.actionWords())
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
	if !st.v.msgTokOK {
		var t []string
		if st.v.msgWords != nil {
			t = headFieldsInto(st.v.tokBuf[:0], st.msg.text, len(st.msgHead()), st.v.msgWords)
			st.v.tokBuf = t
		} else {
			t = foldedFields(st.msgHead())
		}
		st.v.msgTok, st.v.msgTokOK = t, true
	}
	return st.v.msgTok
}

// headFields is foldedFields(text[:head]) from the words of text
// (wordSpans): those that start within the head, the last cut at its end
// (TestHeadFields).
func headFields(text string, head int, words []wordSpan) []string {
	return headFieldsInto(nil, text, head, words)
}

// headFieldsInto is headFields written to dst's array where it has room.
func headFieldsInto(dst []string, text string, head int, words []wordSpan) []string {
	// Only the words that start in the head: sized for all of them, a
	// 1 MiB message's slice took 2.7 MB to keep the first 16 KiB's words.
	n := sort.Search(len(words), func(i int) bool { return int(words[i].start) >= head })
	out := dst[:0]
	if cap(out) < n || out == nil {
		out = make([]string, n)
	}
	ws := words[:n]
	out = out[:len(ws)]
	for i, w := range ws {
		out[i] = text[w.start:w.end]
	}
	// Only the last word can cross the head's end: the words are in order
	// and apart, and all of them start before it.
	if n > 0 && int(ws[n-1].end) > head {
		out[n-1] = text[ws[n-1].start:head]
	}
	return out
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
// of a 2 KiB analysis). The set probes the pairs of bytes at multiples of
// its shortest word's length less one (pairIndex).
type substrSet struct {
	// short are the words under two bytes, searched directly; ix holds
	// the others. in reads these first, together.
	short []string
	ix    pairIndex
	// groups and gidx: the first two groups made with the set, and its
	// bit in each, so that groupBits.has finds the bit without a scan of
	// the group's sets (a dozen asks a case, of groups of up to 19 sets).
	groups [2]*substrGroup
	gidx   [2]uint8
	// words and id, for a message substring set (newMsgSubstrSet): its
	// words and its bit in the lexicon's set literals.
	words []string
	id    int
	// all is every word of the set, for a substrGroup that answers it
	// with other sets.
	all []string
}

// msgSubstrSets are the substring sets registered by newMsgSubstrSet, in
// order; a set's index is its id.
var msgSubstrSets []*substrSet

// newMsgSubstrSet is newSubstrSet for a set asked about the message
// (msgHasSub): its words join the lexicon's set literals, so that the
// message is not scanned for it again.
func newMsgSubstrSet(words ...[]string) *substrSet {
	ss := newSubstrSet(words...)
	for _, l := range words {
		ss.words = append(ss.words, l...)
	}
	phraseSetsMu.Lock()
	defer phraseSetsMu.Unlock()
	ss.id = len(msgSubstrSets)
	msgSubstrSets = append(msgSubstrSets, ss)
	return ss
}

// msgMarks returns the lexicon whose set literals marked the message, or
// nil when no scan did (a state built without inspect).
func (st *state) msgMarks() *lexicon {
	if !st.v.marked || st.e == nil {
		return nil
	}
	return st.e.lx
}

// msgHas reports ps.in(st.msgHead()): whether a phrase of ps ends within
// the head among the set literals the message's scan found
// (TestMessageSetViews).
func (st *state) msgHas(ps *phraseSet) bool {
	head := st.msgHead()
	lx := st.msgMarks()
	if lx == nil || ps.id >= lx.nPS {
		return ps.in(head)
	}
	bit := uint64(1) << ps.id
	for _, m := range st.v.marks {
		if lx.setPS[m.lit]&bit != 0 && int(m.start)+int(lx.setLen[m.lit]) <= len(head) {
			return true
		}
	}
	return false
}

// msgMayHave reports whether a clause of the message may hold a phrase of
// each of sets: false only when the message's lexicon scan (marks) found
// no phrase of one of them anywhere in the message, so that no clause can
// have it. The clause checks ask it first, and a message without their
// words costs them neither the clause view nor a pass over its clauses.
func (st *state) msgMayHave(sets ...*phraseSet) bool {
	lx := st.msgMarks()
	if lx == nil {
		return true
	}
	if !st.v.psUnionOK {
		var u uint64
		for _, m := range st.v.marks {
			u |= lx.setPS[m.lit]
		}
		st.v.psUnion, st.v.psUnionOK = u, true
	}
	for _, ps := range sets {
		if ps.id < lx.nPS && st.v.psUnion&(1<<ps.id) == 0 {
			return false
		}
	}
	return true
}

// paddedHead returns " "+st.msgHead()+" ", which two checks read whole
// and cut into padded sentences. It is written once per case into an array
// the state keeps from case to case: the string is valid only while the
// case is analysed, and callers must not keep it or any piece of it.
func (st *state) paddedHead() string {
	if !st.v.padOK {
		h := st.msgHead()
		b := append(grow(st.v.padBuf[:0], len(h)+2), ' ')
		b = append(append(b, h...), ' ')
		st.v.padBuf = b
		st.v.pad, st.v.padOK = unsafe.String(unsafe.SliceData(b), len(b)), true
	}
	return st.v.pad
}

// msgHasPadded reports ps.in(" "+st.msgHead()+" "). A folded head starts
// with a space, and it ends with one unless the clip cut a word: then the
// pads only add a second space at either end, which no phrase has
// (TestPhraseSets), so the answer is msgHas's.
func (st *state) msgHasPadded(ps *phraseSet) bool {
	head := st.msgHead()
	if head == "" || head[0] != ' ' || head[len(head)-1] != ' ' {
		return ps.in(" " + head + " ")
	}
	return st.msgHas(ps)
}

// msgHasSub reports ss.in(st.msgHead()) for a set made by newMsgSubstrSet
// (TestMessageSetViews).
func (st *state) msgHasSub(ss *substrSet) bool {
	head := st.msgHead()
	lx := st.msgMarks()
	if lx == nil || ss.words == nil || ss.id >= lx.nSS {
		return ss.in(head)
	}
	bit := uint64(1) << ss.id
	for _, m := range st.v.marks {
		if lx.setSS[m.lit]&bit != 0 && int(m.start)+int(lx.setLen[m.lit]) <= len(head) {
			return true
		}
	}
	return false
}

func newSubstrSet(words ...[]string) *substrSet {
	ss := &substrSet{}
	var long []groupWord
	seen := map[string]bool{}
	stride := maxStride
	for _, l := range words {
		for _, w := range l {
			ss.all = append(ss.all, w)
			if len(w) < 2 {
				ss.short = append(ss.short, w)
				continue
			}
			if !seen[w] {
				seen[w] = true
				long = append(long, groupWord{w, 1})
				stride = min(stride, len(w)-1)
			}
		}
	}
	ss.ix = newPairIndex(long, stride)
	return ss
}

// maxStride bounds a probe's stride (a shorter stride than the words
// allow is only slower).
const maxStride = 8

// in reports whether any of the set's words occurs in s; it is
// containsAny(s, words...) (TestSubstrSetMatchesContainsAny,
// TestSubstrSetStride, FuzzSubstrSet).
func (ss *substrSet) in(s string) bool {
	for _, w := range ss.short {
		if strings.Contains(s, w) {
			return true
		}
	}
	return ss.ix.find(s, 0) != 0
}

// substrGroup answers several substring sets about one text in one pass:
// bit i of bits(s) is sets[i].in(s). The checks ask the same few texts (a
// record's lower case, the folded policies) about one set each, a pass
// over the text per set; a group asks them once, and the text's view keeps
// the bits (TestSubstrGroupMatchesSets).
type substrGroup struct {
	// short holds the words under two bytes, searched directly (the
	// package's groups have none); ix every other word of the sets, each
	// with the bits of the sets that hold it.
	short []groupWord
	ix    pairIndex
	sets  []*substrSet
}

// groupWord is a word of a group's sets, with the bits of the sets that
// hold it.
type groupWord struct {
	w    string
	sets uint64
}

func newSubstrGroup(sets ...*substrSet) *substrGroup {
	if len(sets) > 64 {
		panic("substrGroup: more than 64 sets")
	}
	g := &substrGroup{sets: sets}
	byWord := map[string]uint64{}
	var order []string
	for i, ss := range sets {
		for k := range ss.groups {
			if ss.groups[k] == nil {
				ss.groups[k], ss.gidx[k] = g, uint8(i)
				break
			}
		}
		for _, w := range ss.all {
			if _, ok := byWord[w]; !ok {
				order = append(order, w)
			}
			byWord[w] |= 1 << i
		}
	}
	var long []groupWord
	stride := maxStride
	for _, w := range order {
		gw := groupWord{w, byWord[w]}
		if len(w) < 2 {
			g.short = append(g.short, gw)
			continue
		}
		long = append(long, gw)
		stride = min(stride, len(w)-1)
	}
	g.ix = newPairIndex(long, stride)
	return g
}

// bits returns the sets that occur in s: bit i is g.sets[i].in(s).
func (g *substrGroup) bits(s string) uint64 {
	var found uint64
	for _, gw := range g.short {
		if found&gw.sets != gw.sets && strings.Contains(s, gw.w) {
			found |= gw.sets
		}
	}
	return g.ix.find(s, found)
}

// index returns ss's bit in g's answers, or -1 when g does not hold it.
func (g *substrGroup) index(ss *substrSet) int {
	if ss.groups[0] == g {
		return int(ss.gidx[0])
	}
	if ss.groups[1] == g {
		return int(ss.gidx[1])
	}
	for i, x := range g.sets {
		if x == ss {
			return i
		}
	}
	return -1
}

// groupBits caches a group's bits for one text.
type groupBits struct {
	bits uint64
	ok   bool
}

// has reports ss.in(s), from the group's bits for s, computed on first
// ask; s must be the same text on every ask.
func (gb *groupBits) has(g *substrGroup, ss *substrSet, s string) bool {
	i := g.index(ss)
	if i < 0 {
		return ss.in(s)
	}
	if !gb.ok {
		gb.bits, gb.ok = g.bits(s), true
	}
	return gb.bits&(1<<i) != 0
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
	n     int      // found covers the sets with id < n
}

func newClauseView(folded string) *clauseView {
	cl := clausesOf(folded)
	return &clauseView{cl: cl, done: make([]bool, len(cl)), found: make([]uint64, len(cl)), n: clauseSets().n}
}

// markedClauseView is newClauseView(folded) for the folded message whose
// set literals lx's scan found (marks), every clause's mask filled from
// them: the phrases are space-led and hold no ".", so a phrase occurs in
// a clause exactly when the message has it starting in that clause and
// ending before the clause does. The view is built in cv, reusing its
// done and found arrays where they are large enough (the state keeps them
// from case to case).
func markedClauseView(folded string, lx *lexicon, marks []setMark, cv *clauseView) *clauseView {
	cl := clausesOf(folded)
	done, found := cv.done, cv.found
	if cap(done) >= len(cl) && cap(found) >= len(cl) {
		done, found = done[:len(cl)], found[:len(cl)]
		clear(found)
	} else {
		done, found = make([]bool, len(cl)), make([]uint64, len(cl))
	}
	*cv = clauseView{cl: cl, done: done, found: found, n: lx.nPS}
	for i := range cv.done {
		cv.done[i] = true
	}
	if len(marks) == 0 {
		return cv
	}
	starts := make([]int, len(cl))
	off := 0
	for i, c := range cl {
		starts[i] = off
		off += len(c) + 1
	}
	for _, m := range marks {
		b := lx.setPS[m.lit]
		if b == 0 {
			continue
		}
		s := int(m.start)
		i := sort.SearchInts(starts, s+1) - 1
		if s+int(lx.setLen[m.lit]) <= starts[i]+len(cl[i]) {
			cv.found[i] |= b
		}
	}
	return cv
}

// has reports ps.in(cv.cl[i]) (TestClauseView, FuzzClauseView).
func (cv *clauseView) has(i int, ps *phraseSet) bool {
	if ps.id >= cv.n {
		return ps.in(cv.cl[i])
	}
	if !cv.done[i] {
		cv.done[i] = true
		cv.found[i] = clauseSets().mask(cv.cl[i])
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
		if lx := st.msgMarks(); lx != nil {
			st.v.clauses = markedClauseView(st.msg.text, lx, st.v.marks, &st.v.cvBuf)
		} else {
			st.v.clauses = newClauseView(st.msg.text)
		}
	}
	return st.v.clauses
}
