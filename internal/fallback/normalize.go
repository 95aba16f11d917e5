package fallback

import (
	"math/bits"
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/unicode/norm"
)

// folded is a text prepared for matching: lower-case ASCII-ish words
// separated by single spaces, with a leading and a trailing space, and a "."
// token at every sentence end. Every byte keeps the offset of the rune of the
// original text it came from, so that a match can be quoted from the
// original.
type folded struct {
	text string // " w1 w2 . w3 "
	// orig[i] is the byte offset in src of the rune that produced text[i]
	// (off(i) reads it), except inside runs, where it is not written.
	orig []int32
	// runs are the stretches of plain words whose offsets follow from
	// their place (offRun), in order; only foldTextInto leaves them.
	runs []offRun
	src  string
}

// offRun is a stretch of orig that the fold did not write: plain words,
// each followed by one space, copied from src[raw:] to text[out:] byte for
// byte. A letter's offset is its own, a space's that of the letter before
// it. The message's fold wrote four bytes for every byte of those words,
// of which the checks then read a few dozen (the quotes).
type offRun struct {
	at, n, raw, out int32 // orig[at:at+n] is text[out:out+n], read at src[raw:]
}

// off returns orig[i] as foldText would have written it.
func (f *folded) off(i int) int32 {
	if r := f.runs; len(r) > 0 && int32(i) >= r[0].at {
		// The last run that starts at i or before.
		lo, hi := 0, len(r)
		for hi-lo > 1 {
			m := int(uint(lo+hi) >> 1)
			if r[m].at <= int32(i) {
				lo = m
			} else {
				hi = m
			}
		}
		if k := int32(i) - r[lo].at; k < r[lo].n {
			o := r[lo].raw + k
			if f.text[r[lo].out+k] == ' ' {
				o--
			}
			return o
		}
	}
	return f.orig[i]
}

// foldText normalises s for matching. The cost is linear in len(s): each
// rune is decomposed on its own (NFKC), folded to lower case, stripped of
// accents and mapped through the homoglyph table; invisible format
// characters (zero-width, bidi controls, soft hyphen) vanish so that they
// cannot split a cue word; leetspeak inside a word is undone when the word
// ends, and spaced-out letters are rejoined when their run ends.
func foldText(s string) folded { return foldInto(s, true, nil, nil) }

// foldTextWords is foldText that also returns the folded text's words,
// wordSpans(f.text), written as the fold writes them: collect reads the
// words of every text it scans, and finding them in a pass of their own
// read the whole folded text again.
func foldTextWords(s string) (folded, []wordSpan) {
	// Room for a word in four bytes of text, most texts' words in one
	// allocation (wordSpans counted the spaces first).
	words := make([]wordSpan, 0, len(s)/4+16)
	f := foldInto(s, true, nil, &words)
	return f, words
}

// foldTextInto is foldTextWords with the offsets written to dst's array and
// the words to words' array where they have room: the message's offsets,
// four bytes per folded byte, and its words are kept in the state from
// case to case.
//
// Its plain words' offsets are not written but kept as runs (offRun), in
// runs' array where it has room, and dst's array is written in place when
// it has room for the whole fold, so that the offsets are not copied out
// of the pooled buffer: the caller reads them with f.off.
func foldTextInto(s string, dst []int32, runs []offRun, words []wordSpan) (folded, []wordSpan) {
	if words == nil {
		// Never nil, even with no word: nil words are "not found yet".
		words = make([]wordSpan, 0, len(s)/4+16)
	}
	f := foldRuns(s, dst, runs[:0], &words)
	return f, words
}

// foldedText is foldText(s).text without the offsets, for callers that only
// compare words: it skips the offset array (four bytes per folded byte).
func foldedText(s string) string { return foldInto(s, false, nil, nil).text }

// foldInto folds s; the offsets are built only when withOffs is set, in
// dst's array where it has room, and the words (wordSpans of the text) only
// when words is not nil, in its array where it has room.
//
// It writes the folded text in one pass: each word goes straight to the
// output, where leetspeak is undone in place when the word ends and a run of
// spaced-out letters is joined when the run ends; runs of plain words take a
// tighter loop (plainWords). An earlier version first built a word list and
// copied every byte and offset a second time; the output is the same
// (FuzzFold compares it with foldTextRef).
func foldInto(s string, withOffs bool, dst []int32, words *[]wordSpan) folded {
	return fold(s, withOffs, dst, nil, false, words)
}

