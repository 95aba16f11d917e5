package fallback

import (
	"encoding/binary"
	"math/bits"
	"strings"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

var wordSpanTexts = []string{"", " ", "  ", "a", " a ", "ab  cd", " pay now . urgent ", "x. y .z", " . . ", "  lead and trail  ",
	foldText("Hello, this is the accounts desk. Our bank has changed; pay INV-5521 today!").text,
	foldText(strings.Repeat("We appreciate the partnership and look forward to the next quarter. ", 300)).text}

// wordSpansRef is wordSpans as it was, two tests per byte: the reference
// for its eight-byte steps.
func wordSpansRef(text string) []wordSpan {
	out := make([]wordSpan, 0, strings.Count(text, " ")+1)
	for i := 0; i < len(text); {
		for i < len(text) && text[i] == ' ' {
			i++
		}
		if i >= len(text) {
			break
		}
		j := i + 1
		for j < len(text) && text[j] != ' ' {
			j++
		}
		out = append(out, wordSpan{int32(i), int32(j)})
		i = j
	}
	return out
}

func checkWordSpans(t *testing.T, s string) {
	t.Helper()
	if diff := cmp.Diff(wordSpansRef(s), wordSpans(s), cmp.AllowUnexported(wordSpan{})); diff != "" {
		t.Fatalf("wordSpans(%q) (-want +got):\n%s", s, diff)
	}
}

// wordSpans must give wordSpansRef's words at every alignment of its
// eight-byte blocks, with bytes that differ from a space in one bit.
func TestWordSpansMatchesRef(t *testing.T) {
	texts := append([]string{"abcdefgh ijklmnop", "        x       ", "\x00 \xa0 ! \x60\x21\x30 \xff"}, wordSpanTexts...)
	for _, s := range texts {
		t.Run(s[:min(len(s), 20)], func(t *testing.T) {
			for k := 0; k <= min(len(s), 9); k++ {
				checkWordSpans(t, s[k:])
			}
		})
	}
}

// textIndexOf must give newTextIndex's words.
func TestTextIndexOf(t *testing.T) {
	for _, s := range wordSpanTexts {
		t.Run(s[:min(len(s), 20)], func(t *testing.T) {
			if diff := cmp.Diff(newTextIndex(s).words, textIndexOf(s, wordSpans(s)).words, cmp.AllowUnexported(wordSpan{}), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("words (-want +got):\n%s", diff)
			}
		})
	}
}

// headFields must give foldedFields of every head of a text.
func TestHeadFields(t *testing.T) {
	for _, s := range wordSpanTexts {
		words := wordSpans(s)
		for head := 0; head <= len(s); head += 1 + len(s)/50 {
			want := foldedFields(s[:head])
			if diff := cmp.Diff(want, headFields(s, head, words)); diff != "" {
				t.Fatalf("%q, head %d (-want +got):\n%s", s[:min(len(s), 20)], head, diff)
			}
		}
	}
}

func FuzzWordSpans(f *testing.F) {
	for _, s := range wordSpanTexts[:10] {
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, s string, head int) {
		checkWordSpans(t, s)
		words := wordSpans(s)
		if diff := cmp.Diff(newTextIndex(s).words, textIndexOf(s, words).words, cmp.AllowUnexported(wordSpan{}), cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("words (-want +got):\n%s", diff)
		}
		head = min(max(head, 0), len(s))
		if diff := cmp.Diff(foldedFields(s[:head]), headFields(s, head, words)); diff != "" {
			t.Fatalf("head %d (-want +got):\n%s", head, diff)
		}
	})
}

// wordSpans returns the words of a text, the runs of bytes other than a
// space, in order. The engine gets them from the fold, which writes them as
// it writes the words (foldTextWords; FuzzFold holds the two to
// wordSpansRef); this pass over a finished text is kept for the tests that
// need the spans of a text they folded themselves.
func wordSpans(text string) []wordSpan { return wordSpansInto(nil, text) }

// wordSpansInto is wordSpans written to dst's array where it has room (the
// message's spans are kept in the state from case to case).
//
// It reads eight bytes at a time (swar): a mask of the bytes that are not
// a space, compared with itself one byte on, has a bit at every byte where
// a word starts and at every space that ends one, and those bits are the
// only ones visited, so the cost is a few instructions per eight bytes and
// per word rather than two tests per byte. FuzzWordSpans compares it with
// wordSpansRef.
func wordSpansInto(dst []wordSpan, text string) []wordSpan {
	const ones = 0x0101010101010101
	// A word ends at a space or at the end: the spaces (a vectorised
	// count) bound the words, so the slice is made once.
	out := dst[:cap(dst)]
	if n := strings.Count(text, " ") + 1; len(out) < n {
		out = make([]wordSpan, n)
	}
	sb := unsafe.Slice(unsafe.StringData(text), len(text))
	ns, ne := 0, 0   // the words started and ended
	var carry uint64 // the high bit of the byte before the block, if a word byte
	i := 0
	for ; i+8 <= len(text); i += 8 {
		x := binary.LittleEndian.Uint64(sb[i:]) ^ ' '*ones // zero on the spaces
		// The high bit of each byte that is not zero, exactly: no byte
		// carries into the next.
		word := ((x &^ hi8) + 0x7f*ones | x) & hi8
		prev := word<<8 | carry
		carry = word >> 56
		for starts := word &^ prev; starts != 0; starts &= starts - 1 {
			out[ns].start = int32(i + bits.TrailingZeros64(starts)>>3)
			ns++
		}
		for ends := prev &^ word; ends != 0; ends &= ends - 1 {
			out[ne].end = int32(i + bits.TrailingZeros64(ends)>>3)
			ne++
		}
	}
	for ; i < len(text); i++ {
		if text[i] != ' ' {
			if ns == ne {
				out[ns].start = int32(i)
				ns++
			}
		} else if ns > ne {
			out[ne].end = int32(i)
			ne++
		}
	}
	if ns > ne {
		out[ne].end = int32(len(text))
	}
	return out[:ns]
}
