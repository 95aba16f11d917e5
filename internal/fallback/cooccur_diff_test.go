package fallback

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// coCueRow is a cue as the analysis reads it (without its text pointer).
type coCueRow struct {
	Label, Phrase    string
	Weight           float64
	Src, Pos, End, N int
}

// coRun collects one text as collect does (its phrase cues first, which
// the co-occurrence cues are checked against) with the new pass or the
// reference, and returns the cues, by label and in order.
func coRun(e *Engine, text string, src int, ref bool) []coCueRow {
	st := &state{e: e}
	f := foldText(text)
	st.nText = 1
	var spans []wordSpan
	if src != srcContext {
		spans = wordSpans(f.text)
	}
	// The scans of the message and the earlier turns mark the set
	// literals, which the new pass reads (coGateSet); the context's does
	// not, nor does a pass without an engine.
	var marks []setMark
	mp := (*[]setMark)(nil)
	if e != nil && src != srcContext {
		mp = &marks
	}
	if e != nil {
		for _, h := range e.lx.findMarks(nil, f.text, &marks, nil) {
			ph := &e.lx.phrases[h.phrase]
			st.addCue(cue{label: ph.label, weight: ph.weight * srcWeight[src], src: src, text: &f, phrase: ph.src, pos: h.start, end: h.end, srcIdx: st.nText})
		}
	}
	if ref {
		st.cooccurRef(&f, src, spans)
	} else {
		st.cooccur(&f, src, spans, mp, 0)
	}
	var rows []coCueRow
	for _, label := range sortedKeys(st.cues.byName()) {
		for _, q := range st.cues.byName()[label] {
			rows = append(rows, coCueRow{q.label.String(), q.phrase, q.weight, q.src, q.pos, q.end, q.srcIdx})
		}
	}
	return rows
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// coCompare fails t when the new pass and the reference disagree on text.
func coCompare(t *testing.T, text string) {
	t.Helper()
	for _, src := range []int{srcMessage, srcHistory} {
		for _, e := range []*Engine{Default(), nil} {
			if diff := cmp.Diff(coRun(e, text, src, true), coRun(e, text, src, false)); diff != "" {
				t.Fatalf("cooccur(%q), source %d, engine %v (-want +got):\n%s", text, src, e != nil, diff)
			}
		}
	}
}

// evalTexts returns the strings of the eval sets' cases (messages, turns,
// records, policies) of at least 20 bytes.
func evalTexts(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../testdata/eval/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("eval sets: %v %v", files, err)
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			if len(v) >= 20 {
				out = append(out, v)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for _, k := range sortedKeys(v) {
				walk(v[k])
			}
		}
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			var v any
			if json.Unmarshal(sc.Bytes(), &v) == nil {
				walk(v)
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// coWordPool is what random texts are made of: the table's words and
// keys, the number, code and exemption words, negators, digits, lone dots
// and words that are none of these.
func coWordPool() []string {
	var pool []string
	for k := range coEntries() {
		pool = append(pool, k)
		pool = append(pool, strings.Fields(k)...)
	}
	for _, m := range []map[string]bool{coCodeWords, coCodeQual, coSecretExempt, coNumberWords, Default().lx.negators} {
		for k := range m {
			pool = append(pool, k)
		}
	}
	sort.Strings(pool)
	return append(pool, ".", ".", ".", "3", "42", "x9", "inv-5521", "4,900.00", "the", "a", "of", "partnership", "quarterly",
		"codex", "pinata", "averyveryverylongwordindeed", "caf\u00e9", "\u00fcbrig", "d'accord", "e-mail", "co", "pi")
}

// The new pass must add the same cues as the reference on every text of
// the eval sets and on random texts made of the lexicon's words.
func TestCooccurMatchesReference(t *testing.T) {
	texts := evalTexts(t)
	texts = append(texts, "Our managing director has instructed that you release the shipment.", "Just text me the gate code for the loading dock.",
		"We have only 3 stalls remaining for the spring market.", "We waived the setup fee for you last spring. Could you bump our order up the queue?",
		"Never share your password with anyone, including us.", "my zip code please send", "send the codes now")
	pool := coWordPool()
	r := rand.New(rand.NewPCG(3, 4))
	for range 4000 {
		n := 1 + r.IntN(40)
		ws := make([]string, n)
		for i := range ws {
			ws[i] = pool[r.IntN(len(pool))]
		}
		sep := " "
		if r.IntN(8) == 0 {
			sep = "  "
		}
		texts = append(texts, strings.Join(ws, sep))
	}
	// Sentences longer than cooccur's buffers (128 words).
	var noDot []string
	for _, w := range pool {
		if w != "." {
			noDot = append(noDot, w)
		}
	}
	for range 40 {
		ws := make([]string, 100+r.IntN(300))
		for i := range ws {
			ws[i] = noDot[r.IntN(len(noDot))]
		}
		texts = append(texts, strings.Join(ws, " "))
	}
	for i, text := range texts {
		t.Run(fmt.Sprint(i), func(t *testing.T) { coCompare(t, text) })
	}
}

func FuzzCooccur(f *testing.F) {
	for _, s := range []string{"Our CFO instructed that you send all customer records now.", "we did you a favour. could you send the door code?",
		"nur noch 2 Zimmer", "the last two seats", "not send the password. please", "1234567890123456789 codes 12"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		coCompare(t, s)
	})
}

// coGet looks b[s:e] up in coLex.
func coGet(text string, s, e int) (coEntry, bool) {
	b := []byte(text)
	lo, hi, _ := coLoad(b, s, e)
	en, ok, _ := coLex.find(lo, hi, e-s, b, s)
	return en, ok
}

// The hash table must find every key of the table with its entry, and no
// other word, wherever the word sits in a text (coLoad reads a word at
// the end of a text differently).
func TestCoLexMatchesMap(t *testing.T) {
	ent := coEntries()
	var words []string
	for w := range ent {
		words = append(words, w, w+"s", "x"+w, w[:len(w)-1], strings.ToUpper(w[:1])+w[1:], w+" x", strings.Replace(w, " ", "  ", 1))
		if len(w) > 9 {
			words = append(words, w[:8]+"#"+w[9:])
		}
	}
	words = append(words, coWordPool()...)
	sort.Strings(words)
	for _, w := range words {
		if w == "" {
			continue
		}
		want, wantOK := ent[w]
		for _, pad := range []string{"", "a ", "abcdefghijklmn "} {
			for _, tail := range []string{"", " b", " abcdefghijkl"} {
				text := pad + w + tail
				got, ok := coGet(text, len(pad), len(pad)+len(w))
				if ok != wantOK || got != want {
					t.Errorf("%q in %q: got %+v, %v; want %+v, %v", w, text, got, ok, want, wantOK)
				}
			}
		}
	}
}

// coWords must give every word the classes of its key (and coNumber if
// it holds a digit) and list it as a lead when it starts a multi-word key
// whose second word can be the next word (by its first byte),
// wherever the word sits: in the text's first eight bytes, short, up to 16
// bytes or longer (its loads differ).
func TestCoWordsMatchesMap(t *testing.T) {
	ent := coEntries()
	var words []string
	for w := range ent {
		words = append(words, w, w+"s", "x"+w, w[:len(w)-1], w+"1", "2"+w, strings.ToUpper(w[:1])+w[1:])
		if len(w) > 9 {
			words = append(words, w[:8]+"#"+w[9:])
		}
	}
	words = append(words, coWordPool()...)
	sort.Strings(words)
	for _, w := range words {
		if w == "" || w == "." || strings.Contains(w, " ") {
			continue
		}
		var want coClass
		if hasASCIIDigit(w) {
			want = coNumber
		}
		e, ok := ent[w]
		if ok && e.word {
			want |= e.cls
		}
		if ok && e.num {
			want |= coNumber
		}
		if ok && e.code {
			want |= coCodeW
		}
		for _, pad := range []string{"", "a ", "abcdefghijklmn "} {
			for _, tail := range []string{"", " b", " abcdefghijkl"} {
				text := pad + w + tail
				b := []byte(text)
				if len(b) < 8 {
					b = append(b, make([]byte, 8)...)
				}
				spans := wordSpans(text)
				k := 0
				if pad != "" {
					k = 1
				}
				sc := coScan{b: b, ws: make([]coClass, len(spans)), leads: make([]uint64, len(spans))}
				nw, _ := coWords(&sc, spans)
				if nw != len(spans) || sc.ws[k] != want {
					t.Errorf("%q in %q: %d words, class %#x; want %d, %#x", w, text, nw, sc.ws[k], len(spans), want)
				}
				var leads []string
				for _, l := range sc.leads[:sc.nl] {
					leads = append(leads, fmt.Sprint(int(uint32(l)), coLex.keys[l>>32].e == ent[string(text[spans[uint32(l)].start:spans[uint32(l)].end])]))
				}
				// A lead is listed when the next word starts with a byte
				// that the second word of one of its entries starts with.
				listed := func(i int) bool {
					e := ent[text[spans[i].start:spans[i].end]]
					return e.lead && i+1 < len(spans) && e.next>>(text[spans[i+1].start]&31)&1 != 0
				}
				wantLead := 0
				for i := range spans {
					if listed(i) {
						wantLead++
					}
				}
				if len(leads) != wantLead || listed(k) != slices.Contains(leads, fmt.Sprint(k, true)) {
					t.Errorf("%q in %q: leads %v; want %d, word %d among them: %v", w, text, leads, wantLead, k, listed(k))
				}
			}
		}
	}
}

// coLoad's words as loads: the first eight bytes, zero-padded, the last
// eight of a longer word, and whether it holds a digit.
func TestCoLoad(t *testing.T) {
	alphabet := []byte{'a', 'z', ' ', '0', '9', '/', ':', 0x80, 0xb0, 0xb9, 0xff, 0}
	r := rand.New(rand.NewPCG(5, 6))
	for range 400 {
		b := make([]byte, r.IntN(30))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		for s := 0; s < len(b); s++ {
			for e := s + 1; e <= len(b); e++ {
				w := b[s:e]
				pad := append(append([]byte{}, w...), make([]byte, 8)...)
				var want [3]any
				want[0] = uint64(0)
				for i := 7; i >= 0; i-- {
					want[0] = want[0].(uint64)<<8 | uint64(pad[i])
				}
				want[1] = uint64(0)
				if len(w) > 8 {
					var hi uint64
					for i := len(w) - 1; i >= len(w)-8; i-- {
						hi = hi<<8 | uint64(w[i])
					}
					want[1] = hi
				}
				want[2] = hasASCIIDigit(string(w))
				lo, hi, d := coLoad(b, s, e)
				if diff := cmp.Diff(want, [3]any{lo, hi, d}); diff != "" {
					t.Fatalf("coLoad(%q, %d, %d) (-want +got):\n%s", b, s, e, diff)
				}
			}
		}
	}
}

// coDigitFrom must stop at or before every digit (and only at a byte that
// may be one), from every start, whatever the bytes around.
func TestCoDigitFrom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	alphabet := []byte("abcxyz .0123456789:?\x00\xc3\xa9\xff")
	for range 3000 {
		b := make([]byte, r.IntN(70))
		for i := range b {
			if r.IntN(6) == 0 {
				b[i] = alphabet[r.IntN(len(alphabet))]
			} else {
				b[i] = byte(r.IntN(256))
			}
		}
		for s := 0; s <= len(b); s++ {
			got := coDigitFrom(b, s)
			next := len(b)
			for i := s; i < len(b); i++ {
				if b[i] >= '0' && b[i] <= '9' {
					next = i
					break
				}
			}
			if got < s || got > next || got < len(b) && b[got]&0x50 != 0x10 {
				t.Fatalf("coDigitFrom(%q, %d) = %d, first digit at %d", b, s, got, next)
			}
			// Only bytes that may be digits are passed over as such.
			for i := s; i < got; i++ {
				if b[i]&0x50 == 0x10 {
					t.Fatalf("coDigitFrom(%q, %d) = %d passes over %q at %d", b, s, got, b[i], i)
				}
			}
		}
	}
}
