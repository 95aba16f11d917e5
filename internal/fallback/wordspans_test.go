package fallback

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var wordSpanTexts = []string{"", " ", "  ", "a", " a ", "ab  cd", " pay now . urgent ", "x. y .z", " . . ", "  lead and trail  ",
	foldText("Hello, this is the accounts desk. Our bank has changed; pay INV-5521 today!").text,
	foldText(strings.Repeat("We appreciate the partnership and look forward to the next quarter. ", 300)).text}

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
