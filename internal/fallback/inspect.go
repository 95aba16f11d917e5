package fallback

import (
	"cmp"
	"iter"
	"math/bits"
	"slices"
	"sync"
	"unsafe"

	"github.com/a2atrust/shield/internal/consult"
)

// Where a cue was found. The message is the counterparty's latest word and
// counts fully; the situation context and earlier counterparty turns count a
// little less, because they may describe rather than press.
const (
	srcMessage = iota
	srcContext
	srcHistory
)

var srcWeight = [...]float64{1.0, 0.8, 0.85}
var srcName = [...]string{"message", "situation context", "earlier turn"}

// cue is one phrase hit, kept with a quote of the original text.
type cue struct {
	label  cueLabel
	weight float64
	src    int
	text   *folded // the folded text it was found in, for a lazy quote
	phrase string
	pos    int
	end    int
	srcIdx int // which text of that source (history turn number)
}

// finding is one structural fact about the case.
type finding struct {
	tactic consult.Tactic // the tactic it supports, or "" for stakes-only findings
	kind   string
	score  float64 // contribution to the tactic's score
	sig    consult.Level
	hard   bool
	obs    string
	refs   []string
	disp   consult.Disposition // the disposition this finding asks for on its own
	claim  *consult.Claim
	reason string // one rationale sentence
	// pressed marks an "ineligible" finding that an office or a favour
	// presses (pressIneligible, judge13a.go): checkJudge13fLate keeps its
	// tactic by this mark, not by finding pressIneligible's cue again.
	pressed bool
}

// state is everything Analyze learns about one case.
type state struct {
	e        *Engine
	c        *consult.Case
	cues     cueTable
	findings []finding
	capMemo  []clauseCaps // judge14i.go: capAmountsOf
	tension  bool
	warning  bool
	calm     bool
	scores   tacticScores
	tactics  []consult.Tactic
	stakes   consult.Level
	stakeWhy []string
	trusted  []trustedText
	msg      folded
	nText    int
	v        views // per-case views the checks share, computed once (views.go)
	// knownDomains caches knownDomainList (once knownOK). The caches
	// below hold their values with a flag, not behind a pointer that cost
	// an allocation each.
	knownDomains []string
	knownOK      bool
	// corrob: a verified counterparty, an in-scope action and a record that
	// speaks to the request; weak cues are damped.
	corrob bool
	// internal caches internalFlow: 0 unknown, 1 yes, -1 no.
	internal int8
	extAddr  int8 // externalAddress's answer: 0 unknown, 1 yes, -1 no
	// holderAway caches relayedWeight's reading of the message (judge17a.go):
	// 0 unknown, 1 the holder cannot be asked, -1 not said.
	holderAway int8
	apprMet    int8   // approvalStepMet's answer (approvedthreshold.go): 0 unknown, 1 yes, -1 no
	lowMsg     string // lowMessage's cache, when lowMsgOK
	// lowDesc's and lowAction's caches (lower.go), when lowDescOK and
	// lowActOK: a dozen checks lower the action's description and name.
	lowDescS  string
	lowDescOK bool
	lowActS   string
	lowActOK  bool
	lowMsgOK  bool
	lowGates  uint32           // judgeGates.mask(lowMessage()) | gatesDone once computed
	ctlSpans  [][2]int         // with lowGates: the control sentences of lowMessage() (msgScan)
	msgSents  []sentence       // with lowGates: the sentences of the message's first maxClaimBytes (msgScan)
	pols      []consult.Policy // policies' cache, when polsOK
	polsOK    bool
	rv        recViews  // per-case views of the records and the action (recordviews.go)
	words     caseWords // the masked texts of the case and the findings' words (text.go)
	// freeCues are emptied cue slices of an earlier case (release), which
	// addCue hands to a label's first cue instead of growing a new slice.
	freeCues [][]cue
	// hitBuf is collect's room for the lexicon's hits, kept from text to
	// text and case to case (hits hold no pointers).
	hitBuf []hit
	// sentBuf is msgSents' array, kept (cleared) from case to case.
	sentBuf []sentence
	// msgOffs is the array of the folded message's offsets (st.msg.orig),
	// kept from case to case: at four bytes per folded byte it was the
	// largest allocation of an analysis (9 KB at 2 KiB).
	msgOffs []int32
	// msgRuns is the array of the folded message's runs (st.msg.runs),
	// kept from case to case (runs hold no pointers).
	msgRuns []offRun
}

