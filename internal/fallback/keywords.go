package fallback

import (
	"fmt"
	"unicode/utf8"
)

// The sentence-level structural checks gate their regular expressions on
// cue words (a tier name, a negation, a month...) appearing anywhere in the
// lower-case sentence, as a substring. Rather than one strings.Contains scan
// per word and sentence, every sentence is scanned once with an
// Aho-Corasick automaton over all the cue words, and the result is kept as a
// bit set.

// kwSet is a set of cue words, one bit per word of cueWords.
type kwSet [2]uint64

func (k kwSet) any(m kwSet) bool { return k[0]&m[0] != 0 || k[1]&m[1] != 0 }

func (k kwSet) or(m kwSet) kwSet { return kwSet{k[0] | m[0], k[1] | m[1]} }

var cueWords []string

// cueSet registers words (substrings of a lower-case sentence) and returns
// their set. It runs at package initialisation only.
func cueSet(words ...string) kwSet {
	var k kwSet
	for _, w := range words {
		id := -1
		for i, c := range cueWords {
			if c == w {
				id = i
			}
		}
		if id < 0 {
			id = len(cueWords)
			cueWords = append(cueWords, w)
		}
		if id >= 128 {
			panic(fmt.Sprintf("fallback: more than 128 cue words (%q)", w))
		}
		k[id>>6] |= 1 << (id & 63)
	}
	return k
}

var (
	kwTier     = cueSet("gold", "silver", "platinum", "bronze", "diamond", "regular")
	kwInsur    = cueSet("insur")
	kwArrive   = cueSet("arriv", "deliver", "receiv", "came", "come", "showed", "turned")
	kwNegation = cueSet("not", "n't", "never", "nothing", "n’t")
	kwPay      = cueSet("pay", "paid", "deposit")
	kwCount    = cueSet("passeng", "unit", "people", "person", "travel", "bag", "seat", "room", "night", "employee", "item", "ticket", "adult", "child", "user", "licen")
	kwBought   = cueSet("booked", "bought", "ordered", "purchased", "made")
	kwRecent   = cueSet("ago", "morning", "today", "night", "yesterday", "24 hours")
	kwCurrency = cueSet("usd", "eur", "gbp", "dollar")
	kwEvent    = cueSet("order", "placed", "bought", "purchased", "booked")
	kwMonth    = cueSet("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")

	// kwMoney is kwCurrency or a currency sign: a sign's bytes are in a
	// sentence exactly when they are in its lower case, and a decoder never
	// takes the lead byte of "€" or "£" into the rune before it.
	kwMoney = kwCurrency.or(cueSet("$", "€", "£"))
	// kwAgreed: the words checkRates asks of a sentence before reAgreed.
	kwAgreed = cueSet("agree", "contract", "as per", "per our", "per the", "rate", "acordad", "pactad", "vereinbart", "vertrag", "convenu", "contrat")
)

// cueAuto finds all cue words; built in init, after every cueSet above.
var cueAuto *automaton

func init() {
	cueAuto = buildAutomaton(cueWords)
	if cueAuto.d16 == nil {
		panic("fallback: cue automaton too large for the 16-bit table")
	}
}

// kwOf returns the cue words that toLower(s) contains.
func kwOf(s string) kwSet {
	low := s
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			low = toLower(s)
			break
		}
	}
	var k kwSet
	a := cueAuto // few states: always the 16-bit table
	d, class, sh := a.d16, &a.class, a.shift
	st := uint(0)
	for i := 0; i < len(low); i++ {
		c := low[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A' // ASCII lower case, as strings.ToLower
		}
		v := d[st<<sh|uint(class[c])]
		st = uint(v &^ out16)
		if v&out16 != 0 {
			for _, id := range a.out[st] {
				k[id>>6] |= 1 << (id & 63)
			}
		}
	}
	return k
}
