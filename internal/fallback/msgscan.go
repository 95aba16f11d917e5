package fallback

import (
	"strings"
	"unicode/utf8"
)

// The sentence split, the cue words of each sentence (kwOf) and the gate
// words of the lower-cased message (judgeGates) used to be two passes over
// the same bytes, each with its own automaton and each restarting at the
// sentence separators. sentAuto is the union of both word lists in one
// automaton, so that one pass answers both; its class table folds ASCII
// upper case onto lower case, so the pass needs no lower-case copy of an
// ASCII text.

// sentAuto and its tables, built in init after every cueSet.
var (
	sentAuto *automaton
	// sentDelta[st|class] is the next state of sentAuto premultiplied by
	// its row width (1<<sentAuto.shift) in the low sentOutShift bits and,
	// above them, 0 or the index in sentOut of what entering that state
	// recognises: the step is one OR and one load, and only a state that
	// recognises a word costs more.
	sentDelta []uint32
	// sentOut[i] is what the states of out index i recognise: cue words
	// and gate groups, precomputed so that a hit costs three ORs, not a
	// walk over the state's literal list.
	sentOut []sentHits
	// sentClass is sentAuto's class table with the flags below in its
	// high bits, so that one load per byte gives the class and what kind
	// of byte it is.
	sentClass [256]uint16
)

const sentOutShift = 20

type sentHits struct {
	kw   kwSet
	gate uint32
}

// Flags of sentClass, above every class number: the scan leaves its fast
// path only at a byte with one of them.
const (
	fSep   = 1 << 15 // a sentence separator (isSentenceSep)
	fWide  = 1 << 14 // a byte of a non-ASCII rune
	fClass = fWide - 1
)

func init() {
	lits := append([]string(nil), cueWords...)
	var gates []uint32 // literal id - len(cueWords) -> gate groups
	lits = append(lits, judgeGates.lits...)
	gates = append(gates, judgeGates.group...)
	a := buildAutomaton(lits)
	if a.d16 == nil || a.nclass > fClass {
		panic("fallback: sentence automaton too large for the 16-bit table")
	}
	for c := byte('A'); c <= 'Z'; c++ {
		if a.class[c] != 0 {
			panic("fallback: a cue or gate word holds an upper-case letter")
		}
		a.class[c] = a.class[c+'a'-'A']
	}
	// Out index 0 stands for "nothing recognised".
	sentOut = []sentHits{{}}
	outIdx := make([]uint32, len(a.out))
	for s, ids := range a.out {
		if len(ids) == 0 {
			continue
		}
		var h sentHits
		for _, id := range ids {
			if int(id) < len(cueWords) {
				h.kw[id>>6] |= 1 << (id & 63)
			} else {
				h.gate |= gates[int(id)-len(cueWords)]
			}
		}
		outIdx[s] = uint32(len(sentOut))
		sentOut = append(sentOut, h)
	}
	if len(a.out)<<a.shift > 1<<sentOutShift || len(sentOut) > 1<<(32-sentOutShift) {
		panic("fallback: sentence automaton too large for its 32-bit table")
	}
	for c := range 256 {
		x := a.class[c]
		switch {
		case isSentenceSep(byte(c)):
			x |= fSep
		case c >= utf8.RuneSelf:
			x |= fWide
		}
		sentClass[c] = x
	}
	sentDelta = make([]uint32, len(a.d16))
	for i, v := range a.d16 {
		t := uint32(v &^ out16)
		sentDelta[i] = t<<a.shift | outIdx[t]<<sentOutShift
	}
	sentAuto = a
}

// scanPiece runs sentAuto over s from byte i to the next separator or the
// end, and returns where it stopped, whether it passed a non-ASCII byte and
// what it recognised. It is apart from splitScan so that its loop keeps its
// few variables in registers.
func scanPiece(s string, i int) (end int, wide bool, h sentHits) {
	d, cls := sentDelta, &sentClass
	st := uint32(0)
	t := s[i:]
	j := 0
	for ; j < len(t); j++ {
		x := cls[t[j]]
		if x >= fWide {
			if x&fSep != 0 {
				break
			}
			wide = true
			x &= fClass
		}
		st = d[st|uint32(x)]
		if st >= 1<<sentOutShift {
			o := &sentOut[st>>sentOutShift]
			h.kw[0] |= o.kw[0]
			h.kw[1] |= o.kw[1]
			h.gate |= o.gate
			st &= 1<<sentOutShift - 1
		}
	}
	return i + j, wide, h
}

// msgGates is what splitScan adds for the message: the gate groups of the
// whole lower-cased text and the spans of its sentences that hold both a
// control noun and a control verb (gControl), as offsets in the lower-cased
// text (gateScanRef in the tests is the scan this replaced).
type msgGates struct {
	gates uint32
	ctl   [][2]int
}

// splitScan appends to out the sentences of s, which starts at byte base
// of the text it was cut from: s is cut at the separators, blank pieces are
// dropped, and each piece gets its cue words (kwOf) and its gate groups
// (judgeGates.mask of its lower case).
// A piece with a non-ASCII byte is lowered as a whole instead, as Unicode
// lower case may change its bytes. With g, the gates of every piece and the
// control sentences are gathered too; their offsets count the lower-cased
// pieces' lengths, as they did when the gates were scanned on toLower(s).
func splitScan(s string, base int, out []sentence, g *msgGates) []sentence {
	low := 0 // the offset in toLower(s) of the piece's start
	for start := 0; start <= len(s); {
		i, wide, h := scanPiece(s, start)
		k, gate := h.kw, h.gate
		p := s[start:i]
		n := len(p)
		if wide {
			lp := toLower(p)
			k, gate, n = kwOf(p), judgeGates.mask(lp), len(lp)
		}
		if strings.TrimSpace(p) != "" {
			out = append(out, sentence{text: p, start: base + start, kw: k, gate: gate})
		}
		if g != nil {
			if gate&gControl == gControl {
				g.ctl = append(g.ctl, [2]int{low, low + n})
			}
			g.gates |= gate
			low += n + 1
		}
		start = i + 1
	}
	return out
}

// msgScan splits the message's first maxClaimBytes into sentences and finds
// its gate words, once per case (st.msgSents, st.lowGates, st.ctlSpans).
func (st *state) msgScan() {
	if st.lowGates&gatesDone != 0 {
		return
	}
	m := clipBytes(st.c.Message, maxClaimBytes)
	var g msgGates
	// Room for a sentence per 48 bytes up front: appending from nil grew
	// the slice five or six times on an ordinary message.
	ss := splitScan(m, 0, make([]sentence, 0, len(m)/48+4), &g)
	if len(ss) == 0 {
		ss = nil
	}
	st.msgSents, st.lowGates, st.ctlSpans = ss, g.gates|gatesDone, g.ctl
}