// foldRuns is foldInto with offsets, those of plain words kept as runs
// (appended to runs) and dst written in place (foldTextInto).
func foldRuns(s string, dst []int32, runs []offRun, words *[]wordSpan) folded {
	return fold(s, true, dst, runs, true, words)
}

func fold(s string, withOffs bool, dst []int32, runs []offRun, lazy bool, words *[]wordSpan) folded {
	sc := getScratch(len(s))
	defer sc.put()
	fw := folder{out: grow(sc.out[:0], len(s)+len(s)/4+8), withOffs: withOffs, spaceOnly: true}
	if words != nil {
		fw.withSpans = true
		fw.spans = (*words)[:0]
	} else {
		// plainWords writes its words' spans whether or not they are
		// kept: scratch room, overwritten run by run.
		fw.spans = sc.spans[:0]
	}
	if withOffs {
		if lazy {
			// The offsets are written where they are returned: dst, or a
			// new array the caller keeps for the next fold.
			fw.offs = grow(dst[:0], len(s)+len(s)/4+8)
			fw.runs, fw.lazy = runs, true
		} else {
			fw.offs = grow(sc.offs[:0], len(s)+len(s)/4+8)
		}
		fw.chain = sc.chain[:0]
	}
	fw.out = append(fw.out, ' ')
	if withOffs {
		fw.offs = append(fw.offs, 0)
	}
	fw.wStart, fw.wOff = 1, len(fw.offs)
	// buf takes a rune's NFKC pieces. It lives in the pooled scratch: the
	// NFKC call lets a stack array escape, which cost an allocation per
	// fold even of ASCII text that never reaches it.
	buf := &sc.nfkc
	for i := 0; i < len(s); {
		c := s[i]
		off := int32(i)
		if c < utf8.RuneSelf {
			i++
			switch {
			case asciiFold[c] != 0:
				if len(fw.out) == fw.wStart && fw.chainN == 0 && !fw.dirty && asciiLetter[c] != 0 {
					// A word starts: most text is plain words and single
					// spaces, which plainWords writes in a tighter loop.
					// A word that starts with a digit is not plain, and
					// plainWords would write nothing of it: its call (a
					// run's setup, more than a hundred instructions) is
					// spared for every number of the text.
					if j := fw.plainWords(s, int(off)); j > int(off) {
						i = j
						continue
					}
				}
				// The run of letters and digits that starts here, lowered
				// and copied in one loop into room made once for the rest
				// of the input; only a word with a digit may be leetspeak.
				src := s[off:]
				out := fw.out
				if cap(out)-len(out) < len(src) {
					out = slices.Grow(out, len(src))
				}
				dst := out[len(out) : len(out)+len(src)]
				k := 0
				for k < len(src) {
					b := asciiFold[src[k]]
					if b == 0 {
						break
					}
					if b <= '9' {
						fw.dirty = true
					}
					dst[k] = b
					k++
				}
				fw.out = out[:len(out)+k]
				if withOffs {
					fw.addOffs(off, off+int32(k))
				}
				i = int(off) + k
			case c == ' ' || c == '\t' || c == '\r':
				if len(fw.out)-fw.wStart > 1 && !fw.dirty && fw.chainN == 0 {
					fw.endWord() // flush's common case, inlined
				} else {
					fw.flush()
				}
			case c == '\'':
				// Apostrophes join: "don't" is one word "dont".
			case c == '@' || c == '$' || c == '!' || c == '|':
				// Possible leetspeak inside a word ("p@ssw0rd"); kept as a
				// word byte and resolved when the word ends.
				if len(fw.out) > fw.wStart && i < len(s) && isWordByte(s[i]) {
					fw.add(c, off)
					fw.dirty = true
				} else {
					fw.flush()
					if c == '!' {
						fw.mark()
					}
				}
			case c == '.' || c == '?' || c == ';' || c == ':' || c == '\n':
				nextSpace := i >= len(s) || s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r' || s[i] == '"'
				if c == '\n' || c == '?' || c == ';' || nextSpace {
					fw.flush()
					fw.mark()
				} else {
					fw.flush()
					// "u.r.g.e.n.t" counts as spaced letters.
					fw.spaceOnly = c == '.' || c == ':'
				}
			case c == '-' || c == '_' || c == '*':
				fw.flush()
			default:
				fw.flush()
				fw.spaceOnly = false
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if isInvisible(r) {
			continue
		}
		// Non-ASCII: NFKC-decompose the rune alone, then fold each piece.
		src := s[int(off):i]
		if r == utf8.RuneError && size == 1 {
			src = "\uFFFD" // an invalid byte reads as U+FFFD
		}
		out := norm.NFKC.AppendString(buf[:0], src)
		for len(out) > 0 {
			pr, ps := utf8.DecodeRune(out)
			out = out[ps:]
			if pr < utf8.RuneSelf {
				c := byte(pr)
				if c >= 'A' && c <= 'Z' {
					c += 'a' - 'A'
				}
				if (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') {
					fw.add(c, off)
					fw.dirty = true // whatever a non-ASCII rune adds is not "plain"
				} else if c == '.' || c == '!' || c == '?' {
					fw.flush()
					fw.mark()
				} else {
					fw.flush()
				}
				continue
			}
			if rep, ok := foldRune(pr); ok {
				for j := 0; j < len(rep); j++ {
					fw.add(rep[j], off)
				}
				fw.dirty = true
				continue
			}
			switch {
			case unicode.Is(unicode.Mn, pr) || isInvisible(pr):
				// Combining marks and invisibles vanish.
			case unicode.IsLetter(pr) || unicode.IsDigit(pr):
				lr := unicode.ToLower(pr)
				var enc [utf8.UTFMax]byte
				n := utf8.EncodeRune(enc[:], lr)
				for j := 0; j < n; j++ {
					fw.add(enc[j], off)
				}
				fw.dirty = true
			case pr == '’' || pr == 'ʼ' || pr == '‘':
				// Typographic apostrophes join like ASCII ones.
			case pr == '。' || pr == '¡' || pr == '¿' || pr == '…':
				fw.flush()
				fw.mark()
			default:
				fw.flush()
			}
		}
	}
	fw.flush()
	fw.closeChain()
	var offs []int32
	sc.out = fw.out
	if words != nil {
		*words = fw.spans
	} else {
		sc.spans = fw.spans
	}
	if withOffs {
		if lazy {
			offs = fw.offs
		} else {
			// append, not make and copy: the new array is not cleared first.
			offs = append(dst[:0], fw.offs...)
			// Only now: a fold without offsets keeps the offset buffers.
			sc.offs = fw.offs
		}
		sc.chain = fw.chain
	}
	return folded{text: string(fw.out), orig: offs, runs: fw.runs, src: s}
}

// folder is foldInto's output in progress. The word being read is
// out[wStart:] (its source offsets offs[wOff:]); every word before it is
// final, except a run of single letters that may still become one
// spaced-out word ("u r g e n t"), which closeChain joins.
type folder struct {
	out      []byte
	offs     []int32 // only when withOffs
	withOffs bool
	// wStart and wOff are where the word in progress starts in out and offs.
	wStart, wOff int
	// dirty: the word in progress may hold a byte other than a-z, so that
	// deLeetInPlace has something to do.
	dirty bool
	// spaceOnly: the word in progress (or the next one) is separated from
	// the previous word by whitespace or dots only.
	spaceOnly bool
	words     int   // words written
	lastSep   bool  // a sentence end follows the last word written
	lastOff   int32 // the last source offset of the last word written
	// The run of single-letter words written last: chainN of them, from
	// chainOut in out and chainOffs in offs, with the first source offset of
	// each in chain.
	chainN              int
	chainOut, chainOffs int
	chain               []int32
	// spans are the words written (wordSpans of out), kept when withSpans;
	// otherwise plainWords' scratch room.
	spans     []wordSpan
	withSpans bool
	// lazy: plainRun keeps its words' offsets as runs instead of writing
	// them (foldRuns).
	lazy bool
	runs []offRun
}

// asciiFold maps the ASCII bytes that make words to their folded form
// (letters to lower case, digits as they are) and every other byte to 0; it
// has an entry for every byte, so that the run loop needs no range check.
var asciiFold = func() (t [256]byte) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = byte(c)
		t[c-'a'+'A'] = byte(c)
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = byte(c)
	}
	return t
}()

