package fallback

// The co-occurrence pass as it was before the one-pass classifier
// (cooccur.go at fd82a0f): the reference TestCooccurMatchesReference and
// FuzzCooccur hold the new pass to, cue for cue.

import (
	"encoding/binary"
	"math/bits"
	"strings"
	"unsafe"
)

var coLexRef = buildCoLexRef()

type coLexiconRef struct {
	ent    map[string]coEntryRef // entries, first words of multi-word entries, number words
	prefix map[string]coClass
	plens  []int
	// filter[first&31][last&31] has bit min(len, 63) set for every key of
	// ent: most words miss it and skip the hash lookup. filter2 is the same
	// on the second and the second-last byte (the first and last of a
	// one-byte key), which rejects most of the words the first lets pass.
	filter  [32][32]uint64
	filter2 [32][32]uint64
}

// coEntryRef is what a single word (or a 2-3 word key) is in the lexicon.
type coEntryRef struct {
	cls  coClass
	word bool // an entry of coTable (not only a lead or a number word)
	lead bool // first word of a multi-word entry
	num  bool // a number word (coNumberWords)
}

func buildCoLexRef() *coLexiconRef {
	lx := &coLexiconRef{ent: map[string]coEntryRef{}, prefix: map[string]coClass{}}
	seen := map[int]bool{}
	for _, row := range coTable {
		for _, w := range strings.Split(row.words, "|") {
			w = strings.TrimSpace(w)
			if w == "" {
				continue
			}
			if strings.HasSuffix(w, "*") {
				w = strings.TrimSuffix(w, "*")
				lx.prefix[w] |= row.cls
				if !seen[len(w)] {
					seen[len(w)] = true
					lx.plens = append(lx.plens, len(w))
				}
				continue
			}
			e := lx.ent[w]
			e.cls |= row.cls
			e.word = true
			lx.ent[w] = e
			if i := strings.IndexByte(w, ' '); i > 0 {
				e := lx.ent[w[:i]]
				e.lead = true
				lx.ent[w[:i]] = e
			}
		}
	}
	for w, ok := range coNumberWords {
		if ok && len(w) <= 7 {
			e := lx.ent[w]
			e.num = true
			lx.ent[w] = e
		}
	}
	for w := range lx.ent {
		lx.filter[w[0]&31][w[len(w)-1]&31] |= 1 << min(len(w), 63)
		lx.filter2[w[min(1, len(w)-1)]&31][w[max(len(w)-2, 0)]&31] |= 1 << min(len(w), 63)
	}
	return lx
}

// get looks a word (or a 2-3 word key) up.
func (lx *coLexiconRef) get(w string) (coEntryRef, bool) {
	if !lx.mayHave(w) {
		return coEntryRef{}, false
	}
	e, ok := lx.ent[w]
	return e, ok
}

// mayHave is false for most words that are not keys of ent and true for
// every key; it is small enough to inline into coClassifyRef's word loop,
// where most words end at it.
func (lx *coLexiconRef) mayHave(w string) bool {
	n := len(w)
	if n == 0 {
		return false
	}
	lb := uint64(1) << min(n, 63)
	return lx.filter[w[0]&31][w[n-1]&31]&lb != 0 && lx.filter2[w[min(1, n-1)]&31][w[max(n-2, 0)]&31]&lb != 0
}

// coWordRef is one word of a sentence with the classes of the 1-3 word entries
// that start at it, and the end of the longest entry.
type coWordRef struct {
	// 32-bit offsets keep a word at 20 bytes: the words of every sentence
	// are written once and read several times.
	start, end int32 // byte range of the word in the folded text
	cls        coClass
	spanEnd    int32 // end of the longest entry starting here
	neg        bool
	negSt      int8 // 0 not looked up, 1 not a negator, 2 a negator
	code       bool // may be a code word (coCodeWords), which needs no class
}

// coDigitsRef returns the byte range from the first ASCII digit of text to
// past its last one (or an empty range), found 8 bytes at a time: a word
// outside it has no digit, which saves a byte loop over every word (most
// texts have their digits in a few places, if any).
func coDigitsRef(text string) [2]int {
	b := unsafe.Slice(unsafe.StringData(text), len(text)) // read only
	lo := len(b)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if m := digitBytesRef(binary.LittleEndian.Uint64(b[i : i+8])); m != 0 {
			lo = i + bits.TrailingZeros64(m)/8
			break
		}
	}
	if lo == len(b) {
		for ; i < len(b); i++ {
			if b[i] >= '0' && b[i] <= '9' {
				lo = i
				break
			}
		}
		if lo == len(b) {
			return [2]int{len(b), 0}
		}
	}
	// There is a digit at lo: the backward scan stops at it at the latest.
	j := len(b)
	for ; j-8 >= lo; j -= 8 {
		if m := digitBytesRef(binary.LittleEndian.Uint64(b[j-8 : j])); m != 0 {
			return [2]int{lo, j - 8 + (63-bits.LeadingZeros64(m))/8 + 1}
		}
	}
	for j--; j >= lo; j-- {
		if b[j] >= '0' && b[j] <= '9' {
			return [2]int{lo, j + 1}
		}
	}
	return [2]int{lo, lo + 1} // not reached: b[lo] is a digit
}

