package fallback

import (
	"bufio"
	"encoding/json"
	"math/rand"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
)

// negatedTexts are source texts for the negation window: the judge18h
// clause cases, runs of spaces, sentence ends, dashes, brackets, openers
// and non-ASCII words beside negators.
var negatedTexts = []string{
	"She has no cover – please don't leave her stranded.",
	"She has no cover - please don't leave her stranded.",
	"She has no cover, don't leave her stranded.",
	"She has no cover please don't leave her stranded.",
	"She is not stranded.", "No one is stranded here.", "The no-show flight stranded nobody.",
	"never  ask   for your    password", "not . pay now", "no (really) urgent wire", "kein — bitte zahlen Sie jetzt",
	"ne pas payer s'il vous plaît maintenant", "no por favor transfiera ya", "nunca   envíe su contraseña",
	"  not", "not", "not ", "\x00 \xa0 ! \x60\x21\x30 \xff not \xa0never x", "abcdefgh ijklmnop not qrstuvwxyz12345 z", " . not . ", "no no no no send gift cards", "ñ ü not ß urgent",
}

// negatedRaw builds n texts from the pack's negators and literals with
// filler that stresses the window: "." words, openers, dashes, brackets,
// commas, double spaces and non-ASCII words.
func negatedRaw(lx *lexicon, n int) []string {
	negs := make([]string, 0, len(lx.negators))
	for w := range lx.negators {
		negs = append(negs, w)
	}
	sort.Strings(negs)
	filler := []string{"the", "a", ".", "please", "bitte", "por favor", "s'il vous plaît", "—", "–", " - ", "-", ",", "(", ")",
		";", ":", "  ", "   ", "über", "naïve", "x", "now", "no-show"}
	r := rand.New(rand.NewSource(19))
	out := make([]string, 0, n)
	for range n {
		var b strings.Builder
		for range 5 + r.Intn(40) {
			switch r.Intn(4) {
			case 0:
				b.WriteString(" " + negs[r.Intn(len(negs))] + " ")
			case 1:
				b.WriteString(lx.lits[r.Intn(len(lx.lits))])
			default:
				b.WriteString(" " + filler[r.Intn(len(filler))] + " ")
			}
		}
		out = append(out, b.String())
	}
	return out
}

// devMessages returns the messages of the dev eval set.
func devMessages(t *testing.T) []string {
	t.Helper()
	f, err := os.Open("../../testdata/eval/dev.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var c struct {
			Request struct {
				Case struct {
					Message string `json:"message"`
				} `json:"case"`
			} `json:"request"`
		}
		if json.Unmarshal(sc.Bytes(), &c) == nil && c.Request.Case.Message != "" {
			out = append(out, c.Request.Case.Message)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("only %d dev messages", len(out))
	}
	return out
}

// negatedRef is negated as judge18h left it (the reference for its byte
// loop): three words back by strings.LastIndexByte, each sliced and asked.
func (lx *lexicon) negatedRef(text string, p int, f *folded) bool {
	if len(lx.negators) == 0 {
		return false
	}
	e := p // text[p] is the space before the hit
	for n := 0; n < 3 && e > 0; n++ {
		s := strings.LastIndexByte(text[:e], ' ')
		if s < 0 {
			break
		}
		w := text[s+1 : e]
		if w == "." || f != nil && isOpener(w) {
			break
		}
		if lx.isNegator(w) {
			return f == nil || !clauseMarkIn(f, e, p)
		}
		e = s
	}
	return false
}

// checkNegated compares negated with negatedRef at every byte of the fold
// of s (with and without the fold's clause marks) and of s itself, unfolded
// (runs of spaces, a word at byte 0, any bytes). It returns how many
// positions were negated.
func checkNegated(t *testing.T, lx *lexicon, s string) int {
	t.Helper()
	n := 0
	f := foldText(s)
	for p := 0; p <= len(f.text); p++ {
		for _, fp := range []*folded{&f, nil} {
			got, want := lx.negated(f.text, p, fp), lx.negatedRef(f.text, p, fp)
			if got != want {
				t.Fatalf("negated(%q, %d, fold %v) = %v, want %v", f.text, p, fp != nil, got, want)
			}
			if want {
				n++
			}
		}
	}
	for p := 0; p <= len(s); p++ {
		if got, want := lastSpace([]byte(s), p), strings.LastIndexByte(s[:p], ' '); got != want {
			t.Fatalf("lastSpace(%q, %d) = %d, want %d", s, p, got, want)
		}
		if got, want := lx.negated(s, p, nil), lx.negatedRef(s, p, nil); got != want {
			t.Fatalf("negated(%q, %d) = %v, want %v", s, p, got, want)
		}
	}
	return n
}

// TestNegatedMatchesRef: negated's byte loop reads the same window as the
// walk it replaced on the dev set's messages, the judge18h clause cases
// and texts of the pack's negators, openers and literals.
func TestNegatedMatchesRef(t *testing.T) {
	lx := Default().lx
	texts := append(append(append([]string{}, negatedTexts...), wordSpanTexts...), negatedRaw(lx, 400)...)
	texts = append(texts, devMessages(t)...)
	negated := 0
	for _, s := range texts {
		negated += checkNegated(t, lx, s)
	}
	if negated < 1000 {
		t.Fatalf("only %d negated positions: the texts do not exercise the window", negated)
	}
}

// TestOpeners: winFilter is built from openers, so isOpener must say yes
// to exactly those words, here on every word of the dev set's messages.
func TestOpeners(t *testing.T) {
	for _, w := range openers {
		if !isOpener(w) {
			t.Errorf("isOpener(%q) = false, but it is in openers", w)
		}
	}
	for _, s := range append(devMessages(t), negatedTexts...) {
		for _, w := range strings.Fields(foldedText(s)) {
			if isOpener(w) && !slices.Contains(openers, w) {
				t.Errorf("isOpener(%q) = true, but openers lacks it", w)
			}
		}
	}
}

// FuzzNegated compares negated with negatedRef on any text.
func FuzzNegated(f *testing.F) {
	lx := Default().lx
	for _, s := range negatedTexts {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		checkNegated(t, lx, s)
	})
}