// asciiLetter maps the ASCII letters to lower case and every other byte to 0.
var asciiLetter = func() (t [256]byte) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = byte(c)
		t[c-'a'+'A'] = byte(c)
	}
	return t
}()

// plainWords writes the plain words that start at s[i]: ASCII letters,
// each word of two or more followed by one space, which is all that flush
// does for it (endWord). It stops after the letters of the first word that
// is not of that form, leaving that word in progress for the general loop
// to go on with (a digit or a non-ASCII letter may continue it, a single
// letter may start a spaced-out run), and returns where it stopped (i
// itself if s[i] is not a letter). Letters and spaces are as many bytes out
// as in, so the run's output is at the same index as its input: one loop
// over the run writes the bytes, with no bounds check, and a second one
// the offsets (FuzzFold compares the whole fold with foldTextRef).
func (fw *folder) plainWords(s string, i int) int {
	for {
		j := fw.plainRun(s, i)
		// A run that stops at a comma or a sentence end after a word of
		// two letters or more, with a space after it, goes on here: that
		// is all the general loop would do with the two bytes (flush,
		// which ends the word with endWord, a sentence end or a separator
		// other than a space, and nothing for the space), and it cost it
		// a loop turn for each and a call of this function for the next
		// run. The word in progress is plain (no chain, nothing dirty).
		if j+1 >= len(s) || s[j+1] != ' ' || len(fw.out)-fw.wStart < 2 {
			return j
		}
		switch s[j] {
		case ',':
			fw.endWord()
			fw.spaceOnly = false
		case '.', ';', '?', ':', '!':
			fw.endWord()
			fw.mark()
		default:
			return j
		}
		i = j + 2
		if i == len(s) || asciiLetter[s[i]] == 0 {
			return i
		}
	}
}

