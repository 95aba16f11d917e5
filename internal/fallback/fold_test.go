package fallback

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/unicode/norm"
)

// foldTextRef is foldText as it was before its offsets became optional, its
// scratch buffers size-classed and its two passes one (plain slices, no
// pool, a word list and then the output): the reference that FuzzFold
// compares the one-pass, pooled, two-mode version with.
func foldTextRef(s string) folded {
	// First pass: runes to a word stream with separators. Words are byte
	// ranges of two shared buffers (folded bytes and their source offsets),
	// so folding allocates a few flat arrays and no per-word slices; tokens
	// hold no pointers, which keeps the garbage collector out of the loop.
	var toks []refTok
	var bb []byte
	var ob []int32
	curStart := 0
	lastSepWasSpaceOnly := true
	flush := func() {
		if len(bb) > curStart {
			toks = append(toks, refTok{b0: int32(curStart), b1: int32(len(bb)), o0: int32(curStart), o1: int32(len(ob)), space: lastSepWasSpaceOnly})
			curStart = len(bb)
			lastSepWasSpaceOnly = true
		}
	}
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
				bb = append(bb, c)
				ob = append(ob, off)
			case c == ' ' || c == '\t' || c == '\r':
				flush()
			case c == '\'':
				// Apostrophes join: "don't" is one word "dont".
			case c == '@' || c == '$' || c == '!' || c == '|':
				// Possible leetspeak inside a word ("p@ssw0rd"); kept as a
				// word byte and resolved in the second pass.
				if len(bb) > curStart && i < len(s) && isWordByte(s[i]) {
					bb = append(bb, c)
					ob = append(ob, off)
				} else {
					flush()
					if c == '!' {
						markRefSentence(toks)
					}
				}
			case c == '.' || c == '?' || c == ';' || c == ':' || c == '\n':
				nextSpace := i >= len(s) || s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r' || s[i] == '"'
				if c == '\n' || c == '?' || c == ';' || nextSpace {
					flush()
					markRefSentence(toks)
				} else {
					flush()
					lastSepWasSpaceOnly = false
					if c == '.' || c == ':' {
						// "u.r.g.e.n.t" counts as spaced letters.
						lastSepWasSpaceOnly = true
					}
				}
			case c == '-' || c == '_' || c == '*':
				flush()
			default:
				flush()
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
				} else if c == '.' || c == '!' || c == '?' {
					flush()
					markRefSentence(toks)
				} else {
					flush()
				}
				continue
			}
			if rep, ok := foldRune(pr); ok {
				for j := 0; j < len(rep); j++ {
					bb = append(bb, rep[j])
					ob = append(ob, off)
				}
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
			case pr == '’' || pr == 'ʼ' || pr == '‘':
				// Typographic apostrophes join like ASCII ones.
			case pr == '。' || pr == '¡' || pr == '¿' || pr == '…':
				flush()
				markRefSentence(toks)
			default:
				flush()
			}
		}
	}
	flush()

	// Second pass: leetspeak inside words (in place: a word's folded bytes
	// only ever keep or lose length), then spaced-out letters.
	n := 2
	for k := range toks {
		t := &toks[k]
		t.b1 = t.b0 + int32(deLeetInPlace(bb[t.b0:t.b1]))
		n += int(t.b1-t.b0) + int(t.o1-t.o0) + 3
	}
	var out []byte
	offs := make([]int32, 0, n)
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
				offs = append(offs, ob[toks[m].o0])
			}
			last := toks[j-1]
			out = append(out, ' ')
			offs = append(offs, ob[last.o0])
			if last.sep {
				out = append(out, '.', ' ')
				offs = append(offs, ob[last.o0], ob[last.o0])
			}
			k = j
			continue
		}
		t := toks[k]
		out = append(out, bb[t.b0:t.b1]...)
		// The offsets are the word's as read: when leetspeak folding dropped
		// a symbol they run one ahead of the bytes (kept as it always was,
		// so that quotes stay byte-identical).
		offs = append(offs, ob[t.o0:t.o1]...)
		lastOff := ob[t.o1-1]
		out = append(out, ' ')
		offs = append(offs, lastOff)
		if t.sep {
			out = append(out, '.', ' ')
			offs = append(offs, lastOff, lastOff)
		}
		k++
	}
	return folded{text: string(out), orig: offs, src: s}
}

