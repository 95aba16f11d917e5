package fallback

import (
	"encoding/binary"
	"sort"
	"strings"
)

// The co-occurrence lexicon, as a hash table read with 8-byte loads.
//
// cooccur looks every word of the counterparty's text up, and most words
// are not keys. A key is found by its first and last eight bytes and its
// length, which two loads give: a look-up is one or two multiplies and one
// or two probes of a 16 KiB array (a 16-bit tag in the slot rejects most
// occupied slots without reading the key), with no hashing byte by byte
// and, for keys of up to 16 bytes, no string comparison. The same loads
// tell whether the word holds a digit, which made a pass of its own
// (coDigits) before. It replaced a two-level byte filter in front of a Go
// map: TestCoLexMatchesMap holds it to the map of coEntries, and
// TestCooccurMatchesReference and FuzzCooccur hold the whole pass to the
// old one.

var coLex = buildCoLex()

// coBits sizes the table: 4,096 slots for ~1,300 keys, so most words that
// are not keys stop at an empty slot or a tag that differs.
const coBits = 12

type coLexicon struct {
	// slots[i] is tag<<16 | (index in keys + 1), or 0 when empty, filled
	// by linear probing from hash>>(64-coBits).
	slots [1 << coBits]uint32
	keys  []coKey
	long  []byte // the keys longer than 16 bytes, end to end
}

// coKey is one key: its first and last eight bytes (a key of eight bytes
// or fewer is zero-padded in lo and has hi 0), which with its length decide
// equality up to 16 bytes.
type coKey struct {
	lo, hi uint64
	n      uint32
	off    uint32 // where a key longer than 16 bytes starts in long
	e      coEntry
	// add is what the key adds to a word's classes in coWords: its
	// classes if it is a coTable entry, coNumber for a number word and
	// coCodeW for a code word (one OR for the four tests of e).
	add coClass
}

// coEntry is what a single word (or a 2-3 word key) is in the lexicon.
type coEntry struct {
	cls  coClass
	word bool // an entry of coTable (not only a lead or a number word)
	lead bool // first word of a multi-word entry
	num  bool // a number word (coNumberWords)
	code bool // a code word (coCodeWords)
	// plens has bit min(len(k), 63) set for each multi-word key k that
	// starts with this word (a lead's): the look-ups of the two and three
	// words from it are made only for lengths that can match.
	plens uint64
}

// coEntries is coTable (and the number words) as one entry per key.
func coEntries() map[string]coEntry {
	ent := map[string]coEntry{}
	for _, row := range coTable {
		for _, w := range strings.Split(row.words, "|") {
			w = strings.TrimSpace(w)
			if w == "" {
				continue
			}
			e := ent[w]
			e.cls |= row.cls
			e.word = true
			ent[w] = e
			if i := strings.IndexByte(w, ' '); i > 0 {
				e := ent[w[:i]]
				e.lead = true
				e.plens |= 1 << min(len(w), 63)
				ent[w[:i]] = e
			}
		}
	}
	for w, ok := range coNumberWords {
		if ok && len(w) <= 7 {
			e := ent[w]
			e.num = true
			ent[w] = e
		}
	}
	for w, ok := range coCodeWords {
		if ok {
			e := ent[w]
			e.code = true
			ent[w] = e
		}
	}
	return ent
}

func buildCoLex() *coLexicon {
	ent := coEntries()
	words := make([]string, 0, len(ent))
	for w := range ent {
		words = append(words, w)
	}
	sort.Strings(words) // the same table every run
	if 2*len(words) > 1<<coBits || len(words) >= 1<<16 {
		panic("fallback: the co-occurrence table has outgrown coBits")
	}
	lx := &coLexicon{keys: make([]coKey, 0, len(words))}
	var long strings.Builder
	for _, w := range words {
		b := []byte(w)
		for len(b) < 8 {
			b = append(b, 0)
		}
		k := coKey{lo: binary.LittleEndian.Uint64(b), n: uint32(len(w)), e: ent[w]}
		if k.e.word {
			k.add |= k.e.cls
		}
		if k.e.num {
			k.add |= coNumber
		}
		if k.e.code {
			k.add |= coCodeW
		}
		if len(w) > 8 {
			k.hi = binary.LittleEndian.Uint64(b[len(b)-8:])
		}
		if len(w) > 16 {
			k.off = uint32(long.Len())
			long.WriteString(w)
		}
		lx.keys = append(lx.keys, k)
		h := coHash(k.lo, k.hi, len(w))
		i := h >> (64 - coBits)
		for lx.slots[i] != 0 {
			i = (i + 1) & (1<<coBits - 1)
		}
		lx.slots[i] = coTag(h)<<16 | uint32(len(lx.keys))
	}
	lx.long = []byte(long.String())
	return lx
}