// plainRun is one run of plainWords: the letters and spaces up to the
// first other byte.
func (fw *folder) plainRun(s string, i int) int {
	src := s[i:]
	if cap(fw.out)-len(fw.out) < len(src) {
		fw.out = slices.Grow(fw.out, len(src))
	}
	o := len(fw.out)
	dst := fw.out[o:cap(fw.out)][:len(src)]
	// Each word of the run takes three bytes or more (two letters and a
	// space), which bounds the spans lowerRun may write; it stops when
	// their room is full, at most maxRunWords words on, and the general
	// loop goes on from there as from any other stop.
	ns := 0
	if fw.withSpans {
		ns = len(fw.spans)
	}
	if room := min(len(src)/3+1, maxRunWords); cap(fw.spans)-ns < room {
		fw.spans = slices.Grow(fw.spans[:ns], room)
	}
	sp := fw.spans[ns:cap(fw.spans)]
	j, words, last := lowerRun(src, dst, sp, int32(o))
	if fw.withSpans {
		fw.spans = fw.spans[:ns+words]
	}
	fw.out = fw.out[:o+j]
	if fw.withOffs {
		if cap(fw.offs)-len(fw.offs) < j {
			fw.offs = slices.Grow(fw.offs, j)
		}
		p := len(fw.offs)
		od := fw.offs[p : p+j]
		if fw.lazy && words > 0 {
			// The finished words' offsets are a run; only the word in
			// progress, which the general loop may still rewrite, is
			// written.
			fw.runs = append(fw.runs, offRun{at: int32(p), n: int32(last), raw: int32(i), out: int32(o)})
			fillOffs(od[last:], int32(i+last))
		} else {
			// A letter's offset is its own, a space takes the word's last
			// letter's: the run's offsets count up from i, and then each
			// word's space, known from its span, is set one lower. A loop
			// with no load per byte, where reading each byte back to tell
			// the spaces cost twice as much.
			fillOffs(od, int32(i))
			for _, w := range sp[:words] {
				od[int(w.end)-o]--
			}
		}
		fw.offs = fw.offs[:p+j]
		if words > 0 {
			// The last word's space: its last letter's offset.
			fw.lastOff = int32(i + last - 2)
			fw.wOff = p + last
		}
	}
	if words > 0 {
		fw.words += words
		fw.lastSep = false
		fw.wStart = o + last
		fw.spaceOnly = true
	}
	return i + j
}

// maxRunWords bounds the spans' room that plainWords makes for a run, so
// that a fold without kept spans needs no more scratch than that.
const maxRunWords = 256

