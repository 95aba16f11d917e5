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

// sentAuto and its per-state answers, built in init after every cueSet.
var (
	sentAuto *automaton
	// sentOut[state] is what entering state recognises: cue words and
	// gate groups, precomputed so that a hit costs three ORs, not a walk
	// over the state's literal list.
	sentOut []sentHits
	// sentClass is sentAuto's class table with the flags below in its
	// high bits, so that one load per byte gives the class and what kind
	// of byte it is.
	sentClass [256]uint16
)

type sentHits struct {
	kw   kwSet
	gate uint32
}

// Flags of sentClass, above every class number.
const (
	fSep   = 1 << 15 // a sentence separator (isSentenceSep)
	fWide  = 1 << 14 // a byte of a non-ASCII rune
	fDigit = 1 << 13 // an ASCII digit
	fInk   = 1 << 12 // an ASCII byte strings.TrimSpace keeps
	fClass = fInk - 1
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
	sentOut = make([]sentHits, len(a.out))
	for s, ids := range a.out {
		for _, id := range ids {
			if int(id) < len(cueWords) {
				sentOut[s].kw[id>>6] |= 1 << (id & 63)
			} else {
				sentOut[s].gate |= gates[int(id)-len(cueWords)]
			}
		}
	}
	for c := range 256 {
		x := a.class[c]
		switch {
		case isSentenceSep(byte(c)):
			x |= fSep
		case c >= utf8.RuneSelf:
			x |= fWide
		case c >= '0' && c <= '9':
			x |= fDigit | fInk
		case c != ' ' && (c < '\t' || c > '\r'):
			x |= fInk
		}
		sentClass[c] = x
	}
	sentAuto = a
}

// msgGates is what splitScan adds for the message: the gate groups of the
// whole lower-cased text and its control sentences (see gateScan's
// reference in the tests), as offsets in the lower-cased text.
type msgGates struct {
	gates uint32
	ctl   [][2]int
}

// splitScan appends to out the sentences of s, which starts at byte base
// of the text it was cut from: s is cut at the separators, blank pieces are
// dropped, and each piece gets its cue words (kwOf), its gate groups
// (judgeGates.mask of its lower case) and whether it holds an ASCII digit.
// A piece with a non-ASCII byte is lowered as a whole instead, as Unicode
// lower case may change its bytes. With g, the gates of every piece and the
// control sentences are gathered too; their offsets count the lower-cased
// pieces' lengths, as they did when the gates were scanned on toLower(s).
func splitScan(s string, base int, out []sentence, g *msgGates) []sentence {
	a := sentAuto
	d, sh := a.d16, a.shift
	low := 0 // the offset in toLower(s) of the piece's start
	for start := 0; start <= len(s); {
		st := uint(0)
		var k kwSet
		var gate uint32
		var fl uint16
		i := start
		for ; i < len(s); i++ {
			x := sentClass[s[i]]
			if x&fSep != 0 {
				break
			}
			fl |= x
			v := d[st<<sh|uint(x&fClass)]
			st = uint(v &^ out16)
			if v&out16 != 0 {
				h := &sentOut[st]
				k[0] |= h.kw[0]
				k[1] |= h.kw[1]
				gate |= h.gate
			}
		}
		p := s[start:i]
		n := len(p)
		if fl&fWide != 0 {
			lp := toLower(p)
			k, gate, n = kwOf(p), judgeGates.mask(lp), len(lp)
		}
		if fl&fInk != 0 || fl&fWide != 0 && strings.TrimSpace(p) != "" {
			out = append(out, sentence{text: p, start: base + start, kw: k, gate: gate, digit: fl&fDigit != 0})
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