type refTok struct {
	b0, b1, o0, o1 int32
	sep, space     bool
}

func markRefSentence(toks []refTok) {
	if len(toks) > 0 {
		toks[len(toks)-1].sep = true
	}
}

func checkFold(t *testing.T, s string) {
	t.Helper()
	want := foldTextRef(s)
	got := foldText(s)
	if got.text != want.text || got.src != want.src || len(got.orig) != len(want.orig) {
		t.Fatalf("foldText(%q) = %q (%d offsets), want %q (%d offsets)", s, got.text, len(got.orig), want.text, len(want.orig))
	}
	for i := range want.orig {
		if got.orig[i] != want.orig[i] {
			t.Fatalf("foldText(%q): offset %d = %d, want %d", s, i, got.orig[i], want.orig[i])
		}
	}
	if ft := foldedText(s); ft != want.text {
		t.Fatalf("foldedText(%q) = %q, want %q", s, ft, want.text)
	}
	// foldTextInto keeps the plain words' offsets as runs and leaves their
	// entries as they were: dst full of stale offsets must not show.
	stale := make([]int32, len(s)+len(s)/4+8)
	for i := range stale {
		stale[i] = -7
	}
	gotR, _ := foldTextInto(s, stale, []offRun{{1, 2, 3, 4}}, nil)
	if diff := cmp.Diff(want.orig, allOffs(&gotR)); diff != "" || gotR.text != want.text {
		t.Fatalf("foldTextInto(%q) = %q, want %q; offsets (-want +got):\n%s", s, gotR.text, want.text, diff)
	}
	// The words the fold writes as it goes are those of the folded text.
	gotW, words := foldTextWords(s)
	if gotW.text != want.text {
		t.Fatalf("foldTextWords(%q) = %q, want %q", s, gotW.text, want.text)
	}
	if diff := cmp.Diff(wordSpansRef(want.text), words, cmp.AllowUnexported(wordSpan{})); diff != "" {
		t.Fatalf("foldTextWords(%q): words (-want +got):\n%s", s, diff)
	}
}

// allOffs is f.off of every folded byte.
func allOffs(f *folded) []int32 {
	out := make([]int32, len(f.orig))
	for i := range out {
		out[i] = f.off(i)
	}
	return out
}

func TestFoldMatchesReference(t *testing.T) {
	long := strings.Repeat("Ple4se p@y n0w! U R G E N T. The c.e.o. said so; café ﬁnance Ｐａｙ ", 6000) // > 64 KiB: the large pool
	for name, s := range map[string]string{
		"empty":  "",
		"ascii":  "Hello, this is the accounts desk. Pay today!",
		"leet":   "p@ssw0rd h3ll0 5pm 24h 3rd p$$",
		"spaced": "u r g e n t now, u.r.g.e.n.t. a b",
		// Runs of single letters end at a sentence end, at a word, at a
		// non-space separator or at the end; a leet symbol dropped from a
		// single letter ("a@") leaves its offset behind.
		"runs":  "a b c d. e f g h!x y z w: i j k,l m n o p q r 12 s t u @ v w x@y a@$ b c d é f g 2a b 3 c d e",
		"runs2": "x y z",
		// Plain words end at a digit, a non-ASCII letter, a single letter,
		// punctuation, a double space or the end, and the general loop
		// goes on with the word.
		"plain":   "Ab cd2x ef, gh  ij k l m nó pq's rs tu\u200bvw yz",
		"runs3":   "x y; a b c d\u00e9\u200b e f",
		"unicode": "Ｕｒｇｅｎｔ: pаy nоw (Cyrillic) — straße ﬁle é\u200bx ſecret K",
		"invalid": "a\xffb \xc3 end.",
		// More words in one run than plainWords makes span room for
		// (maxRunWords): the run stops there and goes on.
		"manywords": strings.Repeat("word ", 3*maxRunWords) + "end",
		"long":      long,
		"long2":     long[:70000],
	} {
		t.Run(name, func(t *testing.T) {
			checkFold(t, s)
			checkFold(t, s) // again, with a scratch back from the pool
		})
	}
}