// statePool keeps states, with their maps and slices, from one Analyze to
// the next: building them afresh was a quarter of an analysis's
// allocations, and garbage the collector then had to scan.
var statePool = sync.Pool{New: func() any { return new(state) }}

// Buffers above these sizes are not kept for the next case, so that one
// huge case does not pin its memory in the pool.
const (
	maxPooledCues     = 256
	maxPooledFindings = 256
	maxPooledViews    = 64
	maxPooledClauses  = 1024
	maxPooledTokens   = 8192 // the words of a maxClaimBytes head, one letter each
	maxPooledWords    = 1 << 14
	maxPooledOffs     = 1 << 16
	maxPooledSents    = 1024
)

// newState returns an empty state for c, with the buffers of a pooled one.
func newState(e *Engine, c *consult.Case) *state {
	st := statePool.Get().(*state)
	st.e, st.c = e, c
	return st
}

// release empties st and returns it to statePool. Everything Analyze
// returns is built from fresh memory (compose), so nothing of st outlives
// the case; the kept slices are cleared so that the pool pins no case's
// texts.
func (st *state) release() {
	free := st.freeCues
	for _, qs := range &st.cues {
		if cap(qs) == 0 || cap(qs) > maxPooledCues || sharesArray(free, qs) {
			continue
		}
		clear(qs[:cap(qs)])
		free = append(free, qs[:0])
	}
	findings := st.findings
	if cap(findings) > maxPooledFindings {
		findings = nil
	}
	clear(findings[:cap(findings)])
	trusted, tactics, why := st.trusted, st.tactics, st.stakeWhy
	clear(trusted[:cap(trusted)])
	clear(why[:cap(why)])
	hits := st.hitBuf
	if cap(hits) > maxPooledCues {
		hits = nil
	}
	cv := clauseView{done: st.v.cvBuf.done[:0], found: st.v.cvBuf.found[:0]}
	if cap(cv.done) > maxPooledClauses || cap(cv.found) > maxPooledClauses {
		cv = clauseView{}
	}
	texts, slab, recs := st.rv.texts, st.rv.slab, st.rv.recs
	if len(texts) > maxPooledViews {
		texts = nil // a cleared map keeps its room
	}
	clear(texts)
	if cap(slab) > maxPooledViews {
		slab = nil
	}
	if cap(recs) > maxPooledViews {
		recs = nil
	}
	clear(slab[:cap(slab)])
	clear(recs[:cap(recs)])
	tok := st.v.tokBuf
	if cap(tok) > maxPooledTokens {
		tok = nil
	}
	clear(tok[:cap(tok)])
	offs := st.msgOffs
	if cap(offs) > maxPooledOffs {
		offs = nil
	}
	runs := st.msgRuns
	if cap(runs) > maxPooledOffs/16 {
		runs = nil
	}
	sents := st.sentBuf
	if cap(sents) > maxPooledSents {
		sents = nil
	}
	clear(sents[:cap(sents)])
	wb := st.v.wordBuf // spans hold no pointers: kept as they are
	if cap(wb) > maxPooledWords {
		wb = nil
	}
	*st = state{
		findings: findings[:0],
		tactics:  tactics[:0],
		stakeWhy: why[:0],
		trusted:  trusted[:0],
		freeCues: free,
		rv:       recViews{texts: texts, slab: slab[:0], recs: recs[:0], seen: st.rv.seen[:0]},
		v:        views{cvBuf: cv, tokBuf: tok[:0], wordBuf: wb[:0], padBuf: st.v.padBuf[:0]},
		hitBuf:   hits[:0],
		msgOffs:  offs[:0],
		msgRuns:  runs[:0],
		sentBuf:  sents[:0],
	}
	statePool.Put(st)
}

