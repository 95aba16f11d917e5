package fallback

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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

// textIndexOf must give newTextIndex's word starts.
func TestTextIndexOf(t *testing.T) {
	for _, s := range wordSpanTexts {
		t.Run(s[:min(len(s), 20)], func(t *testing.T) {
			if diff := cmp.Diff(newTextIndex(s).starts, textIndexOf(s, wordSpans(s)).starts); diff != "" {
				t.Errorf("starts (-want +got):\n%s", diff)
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
		if diff := cmp.Diff(newTextIndex(s).starts, textIndexOf(s, words).starts); diff != "" {
			t.Fatalf("starts (-want +got):\n%s", diff)
		}
		head = min(max(head, 0), len(s))
		if diff := cmp.Diff(foldedFields(s[:head]), headFields(s, head, words)); diff != "" {
			t.Fatalf("head %d (-want +got):\n%s", head, diff)
		}
	})
}