// lowerRun is plainWords' byte loop. It writes the run's bytes to dst (as
// long as src) and the span of each word it ends to sp (at base, the run's
// index in the output), and returns where it stopped, the words it ended
// and where the word in progress starts. It is a function of its own, not
// inlined, so that its few values stay in registers: inlined into
// plainWords, the loop reloaded a spilled value from the stack on every
// byte. The word's length is j-last, not a counter of its own: one
// instruction less per letter.
//
//go:noinline
func lowerRun(src string, dst []byte, sp []wordSpan, base int32) (j, words, last int) {
	// The bytes are read and written through pointers, unchecked: dst is
	// as long as src (checked once here), and the index loop the compiler
	// made kept an index check and the table's address reload per byte.
	n := len(src)
	dst = dst[:n]
	if n == 0 {
		return 0, 0, 0
	}
	sb, db := unsafe.Pointer(unsafe.StringData(src)), unsafe.Pointer(unsafe.SliceData(dst))
	spp := unsafe.Pointer(unsafe.SliceData(sp))
	// Eight bytes a step while eight are left (src runs to the end of the
	// text, past the run): each byte is a letter or a space, or the run
	// ends at it. The step lowers all eight at once (a space ORed with
	// 0x20 stays a space) and visits only the spaces, each of which ends a
	// word: the byte loop below took nine instructions a letter. The step
	// has no call and few values, so that they stay in registers (a
	// version that went back to the steps after a block taken byte by
	// byte spilled them all). FuzzLowerRun holds it to the byte loop.
	//
	// The steps stop where sp could be full: a word takes three bytes or
	// more with its space, so a word that ends before lim (three bytes for
	// each of sp's spans) has room, and the steps store spans unchecked,
	// with no test of the room per word (the byte loop tests it; a run
	// ends a word every six bytes or so). littleEndian is read once here:
	// in the loop's test it was loaded again every step, as the stores
	// through unsafe pointers might have changed it.
	lim := 0
	if littleEndian {
		lim = min(n, 3*len(sp))
	}
	for j+8 <= lim {
		x := *(*uint64)(unsafe.Add(sb, j))
		y := x | 0x2020202020202020
		// For ASCII y, a byte's high bit is set by the first sum when it
		// is 'a' or more and by the second when it is past 'z'; neither
		// sum carries. A byte with its own high bit ends the run, and what
		// it carries reaches only the bytes after it.
		letter := (y + 0x1f1f1f1f1f1f1f1f) &^ (y + 0x0505050505050505)
		space := ^(((x ^ 0x2020202020202020) & 0x7f7f7f7f7f7f7f7f) + 0x7f7f7f7f7f7f7f7f)
		stop := (^(letter | space) | x) & 0x8080808080808080
		*(*uint64)(unsafe.Add(db, j)) = y
		k := 8
		space &= 0x8080808080808080
		if stop != 0 {
			// Only the bytes before the first that ends the run count.
			k = bits.TrailingZeros64(stop) >> 3
			space &= 1<<(8*k) - 1
		}
		for space != 0 {
			p := j + bits.TrailingZeros64(space)>>3
			if p-last < 2 {
				return p, words, last
			}
			*(*wordSpan)(unsafe.Add(spp, words*int(unsafe.Sizeof(wordSpan{})))) = wordSpan{base + int32(last), base + int32(p)}
			words++
			last = p + 1
			space &= space - 1
		}
		if k < 8 {
			return j + k, words, last
		}
		j += 8
	}
	for {
		for j < n {
			b := asciiLetter[*(*byte)(unsafe.Add(sb, j))]
			if b == 0 {
				break
			}
			*(*byte)(unsafe.Add(db, j)) = b
			j++
		}
		if j == n || src[j] != ' ' || j-last < 2 || words == len(sp) {
			return j, words, last
		}
		dst[j] = ' '
		sp[words] = wordSpan{base + int32(last), base + int32(j)}
		words++
		j++
		last = j
	}
}