// sharesArray reports whether qs starts where one of free does: a label's
// slice is its own (the checks that rewrite one keep it under its label),
// but a slice kept twice would be handed to two labels.
func sharesArray(free [][]cue, qs []cue) bool {
	p := unsafe.SliceData(qs[:1])
	for _, f := range free {
		if unsafe.SliceData(f[:1]) == p {
			return true
		}
	}
	return false
}

// addCue appends q to its label's cues, starting a new label's list in an
// emptied slice of an earlier case where there is one.
func (st *state) addCue(q cue) {
	qs := st.cues[q.label]
	if qs == nil && len(st.freeCues) > 0 {
		n := len(st.freeCues) - 1
		qs = st.freeCues[n]
		st.freeCues[n] = nil
		st.freeCues = st.freeCues[:n]
	}
	if len(qs) == cap(qs) {
		// Room for a few cues at once: the emptied slices go to labels in
		// no particular order, and one grown by one cue at a time would be
		// reallocated in every case.
		qs = slices.Grow(qs, max(8, len(qs)))
	}
	st.cues[q.label] = append(qs, q)
}

// policies returns the case's policies with their statements cut to a
// total of maxClaimBytes, in order, so that the pattern checks over them
// cost at most that much however many and long the policies are. Policies
// are the owner's and rarely come near it; text beyond it is not checked.
func (st *state) policies() []consult.Policy {
	if st.polsOK {
		return st.pols
	}
	budget := maxClaimBytes
	out := make([]consult.Policy, 0, len(st.c.Policies))
	for _, p := range st.c.Policies {
		if budget <= 0 {
			break
		}
		p.Statement = clipBytes(p.Statement, budget)
		budget -= len(p.Statement)
		out = append(out, p)
	}
	st.pols, st.polsOK = out, true
	return out
}

// trustedText is a statement the engine may check the counterparty against.
type trustedText struct {
	id   string
	text string
	kind string // "system fact", "verified evidence", "owner fact", "earlier turn"
	// at is 1 + the entry's index in st.trusted, where its view is kept
	// (st.rec); 0 for a trustedText made anywhere else.
	at int
}

// isRecord reports a system fact or verified evidence: what the owner's
// systems hold, as against what the owner or an earlier turn said.
func (t trustedText) isRecord() bool {
	return t.kind == "system fact" || t.kind == "verified evidence"
}

