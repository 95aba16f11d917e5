package fallback

import (
	"strings"
	"unicode/utf8"
	"unsafe"
)

// The sentence split, the cue words of each sentence (kwOf) and the gate
// words of the lower-cased message (judgeGates) used to be two passes over
// the same bytes, each with its own automaton and each restarting at the
// sentence separators. sentAuto is the union of both word lists in one
// automaton (sentDelta), so that one pass answers both; its class table
// folds ASCII upper case onto lower case, so the pass needs no lower-case
// copy of an ASCII text.

// sentAuto's tables, built in init after every cueSet.
var (
	// sentDelta[st|b] is the next state on byte b, premultiplied by the
	// row width (1<<sentShift, 256). The states are numbered so that those
	// that recognise a word come last, from sentFirst on, and a separator
	// or a non-ASCII byte leads to sentSep or sentWide, past the table: the
	// step is one OR and one load, and one comparison finds every state
	// that costs more. A row has a column per byte, not per byte class
	// (the bytes of a class share their value): the step reads no class
	// table, one of two dependent loads a byte, for a table of 1.25 MB
	// where rows of classes took 320 KB.
	sentDelta []uint32
	sentShift uint
	sentFirst uint32
	// sentSep and sentWide are the targets of the separators (the piece
	// ends) and of the non-ASCII bytes (the piece is marked for lowering
	// as a whole, its cue and gate words are then found again, and the
	// automaton restarts after the byte).
	sentSep, sentWide uint32
	// sentOut[(st-sentFirst)>>sentShift] is what state st recognises: cue
	// words and gate groups, precomputed so that a hit costs three ORs,
	// not a walk over the state's literal list.
	sentOut []sentHits
)

type sentHits struct {
	kw   kwSet
	gate uint32
}

func init() {
	lits := append([]string(nil), cueWords...)
	var gates []uint32 // literal id - len(cueWords) -> gate groups
	lits = append(lits, judgeGates.lits...)
	gates = append(gates, judgeGates.group...)
	a := buildAutomaton(lits)
	if a.d16 == nil {
		panic("fallback: sentence automaton too large for the 16-bit table")
	}
	// Two classes more: the separators and the non-ASCII bytes. sentClass
	// is the class of each byte: ASCII upper case shares its lower case's
	// class, every separator has sepClass and every byte of a non-ASCII
	// rune wideClass.
	sepClass, wideClass := uint32(a.nclass), uint32(a.nclass+1)
	var sentClass [256]uint32
	sentShift = 8
	for c := range 256 {
		switch {
		case isSentenceSep(byte(c)):
			sentClass[c] = sepClass
		case c >= utf8.RuneSelf:
			sentClass[c] = wideClass
		case c >= 'A' && c <= 'Z':
			if a.class[c] != 0 {
				panic("fallback: a cue or gate word holds an upper-case letter")
			}
			sentClass[c] = uint32(a.class[c+'a'-'A'])
		default:
			sentClass[c] = uint32(a.class[c])
		}
	}
	// Renumber: the root (which recognises nothing) and every other state
	// that recognises nothing first, then, from a power of two P on, those
	// that do, and sentSep and sentWide, all below 2P: a state is sentFirst
	// or more exactly when it has sentFirst's one bit, so that scanPiece
	// tests four states with three ORs and one test. The rows between the
	// two groups are never reached.
	n := len(a.out)
	nOut := 0
	for _, ids := range a.out {
		if len(ids) > 0 {
			nOut++
		}
	}
	p := uint32(1)
	for int(p) < n-nOut || int(p) < nOut+2 {
		p <<= 1
	}
	newOf := make([]uint32, n)
	k := uint32(0)
	for pass := range 2 {
		if pass == 1 {
			k = p
			sentFirst = k << sentShift
		}
		for s, ids := range a.out {
			if (len(ids) > 0) == (pass == 1) {
				newOf[s] = k
				k++
			}
		}
	}
	if newOf[0] != 0 || k+2 > 2*p || uint64(2*p)<<sentShift >= 1<<32 {
		panic("fallback: sentence automaton does not fit its 32-bit table")
	}
	sentSep, sentWide = k<<sentShift, (k+1)<<sentShift
	sentOut = make([]sentHits, nOut)
	// Two rows more, for sentSep and sentWide: the four-byte step may
	// read on from them before it finds them (their values are never used).
	sentDelta = make([]uint32, (k+2)<<sentShift)
	for s, ids := range a.out {
		ns := newOf[s] << sentShift
		if ns >= sentFirst {
			h := &sentOut[(ns-sentFirst)>>sentShift]
			for _, id := range ids {
				if int(id) < len(cueWords) {
					h.kw[id>>6] |= 1 << (id & 63)
				} else {
					h.gate |= gates[int(id)-len(cueWords)]
				}
			}
		}
		row := sentDelta[ns:]
		for b := range 256 {
			switch c := sentClass[b]; c {
			case sepClass:
				row[b] = sentSep
			case wideClass:
				row[b] = sentWide
			default:
				row[b] = newOf[a.d16[s<<a.shift|int(c)]&^out16] << sentShift
			}
		}
	}
}

