package fallback

import (
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// folded is a text prepared for matching: lower-case ASCII-ish words
// separated by single spaces, with a leading and a trailing space, and a "."
// token at every sentence end. Every byte keeps the offset of the rune of the
// original text it came from, so that a match can be quoted from the
// original.
type folded struct {
	text string  // " w1 w2 . w3 "
	orig []int32 // orig[i] is the byte offset in src of the rune that produced text[i]
	src  string
}

// foldText normalises s for matching. The cost is linear in len(s): each
// rune is decomposed on its own (NFKC), folded to lower case, stripped of
// accents and mapped through the homoglyph table; invisible format
// characters (zero-width, bidi controls, soft hyphen) vanish so that they
// cannot split a cue word; leetspeak inside words and spaced-out letters are
// rejoined in a second pass over the words.
func foldText(s string) folded { return foldInto(s, true) }

// foldedText is foldText(s).text without the offsets, for callers that only
// compare words: it skips the offset array (four bytes per folded byte).
func foldedText(s string) string { return foldInto(s, false).text }

// foldInto folds s; the offsets are built only when withOffs is set.
func foldInto(s string, withOffs bool) folded {
	// First pass: runes to a word stream with separators. Words are byte
	// ranges of two shared buffers (folded bytes and their source offsets),
	// so folding allocates a few flat arrays and no per-word slices; tokens
	// hold no pointers, which keeps the garbage collector out of the loop.
	sc := getScratch(len(s))
	defer sc.put()
	toks := grow(sc.toks[:0], len(s)/5+1)
	bb := grow(sc.bb[:0], len(s)+8)
	ob := grow(sc.ob[:0], len(s)+8)
	// No closure captures these (a captured variable lives in memory, not
	// in a register, which slowed every append): flushTok returns the new
	// state, and the buffers go back to the scratch at the end.
	curStart := 0
	lastSepWasSpaceOnly := true
	// lastDirty is len(bb) after the last append that may hold a byte
	// other than a-z: a word that starts at or after it is plain letters,
	// which the leetspeak pass would leave as they are.
	lastDirty := 0
	var buf [32]byte
	for i := 0; i < len(s); {
		var r rune
		size := 1
		if c := s[i]; c < utf8.RuneSelf {
			r = rune(c)
		} else {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		off := int32(i)
		i += size
		if r < utf8.RuneSelf {
			c := byte(r)
			switch {
			case c >= 'A' && c <= 'Z':
				bb = append(bb, c+'a'-'A')
				ob = append(ob, off)
			case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
				// The run of lower-case letters and digits that starts here,
				// in one step.
				j := i
				for j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
					j++
				}
				digits := c <= '9'
				if j < len(s) && s[j] >= '0' && s[j] <= '9' {
					digits = true
					for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= '0' && s[j] <= '9') {
						j++
					}
				}
				bb = append(bb, s[int(off):j]...)
				for k := off; k < int32(j); k++ {
					ob = append(ob, k)
				}
				if digits {
					lastDirty = len(bb)
				}
				i = j
			case c == ' ' || c == '\t' || c == '\r':
				toks, curStart, lastSepWasSpaceOnly = flushTok(toks, len(bb), curStart, lastSepWasSpaceOnly, lastDirty)
			case c == '\'':
				// Apostrophes join: "don't" is one word "dont".
			case c == '@' || c == '$' || c == '!' || c == '|':
				// Possible leetspeak inside a word ("p@ssw0rd"); kept as a
				// word byte and resolved in the second pass.
				if len(bb) > curStart && i < len(s) && isWordByte(s[i]) {
					bb = append(bb, c)
					ob = append(ob, off)
					lastDirty = len(bb)
				} else {
					toks, curStart, lastSepWasSpaceOnly = flushTok(toks, len(bb), curStart, lastSepWasSpaceOnly, lastDirty)
					if c == '!' {
						markSentence(toks)
					}
				}
			case c == '.' || c == '?' || c == ';' || c == ':' || c == '\n':
				nextSpace := i >= len(s) || s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r' || s[i] == '"'
				if c == '\n' || c == '?' || c == ';' || nextSpace {
					toks, curStart, lastSepWasSpaceOnly = flushTok(toks, len(bb), curStart, lastSepWasSpaceOnly, lastDirty)
					markSentence(toks)
				} else {
					toks, curStart, _ = flushTok(toks, len(bb), curStart, lastSepWasSpaceOnly, lastDirty)
					// "u.r.g.e.n.t" counts as spaced letters.
					lastSepWasSpaceOnly = c == '.' || c == ':'
				}
			case c == '-' || c == '_' || c == '*':
				toks, curStart, lastSepWasSpaceOnly = flushTok(toks, len(bb), curStart, lastSepWasSpaceOnly, lastDirty)
			default:
				toks, curStart, _ = flushTok(toks, len(bb), curStart, lastSepWasSpaceOnly, lastDirty)
				lastSepWasSpaceOnly = false
			}
			continue
		}
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
					bb = append(bb, c)
					ob = append(ob, off)
					lastDirty = len(bb) // whatever a non-ASCII rune adds is not "plain"
				} else if c == '.' || c == '!' || c == '?' {
					toks, curStart, lastSepWasSpaceOnly = flushTok(toks, len(bb), curStart, lastSepWasSpaceOnly, lastDirty)
					markSentence(toks)
				} else {
					toks, curStart, lastSepWasSpaceOnly = flushTok(toks, len(bb), curStart, lastSepWasSpaceOnly, lastDirty)
				}
				continue
			}
			if rep, ok := foldRune(pr); ok {
				for j := 0; j < len(rep); j++ {
					bb = append(bb, rep[j])
					ob = append(ob, off)
				}
				lastDirty = len(bb)
				continue
			}
			switch {
			case unicode.Is(unicode.Mn, pr) || isInvisible(pr):
				// Combining marks and invisibles vanish.
			case unicode.IsLetter(pr) || unicode.IsDigit(pr):
				lr := unicode.ToLower(pr)
				n := utf8.EncodeRune(buf[:4], lr)
				for j := 0; j < n; j++ {
					bb = append(bb, buf[j])
					ob = append(ob, off)
				}
				lastDirty = len(bb)
			case pr == '’' || pr == 'ʼ' || pr == '‘':
				// Typographic apostrophes join like ASCII ones.
			case pr == '。' || pr == '¡' || pr == '¿' || pr == '…':
				toks, curStart, lastSepWasSpaceOnly = flushTok(toks, len(bb), curStart, lastSepWasSpaceOnly, lastDirty)
				markSentence(toks)
			default:
				toks, curStart, lastSepWasSpaceOnly = flushTok(toks, len(bb), curStart, lastSepWasSpaceOnly, lastDirty)
			}
		}
	}
	toks, _, _ = flushTok(toks, len(bb), curStart, lastSepWasSpaceOnly, lastDirty)

	// Second pass: leetspeak inside words (in place: a word's folded bytes
	// only ever keep or lose length), then spaced-out letters.
	// n bounds both outputs: a word writes at most its offsets' length
	// (leetspeak folding only shortens the bytes) plus " . ".
	n := 2
	for k := range toks {
		t := &toks[k]
		if t.leet {
			t.b1 = t.b0 + int32(deLeetInPlace(bb[t.b0:t.b1]))
		}
		n += int(t.o1-t.b0) + 3
	}
	out := grow(sc.out[:0], n)
	var offs []int32
	if withOffs {
		offs = make([]int32, 0, n)
	}
	out = append(out, ' ')
	offs = append(offs, 0)
	for k := 0; k < len(toks); {
		// A run of >= 3 single-letter tokens separated by spaces or dots is
		// one spaced-out word: "u r g e n t".
		j := k
		for j < len(toks) && toks[j].b1-toks[j].b0 == 1 && isLetter(bb[toks[j].b0]) && (j == k || (toks[j].space && !toks[j-1].sep)) {
			j++
		}
		if j-k >= 3 {
			for m := k; m < j; m++ {
				out = append(out, bb[toks[m].b0])
				if withOffs {
					offs = append(offs, ob[toks[m].b0])
				}
			}
			last := toks[j-1]
			out = append(out, ' ')
			if last.sep {
				out = append(out, '.', ' ')
			}
			if withOffs {
				lo := ob[last.b0]
				offs = append(offs, lo)
				if last.sep {
					offs = append(offs, lo, lo)
				}
			}
			k = j
			continue
		}
		t := toks[k]
		out = append(out, bb[t.b0:t.b1]...)
		// The offsets are the word's as read: when leetspeak folding dropped
		// a symbol they run one ahead of the bytes (kept as it always was,
		// so that quotes stay byte-identical).
		out = append(out, ' ')
		if t.sep {
			out = append(out, '.', ' ')
		}
		if withOffs {
			offs = append(offs, ob[t.b0:t.o1]...)
			lastOff := ob[t.o1-1]
			offs = append(offs, lastOff)
			if t.sep {
				offs = append(offs, lastOff, lastOff)
			}
		}
		k++
	}
	sc.toks, sc.bb, sc.ob, sc.out = toks, bb, ob, out
	return folded{text: string(out), orig: offs, src: s}
}

