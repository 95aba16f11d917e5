package fallback

import (
	"strings"
	"unicode/utf8"
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
	// sentDelta[st|class] is the next state premultiplied by the row
	// width (1<<sentShift) in the low sentOutShift bits and, above them,
	// 0 or the index in sentOut of what entering that state recognises:
	// the step is one OR and one load, and only a state that recognises a
	// word, a separator or a non-ASCII byte costs more.
	sentDelta []uint32
	sentShift uint
	// sentOut[i] is what the states of out index i recognise: cue words
	// and gate groups, precomputed so that a hit costs three ORs, not a
	// walk over the state's literal list.
	sentOut []sentHits
	// sentClass is the class of each byte: ASCII upper case shares its
	// lower case's class, every separator has sepClass and every byte of
	// a non-ASCII rune wideClass.
	sentClass [256]uint32
)

const (
	sentOutShift = 20
	// Out indices above the words': a separator ends the piece, and a
	// non-ASCII byte marks it for lowering as a whole (its cue and gate
	// words are then found again), so the automaton restarts after it.
	sentSepOut  = 1<<(32-sentOutShift) - 1
	sentWideOut = sentSepOut - 1
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
	// Two classes more: the separators and the non-ASCII bytes.
	sepClass, wideClass := uint32(a.nclass), uint32(a.nclass+1)
	for 1<<sentShift < a.nclass+2 {
		sentShift++
	}
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
	n := len(a.out)
	if n<<sentShift > 1<<sentOutShift || len(sentOut) >= sentWideOut {
		panic("fallback: sentence automaton too large for its 32-bit table")
	}
	sentDelta = make([]uint32, n<<sentShift)
	for st := range n {
		row := sentDelta[st<<sentShift:]
		for c := range a.nclass {
			t := uint32(a.d16[st<<a.shift|c] &^ out16)
			row[c] = t<<sentShift | outIdx[t]<<sentOutShift
		}
		row[sepClass] = sentSepOut << sentOutShift
		row[wideClass] = sentWideOut << sentOutShift
	}
}

// scanPiece runs the automaton over s from byte i to the next separator or
// the end, and returns where it stopped, whether it passed a non-ASCII byte
// and what it recognised (nothing sure when it passed one). It is apart
// from splitScan so that its loop keeps its few variables in registers.
func scanPiece(s string, i int) (end int, wide bool, h sentHits) {
	d, cls := sentDelta, &sentClass
	st := uint32(0)
	t := s[i:]
	j := 0
	for ; j < len(t); j++ {
		st = d[st|cls[t[j]]]
		if st >= 1<<sentOutShift {
			switch o := st >> sentOutShift; o {
			case sentSepOut:
				return i + j, wide, h
			case sentWideOut:
				wide = true
			default:
				h.kw[0] |= sentOut[o].kw[0]
				h.kw[1] |= sentOut[o].kw[1]
				h.gate |= sentOut[o].gate
			}
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
	ss := splitScan(m, 0, grow(st.sentBuf[:0], len(m)/48+4), &g)
	st.sentBuf = ss
	if len(ss) == 0 {
		ss = nil
	}
	st.msgSents, st.lowGates, st.ctlSpans = ss, g.gates|gatesDone, g.ctl
}