// fillOffs sets o[k] to lo+k (lo >= 0), two offsets a store: the plain
// runs' offsets were a third of the fold's cost at a store each. The
// stores are eight-byte aligned (checkptr holds unsafe to that).
func fillOffs(o []int32, lo int32) {
	k := 0
	if len(o) > 0 && uintptr(unsafe.Pointer(unsafe.SliceData(o)))&7 != 0 {
		o[0] = lo
		k = 1
	}
	// Two offsets in one word, the lower at the lower address (amd64 and
	// arm64 are little-endian; the others take the plain loop).
	if littleEndian && len(o)-k >= 4 {
		base := unsafe.Add(unsafe.Pointer(unsafe.SliceData(o)), 4*k)
		v := uint64(uint32(lo)+uint32(k)) | uint64(uint32(lo)+uint32(k)+1)<<32
		w := v + (2 | 2<<32)
		n := (len(o) - k) / 4
		// p is made from an index below n, never stepped past o's end: a
		// pointer one past an array can point into the next heap object,
		// which checkptr (-race) reports.
		for j := range n {
			p := unsafe.Add(base, 16*j)
			*(*uint64)(p) = v
			*(*uint64)(unsafe.Add(p, 8)) = w
			v += 4 | 4<<32
			w += 4 | 4<<32
		}
		k += 4 * n
	}
	for ; k < len(o); k++ {
		o[k] = lo + int32(k)
	}
}

// littleEndian reports a little-endian machine, where fillOffs writes two
// offsets a store.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// addOffs appends the source offsets lo..hi-1, one per byte of a run of
// ASCII copied as it is.
func (fw *folder) addOffs(lo, hi int32) {
	n := len(fw.offs)
	fw.offs = slices.Grow(fw.offs, int(hi-lo))[:n+int(hi-lo)]
	fillOffs(fw.offs[n:], lo)
}

// add appends one folded byte of the word in progress, read at source
// offset off.
func (fw *folder) add(c byte, off int32) {
	fw.out = append(fw.out, c)
	if fw.withOffs {
		fw.offs = append(fw.offs, off)
	}
}

// endWord writes the space after a finished word: all that flush does for
// the common word (two or more plain letters, no run of single letters
// before it), small enough to inline.
func (fw *folder) endWord() {
	var lastOff int32
	if fw.withOffs {
		lastOff = fw.offs[len(fw.offs)-1]
		fw.offs = append(fw.offs, lastOff)
	}
	if fw.withSpans {
		fw.spans = append(fw.spans, wordSpan{int32(fw.wStart), int32(len(fw.out))})
	}
	fw.out = append(fw.out, ' ')
	fw.words++
	fw.lastSep, fw.lastOff = false, lastOff
	fw.wStart, fw.wOff = len(fw.out), len(fw.offs)
	fw.spaceOnly = true
}

// flush ends the word in progress, if there is one; the separator state
// then starts afresh (spaceOnly).
func (fw *folder) flush() {
	if len(fw.out) == fw.wStart {
		return
	}
	if fw.dirty {
		// Leetspeak folding only keeps or drops bytes; the offsets stay as
		// read, so that they run one ahead of the bytes when it dropped a
		// symbol (kept as it always was, so that quotes stay the same).
		fw.out = fw.out[:fw.wStart+deLeetInPlace(fw.out[fw.wStart:])]
		fw.dirty = false
	}
	single := len(fw.out)-fw.wStart == 1 && isLetter(fw.out[fw.wStart])
	// A run of >= 3 single-letter words separated by spaces or dots is one
	// spaced-out word; a word that does not continue the run ends it.
	if !single || fw.chainN == 0 || !fw.spaceOnly || fw.lastSep {
		fw.closeChain()
		if single {
			fw.chainN, fw.chainOut, fw.chainOffs = 0, fw.wStart, fw.wOff
			fw.chain = fw.chain[:0]
		}
	}
	if single {
		fw.chainN++
		if fw.withOffs {
			fw.chain = append(fw.chain, fw.offs[fw.wOff])
		}
	}
	fw.endWord()
}

// mark records a sentence end after the last word, if any.
func (fw *folder) mark() {
	if fw.words == 0 || fw.lastSep {
		return
	}
	fw.lastSep = true
	if fw.withSpans {
		fw.spans = append(fw.spans, wordSpan{int32(len(fw.out)), int32(len(fw.out) + 1)})
	}
	fw.out = append(fw.out, '.', ' ')
	if fw.withOffs {
		fw.offs = append(fw.offs, fw.lastOff, fw.lastOff)
	}
	fw.wStart, fw.wOff = len(fw.out), len(fw.offs)
}