// flushTok ends the word in progress, bytes [cur, n) of the fold buffers,
// if there is one, and returns the new word start and separator state;
// dirty is lastDirty.
func flushTok(toks []ftok, n, cur int, spaceOnly bool, dirty int) ([]ftok, int, bool) {
	if n > cur {
		// bb and ob grow in step, so a word's offsets start where its bytes
		// do: ob[b0:o1].
		return append(toks, ftok{b0: int32(cur), b1: int32(n), o1: int32(n), space: spaceOnly, leet: dirty > cur}), n, true
	}
	return toks, cur, spaceOnly
}

// foldScratch holds foldText's working buffers between calls. Nothing in it
// outlives a call: the folded text is copied out and the offsets are
// allocated afresh, so a pooled buffer carries no state into the next case.
type foldScratch struct {
	toks []ftok
	bb   []byte
	ob   []int32
	out  []byte
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
	// (about 14 bytes of buffers per input byte).
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
		if cap(sc.bb) <= maxPooledLarge+8 {
			foldPoolLarge.Put(sc)
		}
		return
	}
	if cap(sc.bb) > maxPooled+8 || cap(sc.out) > 2*maxPooled {
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

// ftok is one word of the first normalisation pass: its folded bytes
// bb[b0:b1] and their source offsets ob[b0:o1] (b1 < o1 once leetspeak
// folding dropped a symbol).
type ftok struct {
	b0, b1, o1 int32
	sep        bool // a sentence end follows this word
	space      bool // separated from the previous word by whitespace or dots only
	leet       bool // may hold a byte other than a-z: run deLeetInPlace
}

// markSentence records a sentence end after the last word, if any.
func markSentence(toks []ftok) {
	if len(toks) > 0 {
		toks[len(toks)-1].sep = true
	}
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