// digitBytesRef has the top bit of each byte of x that is an ASCII digit set
// (and no other bit): a byte c < 0x80 has 0x2f < c < 0x3a iff 0xb9-c and
// c+0x50 both have the top bit set, and neither borrows nor carries across
// bytes.
func digitBytesRef(x uint64) uint64 {
	const l = 0x0101010101010101
	t := x & (l * 0x7f)
	return ((l*0xb9 - t) &^ x) & (t + l*0x50) & (l * 0x80)
}

// cooccur adds co-occurrence cues for one folded text; it is called by
// collect right after the phrase pass over the same text. Only the
// counterparty's own words count (the message and its earlier turns).
// spans are wordSpans(f.text), the words the sentences are cut from.
func (st *state) cooccurRef(f *folded, src int, spans []wordSpan) {
	if src == srcContext || f == nil {
		return
	}
	text := f.text
	var negs *lexicon // its negators
	if st.e != nil && st.e.lx != nil {
		negs = st.e.lx
	}
	var hits []hitT
	var prevFavour, prevFavourStrong bool
	var prevPos int
	// One sentence at a time (word lists are per sentence: nothing looks
	// across a lone "."), in a reused buffer.
	var wbuf [96]coWordRef
	words := wbuf[:0]
	dig := coDigitsRef(text)
	// A sentence reads first[b] and last[b] only for the classes b it has
	// set them for: they need no clearing between sentences.
	var first, last [32]int
	k0 := 0
	for k0 < len(spans) {
		words = words[:0]
		for k0 < len(spans) {
			sp := spans[k0]
			k0++
			if sp.end-sp.start == 1 && text[sp.start] == '.' {
				if len(words) > 0 {
					break
				}
				continue
			}
			words = append(words, coWordRef{start: sp.start, end: sp.end})
		}
		if len(words) == 0 {
			continue
		}
		s := [2]int{0, len(words)}
		if !coClassifyRef(words, text, negs, dig) {
			// No word has a class and none is a code word: no cue, no
			// favour carried to the next sentence.
			prevFavour, prevFavourStrong = false, false
			prevPos = int(words[0].start) - 1
			continue
		}
		sp, se := int(words[s[0]].start)-1, int(words[s[1]-1].end)+1
		var has coClass
		limitNum, onlyNum, ownRole, cred := false, false, false, false
		for k := s[0]; k < s[1]; k++ {
			w := &words[k]
			if w.cls == 0 && !w.code {
				continue // every test below needs a class or a code word
			}
			c := w.cls
			if w.neg {
				c &^= coDirective | coMandate | coStatus | coRequest | coNeed | coFavour | coFavourW | coLimit | coRival
			}
			wd := text[w.start:w.end]
			// Offers ("we will send you") are not requests.
			if c&coRequest != 0 && coOfferedRef(words, text, k, s[0]) {
				c &^= coRequest
			}
			// A code is a secret when the words around say which: "door code", "the code we sent".
			if len(wd) >= 3 && len(wd) <= 7 && (wd[0] == 'c' || wd[0] == 'p') && coCodeWords[wd] && coSecretCodeRef(words, text, k, s) {
				c |= coSecret
			}
			if c == 0 {
				continue // every test below needs a class of this word
			}
			// The speaker's own data is not extraction; plain codes are not secrets.
			if c&coSecret != 0 && k > s[0] {
				pw := text[words[k-1].start:words[k-1].end]
				own := words[k-1].cls&coOwnPoss != 0 || k-2 >= s[0] && words[k-2].cls&coOwnPoss != 0
				if own || (strings.HasPrefix(wd, "cod") && coSecretExempt[pw]) {
					c &^= coSecret
				}
			}
			// "my supervisor approved": the speaker's own side, not a claim on the agent.
			if c&coRole != 0 && k > s[0] && words[k-1].cls&coOwnPoss != 0 {
				ownRole = true
			}
			// "left"/"reste" is a limit only after a number, "only" or the object.
			if c&coLeft != 0 && k > s[0] && words[k-1].cls&(coNumber|coOnly|coAvail) != 0 {
				c |= coLimit
			}
			// "limitadas", "begrenzt": a limit right after the object.
			if c&coLimitPost != 0 {
				for n := 1; n <= 2 && k-n >= s[0]; n++ {
					if words[k-n].cls&coAvail != 0 {
						c |= coLimit
						break
					}
				}
			}
			// "I only need two tickets" is a buyer, not a limit.
			if c&coOnly != 0 && coOfferedRef(words, text, k, s[0]) {
				c &^= coOnly
			}
			// A limit next to a number: "quedan dos", "2 left", "nur noch 3".
			if c&coLimit != 0 {
				for n := -2; n <= 2; n++ {
					if n != 0 && k+n >= s[0] && k+n < s[1] && words[k+n].cls&coNumber != 0 {
						limitNum = true
					}
				}
			}
			// "only" right before a number: "only 3", "just about 600".
			if c&coOnly != 0 {
				for n := 1; n <= 2 && k+n < s[1]; n++ {
					if words[k+n].cls&coNumber != 0 {
						onlyNum = true
					}
				}
			}
			// "last"/"final" is a limit only right before the object or a number,
			// and never next to a period noun ("last week", "la semaine dernière").
			if c&coLast != 0 && !(k+1 < s[1] && periodWords[text[words[k+1].start:words[k+1].end]] ||
				k > s[0] && periodWords[text[words[k-1].start:words[k-1].end]]) {
				for n := 1; n <= 3 && k+n < s[1]; n++ {
					if words[k+n].cls&(coAvail|coNumber) != 0 {
						c |= coLimit
						break
					}
				}
			}
			for m := uint32(c); m != 0; m &= m - 1 {
				bi := bits.TrailingZeros32(m)
				if has&(1<<bi) == 0 {
					first[bi] = int(w.start)
				}
				last[bi] = int(w.spanEnd)
			}
			has |= c
			if c&coSecret != 0 && c&coPersonal == 0 {
				cred = true
			}
		}
		span := func(classes ...coClass) (int, int) {
			p, e := -1, -1
			for _, c := range classes {
				if has&c == 0 {
					continue
				}
				bi := bits.TrailingZeros32(uint32(c))
				if p < 0 || first[bi] < p {
					p = first[bi]
				}
				if last[bi] > e {
					e = last[bi]
				}
			}
			if p < 0 {
				p, e = int(words[s[0]].start), int(words[s[1]-1].end)
			}
			return p - 1, e
		}
		addressed := has&(coYou|coRequest|coAsk|coNeed) != 0
		// authority_claim
		if has&coRole != 0 {
			w := 0.0
			switch {
			case has&coMandate != 0 && addressed:
				w = 0.55
			case has&coStatus != 0 && has&(coYou|coRequest|coNeed) != 0 && !ownRole:
				w = 0.4
			case has&coDirective != 0 && addressed:
				w = 0.4
			case has&coMandate != 0:
				w = 0.4
			}
			if w > 0 {
				p, e := span(coRole, coMandate, coStatus, coDirective)
				hits = append(hits, hitT{labAuthorityClaim, w, p, e, "co-occurrence: role + directive", sp, se})
			}
		}
		// data_extraction
		if has&coSecret != 0 && has&(coRequest|coNeed) != 0 {
			w := 0.4
			if cred && (has&(coYou|coAsk) != 0 || has&coRequest != 0 && coImperativeRef(words, text, s)) {
				w = 0.55 // an explicit request for a credential or a bulk list
			}
			p, e := span(coRequest, coNeed, coSecret)
			hits = append(hits, hitT{labDataExtraction, w, p, e, "co-occurrence: request + sensitive object", sp, se})
		}
		// scarcity
		{
			w := 0.0
			switch {
			case has&coLimit != 0 && has&coAvail != 0:
				w = 0.5
			case onlyNum && has&coAvail != 0:
				w = 0.5
			case limitNum:
				w = 0.4
			case has&coRival != 0:
				w = 0.4
			}
			if w > 0 {
				p, e := span(coLimit, coOnly, coRival, coAvail)
				hits = append(hits, hitT{labScarcity, w, p, e, "co-occurrence: limit + availability", sp, se})
			}
		}
		// reciprocity: a favour and an ask in this or the next sentence.
		favour := has&(coFavour|coFavourS) != 0 || has&coFavourW != 0 && has&coYou != 0
		strong := has&coFavourS != 0
		ask := has&(coAsk|coRequest|coNeed) != 0
		if (favour && ask) || (prevFavour && ask) {
			w := 0.4
			if strong || prevFavourStrong {
				w = 0.5
			}
			p, e := span(coFavourS, coFavour, coFavourW, coAsk, coRequest, coNeed)
			if !favour {
				p = prevPos
			}
			hits = append(hits, hitT{labReciprocity, w, p, e, "co-occurrence: favour + request", min(p, sp), se})
		}
		prevFavour, prevFavourStrong = favour && !ask, strong && !ask
		prevPos = int(words[s[0]].start) - 1
	}
	st.addCoCues(f, src, hits)
}