// closeChain ends the run of single letters: three or more become one word,
// written where the run was ("u r g e n t . " becomes "urgent . ", each
// letter keeping its offset and the space and sentence end taking the last
// letter's). Whatever follows the run in the output (the word in progress,
// a few bytes) moves down with it. wStart and wOff then point at the
// moved word in progress.
func (fw *folder) closeChain() {
	n := fw.chainN
	fw.chainN = 0
	if n < 3 {
		return
	}
	// The run's words end where the word in progress starts; the last may
	// carry a sentence end, which no other can (it would have ended the run).
	sep := fw.wStart-fw.chainOut == 2*n+2
	out := fw.out
	p := fw.chainOut
	for k := 0; k < n; k++ {
		out[p+k] = out[p+2*k]
	}
	p += n
	out[p] = ' '
	p++
	if sep {
		out[p], out[p+1] = '.', ' '
		p += 2
	}
	tail := copy(out[p:], out[fw.wStart:])
	fw.out = out[:p+tail]
	fw.wStart = p
	if fw.withSpans {
		// The run's words (and its sentence end) are the last spans
		// written: the word in progress has none yet.
		k := len(fw.spans) - n
		if sep {
			k--
		}
		c := int32(fw.chainOut)
		fw.spans = append(fw.spans[:k], wordSpan{c, c + int32(n)})
		if sep {
			fw.spans = append(fw.spans, wordSpan{c + int32(n) + 1, c + int32(n) + 2})
		}
	}
	if fw.withOffs {
		offs := fw.offs
		q := fw.chainOffs + copy(offs[fw.chainOffs:], fw.chain)
		lo := fw.chain[n-1]
		offs[q] = lo
		q++
		if sep {
			offs[q], offs[q+1] = lo, lo
			q += 2
		}
		tail := copy(offs[q:], offs[fw.wOff:])
		fw.offs = offs[:q+tail]
		fw.wOff = q
	}
}

// foldScratch holds foldText's working buffers between calls. Nothing in it
// outlives a call: the folded text and its offsets are copied out, so a
// pooled buffer carries no state into the next case.
type foldScratch struct {
	out   []byte
	offs  []int32
	chain []int32
	spans []wordSpan // plainWords' room for spans not kept
	nfkc  [32]byte   // foldInto's room for one rune's NFKC decomposition
	// large marks a scratch of foldPoolLarge.
	large bool
}

// Scratch buffers come in two size classes, so that a long message reuses
// the megabytes of a previous long one (allocating and clearing them was most
// of the cost of folding a 1 MiB message) while a short message never
// receives, and so never pins, a huge buffer. sync.Pool drops what stays
// unused for two garbage collections, and buffers above maxPooledLarge are
// never kept.
var (
	foldPool      = sync.Pool{New: func() any { return new(foldScratch) }}
	foldPoolLarge = sync.Pool{New: func() any { return &foldScratch{large: true} }}
)

const (
	// maxPooled is the largest input whose buffers go to foldPool.
	maxPooled = 64 << 10
	// maxPooledLarge caps the inputs whose buffers foldPoolLarge keeps
	// (about six bytes of buffers per input byte).
	maxPooledLarge = 4 << 20
)

func getScratch(n int) *foldScratch {
	if n > maxPooled {
		return foldPoolLarge.Get().(*foldScratch)
	}
	return foldPool.Get().(*foldScratch)
}

func (sc *foldScratch) put() {
	if sc.large {
		if cap(sc.out) <= 2*maxPooledLarge && cap(sc.offs) <= 2*maxPooledLarge {
			foldPoolLarge.Put(sc)
		}
		return
	}
	if cap(sc.out) > 2*maxPooled || cap(sc.offs) > 2*maxPooled || cap(sc.chain) > maxPooled {
		return
	}
	foldPool.Put(sc)
}

func grow[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, 0, n)
	}
	return b
}

