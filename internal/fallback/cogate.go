package fallback

import (
	"math/bits"
	"sort"
	"unsafe"
)

// The co-occurrence gate: which sentences of the message can give a cue,
// told from the lexicon's scan of it.
//
// coWords classifies every word of a sentence, about sixty instructions a
// word, and then nearly every sentence of a message fails coMayCue: a cue
// needs a word of a few rarer classes (a role, a favour, a secret, a
// limit, "only") and, for most of them, a second class beside it. The
// words of those classes (coGateWords) are set literals of the lexicon
// (coGateSet), so the one scan of the message in collect marks where they
// are, and cooccur classifies the words of a sentence only when what the
// marks say it holds could pass coMayCue. The classes that are common
// (requests, asks, needs) are not marked: a sentence is taken to have
// them. So a sentence that the gate passes by is one in which coMayCue,
// which only ever asks whether classes are present, fails on the words'
// classes too: the cues and the favour carried to the next sentence are
// what the whole pass gives (TestCooccurMatchesReference, FuzzCooccur).

// coGateClasses are the classes the gate reads from the marks: those of
// coMayCue's tests but the requests, needs and asks, which it assumes.
const coGateClasses = coRole | coRival | coFavour | coFavourS | coFavourW | coSecret | coCodeW |
	coLimit | coLeft | coLimitPost | coLast | coOnly | coAvail | coNumber

// coAssumed are the classes of coMayCue the gate takes every sentence to
// have.
const coAssumed = coRequest | coNeed | coAsk

// coGateWords are the keys of the co-occurrence table (of one word or
// more) that give a word a class of coGateClasses, sorted.
func coGateWords() []string {
	var out []string
	for w, e := range coEntries() {
		if coKeyAdds(e)&coGateClasses != 0 {
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}

// coKeyAdds is what a key adds to the classes of the word it starts, as
// coWords and coLeadPhrases read it (a multi-word key's classes go to its
// first word).
func coKeyAdds(e coEntry) coClass {
	var c coClass
	if e.word {
		c |= e.cls
	}
	if e.num {
		c |= coNumber
	}
	if e.code {
		c |= coCodeW
	}
	return c
}

// coGateSet marks the gate's words in the message (newMsgSubstrSet), and
// its "."s, of which the lone ones end its sentences.
var coGateSet = newMsgSubstrSet(coGateWords(), []string{"."})

// coGated reports whether lx marks the gate's words, as every lexicon
// built after the package's sets were made does.
func coGated(lx *lexicon) bool { return lx != nil && coGateSet.id < lx.nSS }

// coDigitFrom returns the index of the first byte of b at or after s
// that may be an ASCII digit, or len(b): a byte with bit 4 set and bit 6
// clear, which the digits are and no letter, space or "." is (the rest,
// ":;<=>?" and some bytes of multi-byte runes, are let through: it serves
// a test that may say yes too often, never too rarely). It reads sixteen
// bytes a turn: x<<2 &^ x has bit 6 of a byte set for just those bytes
// (the shift carries nothing into bit 6 from the byte below).
func coDigitFrom(b []byte, s int) int {
	const bit6 = 0x4040404040404040
	base := unsafe.Pointer(unsafe.SliceData(b))
	for ; s+16 <= len(b); s += 16 {
		// Unchecked: s+16 <= len(b).
		x0, x1 := *(*uint64)(unsafe.Add(base, s)), *(*uint64)(unsafe.Add(base, s+8))
		if (x0<<2&^x0|x1<<2&^x1)&bit6 != 0 {
			if m := x0 << 2 &^ x0 & bit6; m != 0 {
				return s + bits.TrailingZeros64(m)>>3
			}
			return s + 8 + bits.TrailingZeros64(x1<<2&^x1&bit6)>>3
		}
	}
	for ; s < len(b); s++ {
		if b[s]&0x50 == 0x10 {
			return s
		}
	}
	return len(b)
}
