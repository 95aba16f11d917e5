package fallback

import (
	"math"
	"math/bits"
	"slices"
	"unsafe"
)

// pairIndex finds which words of a list occur in a text. Every word is at
// least stride+1 bytes long, so that an occurrence covers a pair of bytes
// starting at a multiple of stride, at one of the word's first stride
// offsets: the index probes only those pairs (Wu-Manber's shift, fixed),
// and where a probed pair is one the words have at some offset, tries
// the start that offset gives. Every start of a word is tried by the
// probe at the multiple of the stride within the stride of bytes from it.
//
// Its tables are sized to its words, for a cold cache. The substring
// sets are asked about short texts (a record, a clause, the action's
// description), a dozen probes each, by about forty sets a case, and
// between two consultations under load the tables are evicted: each
// probe's load is a miss unless an earlier probe read its line. A
// table of 4 KiB of offsets a set (and 1 KiB of three-byte filter) had
// nearly every probe miss; offs at eight bytes a pair and starts at 16
// bits a word are 64 to 1024 and 64 to 128 bytes for the package's sets
// (up to 2 KiB and 512 bytes for the groups), whose lines a dozen probes
// mostly share, for more starts tried: one probe in eight to sixteen
// passes offs where one in a hundred passed the 4 KiB table
// (TestPairIndexTables). At four bytes a pair, the 2 KiB case had 70
// misses fewer and 1.9k instructions more, vendor 96 and 5.3k.
type pairIndex struct {
	// The fields find reads come first, after a substrSet's short: a
	// set asked about a text reads one line of itself.
	stride int
	// all is the union of the words' sets: find stops when it has found
	// them all. (A field, not an argument: as an argument, the compiler
	// reloaded it in the probe loop.)
	all   uint64
	omask uint32 // the bytes of offs, less one
	smask uint32 // the bits of starts, less one
	// mmask keeps the first m bytes of a little-endian word, m the
	// shortest word's length up to four: the bytes of a start that
	// starts and byStart key on.
	mmask uint32
	// tab holds starts, then offs, in one array (starts and offs give
	// them). starts has bit startHash(its first bytes under mmask)&smask
	// for each word: most starts the offsets allow are rejected there.
	// offs has bit o of offs[pairHash(pair)&omask] for each pair a word
	// has at offset o below the stride: a probe's load, whose bits give
	// the starts to try.
	tab []uint64
	// byStart holds the words by their first bytes under mmask, for the
	// starts that pass.
	byStart startMap
}

func (ix *pairIndex) starts() []uint64 { return ix.tab[:(ix.smask+1)/64] }

func (ix *pairIndex) offs() []byte {
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(ix.tab))), 8*len(ix.tab))
	return b[(ix.smask+1)/8:][:ix.omask+1]
}

// offsPer and startsPer size a pairIndex's tables: bytes of offs per
// pair and bits of starts per word, at least.
const (
	offsPer   = 8
	startsPer = 16
)

// pairHash hashes a pair to 16 bits, of which the tables take the low
// ones: masks where shifts by a field took three instructions more in
// the probe loop (Go's shift past the width).
func pairHash(k uint32) uint32 { return k * 0x9e3779b1 >> 16 }

// startHash hashes a start's first bytes (little-endian, under mmask)
// to 16 bits.
func startHash(v uint32) uint32 { return v * 0x85ebca77 >> 16 }

// prefix is the first four bytes of w, or all of them, as a
// little-endian word.
func prefix(w string) uint32 {
	var v uint32
	for i := range min(4, len(w)) {
		v |= uint32(w[i]) << (8 * i)
	}
	return v
}

// tailPrefix is prefix(s[j:]), for a start too near the end for four
// bytes; out of line, where inlined its loop cost the probe loop two
// spills a probe.
//
//go:noinline
func tailPrefix(s string, j int) uint32 { return prefix(s[j:]) }

// newPairIndex indexes words, each at least stride+1 bytes long and
// given once, at stride (1 to maxStride).
func newPairIndex(words []groupWord, stride int) pairIndex {
	pairs := map[uint32]uint8{}
	var all uint64
	short := 4
	for _, gw := range words {
		w := gw.w
		short = min(short, len(w))
		all |= gw.sets
		for o := 0; o < stride && o+1 < len(w); o++ {
			pairs[uint32(w[o])|uint32(w[o+1])<<8] |= 1 << o
		}
	}
	ob, sb := uint32(6), uint32(9)
	for 1<<ob < offsPer*len(pairs) {
		ob++
	}
	for 1<<sb < startsPer*len(words) {
		sb++
	}
	if ob > 16 || sb > 16 {
		panic("pairIndex: too many words")
	}
	ix := pairIndex{stride: stride, all: all, omask: 1<<ob - 1, smask: 1<<sb - 1, mmask: 1<<(8*short) - 1,
		tab: make([]uint64, 1<<sb/64+1<<ob/8)}
	offs, starts := ix.offs(), ix.starts()
	for k, m := range pairs {
		offs[pairHash(k)&ix.omask] |= m
	}
	byStart := map[uint32][]groupWord{}
	for _, gw := range words {
		v := prefix(gw.w) & ix.mmask
		f := startHash(v) & ix.smask
		starts[f>>6] |= 1 << (f & 63)
		byStart[v] = append(byStart[v], gw)
	}
	ix.byStart = newStartMap(byStart)
	return ix
}