// coClassifyRef sets the classes of the words of one sentence and reports
// whether any word has a class or may be a code word (coCodeWords): if not,
// the sentence cannot give a cue.
// dig is coDigitsRef(text).
func coClassifyRef(words []coWordRef, text string, negs *lexicon, dig [2]int) bool {
	some := false
	lx := coLexRef
	plens := lx.plens
	for k := range words {
		w := &words[k]
		wd := text[w.start:w.end]
		var e coEntryRef
		ok := false
		if lx.mayHave(wd) {
			e, ok = lx.ent[wd]
		}
		if ok && e.word {
			w.cls |= e.cls
			w.spanEnd = w.end
		}
		if ok && e.lead {
			for n := 1; n < 3 && k+n < len(words); n++ {
				if e2, ok := coLexRef.get(text[w.start:words[k+n].end]); ok && e2.word {
					w.cls |= e2.cls
					w.spanEnd = words[k+n].end
				}
			}
		}
		for _, L := range plens {
			if len(wd) >= L {
				if c, ok := coLexRef.prefix[wd[:L]]; ok {
					w.cls |= c
					if w.spanEnd < w.end {
						w.spanEnd = w.end
					}
				}
			}
		}
		if e.num || int(w.end) > dig[0] && int(w.start) < dig[1] && hasASCIIDigit(wd) {
			w.cls |= coNumber
		}
		if w.spanEnd < w.end {
			w.spanEnd = w.end
		}
		if w.cls != 0 {
			some = true
		} else if len(wd) >= 3 && len(wd) <= 7 && (wd[0] == 'c' || wd[0] == 'p') {
			w.code, some = true, true
		}
		// A negator up to three words before cancels verbs and favours.
		for b := 1; w.cls != 0 && b <= 3 && k-b >= 0; b++ {
			x := &words[k-b]
			if x.negSt == 0 {
				x.negSt = 1
				if negs != nil && negs.isNegator(text[x.start:x.end]) {
					x.negSt = 2
				}
			}
			if x.negSt == 2 {
				w.neg = true
				break
			}
		}
	}
	return some
}