const coK1, coK2 = 0x9e3779b97f4a7c15, 0xc2b2ae3d27d4eb4f

func coHash(lo, hi uint64, n int) uint64 { return (lo+uint64(n))*coK1 ^ hi*coK2 }

// coTag is the 16 bits of h below the slot index.
func coTag(h uint64) uint32 { return uint32(h>>(48-coBits)) & 0xffff }

// find looks up the key with the given first and last eight bytes and
// length, and returns its entry and index in keys; b[s:s+n] is the key's
// text, read only for keys over 16 bytes.
func (lx *coLexicon) find(lo, hi uint64, n int, b []byte, s int) (coEntry, bool, uint32) {
	h := coHash(lo, hi, n)
	tag := coTag(h)
	for i := h >> (64 - coBits); ; i = (i + 1) & (1<<coBits - 1) {
		sl := lx.slots[i]
		if sl == 0 {
			return coEntry{}, false, 0
		}
		if sl>>16 != tag {
			continue
		}
		k := &lx.keys[sl&0xffff-1]
		if k.lo == lo && k.hi == hi && int(k.n) == n && (n <= 16 || coSameMiddle(lx.long[k.off:k.off+k.n], b[s:s+n])) {
			return k.e, true, sl&0xffff - 1
		}
	}
}

// coSameMiddle reports whether k and w, of the same length over 16 bytes
// and with the same first and last eight bytes, are equal: it compares
// the bytes between, eight at a time (and makes no call, for coWords).
func coSameMiddle(k, w []byte) bool {
	for p := 8; p < len(k)-8 && p+8 <= len(w); p += 8 {
		if binary.LittleEndian.Uint64(k[p:p+8]) != binary.LittleEndian.Uint64(w[p:p+8]) {
			return false
		}
	}
	return true
}

// coLoad returns the first eight bytes of b[s:e] (zero-padded when shorter)
// and its last eight when it is longer than eight, as coKey keeps them,
// and whether it holds an ASCII digit.
func coLoad(b []byte, s, e int) (lo, hi uint64, digit bool) {
	n := e - s
	if n > 8 {
		lo, hi = binary.LittleEndian.Uint64(b[s:s+8]), binary.LittleEndian.Uint64(b[e-8:e])
		d := digitBytes(lo) | digitBytes(hi)
		for i := s + 8; d == 0 && i < e-8; i += 8 {
			d = digitBytes(binary.LittleEndian.Uint64(b[i : i+8]))
		}
		return lo, hi, d != 0
	}
	switch {
	case s+8 <= len(b):
		lo = binary.LittleEndian.Uint64(b[s : s+8])
	case len(b) >= 8:
		// The word ends within the text's last eight bytes.
		lo = binary.LittleEndian.Uint64(b[len(b)-8:]) >> (8 * (s + 8 - len(b)))
	default:
		for i := n - 1; i >= 0; i-- {
			lo = lo<<8 | uint64(b[s+i])
		}
	}
	lo &= 1<<(8*n) - 1 // all ones for n = 8
	return lo, 0, digitBytes(lo) != 0
}

// digitBytes has the top bit of each byte of x that is an ASCII digit set
// (and no other bit): a byte c < 0x80 has 0x2f < c < 0x3a iff 0xb9-c and
// c+0x50 both have the top bit set, and neither borrows nor carries across
// bytes.
func digitBytes(x uint64) uint64 {
	const l = 0x0101010101010101
	t := x & (l * 0x7f)
	return ((l*0xb9 - t) &^ x) & (t + l*0x50) & (l * 0x80)
}
