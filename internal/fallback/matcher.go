package fallback

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unsafe"
)

// The matcher finds every phrase of the rule pack in one pass over a folded
// text with an Aho-Corasick automaton, so that the cost of matching grows
// with the length of the text and not with the number of phrases.
//
// A phrase is a sequence of parts, each a run of literal words, separated by
// gaps: "*" (exactly one word), "#" (exactly one number) or ".." (up to three
// words within the same sentence). A word ending in "*" matches by prefix
// ("urgen*" matches "urgent" and "urgently"). Literal parts go into the
// automaton; gaps are checked afterwards on the few literal hits, which keeps
// the scan linear.

// gap kinds between two parts of a phrase.
const (
	gapNone    = iota
	gapWord    // "*": exactly one word
	gapNumber  // "#": exactly one number word
	gapUpTo    // "..": zero to maxGapWords words
	maxGapWord = 3
)

type part struct {
	lit int32 // literal id
	gap int   // gap kind before this part (gapNone for the first part)
}

// phrase is one compiled pack entry.
type phrase struct {
	label  cueLabel
	weight float64
	parts  []part
	src    string // the phrase as written, for errors and docs
	line   int
}

// automaton is a dense Aho-Corasick DFA over an alphabet of byte classes.
type automaton struct {
	class  [256]uint16
	nclass int
	// delta[state*nclass+class] is the next state, premultiplied by nclass
	// so that the scan needs no multiplication, with hasOut set when
	// entering it recognises a literal: the scan then touches out only on
	// the rare states that end a literal.
	delta []int32
	// d16, when the automaton has fewer than 1<<15 states (every built-in
	// one), is the same table in 16 bits: d16[state<<shift|class] is the
	// next state, with out16 set when entering it recognises a literal.
	// Rows are padded to a power of two (32 classes of 2 bytes: one cache
	// line per state), so the step is a shift and one small load and the
	// whole table is about half the size of delta.
	d16   []uint16
	shift uint
	// cols16 or cols32, when compact made one, replaces d16 and delta for
	// a scan of one instruction sequence per byte with no flag to strip
	// and no shift: the table is stored by column, so that the next state
	// of s on byte b is cols[col[b]+s], col holding each byte's class
	// premultiplied by the number of states. The states are renumbered so
	// that those that recognise a literal come last, from firstOut on,
	// where a single comparison finds them. With no row padding the table
	// takes any number of classes at two bytes (cols16, up to 65536
	// states) or four (cols32, beyond) per state and class.
	cols16   []uint16
	cols32   []uint32
	col      [256]uint32
	firstOut uint32
	out      [][]int32 // literal ids recognised on entering a state
	// outs replaces out when compact made its table: the literal
	// recognised on entering state s >= firstOut is outs[s-firstOut], with
	// its length, which the scan needs for the start and read from litLen
	// with a second bounds check; when the state recognises several (one
	// in twenty, a few percent of the states a text enters),
	// outs[s-firstOut] is {-1-at, n} and they are outs[at:at+n], past
	// the entries of the states (outOf). The lexicon's automaton has tens
	// of thousands of states and lives as long as the engine: as a slice
	// per state, out was a pointer for every GC cycle to mark (and
	// thousands of small objects); flat, the table holds none. A table of
	// where each state's literals start, before them, made every state a
	// scan records two cache lines to miss when the tables were evicted.
	outs   []outLit
	litLen []int
	maxOut int // the most literals a state recognises (compact)
}

// outLit is a literal a state recognises, with its length.
type outLit struct {
	id, len int32
}

// compact rewrites a's table by column (cols16, or cols32 past 65536
// states) and returns a; an automaton whose root recognises a literal, or
// whose table would pass 1<<32 entries, keeps its table. Only scan and
// scanOcc read the compact table: the other automata of the package read
// d16 themselves.
func (a *automaton) compact() *automaton { return a.compactTo(len(a.out) > 1<<16) }

// compactTo is compact, with the 32-bit table when wide (which the tests
// ask of automata that fit 16 bits too).
func (a *automaton) compactTo(wide bool) *automaton {
	n := len(a.out)
	if uint64(n)*uint64(a.nclass) > 1<<32 || len(a.out[0]) > 0 {
		return a // (an empty literal makes the root recognise one)
	}
	next := func(s, c int) int {
		if a.d16 != nil {
			return int(a.d16[s<<a.shift|c] &^ out16)
		}
		return int(a.delta[s*a.nclass+c]&^hasOut) / a.nclass
	}
	// The root (0) recognises nothing and stays first.
	newOf := make([]int, n)
	k := 0
	for s := range n {
		if len(a.out[s]) == 0 {
			newOf[s] = k
			k++
		}
	}
	a.firstOut = uint32(k)
	for s := range n {
		if len(a.out[s]) > 0 {
			newOf[s] = k
			k++
		}
	}
	if wide {
		a.cols32 = make([]uint32, n*a.nclass)
	} else {
		a.cols16 = make([]uint16, n*a.nclass)
	}
	out := make([][]int32, n)
	for s := range n {
		for c := 0; c < a.nclass; c++ {
			if t := newOf[next(s, c)]; wide {
				a.cols32[c*n+newOf[s]] = uint32(t)
			} else {
				a.cols16[c*n+newOf[s]] = uint16(t)
			}
		}
		out[newOf[s]] = a.out[s]
	}
	for b, c := range a.class {
		a.col[b] = uint32(int(c) * n)
	}
	// One entry a recognising state, and after them the lists of the
	// states that recognise several literals; the states before firstOut
	// recognise none.
	extra := 0
	for _, ids := range out[a.firstOut:] {
		if len(ids) > 1 {
			extra += len(ids)
		}
		a.maxOut = max(a.maxOut, len(ids))
	}
	a.outs = make([]outLit, n-int(a.firstOut), n-int(a.firstOut)+extra)
	for s, ids := range out[a.firstOut:] {
		if len(ids) == 1 {
			a.outs[s] = outLit{ids[0], int32(a.litLen[ids[0]])}
			continue
		}
		a.outs[s] = outLit{-1 - int32(len(a.outs)), int32(len(ids))}
		for _, id := range ids {
			a.outs = append(a.outs, outLit{id, int32(a.litLen[id])})
		}
	}
	a.out, a.d16, a.delta = nil, nil, nil
	return a
}