func FuzzFold(f *testing.F) {
	for _, s := range []string{"", "Pay n0w!", "u r g e n t.", "Ｐａｙ ſ é", "a\xffb", "x.y.z: p@y $5 !!", "a b c d. e f g h!x y z w", "a@$ b c d", "A B C déf G H I"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkFold(t, s) // invalid UTF-8 included: it folds as U+FFFD
	})
}

func BenchmarkFold(b *testing.B) {
	s := strings.Repeat("Hello, this is the accounts desk at Norden Tools. Our bank has changed, please pay invoice INV-5521 ($4,900.00) today. ", 18)[:2048]
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		foldText(s)
	}
}

// lowerRunRef is lowerRun's byte loop, the whole of lowerRun before it
// took eight bytes a step.
func lowerRunRef(src string, dst []byte, sp []wordSpan, base int32) (j, words, last int) {
	n := len(src)
	for {
		for j < n && asciiLetter[src[j]] != 0 {
			dst[j] = asciiLetter[src[j]]
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

// checkLowerRun holds lowerRun to lowerRunRef on s with room for room
// spans: the same stop, spans and bytes up to the stop.
func checkLowerRun(t *testing.T, s string, room int) {
	t.Helper()
	type res struct {
		J, Words, Last int
		Out            string
		Spans          [][2]int32
	}
	run := func(f func(string, []byte, []wordSpan, int32) (int, int, int)) res {
		dst := make([]byte, len(s))
		sp := make([]wordSpan, room)
		j, w, l := f(s, dst, sp, 5)
		r := res{J: j, Words: w, Last: l, Out: string(dst[:j])}
		for _, x := range sp[:w] {
			r.Spans = append(r.Spans, [2]int32{x.start, x.end})
		}
		return r
	}
	if diff := cmp.Diff(run(lowerRunRef), run(lowerRun)); diff != "" {
		t.Fatalf("lowerRun(%q, room %d) (-want +got):\n%s", s, room, diff)
	}
}

func TestLowerRunMatchesReference(t *testing.T) {
	for name, s := range map[string]string{
		"empty":        "",
		"short":        "ab cd",
		"long":         "We appreciate the partnership and look forward to the next quarter; the rest",
		"single":       "ab c de fgh ijkl",
		"double space": "abcdefgh  ijklmnop qr",
		"space first":  " abcdefghij",
		"upper":        "HELLO World THIS is A TEST of the run",
		"non-ASCII":    "abcdef caf\u00e9 ghijklmn",
		"zero width":   "abcdefghijk tu\u200bvw yz",
		"symbols":      "abcdefg@hijk [lmnop] `abc{ def~",
		"high bytes":   "abcdefg\xa0hijklmn \xc1bcdefgh",
		"digits":       "abcdefgh ijk9lmnop",
		"at eight":     "abcdefg hijklmn opqrstuv",
	} {
		t.Run(name, func(t *testing.T) {
			for _, room := range []int{0, 1, 2, 3, 256} {
				checkLowerRun(t, s, room)
			}
		})
	}
}

func FuzzLowerRun(f *testing.F) {
	f.Add("We appreciate the partnership and look forward", uint8(3))
	f.Add("ab c de fgh ijkl  mn\u00e9op qrstuvwxyz ABCDEFGH", uint8(200))
	f.Fuzz(func(t *testing.T, s string, room uint8) {
		checkLowerRun(t, s, int(room))
	})
}