func isWordByte(c byte) bool {
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '@' || c == '$'
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' }

// deLeetInPlace maps digits and symbols used as letters back to letters,
// but only in words that have a letter before a digit ("p4ssw0rd",
// "h3ll0"), so that times and quantities ("5pm", "24h", "3rd") and plain
// numbers are untouched; elsewhere it drops the symbols kept for leet
// detection. It rewrites the word b in place and returns its new length.
func deLeetInPlace(b []byte) int {
	letters, leetAfterLetter := 0, false
	seenLetter := false
	plain := true
	for _, c := range b {
		if isLetter(c) {
			letters++
			seenLetter = true
			continue
		}
		plain = false
		if seenLetter && leetByte(c) != 0 {
			leetAfterLetter = true
		}
	}
	if plain {
		return len(b)
	}
	if letters < 2 || !leetAfterLetter {
		// Strip stray symbols kept for leet detection.
		n := 0
		for _, c := range b {
			if c != '@' && c != '$' && c != '!' && c != '|' {
				b[n] = c
				n++
			}
		}
		return n
	}
	for i, c := range b {
		if l := leetByte(c); l != 0 {
			b[i] = l
		}
	}
	return len(b)
}

func leetByte(c byte) byte {
	switch c {
	case '0':
		return 'o'
	case '1', '!', '|':
		return 'i'
	case '3':
		return 'e'
	case '4', '@':
		return 'a'
	case '5', '$':
		return 's'
	case '7':
		return 't'
	case '8':
		return 'b'
	}
	return 0
}

// isInvisible reports format characters that render as nothing and are used
// to split words: zero-width spaces and joiners, bidi controls, the soft
// hyphen, word joiners and the byte-order mark.
func isInvisible(r rune) bool {
	switch {
	case r == 0x00AD, r == 0x034F, r == 0x061C, r == 0x115F, r == 0x1160, r == 0x17B4, r == 0x17B5, r == 0x180E:
		return true
	case r >= 0x200B && r <= 0x200F:
		return true
	case r >= 0x202A && r <= 0x202E:
		return true
	case r >= 0x2060 && r <= 0x206F:
		return true
	case r == 0xFEFF, r == 0x3164, r == 0xFFA0:
		return true
	case r >= 0xFE00 && r <= 0xFE0F:
		return true
	case r >= 0xE0000 && r <= 0xE007F:
		return true
	}
	return unicode.Is(unicode.Cf, r)
}

// foldRune maps a non-ASCII rune (after NFKC) to ASCII: Latin letters with
// diacritics to their base letter, ligatures and ß to their spelling, and
// Cyrillic and Greek homoglyphs of Latin letters to those letters.
func foldRune(r rune) (string, bool) {
	if s, ok := foldTable[r]; ok {
		return s, true
	}
	return "", false
}

var foldTable = buildFoldTable()

func buildFoldTable() map[rune]string {
	m := map[rune]string{
		'ß': "ss", 'ẞ': "ss", 'æ': "ae", 'Æ': "ae", 'œ': "oe", 'Œ': "oe", 'ø': "o", 'Ø': "o",
		'ł': "l", 'Ł': "l", 'đ': "d", 'Đ': "d", 'ð': "d", 'þ': "th", 'ı': "i", 'ĸ': "k",
		// Cyrillic look-alikes.
		'а': "a", 'А': "a", 'в': "b", 'В': "b", 'е': "e", 'Е': "e", 'ё': "e", 'к': "k", 'К': "k",
		'м': "m", 'М': "m", 'н': "h", 'Н': "h", 'о': "o", 'О': "o", 'р': "p", 'Р': "p",
		'с': "c", 'С': "c", 'т': "t", 'Т': "t", 'у': "y", 'У': "y", 'х': "x", 'Х': "x",
		'і': "i", 'І': "i", 'ј': "j", 'Ј': "j", 'ѕ': "s", 'Ѕ': "s", 'ԁ': "d", 'ӏ': "l",
		'ԛ': "q", 'ԝ': "w", 'ѵ': "v", 'ү': "y", 'һ': "h", 'ɡ': "g", 'ɑ': "a",
		// Greek look-alikes.
		'α': "a", 'Α': "a", 'β': "b", 'Β': "b", 'ε': "e", 'Ε': "e", 'ι': "i", 'Ι': "i",
		'κ': "k", 'Κ': "k", 'ν': "v", 'Ν': "n", 'ο': "o", 'Ο': "o", 'ρ': "p", 'Ρ': "p",
		'τ': "t", 'Τ': "t", 'υ': "u", 'Υ': "y", 'χ': "x", 'Χ': "x", 'Ζ': "z", 'Η': "h",
		'Μ': "m",
	}
	// Latin-1 Supplement and Latin Extended-A/B: strip diacritics via NFD.
	for r := rune(0xC0); r <= 0x24F; r++ {
		if _, ok := m[r]; ok {
			continue
		}
		d := norm.NFD.String(string(r))
		base, _ := utf8.DecodeRuneInString(d)
		if base < utf8.RuneSelf && unicode.IsLetter(base) {
			m[r] = string(unicode.ToLower(base))
		}
	}
	return m
}