// scanPiece runs the automaton over t from its start to the next separator or
// the end, and returns where it stopped, whether it passed a non-ASCII byte
// and what it recognised (nothing sure when it passed one). It is apart
// from splitScan so that its loop keeps its few variables in registers.
//
// Most bytes lead to a state that recognises nothing, so the scan steps
// four bytes at a time and tests the four states once; a block with a
// state to handle is stepped again byte by byte from its first state.
// The steps read sentDelta through a pointer, with no bounds check: every
// index is a state (sentSep and sentWide have rows too) ORed with a byte,
// below the row width, so it is in the table by construction (init checks
// the sizes).
func scanPiece(t string) (end int, wide bool, h sentHits) {
	d := unsafe.Pointer(unsafe.SliceData(sentDelta))
	first := sentFirst
	tb := unsafe.Pointer(unsafe.StringData(t))
	st := uint32(0)
	j := 0
	for {
		for j+4 <= len(t) {
			// The bytes are read unchecked too: j+4 <= len(t).
			b := unsafe.Add(tb, j)
			s0 := *(*uint32)(unsafe.Add(d, uintptr(st|uint32(*(*byte)(b)))*4))
			s1 := *(*uint32)(unsafe.Add(d, uintptr(s0|uint32(*(*byte)(unsafe.Add(b, 1))))*4))
			s2 := *(*uint32)(unsafe.Add(d, uintptr(s1|uint32(*(*byte)(unsafe.Add(b, 2))))*4))
			s3 := *(*uint32)(unsafe.Add(d, uintptr(s2|uint32(*(*byte)(unsafe.Add(b, 3))))*4))
			if (s0|s1|s2|s3)&first != 0 { // one of them is first or more (init)
				break
			}
			st = s3
			j += 4
		}
		for stop := min(j+4, len(t)); j < stop; j++ {
			st = *(*uint32)(unsafe.Add(d, uintptr(st|uint32(*(*byte)(unsafe.Add(tb, j))))*4)) // j < len(t)
			if st < first {
				continue
			}
			switch st {
			case sentSep:
				return j, wide, h
			case sentWide:
				wide, st = true, 0
			default:
				o := &sentOut[(st-first)>>sentShift]
				h.kw[0] |= o.kw[0]
				h.kw[1] |= o.kw[1]
				h.gate |= o.gate
			}
		}
		if j >= len(t) {
			return j, wide, h
		}
	}
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
		i, wide, h := scanPiece(s[start:])
		i += start
		k, gate := h.kw, h.gate
		p := s[start:i]
		n := len(p)
		if wide {
			lp := toLower(p)
			k, gate, n = kwOf(p), judgeGates.mask(lp), len(lp)
		}
		if !blank(p) {
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
	ss := splitScan(m, 0, grow(st.sentBuf[:0], len(m)/48+4), &g)
	st.sentBuf = ss
	if len(ss) == 0 {
		ss = nil
	}
	st.msgSents, st.lowGates, st.ctlSpans = ss, g.gates|gatesDone, g.ctl
}

// blank reports whether strings.TrimSpace(p) is empty, reading an ASCII
// start itself: most pieces start with a space and a letter, and the call
// cost some fifty instructions a piece.
func blank(p string) bool {
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c >= utf8.RuneSelf:
			return strings.TrimSpace(p[i:]) == ""
		case c != ' ' && (c < '\t' || c > '\r'):
			return false
		}
	}
	return true
}