// find returns found with the sets of every word that occurs in s: it
// stops once found holds all.
func (ix *pairIndex) find(s string, found uint64) uint64 {
	if found == ix.all {
		return found
	}
	// The loop reads without bounds checks (p+1 < len(s), the tables'
	// indexes are under their masks, and a start's four bytes are tested
	// against len(s)) and calls out only for a start that passes starts:
	// most probes end at offs and most starts at starts, and a call per
	// probe with offsets cost more than the loop.
	st, n := ix.stride, len(s)-1
	starts, smask, mmask := unsafe.Pointer(unsafe.SliceData(ix.tab)), ix.smask, ix.mmask
	offs, omask := unsafe.Add(starts, (smask+1)/8), ix.omask
	base := unsafe.Pointer(unsafe.StringData(s))
	for p := 0; ; p += st {
		// The probes without offsets, in a loop of their own: with the
		// starts' work in it, the compiler kept two of the loop's values
		// on the stack, a store and a load a probe. A probe with offsets
		// loads its byte again below.
		for ; p < n; p += st {
			k := uint32(*(*byte)(unsafe.Add(base, p))) | uint32(*(*byte)(unsafe.Add(base, p+1)))<<8
			if *(*uint8)(unsafe.Add(offs, pairHash(k)&omask)) != 0 {
				break
			}
		}
		if p >= n {
			return found
		}
		k := uint32(*(*byte)(unsafe.Add(base, p))) | uint32(*(*byte)(unsafe.Add(base, p+1)))<<8
		for m := *(*uint8)(unsafe.Add(offs, pairHash(k)&omask)); m != 0; m &= m - 1 {
			j := p - bits.TrailingZeros8(m)
			if j < 0 {
				continue
			}
			var v uint32
			if j+4 <= len(s) {
				t := (*[4]byte)(unsafe.Add(base, j))
				v = (uint32(t[0]) | uint32(t[1])<<8 | uint32(t[2])<<16 | uint32(t[3])<<24) & mmask
			} else {
				v = tailPrefix(s, j) & mmask
			}
			if f := startHash(v) & smask; *(*uint64)(unsafe.Add(starts, f>>6*8))&(1<<(f&63)) == 0 {
				continue
			}
			if found = ix.try(s, j, v, found); found == ix.all {
				return found
			}
		}
	}
}

// try adds to found the sets of the words that start with v and occur
// at s[j:].
func (ix *pairIndex) try(s string, j int, v uint32, found uint64) uint64 {
	for _, gw := range ix.byStart.get(v) {
		if found&gw.sets != gw.sets && len(s)-j >= len(gw.w) && s[j:j+len(gw.w)] == gw.w {
			found |= gw.sets
		}
	}
	return found
}

// startMap maps a start's first bytes to the words that begin with them:
// an open-addressed table of slots, at most half full, each with its
// words in words[at:at+n] (n is 0 for an empty slot), whose bytes are
// one array: a start tried reads a slot, a line of words and a line of
// their bytes, where a list a slot read four lines.
type startMap struct {
	slots []startSlot
	words []groupWord
	mask  uint32
}

type startSlot struct {
	key   uint32
	at, n uint16
}

func newStartMap(m map[uint32][]groupWord) startMap {
	n := uint32(2)
	for n < 2*uint32(len(m)) {
		n <<= 1
	}
	t := startMap{slots: make([]startSlot, n), mask: n - 1}
	var keys []uint32
	size := 0
	for k, ws := range m {
		keys = append(keys, k)
		for _, gw := range ws {
			size += len(gw.w)
		}
	}
	slices.Sort(keys)
	blob := make([]byte, 0, size)
	for _, k := range keys {
		ws := m[k]
		if len(t.words)+len(ws) > math.MaxUint16 {
			panic("startMap: too many words")
		}
		i := startHash(k) & t.mask
		for t.slots[i].n != 0 {
			i = (i + 1) & t.mask
		}
		t.slots[i] = startSlot{key: k, at: uint16(len(t.words)), n: uint16(len(ws))}
		for _, gw := range ws {
			at := len(blob)
			blob = append(blob, gw.w...)
			t.words = append(t.words, groupWord{unsafe.String(&blob[at], len(gw.w)), gw.sets})
		}
	}
	return t
}

// get returns the words that begin with v, or nil.
func (t *startMap) get(v uint32) []groupWord {
	for i := startHash(v) & t.mask; t.slots[i].n != 0; i = (i + 1) & t.mask {
		if sl := t.slots[i]; sl.key == v {
			return t.words[sl.at : sl.at+sl.n]
		}
	}
	return nil
}
