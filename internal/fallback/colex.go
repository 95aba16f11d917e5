package fallback

import (
	"encoding/binary"
	"math/bits"
	"sort"
	"strings"
)

// The co-occurrence lexicon, as a hash table read with 8-byte loads.
//
// cooccur looks every word of the counterparty's text up, and most words
// are not keys. A key is found by its first and last eight bytes and its
// length, which two loads give: a look-up is one or two multiplies and one
// read of a bucket of four 16-bit tags, compared all at once (SWAR), with
// no hashing byte by byte and, for keys of up to 16 bytes, no string
// comparison. A bucket never holds two keys with the same tag and never
// overflows (buildCoLex picks the hash's seed so), so a look-up is
// straight-line code with no probe loop, which lets coWords keep its
// values in registers. The same loads tell whether the word holds a
// digit. It replaced a linear-probing table (one probe loop a word), and
// before that a two-level byte filter in front of a Go map:
// TestCoLexMatchesMap and TestCoWordsMatchesMap hold it (and coWords'
// own reading of it) to the map of coEntries, and
// TestCooccurMatchesReference and FuzzCooccur hold the whole pass to the
// map-based one.

var coLex = *buildCoLex()

// coTops[n] reads a word of n bytes, up to eight: it is loaded as the
// eight bytes that end with it, and top keeps its bytes (the top n),
// bit6 has bit 6 of each of them. A word whose bytes all have bit 6 set
// (letters, and the lead bytes of multi-byte runes) holds no digit and is
// not a "."; coWords tests those only on the others.
var coTops = func() (m [16]struct{ top, bit6 uint64 }) {
	for n := 1; n <= 8; n++ {
		m[n].top = ^uint64(0) << (64 - 8*n)
		m[n].bit6 = m[n].top & coBit6
	}
	return m
}()

const coBit6 = 0x4040404040404040

// coBucketBits sizes the table: 2,048 buckets of four slots for ~1,300
// keys, so most words that are not keys find no tag of theirs, and a seed
// that leaves no bucket full past four is found within a few tries.
const coBucketBits = 11

// coLanes has a one in each 16-bit lane, coLaneTops the top bit of each.
const coLanes, coLaneTops = 0x0001000100010001, 0x8000800080008000

type coLexicon struct {
	// tags[i] holds bucket i's four 16-bit tags (coTag, never 0), 0 in an
	// empty slot; idx[i][l] is the index in keys of the key in lane l.
	tags [1 << coBucketBits]uint64
	idx  [1 << coBucketBits][4]uint16
	seed uint64 // mixed into coHash: the first that fits every key
	keys []coKey
	long []byte // the keys longer than 16 bytes, end to end
}

// coKey is one key: its first and last eight bytes (a key of eight bytes
// or fewer has them at the top of lo, the bytes below 0, as coWords loads
// a short word, and hi 0), which with its length decide equality up to 16
// bytes.
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
	// next has bit c&31 set for the first byte c of the second word of
	// each such key: a lead whose next word starts with no such byte
	// starts no entry there, and cooccur does not look.
	next uint32
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
				e.next |= 1 << (w[i+1] & 31)
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
	if len(words) > 1<<(coBucketBits+1) || len(words) >= 1<<16 {
		panic("fallback: the co-occurrence table has outgrown coBucketBits")
	}
	lx := &coLexicon{keys: make([]coKey, 0, len(words))}
	var long strings.Builder
	for _, w := range words {
		b := []byte(w)
		for len(b) < 8 {
			b = append(b, 0)
		}
		k := coKey{lo: binary.LittleEndian.Uint64(b), n: uint32(len(w)), e: ent[w]}
		if len(w) <= 8 {
			k.lo <<= 64 - 8*len(w) // the word's bytes at the top (coWords' loads)
		}
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
	}
	lx.long = []byte(long.String())
	for lx.seed = 0; !lx.place(); lx.seed++ {
		if lx.seed > 1000 {
			panic("fallback: no seed places the co-occurrence table")
		}
	}
	return lx
}

// place fills the buckets with the seed it has, and reports whether every
// key found a slot in its bucket with a tag no other key there has.
func (lx *coLexicon) place() bool {
	lx.tags, lx.idx = [1 << coBucketBits]uint64{}, [1 << coBucketBits][4]uint16{}
	for i := range lx.keys {
		k := &lx.keys[i]
		h := coHash(k.lo, k.hi, int(k.n), lx.seed)
		bk, tag := coBucket(h), coTag(h)
		if tag == 0 {
			return false // 0 marks an empty slot
		}
		l := 0
		for ; l < 4 && lx.tags[bk]>>(16*l)&0xffff != 0; l++ {
			if lx.tags[bk]>>(16*l)&0xffff == tag {
				return false
			}
		}
		if l == 4 {
			return false
		}
		lx.tags[bk] |= tag << (16 * l)
		lx.idx[bk][l] = uint16(i)
	}
	return true
}

const coK1, coK2 = 0x9e3779b97f4a7c15, 0xc2b2ae3d27d4eb4f

// coHash mixes a key's first and last eight bytes and its length. A key
// of up to eight bytes has them at the top of lo (and hi 0), which a
// multiply would mix into the top bits only: its bytes are reversed first.
func coHash(lo, hi uint64, n int, seed uint64) uint64 {
	x := bits.ReverseBytes64(lo) + uint64(n)
	if n > 8 {
		x = (lo + uint64(n)) ^ hi*coK2
	}
	return (x ^ seed) * coK1
}

// coTag is the top 16 bits of h (never 0 for a key: place sees to it),
// coBucket the bits below them.
func coTag(h uint64) uint64 { return h >> 48 }

func coBucket(h uint64) uint64 { return h >> (48 - coBucketBits) & (1<<coBucketBits - 1) }

// coLanes16 has the top bit set of the lane of bucket h's tags that holds
// h's tag, if one does (the lane of the key to compare with the word), and
// is 0 if none does. A bucket's tags differ, so at most one lane is zero
// after the XOR, and the borrow of the subtraction, which may mark the
// lanes above a zero lane, leaves the lowest mark on it.
func coLanes16(tags, h uint64) uint64 {
	x := tags ^ coTag(h)*coLanes // a zero lane where the tags agree
	return (x - coLanes) &^ x & coLaneTops
}

// find looks up the key with the given first and last eight bytes and
// length (as coLoad gives them), and returns its entry and index in keys;
// b[s:s+n] is the key's text, read only for keys over 16 bytes.
func (lx *coLexicon) find(lo, hi uint64, n int, b []byte, s int) (coEntry, bool, uint32) {
	if n <= 8 {
		lo <<= uint(64-8*n) & 63
	}
	h := coHash(lo, hi, n, lx.seed)
	bk := coBucket(h)
	m := coLanes16(lx.tags[bk], h)
	if m == 0 {
		return coEntry{}, false, 0
	}
	i := lx.idx[bk][bits.TrailingZeros64(m)>>4]
	k := &lx.keys[i]
	if k.lo == lo && k.hi == hi && int(k.n) == n && (n <= 16 || coSameMiddle(lx.long[k.off:k.off+k.n], b[s:s+n])) {
		return k.e, true, uint32(i)
	}
	return coEntry{}, false, 0
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