func (e *Engine) inspect(c *consult.Case) *state {
	st := newState(e, c)
	var words []wordSpan
	st.msg, words = foldTextInto(c.Message, st.msgOffs, st.msgRuns, st.v.wordBuf)
	st.msgOffs, st.msgRuns = st.msg.orig, st.msg.runs
	st.v.msgWords, st.v.wordBuf = words, words
	st.v.marked = true // collect's scan of the message marks the set literals
	st.v.marks = st.v.markBuf[:0]
	st.collect(st.msg, srcMessage, words)
	if c.SituationContext != "" {
		st.collect(foldText(c.SituationContext), srcContext, nil)
	}
	for _, t := range c.History {
		if t.Role == consult.RoleCounterparty && t.Text != "" {
			f, words := foldTextWords(t.Text)
			st.collect(f, srcHistory, words)
		}
	}
	for _, f := range c.Facts {
		switch {
		case f.Status == consult.FactDisputed || f.Status == consult.FactContradicted:
		case f.Source == consult.SourceSystem || f.Status == consult.FactVerified:
			st.trusted = append(st.trusted, trustedText{f.ID, f.Statement, "system fact", len(st.trusted) + 1})
		case f.Source == consult.SourceOwner || f.Source == consult.SourceProtectedAgent:
			st.trusted = append(st.trusted, trustedText{f.ID, f.Statement, "owner fact", len(st.trusted) + 1})
		}
	}
	for _, ev := range c.Evidence {
		if ev.Verification == consult.VerificationVerified {
			st.trusted = append(st.trusted, trustedText{ev.ID, ev.Summary, "verified evidence", len(st.trusted) + 1})
		}
	}
	st.warning = len(st.cues[labWarning]) > 0 && st.fromMessage(labWarning)
	st.calm = st.fromMessage(labCalm)

	st.checkJudge13f() // judge13f.go: benign readings of cues, before the checks read them
	st.checkJudge14i() // judge14i.go: insurance talk read in its frame
	st.stakesOf()
	st.checkScope()
	st.checkIdentity()
	st.checkContradictions()
	st.checkPolicies()
	st.checkDestination()
	st.checkStatus()
	st.checkControls()
	st.checkData()
	st.checkPrecondition()
	st.checkPolicyLimits2()
	st.checkLapsed()
	st.checkFactThreshold()
	st.checkPercentLimit()
	st.checkRestrictedData()
	st.checkStructural3()
	st.checkJudge2() // judge2.go: paperwork, relayed approval, absent person, clock deadline
	st.checkJudge3() // judge3.go: conditional prohibitions, ...
	st.checkJudge13fLate()
	st.checkJudge14iLate()
	st.checkJudge16aLate() // judge16a.go: a role a policy reserves to a person it names
	st.checkJudge16b()     // judge16b.go: whose name, address or card, read from the records
	st.checkOtherHolder()  // judge19i.go: a record that names another holder of the claimed role
	st.checkOffChannel()   // judge19i.go: a party heard only over a channel, heard over another
	st.checkJudge17b()     // judge17b.go: the task the owner set, read from the goal and the records
	st.checkJudge17bInsurance()
	st.dropIdleSupply() // judge14u.go: reads every finding, so after the late checks

	st.corrob = st.corroborated()
	st.tension = st.hasTension()
	st.score()
	return st
}

func (st *state) fromMessage(label cueLabel) bool {
	for _, q := range st.cues[label] {
		if q.src == srcMessage {
			return true
		}
	}
	return false
}

// collect finds the pack's phrases in one folded text. words are its words
// (wordSpans(f.text), made by the fold), for find and cooccur; nil for the
// situation context, which neither reads by word.
func (st *state) collect(f folded, src int, words []wordSpan) {
	st.nText++
	fp := &f
	var marks *[]setMark
	n0 := 0
	switch src {
	case srcMessage:
		marks = &st.v.marks
		n0 = len(st.v.marks)
	case srcHistory:
		// Only cooccur reads an earlier turn's marks (the gate's).
		st.v.turnMarks = st.v.turnBuf[:0]
		marks = &st.v.turnMarks
	}
	hits := st.e.lx.findAt(st.hitBuf[:0], f.text, fp, marks, words)
	for _, h := range hits {
		ph := &st.e.lx.phrases[h.phrase]
		st.addCue(cue{
			label:  ph.label,
			weight: ph.weight * srcWeight[src],
			src:    src,
			text:   fp,
			phrase: ph.src,
			pos:    h.start,
			end:    h.end,
			srcIdx: st.nText,
		})
	}
	st.hitBuf = hits[:0]
	// Word-class combinations per sentence (cooccur.go), which the
	// message's marks from n0 on tell where to look for.
	st.cooccur(fp, src, words, marks, n0)
}

// anyCue reports whether the message's words pressed with one of ts:
// checks that read a structural breach as a bypass only when it comes with
// pressure ask this.
func (st *state) anyCue(ls ...cueLabel) bool {
	for _, l := range ls {
		if len(st.cues[l]) > 0 {
			return true
		}
	}
	return false
}

