package fallback

import (
	"iter"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// textView holds forms of one text of the case that several checks read
// (a trusted record, a policy statement, an earlier turn, the goal, the
// action's description or recipient), each computed on first use and kept
// for the rest of the analysis. Before it, each check split and folded the
// same record again: a case with one system fact had it cut into sentences
// and folded sentence by sentence a dozen times.
//
// A view belongs to a text, not to a record: the checks clip records at
// different sizes (16 KiB, 2 KiB, 200 bytes, not at all), and a view keyed
// by the clipped text itself is right for every clip without the checks
// having to agree on one. A long record then has a view per clip, each
// built once. The clip nearly every check reads, a trusted entry's first
// maxClaimBytes, is the exception: its view is kept by the entry's index
// (st.rec), because keying it by its text hashed and compared up to 16 KiB
// on each of the twenty-odd asks per record and case.
type textView struct {
	s        string
	sents    []string          // splitSentences(s)
	fsents   []string          // foldText of each of sents
	lsents   []string          // toLower of each of sents
	ssents   []map[string]bool // stemSet of each of sents, each made on first ask
	clauses  []string          // splitClauses(s)
	fclauses []string          // foldText of each of clauses
	lclauses []string          // toLower of each of clauses
	// fold, low and amounts are held by value, each with its flag, rather
	// than through a pointer that cost an allocation per view.
	fold     string    // foldText(s).text, when foldOK
	low      string    // toLower(s), when lowOK
	amounts  []float64 // parseMoney(s), when amountsOK
	foldOK   bool
	lowOK    bool
	amtOK    bool
	countMap map[string]int // countsIn(folded()), when countsOK
	countsOK bool
	lowSubs  groupBits // recLowerGroup's sets in lower()
	foldSubs groupBits // recFoldGroup's sets in folded()
	polSubs  groupBits // polFoldGroup's sets in folded()
	polLow   groupBits // polLowerGroup's sets in lower()
	// negKnown and negHas: bit i, hasNeg of lowerSentences()[i] is known,
	// and holds (recSent.hasNeg), for the first 64 sentences.
	negKnown, negHas uint64
	// ascii and digit: s is all ASCII, s holds an ASCII digit; when
	// bytesOK.
	ascii, digit, bytesOK bool
	sentsOK               bool
	clOK                  bool
}

// recViews holds the state's views of the records and of the action's
// description, each made on first use.
type recViews struct {
	texts map[string]*textView // by the clipped text
	recs  []textView           // of st.trusted[i] clipped to maxClaimBytes, by i, when recsOK
	// slab holds the views text makes, a chunk at a time: a view each was
	// an allocation each. Kept, emptied, from case to case (release).
	slab   []textView
	recsOK bool
	// seen lists the views text has found or made, by where their text
	// is: most asks pass the same string (a policy's Statement, the
	// description), which a pointer and a length find without hashing
	// its bytes. Kept, emptied, from case to case (release).
	seen  []seenText
	ids   []string // idTokens(action description), when idsOK
	idsOK bool
	stems map[string]bool // stemSet(action description clipped to maxClaimBytes)
}

// descIDs returns idTokens of the action's description, which four checks
// tie records to. The slice is shared: callers must not change it.
func (st *state) descIDs() []string {
	if !st.rv.idsOK {
		st.rv.ids, st.rv.idsOK = idTokens(st.c.Action.Description), true
	}
	return st.rv.ids
}

// descStems returns stemSet of the action's description clipped to
// maxClaimBytes. The set is shared: callers must not change it.
func (st *state) descStems() map[string]bool {
	if st.rv.stems == nil {
		st.rv.stems = stemSet(clipBytes(st.c.Action.Description, maxClaimBytes))
	}
	return st.rv.stems
}

// text returns the view of s, which the caller has clipped as its check
// clips it. Views are made only when a check asks, so a case whose records
// no check reads pays nothing.
func (st *state) text(s string) *textView {
	p := unsafe.StringData(s)
	for _, e := range st.rv.seen {
		if e.p == p && e.n == len(s) {
			return e.tv
		}
	}
	tv := st.textByContent(s)
	if len(st.rv.seen) < maxSeenTexts {
		st.rv.seen = append(st.rv.seen, seenText{p, len(s), tv})
	}
	return tv
}

// seenText is one entry of recViews.seen: the view of the string of n
// bytes at p.
type seenText struct {
	p  *byte
	n  int
	tv *textView
}

// maxSeenTexts bounds recViews.seen: a case asks for a dozen or so texts,
// and past this many a scan of the list would cost more than the hash.
const maxSeenTexts = 24

// textByContent is text's look-up by the string's bytes, for a string
// first seen at a new place: the same text read from another copy (a
// clip, a record's statement as a trusted entry) shares the view.
func (st *state) textByContent(s string) *textView {
	if tv, ok := st.rv.texts[s]; ok {
		return tv
	}
	if st.rv.texts == nil {
		st.rv.texts = make(map[string]*textView, 8)
	}
	if len(st.rv.slab) == cap(st.rv.slab) {
		// A new chunk, not a grown copy: the views made so far stay where
		// the map points.
		st.rv.slab = make([]textView, 0, max(8, 2*cap(st.rv.slab)))
	}
	st.rv.slab = append(st.rv.slab, textView{s: s})
	tv := &st.rv.slab[len(st.rv.slab)-1]
	st.rv.texts[s] = tv
	return tv
}

// madeFolding returns text(s).folded() when an earlier check has made it,
// without making a view: a check that may read one of two texts first
// reads first the one that costs nothing.
func (st *state) madeFolding(s string) (string, bool) {
	if tv, ok := st.rv.texts[s]; ok && tv.foldOK {
		return tv.fold, true
	}
	return "", false
}

// rec returns the view of a trusted record's first maxClaimBytes, where
// the sentence-level checks read it. An entry of st.trusted finds its view
// by its index, without hashing its text; any other trustedText by its
// clipped text.
func (st *state) rec(t trustedText) *textView {
	if t.at == 0 {
		return st.text(clipBytes(t.text, maxClaimBytes))
	}
	if !st.rv.recsOK {
		// One array for all the entries' views, an earlier case's where it
		// is large enough: a case's trusted list is fixed before the checks
		// run.
		if n := len(st.trusted); cap(st.rv.recs) >= n {
			st.rv.recs = st.rv.recs[:n]
		} else {
			st.rv.recs = make([]textView, n)
		}
		st.rv.recsOK = true
		for i, e := range st.trusted {
			st.rv.recs[i].s = clipBytes(e.text, maxClaimBytes)
		}
	}
	return &st.rv.recs[t.at-1]
}

// whole returns the view of a trusted entry's whole text. Where no clip
// cuts the text it is the entry's own view (rec), so the checks that read
// the whole record and those that read its first maxClaimBytes share one
// view, as they did when views were keyed by text.
func (st *state) whole(t trustedText) *textView {
	if t.at != 0 && len(t.text) <= maxClaimBytes {
		return st.rec(t)
	}
	return st.text(t.text)
}

// recSent is one sentence of a trusted entry's first maxClaimBytes, as the
// record-sentence walks read it. Its folded and lowered forms come from the
// entry's view, made on first ask for all of the entry's sentences.
type recSent struct {
	t    trustedText // the entry
	tv   *textView   // st.rec(t)
	i    int         // the sentence's index in tv.sentences()
	text string      // the sentence as written
}

// folded returns foldText(...).text of the sentence.
func (r recSent) folded() string { return r.tv.foldedSentences()[r.i] }

// lower returns toLower of the sentence.
func (r recSent) lower() string { return r.tv.lowerSentences()[r.i] }

// hasNeg reports hasNeg(r.lower()), kept in the entry's view: a dozen
// checks walk the record sentences and ask it of each, a pass of negSet
// and a prefix test per negation word every time (TestRecSentHasNeg).
func (r recSent) hasNeg() bool {
	if r.i >= 64 {
		return hasNeg(r.lower())
	}
	bit := uint64(1) << r.i
	if r.tv.negKnown&bit == 0 {
		r.tv.negKnown |= bit
		if hasNeg(r.lower()) {
			r.tv.negHas |= bit
		}
	}
	return r.tv.negHas&bit != 0
}

// stems returns stemSet of the sentence. The set is shared: callers must
// not change it.
func (r recSent) stems() map[string]bool { return r.tv.sentenceStems(r.i) }

// records yields the system facts and verified evidence with their views,
// in the order of st.trusted.
func (st *state) records() iter.Seq2[trustedText, *textView] {
	return func(yield func(trustedText, *textView) bool) {
		for _, t := range st.trusted {
			if t.isRecord() && !yield(t, st.rec(t)) {
				return
			}
		}
	}
}

// recordSentences yields every sentence of the system facts and verified
// evidence, record by record, in order. A break in the walk's body ends the
// whole walk; a walk that tests a record as a whole before its sentences,
// or moves on to the next record from inside one, ranges over records and
// each record's recSents instead.
func (st *state) recordSentences() iter.Seq[recSent] {
	return st.trustedSentences(trustedText.isRecord)
}

// notTurn reports a trusted entry that is not an earlier turn: a record or
// an owner fact.
func (t trustedText) notTurn() bool { return t.kind != "earlier turn" }

// trustedSentences yields every sentence of the trusted entries keep
// accepts, entry by entry, in order.
func (st *state) trustedSentences(keep func(trustedText) bool) iter.Seq[recSent] {
	return func(yield func(recSent) bool) {
		for _, t := range st.trusted {
			if !keep(t) {
				continue
			}
			tv := st.rec(t)
			for i, s := range tv.sentences() {
				if !yield(recSent{t, tv, i, s}) {
					return
				}
			}
		}
	}
}

// recSents yields the sentences of t, whose view tv is.
func (tv *textView) recSents(t trustedText) iter.Seq[recSent] {
	return func(yield func(recSent) bool) {
		for i, s := range tv.sentences() {
			if !yield(recSent{t, tv, i, s}) {
				return
			}
		}
	}
}

// sentences returns splitSentences of the text. The slice is shared:
// callers must not change it.
func (tv *textView) sentences() []string {
	if !tv.sentsOK {
		tv.sents = splitSentences(tv.s)
		tv.sentsOK = true
	}
	return tv.sents
}

// foldedSentences returns foldText(...).text of each of sentences(), in
// the same order.
func (tv *textView) foldedSentences() []string {
	if tv.fsents == nil {
		ss := tv.sentences()
		tv.fsents = make([]string, len(ss))
		if len(ss) == 1 {
			if f, ok := tv.soleSentenceFold(ss[0]); ok {
				tv.fsents[0] = f
				return tv.fsents
			}
		}
		for i, s := range ss {
			tv.fsents[i] = foldedText(s)
		}
	}
	return tv.fsents
}

// soleSentenceFold returns foldedText(sent) from the fold of the whole
// text, when sent is the text's only sentence and the whole fold answers
// for it: most records are one sentence, and their whole fold is made by
// the checks that read a record as a whole, so the sentence walks then fold
// nothing of their own. The sentence is the whole text, or the text less a
// final '.' that follows a letter or digit: that '.' only adds the sentence
// end " . " to the fold (FuzzSoleSentenceFold).
func (tv *textView) soleSentenceFold(sent string) (string, bool) {
	switch n := len(sent); {
	case n == len(tv.s):
		return tv.folded(), true
	case n > 0 && n == len(tv.s)-1 && tv.s[n] == '.' && isAlnumByte(sent[n-1]):
		if f := tv.folded(); strings.HasSuffix(f, " . ") {
			return f[:len(f)-2], true
		}
	}
	return "", false
}

// sentenceStems returns stemSet of sentences()[i], made on first ask: a
// record sentence is read for its stems by up to a dozen checks, and most
// sentences by none. The set is shared: callers must not change it.
func (tv *textView) sentenceStems(i int) map[string]bool {
	if tv.ssents == nil {
		tv.ssents = make([]map[string]bool, len(tv.sentences()))
	}
	if tv.ssents[i] == nil {
		tv.ssents[i] = foldedStems(tv.foldedSentences()[i])
	}
	return tv.ssents[i]
}

// clauseList returns splitClauses of the text (shared, like sentences).
func (tv *textView) clauseList() []string {
	if !tv.clOK {
		tv.clauses = splitClauses(tv.s)
		tv.clOK = true
	}
	return tv.clauses
}

// foldedClauses returns foldText(...).text of each of clauseList().
func (tv *textView) foldedClauses() []string {
	if tv.fclauses == nil {
		cs := tv.clauseList()
		tv.fclauses = make([]string, len(cs))
		for i, c := range cs {
			tv.fclauses[i] = foldedText(c)
		}
	}
	return tv.fclauses
}

// folded returns foldText(s).text of the whole text.
func (tv *textView) folded() string {
	if !tv.foldOK {
		tv.fold, tv.foldOK = foldedText(tv.s), true
	}
	return tv.fold
}

// counts returns countsIn of the folded text, which the count-limit and
// quantity checks both ask of the action's description. The map is
// shared: callers must not change it.
func (tv *textView) counts() map[string]int {
	if !tv.countsOK {
		tv.countMap, tv.countsOK = countsIn(tv.folded()), true
	}
	return tv.countMap
}

// lower returns toLower of the whole text.
func (tv *textView) lower() string {
	if !tv.lowOK {
		tv.low, tv.lowOK = toLower(tv.s), true
	}
	return tv.low
}

// lowerHas reports ss.in(tv.lower()). The sets the checks ask of a
// record's lower case (recLowerGroup) are answered together, in one pass,
// the first time any of them is asked.
func (tv *textView) lowerHas(ss *substrSet) bool {
	return tv.lowSubs.has(recLowerGroup, ss, tv.lower())
}

// recLowerGroup holds the substring sets the checks ask of a record's
// lower case: eight asks of each record, by six checks, were a pass each.
// The negation and paid/refunded words, the record gates of
// checkPrecondition and checkAlreadyDone, joined later.
var recLowerGroup = newSubstrGroup(recSets[0], recSets[1], recSets[2], recDigitSets[0], recDigitSets[1], recDigitSets[2],
	bankWordSet, lapsedSet, reversalSet, standingLapsedSet, negWordSet, paidWordSet, refundedWordSet)

// foldedHas reports ss.in(tv.folded()) for a record's view. The sets the
// checks ask of every record's folding (recFoldGroup) are answered
// together, in one pass, the first time any of them is asked.
func (tv *textView) foldedHas(ss *substrSet) bool {
	return tv.foldSubs.has(recFoldGroup, ss, tv.folded())
}

// policyFoldedHas is foldedHas for a policy's view (polFoldGroup).
func (tv *textView) policyFoldedHas(ss *substrSet) bool {
	return tv.polSubs.has(polFoldGroup, ss, tv.folded())
}

// policyLowerHas is lowerHas for a policy's view (polLowerGroup): the
// "only" and "anyone" leads and the limit and on-file words four checks
// ask of each policy's lower case, each a pass of its own before.
func (tv *textView) policyLowerHas(ss *substrSet) bool {
	return tv.polLow.has(polLowerGroup, ss, tv.lower())
}

var polLowerGroup = newSubstrGroup(onlyLeadSet, onlyNameSet, anyoneLeadSet, factLimitSet, onFileRuleSet)

// recFoldGroup and polFoldGroup hold the substring sets the checks ask,
// unconditionally, of each record's and each policy's folding: gates
// before a check reads the text further, five of each record and four of
// each policy, each a pass of its own. A group's pass probes at its
// shortest word's stride, and a probe that passes its filters tries the
// words of every set, so a group holds only sets of long words that are
// asked of nearly every such text; a set asked only after another's hit
// (splitBanSet, todaySet, condLeadSet) or of short words (dayUnitSet,
// stride 2) costs less on its own (a group of all twelve cost more than
// the passes it replaced).
var (
	recFoldGroup = newSubstrGroup(recordDeadlineSet, priceStemSet, splitStemSet, ownerStemSet, a14UnlinkedSet)
	polFoldGroup = newSubstrGroup(forbidMarkSet, banMarkSet, reservedMarkSet, splitStemSet)
)

// policyHas reports ss.in(v.policy(i)), from the policy's view
// (policyFoldedHas).
func (v *j3fold) policyHas(i int, ss *substrSet) bool {
	return v.st.text(v.st.policies()[i].Statement).policyFoldedHas(ss)
}

// recordHas reports ss.in(v.record(i)), from the entry's view (foldedHas).
func (v *j3fold) recordHas(i int, ss *substrSet) bool {
	return v.st.rec(v.st.trusted[i]).foldedHas(ss)
}

// lowerSentences returns toLower of each of sentences(), in the same order.
func (tv *textView) lowerSentences() []string {
	if tv.lsents == nil {
		ss := tv.sentences()
		tv.lsents = make([]string, len(ss))
		if ascii, _ := tv.asciiDigit(); ascii {
			// ASCII lowers byte for byte, so each sentence's lower case
			// is a slice of the whole text's, which the checks that read
			// a record whole have made (TestLowerSentences).
			low := tv.lower()
			base := uintptr(unsafe.Pointer(unsafe.StringData(tv.s)))
			for i, s := range ss {
				at := int(uintptr(unsafe.Pointer(unsafe.StringData(s))) - base)
				tv.lsents[i] = low[at : at+len(s)]
			}
			return tv.lsents
		}
		for i, s := range ss {
			tv.lsents[i] = toLower(s)
		}
	}
	return tv.lsents
}

// lowerClauses returns toLower of each of clauseList(), in the same order.
func (tv *textView) lowerClauses() []string {
	if tv.lclauses == nil {
		cs := tv.clauseList()
		tv.lclauses = make([]string, len(cs))
		for i, c := range cs {
			tv.lclauses[i] = toLower(c)
		}
	}
	return tv.lclauses
}

// money returns parseMoney of the whole text: the amounts it states. The
// slice is shared: callers must not change it.
func (tv *textView) money() []float64 {
	if !tv.amtOK {
		tv.amounts, tv.amtOK = parseMoney(tv.s), true
	}
	return tv.amounts
}

// asciiDigit reports whether the text is all ASCII and whether it holds an
// ASCII digit, read once: recMayMatchView asks both of each record for
// each pattern pair the message gates, and lowerSentences the first.
func (tv *textView) asciiDigit() (ascii, digit bool) {
	if !tv.bytesOK {
		tv.ascii, tv.digit, tv.bytesOK = true, false, true
		for i := 0; i < len(tv.s); i++ {
			if c := tv.s[i]; c >= utf8.RuneSelf {
				tv.ascii = false
				break
			} else if c >= '0' && c <= '9' {
				tv.digit = true
			}
		}
	}
	return tv.ascii, tv.digit
}
