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
	// sentDelta[sentDelta[b]+st] is the next state on byte b: the table is
	// stored by column, one per byte class, after the 256 cells that hold
	// each byte's column offset (256 plus its class times the number of
	// states), so that one base pointer serves both loads. ASCII upper
	// case has its lower case's column, every separator one column that
	// leads to sentSep and every non-ASCII byte one that leads to
	// sentWide. The states are numbered so that those that recognise a
	// word come last, from sentFirst on, and sentSep and sentWide follow
	// them: the step is two small loads and an add, and one comparison
	// finds every state that costs more.
	//
	// A table with a row of 256 four-byte cells per state (no class
	// table: one dependent load a byte fewer) took 1.25 MB, and a scan
	// touched two or three of a state's 64-byte lines; evicted between
	// two consultations, the scan of a 2 KiB message then missed the
	// core's L2 cache some 150 times. By column in two bytes it is 89 KB,
	// and the states are numbered breadth first in each group, so that
	// the shallow states, which every word passes, share lines in each
	// column (TestSentTableLayout).
	sentDelta []uint16
	// sentFirst is a power of two P: every state is below 2P, so a state
	// is sentFirst or more exactly when it has that bit.
	sentFirst uint32
	// sentSep and sentWide are the targets of the separators (the piece
	// ends) and of the non-ASCII bytes (the piece is marked for lowering
	// as a whole, its cue and gate words are then found again, and the
	// automaton restarts after the byte).
	sentSep, sentWide uint32
	// sentOut[st-sentFirst] is what state st recognises: cue words and
	// gate groups, precomputed so that a hit costs three ORs, not a walk
	// over the state's literal list.
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
	for _, l := range judgeGates.lits {
		if strings.IndexFunc(l, func(r rune) bool { return r < utf8.RuneSelf && isSentenceSep(byte(r)) }) >= 0 {
			panic("fallback: a gate word holds a sentence separator") // gatesOf and splitScan cut there
		}
	}
	a := buildAutomaton(lits)
	if a.d16 == nil {
		panic("fallback: sentence automaton too large for the 16-bit table")
	}
	next := func(s, c int) int { return int(a.d16[s<<a.shift|c] &^ out16) }
	// The columns: one per class of a.class that an ASCII byte has (upper
	// case shares its lower case's), then one for the separators and one
	// for the non-ASCII bytes. colOf is each byte's column; classOf the
	// class of a.class each ASCII column steps by.
	const sepCol, wideCol = -1, -2
	var colOf [256]int
	var classOf []int
	colFor := map[int]int{}
	for b := range 256 {
		c := int(a.class[b])
		switch {
		case isSentenceSep(byte(b)):
			colOf[b] = sepCol
			continue
		case b >= utf8.RuneSelf:
			colOf[b] = wideCol
			continue
		case b >= 'A' && b <= 'Z':
			if c != 0 {
				panic("fallback: a cue or gate word holds an upper-case letter")
			}
			c = int(a.class[b+'a'-'A'])
		}
		k, ok := colFor[c]
		if !ok {
			k = len(classOf)
			colFor[c] = k
			classOf = append(classOf, c)
		}
		colOf[b] = k
	}
	nSep, nWide := len(classOf), len(classOf)+1
	for b, k := range colOf {
		switch k {
		case sepCol:
			colOf[b] = nSep
		case wideCol:
			colOf[b] = nWide
		}
	}
	ncol := len(classOf) + 2
	// Renumber: the root (which recognises nothing) and every other state
	// that recognises nothing first, then, from a power of two P on, those
	// that do, and sentSep and sentWide, all below 2P: a state is sentFirst
	// or more exactly when it has sentFirst's one bit, so that scanPiece
	// tests four states with three ORs and one test. The states between
	// the two groups are never reached. In each group the states follow
	// in breadth-first order from the root (by depth).
	n := len(a.out)
	order := make([]int, 0, n)
	seen := make([]bool, n)
	order, seen[0] = append(order, 0), true
	for q := 0; q < len(order); q++ {
		for _, c := range classOf {
			if t := next(order[q], c); !seen[t] {
				seen[t] = true
				order = append(order, t)
			}
		}
	}
	for s := range n { // states only a non-ASCII byte leads to: never entered (sentWide)
		if !seen[s] {
			order = append(order, s)
		}
	}
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
			sentFirst = p
		}
		for _, s := range order {
			if (len(a.out[s]) > 0) == (pass == 1) {
				newOf[s] = k
				k++
			}
		}
	}
	// Two states more, sentSep and sentWide: the four-byte step may read
	// on from them before it finds them (their values are never used).
	rows := int(k) + 2
	if newOf[0] != 0 || k+2 > 2*p || 256+ncol*rows > 1<<16 {
		panic("fallback: sentence automaton does not fit its 16-bit table")
	}
	sentSep, sentWide = k, k+1
	sentOut = make([]sentHits, nOut)
	sentDelta = make([]uint16, 256+ncol*rows)
	for b, c := range colOf {
		sentDelta[b] = uint16(256 + c*rows)
	}
	for s, ids := range a.out {
		ns := newOf[s]
		if ns >= sentFirst {
			h := &sentOut[ns-sentFirst]
			for _, id := range ids {
				if int(id) < len(cueWords) {
					h.kw[id>>6] |= 1 << (id & 63)
				} else {
					h.gate |= gates[int(id)-len(cueWords)]
				}
			}
		}
		for ci, c := range classOf {
			sentDelta[256+ci*rows+int(ns)] = uint16(newOf[next(s, c)])
		}
		sentDelta[256+nSep*rows+int(ns)] = uint16(sentSep)
		sentDelta[256+nWide*rows+int(ns)] = uint16(sentWide)
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
// index is a byte, or a column's offset (sentDelta[b]) plus a state below
// the column's length (sentSep and sentWide have cells in every column
// too), so it is in the table by construction (init checks the sizes).
func scanPiece(t string) (end int, wide bool, h sentHits) {
	d := unsafe.Pointer(unsafe.SliceData(sentDelta))
	step := func(s uint32, b byte) uint32 {
		c := uint32(*(*uint16)(unsafe.Add(d, uintptr(b)*2)))
		return uint32(*(*uint16)(unsafe.Add(d, uintptr(c+s)*2)))
	}
	first := sentFirst
	tb := unsafe.Pointer(unsafe.StringData(t))
	st := uint32(0)
	j := 0
	for {
		for j+4 <= len(t) {
			// The bytes are read unchecked too: j+4 <= len(t).
			b := unsafe.Add(tb, j)
			s0 := step(st, *(*byte)(b))
			s1 := step(s0, *(*byte)(unsafe.Add(b, 1)))
			s2 := step(s1, *(*byte)(unsafe.Add(b, 2)))
			s3 := step(s2, *(*byte)(unsafe.Add(b, 3)))
			if (s0|s1|s2|s3)&first != 0 { // one of them is first or more (init)
				break
			}
			st = s3
			j += 4
		}
		for stop := min(j+4, len(t)); j < stop; j++ {
			st = step(st, *(*byte)(unsafe.Add(tb, j))) // j < len(t)
			if st < first {
				continue
			}
			switch st {
			case sentSep:
				return j, wide, h
			case sentWide:
				wide, st = true, 0
			default:
				o := &sentOut[st-first]
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

// gatesOf is judgeGates.mask(l) for a lower-cased text l, from the
// sentence automaton's pass (scanPiece), whose table the message's scan
// has used already, rather than from judgeGates' own automaton, whose
// table a short text (an action's description) otherwise brought into
// the cache line by line, a state a line or two. No gate word holds a
// separator (init), so none spans two pieces; a piece with a non-ASCII
// byte is asked of judgeGates itself, as splitScan does.
func gatesOf(l string) uint32 {
	var m uint32
	for start := 0; start <= len(l); {
		i, wide, h := scanPiece(l[start:])
		if wide {
			m |= judgeGates.mask(l[start : start+i])
		} else {
			m |= h.gate
		}
		start += i + 1
	}
	return m
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