// coTails tells the loop that adds a text's co-occurrence cues whether one
// is already covered (lexCovers in the tests is the plain loop it replaces),
// in time linear in the number of cues. A label's cues of the current text
// are the tail of its list (collect adds a text's phrase cues, then its

// coOfferedRef: a request verb with a first-person subject up to two words
// before it ("we will send", "je vous envoie") is an offer, not a request.
func coOfferedRef(words []coWordRef, text string, k, s0 int) bool {
	for b := 1; b <= 2 && k-b >= s0; b++ {
		if words[k-b].cls&coOffer != 0 {
			return true
		}
	}
	return false
}

// coImperativeRef: the sentence starts with a request verb (after "please" or a
// greeting word at most).
func coImperativeRef(words []coWordRef, text string, s [2]int) bool {
	for k := s[0]; k < s[1] && k < s[0]+3; k++ {
		if words[k].cls&coRequest != 0 {
			return true
		}
	}
	return false
}

// coSecretCodeRef: "the door code", "el codigo de la cerradura", "the code we sent you".
func coSecretCodeRef(words []coWordRef, text string, k int, s [2]int) bool {
	w := func(i int) string {
		if i < s[0] || i >= s[1] {
			return ""
		}
		return text[words[i].start:words[i].end]
	}
	for n := 1; n <= 2; n++ {
		if coCodeQual[w(k-n)] || coCodeQual[w(k+n)] && (w(k+1) == "de" || w(k+1) == "du" || w(k+1) == "for" || w(k+1) == "of" || w(k+1) == "to" || w(k+1) == "della" || w(k+1) == "da") {
			return true
		}
	}
	nx := w(k + 1)
	return nx == "" || nx == "you" || nx == "we" || nx == "that" || nx == "sent" || nx == "que" || nx == "quon"
}