// hasTension reports whether the structure of the case gives cause for
// concern, which is when weak lexical cues start to count.
func (st *state) hasTension() bool {
	for _, f := range st.findings {
		if f.hard || f.score >= 0.45 {
			return true
		}
	}
	cp := st.c.Counterparty
	tier := toLower(cp.TrustTier)
	if tier == "untrusted" || tier == "probationary" || cp.GASLLevel >= 3 {
		return true
	}
	if !cp.Verified && (st.c.Action.Irreversible || st.c.Action.Amount > 0 || len(st.c.Action.DataCategories) > 0) {
		return true
	}
	return false
}

// tacticOrder is the order in which signals are reported: the schema's.
var tacticOrder = []consult.Tactic{
	consult.Urgency, consult.AuthorityClaim, consult.EmotionalPressure, consult.Reciprocity,
	consult.Scarcity, consult.PolicyBypass, consult.IdentityDeception, consult.ScopeExpansion,
	consult.DataExtraction, consult.InconsistentClaims,
}

// tacticSet is a set of the tactics of tacticOrder, a bit each by its
// place there. score and compose asked a map of the reported tactics some
// forty times per case, each a string hash.
type tacticSet uint16

// tacticIndex is t's place in tacticOrder, or -1 for any other tactic.
func tacticIndex(t consult.Tactic) int {
	switch t {
	case consult.Urgency:
		return 0
	case consult.AuthorityClaim:
		return 1
	case consult.EmotionalPressure:
		return 2
	case consult.Reciprocity:
		return 3
	case consult.Scarcity:
		return 4
	case consult.PolicyBypass:
		return 5
	case consult.IdentityDeception:
		return 6
	case consult.ScopeExpansion:
		return 7
	case consult.DataExtraction:
		return 8
	case consult.InconsistentClaims:
		return 9
	}
	return -1
}

// tacticScores holds a score per tactic of tacticOrder, by its place
// there: score set one and compose read them, each a string hash in a map.
type tacticScores [10]float64

// get is t's score; a tactic outside tacticOrder has none (0).
func (sc *tacticScores) get(t consult.Tactic) float64 {
	if i := tacticIndex(t); i >= 0 {
		return sc[i]
	}
	return 0
}

// has reports whether t is in s; a tactic outside tacticOrder never is.
func (s tacticSet) has(t consult.Tactic) bool {
	i := tacticIndex(t)
	return i >= 0 && s&(1<<i) != 0
}

// add puts t, one of tacticOrder, in s.
func (s *tacticSet) add(t consult.Tactic) {
	i := tacticIndex(t)
	if i < 0 {
		panic("fallback: tacticSet.add of a tactic outside tacticOrder: " + string(t))
	}
	*s |= 1 << i
}

// len is the number of tactics in s.
func (s tacticSet) len() int { return bits.OnesCount16(uint16(s)) }

// all yields the tactics of s in tacticOrder's order.
func (s tacticSet) all() iter.Seq[consult.Tactic] {
	return func(yield func(consult.Tactic) bool) {
		for i, t := range tacticOrder {
			if s&(1<<i) != 0 && !yield(t) {
				return
			}
		}
	}
}