// outOf returns the literals that state s (firstOut or more) of the
// compact table recognises.
func (a *automaton) outOf(s uint32) []outLit {
	o := a.outs[s-a.firstOut : s-a.firstOut+1]
	if at := o[0].id; at < 0 {
		return a.outs[-1-at:][:o[0].len]
	}
	return o
}

// compacted reports whether compact made the column table.
func (a *automaton) compacted() bool { return a.cols16 != nil || a.cols32 != nil }

// colScan is scan's loop over a compact table (cols16 or cols32). The
// lexicon's scans go through colScanOcc; colScan is the plain reference
// that the tests compare it with (TestScanOccMatchesScan).
func colScan[E uint16 | uint32](a *automaton, cols []E, text string, fn func(lit int32, start int)) {
	s, first := uint32(0), a.firstOut
	for i := 0; i < len(text); i++ {
		s = uint32(cols[a.col[text[i]]+s])
		if s >= first {
			for _, o := range a.outOf(s) {
				fn(o.id, i+1-int(o.len))
			}
		}
	}
}

// out16 marks a d16 transition into a state that recognises a literal.
const out16 = 1 << 15

// buildAutomaton compiles the literals. Bytes that occur in no literal share
// class 0, which always leads back to the root.
func buildAutomaton(lits []string) *automaton {
	a := &automaton{}
	a.nclass = 1
	for _, l := range lits {
		for i := 0; i < len(l); i++ {
			if a.class[l[i]] == 0 {
				a.class[l[i]] = uint16(a.nclass)
				a.nclass++
			}
		}
	}
	// Trie.
	type node struct{ next map[uint16]int32 }
	nodes := []node{{next: map[uint16]int32{}}}
	a.out = [][]int32{nil}
	a.litLen = make([]int, len(lits))
	for id, l := range lits {
		a.litLen[id] = len(l)
		s := int32(0)
		for i := 0; i < len(l); i++ {
			c := a.class[l[i]]
			n, ok := nodes[s].next[c]
			if !ok {
				n = int32(len(nodes))
				nodes = append(nodes, node{next: map[uint16]int32{}})
				a.out = append(a.out, nil)
				nodes[s].next[c] = n
			}
			s = n
		}
		a.out[s] = append(a.out[s], int32(id))
	}
	// BFS for failure links, filling the dense transition table.
	n := len(nodes)
	a.delta = make([]int32, n*a.nclass)
	fail := make([]int32, n)
	queue := make([]int32, 0, n)
	for c := 0; c < a.nclass; c++ {
		if t, ok := nodes[0].next[uint16(c)]; ok {
			a.delta[c] = t
			fail[t] = 0
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		a.out[s] = append(a.out[s], a.out[fail[s]]...)
		for c := 0; c < a.nclass; c++ {
			if t, ok := nodes[s].next[uint16(c)]; ok {
				fail[t] = a.delta[int(fail[s])*a.nclass+c]
				a.delta[int(s)*a.nclass+c] = t
				queue = append(queue, t)
			} else {
				a.delta[int(s)*a.nclass+c] = a.delta[int(fail[s])*a.nclass+c]
			}
		}
	}
	if n < out16 {
		for 1<<a.shift < a.nclass {
			a.shift++
		}
		a.d16 = make([]uint16, n<<a.shift)
		for st := 0; st < n; st++ {
			for c := 0; c < a.nclass; c++ {
				t := a.delta[st*a.nclass+c]
				v := uint16(t)
				if len(a.out[t]) > 0 {
					v |= out16
				}
				a.d16[st<<a.shift|c] = v
			}
		}
		a.delta = nil
		return a
	}
	for i, t := range a.delta {
		v := t * int32(a.nclass)
		if len(a.out[t]) > 0 {
			v |= hasOut
		}
		a.delta[i] = v
	}
	return a
}

// hasOut marks a transition into a state that recognises a literal.
const hasOut = -1 << 31

// scan calls fn for every literal occurrence, with its start byte.
func (a *automaton) scan(text string, fn func(lit int32, start int)) {
	switch {
	case a.cols16 != nil:
		colScan(a, a.cols16, text, fn)
		return
	case a.cols32 != nil:
		colScan(a, a.cols32, text, fn)
		return
	}
	if a.d16 != nil {
		d, class, sh := a.d16, &a.class, a.shift
		s := uint(0)
		for i := 0; i < len(text); i++ {
			v := d[s<<sh|uint(class[text[i]])]
			s = uint(v &^ out16)
			if v&out16 != 0 {
				for _, id := range a.out[s] {
					fn(id, i+1-a.litLen[id])
				}
			}
		}
		return
	}
	s := int32(0)
	delta, class := a.delta, &a.class
	for i := 0; i < len(text); i++ {
		s = delta[s+int32(class[text[i]])]
		if s < 0 {
			s &^= hasOut
			for _, id := range a.out[s/int32(a.nclass)] {
				fn(id, i+1-a.litLen[id])
			}
		}
	}
}

// hit is one phrase found in a text.
type hit struct {
	phrase     int
	start, end int // byte range in the folded text
}

// lexicon is the compiled form of all phrases of a pack.
type lexicon struct {
	auto    *automaton
	lits    []string
	phrases []phrase

	// firsts[heads[id].at:heads[id+1].at] are the phrases whose first
	// part is literal id, ascending (firstOf): two flat tables where a
	// slice per literal gave every GC cycle thousands of objects to mark.
	// heads[id].len is the literal's length, and each phrase comes with
	// its second part's literal, so that find reads neither lits nor, for
	// a phrase whose second part the text lacks (most that have one), the
	// phrase: with the tables evicted between two consultations, each was
	// a cache line to miss.
	heads  []litHead
	firsts []firstPhrase

	negators map[string]bool
	// negFilter has bit min(len, 63) of negFilter[first byte & 31] set
	// for every negator: most words fail it and skip the set (isNegator).
	negFilter  [32]uint64
	negatorSet wordSet   // negators, as isNegator asks them (buildScanner)
	occPool    sync.Pool // *occIndex scratch of find, sized for lits
	// The set literals follow the pack's in the automaton (literal id
	// len(lits)+k is set literal k): the phrases of the package's phrase
	// sets and the words of its message substring sets, so that the one
	// scan of the message in collect also answers every set for it
	// (views.go: msgHas, msgHasSub, msgClauses), where each set made a
	// pass of its own over the message.
	setLen []int32
	setPS  []uint64 // bit id: set literal k is a phrase of phrase set id
	setSS  []uint64 // bit id: set literal k is a word of message substring set id
	// nPS and nSS count the sets the literals cover: the phrase sets with
	// id < nPS and the substring sets with id < nSS (those registered
	// when the pack was compiled, at most 64 of each).
	nPS, nSS int
}

// litHead is a pack literal's entry in lexicon.heads: where its phrases
// start in lexicon.firsts, and its length.
type litHead struct {
	at, len int32
}

// firstPhrase is a phrase listed under the literal of its first part
// (lexicon.firsts), with the literal of its second part, -1 for a phrase
// of one part.
type firstPhrase struct {
	phrase, second int32
}

// setMark is a set literal found in the message: literal k of the
// lexicon's set literals, starting at byte start of the folded text.
type setMark struct {
	lit, start int32
}

// buildScanner builds the automaton of the pack's literals and the set
// literals.
func (lx *lexicon) buildScanner() {
	var negs []string
	for w := range lx.negators {
		if w != "" {
			lx.negFilter[w[0]&31] |= 1 << min(len(w), 63)
			negs = append(negs, w)
		}
	}
	lx.negatorSet = newWordSet(negs...)
	all := append([]string(nil), lx.lits...)
	idx := map[string]int{}
	add := func(w string, ps, ss uint64) {
		k, ok := idx[w]
		if !ok {
			k = len(lx.setLen)
			idx[w] = k
			all = append(all, w)
			lx.setLen = append(lx.setLen, int32(len(w)))
			lx.setPS = append(lx.setPS, 0)
			lx.setSS = append(lx.setSS, 0)
		}
		lx.setPS[k] |= ps
		lx.setSS[k] |= ss
	}
	phraseSetsMu.Lock()
	pss := allPhraseSets[:min(len(allPhraseSets), 64)]
	sss := msgSubstrSets[:min(len(msgSubstrSets), 64)]
	phraseSetsMu.Unlock()
	lx.nPS, lx.nSS = len(pss), len(sss)
	for _, ps := range pss {
		for _, p := range ps.phrases {
			add(p, 1<<ps.id, 0)
		}
	}
	for _, ss := range sss {
		if ss == digitLeadSet {
			continue // below
		}
		for _, w := range ss.words {
			add(w, 0, 1<<ss.id)
		}
	}
	// The digits no other literal holds share one byte class, so that the
	// words of digitLeadSet cost the automaton one class, not one per
	// digit: each class is a column of the compact table, two bytes per
	// state (some 115 KB).
	// Such a digit can only end a literal " d", so a text's " 5" is
	// marked as " 0" would be, the same set's word of the same length.
	var rep byte
	var alias []byte
	if digitLeadSet.id < len(sss) {
		var used [256]bool
		for _, l := range all {
			for i := range len(l) {
				used[l[i]] = true
			}
		}
		for d := byte('0'); d <= '9'; d++ {
			switch {
			case used[d] || rep == 0:
				if !used[d] {
					rep = d
				}
				add(" "+string(rune(d)), 0, 1<<digitLeadSet.id)
			default:
				alias = append(alias, d)
			}
		}
	}
	a := buildAutomaton(all)
	for _, d := range alias {
		a.class[d] = a.class[rep]
	}
	lx.auto = a.compact()
}

// compilePhrase turns "skip .. approval" into parts, registering literals.
func compilePhrase(src string, litIDs map[string]int32, lits *[]string) ([]part, error) {
	fields := strings.Fields(src)
	var parts []part
	var words []string
	gap := gapNone
	closePart := func() error {
		if len(words) == 0 {
			return nil
		}
		lit := " " + strings.Join(words, " ")
		if strings.HasSuffix(lit, "*") {
			lit = strings.TrimSuffix(lit, "*")
		} else {
			lit += " "
		}
		id, ok := litIDs[lit]
		if !ok {
			id = int32(len(*lits))
			litIDs[lit] = id
			*lits = append(*lits, lit)
		}
		parts = append(parts, part{lit: id, gap: gap})
		words = words[:0]
		gap = gapNone
		return nil
	}
	for i, f := range fields {
		switch f {
		case "*", "#", "..":
			if len(words) == 0 {
				return nil, fmt.Errorf("phrase %q: a gap %q must sit between two words", src, f)
			}
			_ = closePart()
			switch f {
			case "*":
				gap = gapWord
			case "#":
				gap = gapNumber
			default:
				gap = gapUpTo
			}
			if i == len(fields)-1 {
				return nil, fmt.Errorf("phrase %q: a gap %q must sit between two words", src, f)
			}
			continue
		}
		prefix := strings.HasSuffix(f, "*") && len(f) > 1
		w := strings.TrimSuffix(f, "*")
		ft := foldedText(w)
		toks := strings.Fields(ft)
		if len(toks) == 0 {
			return nil, fmt.Errorf("phrase %q: word %q has no letters or digits", src, f)
		}
		for j, t := range toks {
			if t == "." {
				continue
			}
			if prefix && j == len(toks)-1 {
				t += "*"
			}
			if len(words) > 0 && strings.HasSuffix(words[len(words)-1], "*") {
				return nil, fmt.Errorf("phrase %q: a prefix word (ending in *) must end its part", src)
			}
			words = append(words, t)
		}
	}
	_ = closePart()
	if len(parts) == 0 {
		return nil, fmt.Errorf("phrase %q is empty", src)
	}
	return parts, nil
}

// textIndex gives word positions of a folded text, built lazily because most
// texts only need it for the few hits of multi-part phrases.
type textIndex struct {
	text string
	// words are the text's words that start after a space (every word
	// but one at byte 0), in order: their starts are what wordAt
	// searches, their ends where word cuts. For a text whose words the
	// fold gave, they are those spans as given: copying the starts out of
	// them was 3.6k instructions on a 2 KiB message, for the one or two
	// multi-part phrases a message tries.
	words []wordSpan
}

func newTextIndex(text string) *textIndex {
	// A word starts after a space, so the spaces (counted by a vectorised
	// search) bound the words: one allocation, and one pass that jumps from
	// space to space rather than testing every byte twice.
	ti := &textIndex{text: text, words: make([]wordSpan, 0, strings.Count(text, " "))}
	for i := 0; ; {
		j := strings.IndexByte(text[i:], ' ')
		if j < 0 {
			break
		}
		i += j + 1
		if i < len(text) && text[i] != ' ' {
			e := strings.IndexByte(text[i:], ' ')
			if e < 0 {
				e = len(text) - i
			}
			ti.words = append(ti.words, wordSpan{int32(i), int32(i + e)})
		}
	}
	return ti
}

// wordSpan is the byte range of one word of a folded text.
type wordSpan struct {
	start, end int32
}

// textIndexOf is newTextIndex(text) for the words of text (wordSpans):
// those after a space, which are all but one at byte 0 (TestTextIndexOf).
func textIndexOf(text string, words []wordSpan) *textIndex {
	return textIndexInto(&textIndex{}, text, words)
}

// textIndexInto is textIndexOf written to ti, which then holds words
// (not a copy).
func textIndexInto(ti *textIndex, text string, words []wordSpan) *textIndex {
	if len(words) > 0 && words[0].start == 0 {
		words = words[1:]
	}
	ti.text, ti.words = text, words
	return ti
}

// wordAt is the index of the first word starting at or after byte p.
// The search is written out, small enough to inline: sort.Search made a
// closure call per step.
func (ti *textIndex) wordAt(p int) int {
	s := ti.words
	lo, hi := 0, len(s)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(s[m].start) < p {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

func (ti *textIndex) word(i int) string {
	if i < 0 || i >= len(ti.words) {
		return ""
	}
	return ti.text[ti.words[i].start:ti.words[i].end]
}

// maxOcc is how many occurrences of one literal find keeps (the first ones):
// enough for the gap checks, and a bound on the work per literal.
const maxOcc = 64

// occIndex holds the literal occurrences of one text in scan order, each
// literal's chained in text order, in flat arrays indexed by literal id
// (pooled per lexicon, so that a case allocates no map and no per-literal
// list). The chains are made as the scan records: grouping the
// occurrences by literal afterwards (a counting sort) cost as much again
// as recording them, when the phrases read mostly a literal's first
// occurrence.
type occIndex struct {
	// lit holds, per literal id, how many occurrences are kept and where
	// the first and last are. One record per literal, not three arrays:
	// a literal's first occurrence, with the table evicted between two
	// consultations, then misses one cache line where it missed three
	// (the count read and the two indexes written).
	lit []litOcc
	// seen has bit id%64 of word id/64 set for every literal id with
	// count > 0: find asks it of the later parts of the phrases it tries,
	// and the bits of all literals take 700 bytes where their litOcc take
	// 64 KB, a line of which each question missed.
	seen  []uint64
	ids   []int32 // the literal ids seen, in first-seen order
	pairs []litAt // occurrences in scan order
	// ti is the text's word index when findMarks is given its words
	// (textIndexInto): kept with the rest, it was two allocations per
	// message, 1.6 KB at 2 KiB.
	ti textIndex
}

// litOcc is what an occIndex keeps of one literal: count occurrences
// (at most maxOcc), and when count > 0 the indexes in pairs of the first
// and the last.
type litOcc struct {
	count       uint8
	first, last int32
}

// litAt is an occurrence of literal lit at byte start; next is the index
// in occIndex.pairs of the literal's next occurrence, -1 for none.
type litAt struct {
	lit, start, next int32
}

// newOccIndex returns an occIndex for a lexicon of n literals.
func newOccIndex(n int) *occIndex {
	return &occIndex{lit: make([]litOcc, n), seen: make([]uint64, (n+63)/64)}
}

// head is the index in pairs of literal id's first occurrence, -1 for
// none; pairs[k].next leads to the others, in text order.
func (o *occIndex) head(id int32) int32 {
	if l := &o.lit[id]; l.count > 0 {
		return l.first
	}
	return -1
}

// add records an occurrence of literal id at byte start, the first
// maxOcc of each literal.
func (o *occIndex) add(id, start int32) {
	k := int32(len(o.pairs))
	l := &o.lit[id]
	switch l.count {
	case 0:
		o.ids = append(o.ids, id)
		o.seen[id>>6] |= 1 << (id & 63)
		l.first = k
	case maxOcc:
		return
	default:
		o.pairs[l.last].next = k
	}
	l.count++
	l.last = k
	o.pairs = append(o.pairs, litAt{id, start, -1})
}

// sawLater reports whether the text holds every later part of ph: chain
// fails on each start of the first part when one is missing, and most of a
// text's multi-part candidates lack one, so the test spares the word index
// lookups and the chain call per start (about 70 calls per 2 KiB message).
func (o *occIndex) sawLater(ph *phrase) bool {
	for _, p := range ph.parts[1:] {
		if !o.has(p.lit) {
			return false
		}
	}
	return true
}

// has reports whether the text holds literal id (its count > 0).
func (o *occIndex) has(id int32) bool { return o.seen[id>>6]&(1<<(id&63)) != 0 }

// reset clears what a text left, touching only the literals it saw.
func (o *occIndex) reset() {
	for _, id := range o.ids {
		o.lit[id].count = 0
		o.seen[id>>6] = 0 // every bit set is an id's of ids
	}
	o.ids, o.pairs = o.ids[:0], o.pairs[:0]
	o.ti = textIndex{} // the pool keeps no case's text or words
}

func (lx *lexicon) getOcc() *occIndex {
	if o, ok := lx.occPool.Get().(*occIndex); ok {
		return o
	}
	return newOccIndex(len(lx.lits))
}

// putOcc returns o to the pool, unless one long text made it large.
func (lx *lexicon) putOcc(o *occIndex) {
	o.reset()
	if cap(o.pairs) > 1<<16 {
		return
	}
	lx.occPool.Put(o)
}

// find returns the phrase hits in a folded text: for every phrase, its first
// occurrence. Hits preceded by a negator within three words ("never ask for
// your password") are dropped.
func (lx *lexicon) find(text string) []hit { return lx.findMarks(nil, text, nil, nil) }

// findMarks is find, which also appends the set literals it passes to
// *marks (when marks is not nil), in the order the scan meets their ends;
// words, when not nil, are wordSpans(text). It appends the hits to hits
// (room the caller keeps from text to text) and returns them.
func (lx *lexicon) findMarks(hits []hit, text string, marks *[]setMark, words []wordSpan) []hit {
	return lx.findAt(hits, text, nil, marks, words)
}

// findAt is findMarks over the fold f of text when f is not nil: the
// negation window then reads the clause marks the fold drops (negated).
func (lx *lexicon) findAt(hits []hit, text string, f *folded, marks *[]setMark, words []wordSpan) []hit {
	occ := lx.getOcc()
	defer lx.putOcc(occ)
	if lx.auto.compacted() {
		lx.scanOcc(text, occ, marks)
	} else {
		lx.auto.scan(text, func(lit int32, start int) {
			lx.record(lit, start, occ, marks)
		})
	}
	if len(occ.ids) == 0 {
		return nil
	}
	var ti *textIndex
	// Each phrase is listed under exactly one literal (its first part's), so
	// it is tried once, and its hit does not depend on the order the
	// literals are taken in: the hits are sorted by (start, phrase) at the
	// end, which is unique per hit. The first-seen order, near the text's,
	// leaves that sort little to move.
	for _, id := range occ.ids {
		h := lx.heads[id : id+2]
		for _, fp := range lx.firsts[h[0].at:h[1].at] {
			if fp.second >= 0 && !occ.has(fp.second) {
				continue // as sawLater would, without reading the phrase
			}
			pi := fp.phrase
			ph := &lx.phrases[pi]
			if fp.second >= 0 && !occ.sawLater(ph) {
				continue
			}
			for k := occ.lit[id].first; k >= 0; k = occ.pairs[k].next {
				st := int(occ.pairs[k].start)
				end := st + int(h[0].len)
				ok := true
				if fp.second >= 0 {
					if ti == nil {
						if words != nil {
							ti = textIndexInto(&occ.ti, text, words)
						} else {
							ti = newTextIndex(text)
						}
					}
					end, ok = lx.chain(ti, ph, occ, end)
				}
				if !ok {
					continue
				}
				if lx.negated(text, st, f) {
					continue
				}
				hits = append(hits, hit{phrase: int(pi), start: st, end: end})
				break
			}
		}
	}
	sortHits(hits)
	return hits
}

// sortHits orders hits by (start, phrase), which is unique per hit, so the
// order is total and any sort gives the same. A text has a few dozen hits
// at most, in literal order: an insertion sort with the comparison inline
// costs a fraction of SortFunc's, which called a closure per comparison.
func sortHits(hits []hit) {
	if len(hits) > 48 {
		slices.SortFunc(hits, func(a, b hit) int {
			if a.start != b.start {
				return cmp.Compare(a.start, b.start)
			}
			return cmp.Compare(a.phrase, b.phrase)
		})
		return
	}
	for i := 1; i < len(hits); i++ {
		h := hits[i]
		j := i
		for ; j > 0; j-- {
			p := &hits[j-1]
			if p.start < h.start || p.start == h.start && p.phrase < h.phrase {
				break
			}
			hits[j] = *p
		}
		hits[j] = h
	}
}

// scanOcc is findMarks' pass of the compacted automaton over text: every
// literal it ends goes to occ or, for a set literal, to *marks, in the
// order of scan's calls. What scan's callback did is in recordStates,
// given only the states that recognise a literal: a text passes a
// literal every few bytes, and each was a closure call.
// FuzzScanOcc compares it with scan.
func (lx *lexicon) scanOcc(text string, occ *occIndex, marks *[]setMark) {
	if a := lx.auto; a.cols16 != nil {
		colScanOcc(lx, a.cols16, text, occ, marks)
	} else {
		colScanOcc(lx, a.cols32, text, occ, marks)
	}
}

// colScanOcc is scanOcc's loop, four bytes a turn. The steps read cols
// through a pointer, with no bounds check: a state is below the number of
// states n and col[b] is a class times n (compact), so every index is in
// the table; the bytes are read unchecked too, i+3 < len(text). The loop
// tests i against len(text)-3, made once: i+4 was one more instruction
// and one more spill a turn.
//
// A state that recognises a literal is not recorded where the loop meets
// it: it is queued with its byte in hits, on the stack, and recordStates
// takes the queue after a segment of hitQueue bytes that leaves it more
// than half full, and at the end. A call per such state (177 on a 2 KiB
// case, nearly all for one literal) cost its fixed part each time, and
// every value of the loop had to be reloaded after it (Go's calls keep no
// register); the queue costs the loop two stores, and the segment loop
// has no call at all, so nothing in it spills. A segment queues at most
// hitQueue states, one a byte, so the queue never overflows. The records
// keep the scan's order.
func colScanOcc[E uint16 | uint32](lx *lexicon, cols []E, text string, occ *occIndex, marks *[]setMark) {
	a := lx.auto
	d := unsafe.Pointer(unsafe.SliceData(cols))
	tb := unsafe.Pointer(unsafe.StringData(text))
	col, first := &a.col, a.firstOut
	var e E
	step := func(s uint32, b byte) uint32 {
		return uint32(*(*E)(unsafe.Add(d, uintptr(col[b]+s)*unsafe.Sizeof(e))))
	}
	var hits [2 * hitQueue]stateAt
	nh := 0
	queue := func(s uint32, i int) {
		// nh < 2*hitQueue always (below): the mask only lets the
		// compiler drop the bounds check; the queue never wraps.
		hits[nh&(2*hitQueue-1)] = stateAt{s, int32(i)}
		nh++
	}
	s := uint32(0)
	i := 0
	for n := len(text) - 3; i < n; {
		// A segment of hitQueue bytes queues hitQueue states at most.
		for end := min(i+hitQueue, n); i < end; i += 4 {
			b := unsafe.Add(tb, i)
			if s = step(s, *(*byte)(b)); s >= first {
				queue(s, i)
			}
			if s = step(s, *(*byte)(unsafe.Add(b, 1))); s >= first {
				queue(s, i+1)
			}
			if s = step(s, *(*byte)(unsafe.Add(b, 2))); s >= first {
				queue(s, i+2)
			}
			if s = step(s, *(*byte)(unsafe.Add(b, 3))); s >= first {
				queue(s, i+3)
			}
		}
		if nh > hitQueue {
			lx.recordStates(hits[:nh], occ, marks)
			nh = 0
		}
	}
	for ; i < len(text); i++ {
		if s = step(s, text[i]); s >= first {
			queue(s, i)
		}
	}
	lx.recordStates(hits[:nh], occ, marks)
}

// hitQueue is the length of colScanOcc's queue of states to record (a
// power of two).
const hitQueue = 64

// stateAt is a state of the compact automaton that recognises a literal
// (firstOut or more), entered at byte i.
type stateAt struct {
	s uint32
	i int32
}

// recordStates records the literals that the states of hs recognise, in
// order (recordAll). It first makes room in occ for as many occurrences
// and literal ids as they can hold (maxOut each), so that recordAll
// appends to them with no call: a call on the path made the compiler
// spill recordAll's values on every literal. The marks, fewer, and the
// caller's, keep their growth call.
func (lx *lexicon) recordStates(hs []stateAt, occ *occIndex, marks *[]setMark) {
	a := lx.auto
	room := len(hs) * a.maxOut
	occ.pairs = slices.Grow(occ.pairs, room)
	occ.ids = slices.Grow(occ.ids, room)
	r := occRecorder{
		outs:     unsafe.Pointer(unsafe.SliceData(a.outs)),
		firstOut: a.firstOut, nLex: int32(len(lx.lits)),
		lit: unsafe.Pointer(unsafe.SliceData(occ.lit)), seen: unsafe.Pointer(unsafe.SliceData(occ.seen)),
		occ: occ, marks: marks,
	}
	r.recordAll(hs)
}

// occRecorder is what recordAll reads, for one batch: the compact
// automaton's output tables and the occIndex's arrays, as pointers.
type occRecorder struct {
	outs      unsafe.Pointer // &a.outs[0]
	firstOut  uint32
	nLex      int32          // literal ids from nLex on are set literals
	lit, seen unsafe.Pointer // &occ.lit[0], &occ.seen[0]
	occ       *occIndex
	marks     *[]setMark
}

// recordAll records the literals that each state of hs (from firstOut on)
// recognises on entering it at its byte: a set literal in *marks (when
// marks is not nil), a literal of the pack in occ (occIndex.add), as
// record does. The tables are read unchecked through r's pointers, as
// a state's literals are in outs (compact), and a pack literal's id is below len(lx.lits), the length of
// occ.lit, and its word below len(occ.seen) (newOccIndex); occ's slices
// have room (recordStates), their bounds checks stay.
func (r *occRecorder) recordAll(hs []stateAt) {
	const size = unsafe.Sizeof(outLit{})
	for j := range hs {
		h := &hs[j]
		// outs[k:e] are the state's literals (outOf).
		k := uintptr(h.s - r.firstOut)
		e := k + 1
		if o := (*outLit)(unsafe.Add(r.outs, k*size)); o.id < 0 {
			k = uintptr(-1 - o.id)
			e = k + uintptr(o.len)
		}
		for ; k < e; k++ {
			o := (*outLit)(unsafe.Add(r.outs, k*size))
			id, start := o.id, h.i+1-o.len
			if id >= r.nLex {
				if m := r.marks; m != nil {
					n := len(*m)
					if n == cap(*m) {
						growMarks(m)
					}
					*m = (*m)[:n+1]
					(*m)[n] = setMark{id - r.nLex, start}
				}
				continue
			}
			l := (*litOcc)(unsafe.Add(r.lit, uintptr(id)*unsafe.Sizeof(litOcc{})))
			if l.count == maxOcc {
				continue
			}
			occ := r.occ
			k := int32(len(occ.pairs))
			if l.count == 0 {
				n := len(occ.ids)
				occ.ids = occ.ids[:n+1]
				occ.ids[n] = id
				*(*uint64)(unsafe.Add(r.seen, uintptr(id>>6)*8)) |= 1 << (id & 63)
				l.first = k
			} else {
				occ.pairs[l.last].next = k
			}
			l.count++
			l.last = k
			occ.pairs = occ.pairs[:k+1]
			occ.pairs[k] = litAt{id, start, -1}
		}
	}
}

// growMarks makes room for one more mark, out of recordAll's path.
//
//go:noinline
func growMarks(m *[]setMark) { *m = slices.Grow(*m, 1) }

// record notes literal lit found at byte start: a set literal in *marks
// (when marks is not nil), a literal of the pack in occ, up to maxOcc
// times.
func (lx *lexicon) record(lit int32, start int, occ *occIndex, marks *[]setMark) {
	if nLex := int32(len(lx.lits)); lit >= nLex {
		if marks != nil {
			*marks = append(*marks, setMark{lit - nLex, int32(start)})
		}
		return
	}
	occ.add(lit, int32(start))
}

// chain checks the later parts of a phrase after a first-part hit ending at
// end; it returns the end of the whole phrase.
func (lx *lexicon) chain(ti *textIndex, ph *phrase, occ *occIndex, end int) (int, bool) {
	for k := 1; k < len(ph.parts); k++ {
		p := ph.parts[k]
		// The first word after the previous part: one that ended mid-word
		// (a prefix) skips the rest of that word too, as no word starts
		// inside it.
		next := ti.wordAt(end)
		lo, hi := 0, 0
		switch p.gap {
		case gapWord, gapNumber:
			lo, hi = 1, 1
		case gapUpTo:
			lo, hi = 0, maxGapWord
		}
		found := -1
		for k := occ.head(p.lit); k >= 0; k = occ.pairs[k].next {
			st := int(occ.pairs[k].start)
			w := ti.wordAt(st + 1)
			g := w - next
			if g < lo || g > hi {
				continue
			}
			good := true
			for m := next; m < w; m++ {
				gw := ti.word(m)
				if gw == "." || (p.gap == gapNumber && !isNumberWord(gw)) {
					good = false
					break
				}
			}
			if good {
				found = st
				break
			}
		}
		if found < 0 {
			return 0, false
		}
		end = found + len(lx.lits[p.lit])
	}
	return end, true
}

// firstOf returns the phrases whose first part is literal id.
func (lx *lexicon) firstOf(id int32) []firstPhrase {
	return lx.firsts[lx.heads[id].at:lx.heads[id+1].at]
}

// isNegator reports lx.negators[w].
func (lx *lexicon) isNegator(w string) bool {
	return w != "" && lx.negFilter[w[0]&31]&(1<<min(len(w), 63)) != 0 && lx.negatorSet.has(w)
}

// negated reports whether one of the three words before byte p is a
// negator in the same clause. The fold keeps sentence ends (" . ") but drops
// commas and dashes, so with f (the fold of text) the window also ends at a
// clause mark of the source between the negator and the hit (clauseMarkIn),
// and it never reaches back past an imperative's opening word (isOpener: please,
// bitte, por favor, s'il vous plaît): "no cover – please don't leave her
// stranded" negates the cover, not the plea after it.
func (lx *lexicon) negated(text string, p int, f *folded) bool {
	if len(lx.negators) == 0 {
		return false
	}
	e := p // text[p] is the space before the hit
	for n := 0; n < 3 && e > 0; n++ {
		s := strings.LastIndexByte(text[:e], ' ')
		if s < 0 {
			break
		}
		w := text[s+1 : e]
		if w == "." || f != nil && isOpener(w) {
			break
		}
		if lx.isNegator(w) {
			return f == nil || !clauseMarkIn(f, e, p)
		}
		e = s
	}
	return false
}

// isOpener reports a word that opens a request (folded): a negator before
// it is in another clause ("favor" of "por favor", "plait" of "s'il vous
// plaît"). A switch, not a map: negated asks it of every word it walks.
func isOpener(w string) bool {
	switch w {
	case "please", "pls", "plz", "bitte", "favor", "plait":
		return true
	}
	return false
}

// clauseMarkIn reports a comma, semicolon, colon, bracket or dash in the
// source of f between the folded bytes e (the space after a word) and p
// (the space before the next hit): the marks the fold drops. A hyphen
// counts only with a space beside it ("no cover - please"), not inside a
// word ("no-show").
func clauseMarkIn(f *folded, e, p int) bool {
	if f.src == "" || e >= len(f.text) || p+1 >= len(f.text) {
		return false
	}
	a, b := int(f.off(e-1)), int(f.off(p+1))
	if a < 0 || b > len(f.src) || a >= b {
		return false
	}
	s := f.src[a:b]
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ',', ';', ':', '(', ')':
			return true
		case '-':
			if i > 0 && s[i-1] == ' ' || i+1 < len(s) && s[i+1] == ' ' {
				return true
			}
		}
	}
	return strings.Contains(s, "–") || strings.Contains(s, "—")
}

var numberWords = map[string]bool{
	"a": true, "one": true, "two": true, "three": true, "four": true, "five": true, "six": true,
	"seven": true, "eight": true, "nine": true, "ten": true, "eleven": true, "twelve": true,
	"fifteen": true, "twenty": true, "thirty": true, "forty": true, "fifty": true, "few": true,
	"couple": true, "several": true, "dozen": true, "hundred": true, "half": true, "an": true,
	"uno": true, "una": true, "dos": true, "tres": true, "cuatro": true, "cinco": true, "diez": true,
	"ein": true, "eine": true, "zwei": true, "drei": true, "vier": true, "funf": true, "zehn": true,
	"un": true, "une": true, "deux": true, "trois": true, "quatre": true, "cinq": true, "dix": true,
}

func isNumberWord(w string) bool {
	if w == "" {
		return false
	}
	if numberWords[w] {
		return true
	}
	digits := 0
	for i := 0; i < len(w); i++ {
		if w[i] >= '0' && w[i] <= '9' {
			digits++
		}
	}
	return digits > 0 && digits >= len(w)-2 // "30", "5pm", "24h", "3rd"
}