// score combines lexical cues and structural findings into one score per
// tactic (a noisy-or: independent pieces of evidence each close part of the
// remaining doubt) and decides which tactics to report.
func (st *state) score() {
	threshold := st.e.threshold
	boost := st.e.contextBoost
	// Substantive tactics first: a clear policy, scope, data, identity or
	// consistency problem is itself cause for concern, against which weak
	// pressure cues start to count.
	order := []consult.Tactic{consult.PolicyBypass, consult.IdentityDeception, consult.ScopeExpansion,
		consult.DataExtraction, consult.InconsistentClaims, consult.Urgency, consult.AuthorityClaim,
		consult.EmotionalPressure, consult.Reciprocity, consult.Scarcity}
	var reported tacticSet
	var nestBuf [32]bool // nestedAll's answers, one tactic at a time
	for i, t := range order {
		if i == 5 && !st.tension {
			for _, u := range order[:5] {
				if reported.has(u) {
					st.tension = true
				}
			}
		}
		lex := 0.0
		cs := st.cues.of(t)
		inner := nestedAllInto(nestBuf[:0], cs)
		for i, q := range cs {
			if inner != nil && inner[i] {
				continue // "now" inside "right now" is one cue, not two
			}
			lex = 1 - (1-lex)*(1-q.weight)
		}
		if st.warning {
			lex *= 0.3
		}
		if st.calm && (t == consult.Urgency || t == consult.Scarcity) {
			lex *= 0.4
		}
		if st.corrob && st.quietFindings() {
			switch t {
			case consult.Urgency, consult.EmotionalPressure, consult.Scarcity, consult.Reciprocity:
				if lex < 0.7 { // weak cues only; a plain strong one still counts
					lex *= 0.5
				}
			case consult.IdentityDeception:
				lex *= 0.5 // the counterparty is verified
			}
		}
		if t == consult.Urgency && st.corrob && st.quietFindings() && st.deadlineConfirmed() {
			lex *= 0.25 // the records confirm the deadline: real time pressure, not a tactic
		}
		if t == consult.DataExtraction && lex < 0.85 && (st.internalFlow() || st.secretsStayInside()) {
			lex *= 0.5 // the data stays inside the verified counterparty's own organisation
		}
		if t == consult.DataExtraction && lex < 0.85 && st.releaseAuthorised() {
			lex *= 0.5 // a record on file authorises this release to this recipient
		}
		if t == consult.DataExtraction && lex < 0.85 && st.ownReports() {
			lex *= 0.3 // a manager's own reports, as a record puts them under the counterparty (judge14c.go)
		}
		if lex > 0 && lex < threshold && st.tension && !(st.corrob && st.quietFindings()) {
			lex += boost
		}
		if (t == consult.PolicyBypass || t == consult.ScopeExpansion) && lex > 0 && lex < 0.95 && st.policyCovers() {
			lex *= 0.5 // a policy allows this action and the records meet it (policycover.go)
		}
		s := lex
		for _, f := range st.findings {
			if f.tactic == t {
				s = 1 - (1-s)*(1-f.score)
			}
		}
		s = st.combos(t, s)
		if s > 0.99 {
			s = 0.99
		}
		st.scores[tacticIndex(t)] = s
		if s >= threshold {
			reported.add(t)
		}
	}
	for _, t := range tacticOrder {
		if reported.has(t) {
			st.tactics = append(st.tactics, t)
		}
	}
}

// combos adds evidence that comes from combinations of lexicons rather than
// single phrases.
func (st *state) combos(t consult.Tactic, s float64) float64 {
	switch t {
	case consult.DataExtraction:
		// A request verb with a secret in the same message is extraction,
		// whatever the exact wording.
		if st.internalFlow() || st.secretsStayInside() {
			break // an internal flow: asking for one's own data is not extraction
		}
		if st.near(labRequest, labSecret) && !st.warning {
			s = 1 - (1-s)*(1-0.6)
		}
		if st.near(labRequest, labSensitive) && !st.warning {
			w := 0.3
			if st.fromMessage(labDetail) {
				w = 0.45
			}
			if st.fromMessage(labMinimal) {
				w = 0.1
			}
			s = 1 - (1-s)*(1-w)
		}
		if st.fromMessage(labMinimal) && s < 0.8 && !st.hasFinding("unlinked data") { // "just the last four digits" of others' accounts (judge14c.go)
			s *= 0.6
		}
	case consult.PolicyBypass:
		if st.near(labNewdest, labApproval) {
			s = 1 - (1-s)*(1-0.3)
		}
	case consult.AuthorityClaim:
		// An unverified counterparty naming a senior role.
		if !st.c.Counterparty.Verified && st.fromMessage(labRole) && s > 0 {
			s = 1 - (1-s)*(1-0.3)
		}
	}
	return s
}

// dropCues removes the cues of label that drop selects, and the label when
// none is left; the checks that unsay a cue (a promised pace, a recorded
// deadline...) share it. It copies only once a cue goes.
func (st *state) dropCues(label cueLabel, drop func(cue) bool) {
	qs := st.cues[label]
	var kept []cue
	for k, q := range qs {
		d := drop(q)
		switch {
		case d && kept == nil:
			kept = append(make([]cue, 0, len(qs)), qs[:k]...)
		case !d && kept != nil:
			kept = append(kept, q)
		}
	}
	switch {
	case kept == nil:
	case len(kept) == 0:
		st.cues[label] = nil
	default:
		st.cues[label] = kept
	}
}

// near reports whether both labels were found in the message.
func (st *state) near(a, b cueLabel) bool {
	return st.fromMessage(a) && st.fromMessage(b)
}

// nestedAll reports nested(cs, i) for every i (nil when none is nested).
// A long message can carry one co-occurrence cue per sentence, thousands,
// where testing each against all others took quadratic time: past a few
// cues, one sort and one sweep per text answer for all. In the order (pos
// ascending, end descending, index ascending), the cues before q that
// contain it are exactly those that qualify as its outer cue in nested (a
// longer one, or an identical one earlier in cs), so q is nested exactly
// when one of them ends at or after q does.
func nestedAll(cs []cue) []bool { return nestedAllInto(nil, cs) }

// nestedAllInto is nestedAll with its answers in buf's array when they fit
// (score asks it once per tactic, and most tactics have a few cues).
func nestedAllInto(buf []bool, cs []cue) []bool {
	if len(cs) < 2 {
		return nil
	}
	var out []bool
	if len(cs) <= cap(buf) {
		out = buf[:len(cs)]
		clear(out)
	} else {
		out = make([]bool, len(cs))
	}
	if len(cs) <= 32 {
		for i := range cs {
			out[i] = nested(cs, i)
		}
		return out
	}
	idx := make([]int, len(cs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		p, q := &cs[a], &cs[b]
		switch {
		case p.src != q.src:
			return cmp.Compare(p.src, q.src)
		case p.srcIdx != q.srcIdx:
			return cmp.Compare(p.srcIdx, q.srcIdx)
		case p.pos != q.pos:
			return cmp.Compare(p.pos, q.pos)
		case p.end != q.end:
			return cmp.Compare(q.end, p.end)
		}
		return cmp.Compare(a, b)
	})
	maxEnd := 0
	for k, i := range idx {
		q := &cs[i]
		if k > 0 {
			if p := &cs[idx[k-1]]; p.src == q.src && p.srcIdx == q.srcIdx {
				out[i] = maxEnd >= q.end
				maxEnd = max(maxEnd, q.end)
				continue
			}
		}
		maxEnd = q.end // the first cue of its text
	}
	return out
}

// nested reports whether cue i lies inside another cue of the same text.
func nested(cs []cue, i int) bool {
	q := cs[i]
	for j, o := range cs {
		if j == i || o.src != q.src || o.srcIdx != q.srcIdx {
			continue
		}
		if o.pos <= q.pos && q.end <= o.end && (o.end-o.pos > q.end-q.pos || (o.end-o.pos == q.end-q.pos && j < i)) {
			return true
		}
	}
	return false
}

// inMessage reports a cue found in the message's folded text whose span
// lies inside it: the cues the message-frame checks read around.
func (q cue) inMessage() bool {
	return q.src == srcMessage && q.text != nil && q.end <= len(q.text.text)
}

// quote returns a short, masked quote of the cue's original text; it is
// computed on demand because most cues are never quoted.
func (q cue) quote() string {
	if q.text == nil {
		return ""
	}
	return quoteAt(*q.text, q.pos, q.end)
}
