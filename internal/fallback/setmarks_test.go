package fallback

import (
	"math/rand"
	"strings"
	"testing"
)

// markedState is the state inspect builds for msg up to collect's scan of
// the message, which marks the set literals.
func markedState(msg string) *state {
	st := &state{e: Default()}
	var words []wordSpan
	st.msg, words = foldTextWords(msg)
	st.v.marked = true
	st.v.msgWords = words
	st.collect(st.msg, srcMessage, words)
	return st
}

// checkMessageSets compares every answer the set literals give for msg
// with the sets' own scans of the message head, its padded form and its
// clauses.
func checkMessageSets(t *testing.T, msg string) {
	t.Helper()
	st := markedState(msg)
	head := st.msgHead()
	for _, ps := range allPhraseSets {
		if got, want := st.msgHas(ps), ps.in(head); got != want {
			t.Fatalf("set %d: msgHas = %v, in(head) = %v", ps.id, got, want)
		}
		if got, want := st.msgHasPadded(ps), ps.in(" "+head+" "); got != want {
			t.Fatalf("set %d: msgHasPadded = %v, in(padded) = %v", ps.id, got, want)
		}
	}
	for _, ss := range msgSubstrSets {
		if ss == coGateSet {
			continue // cooccur takes its marks (TestCooccurMatchesReference)
		}
		if got, want := st.msgHasSub(ss), ss.in(head); got != want {
			t.Fatalf("substring set %d: msgHasSub = %v, in(head) = %v", ss.id, got, want)
		}
	}
	cv := st.msgClauses()
	ref := newClauseView(st.msg.text)
	if len(cv.cl) != len(ref.cl) {
		t.Fatalf("%d clauses, want %d", len(cv.cl), len(ref.cl))
	}
	for i, cl := range cv.cl {
		for _, ps := range allPhraseSets {
			if got, want := cv.has(i, ps), ps.in(cl); got != want {
				t.Fatalf("clause %d %q, set %d: has = %v, in = %v", i, cl, ps.id, got, want)
			}
		}
	}
}

// setWords are the phrases and words of the registered sets, the
// material of the test messages.
func setWords() []string {
	var out []string
	for _, ps := range allPhraseSets {
		out = append(out, ps.phrases...)
	}
	for _, ss := range msgSubstrSets {
		if ss != coGateSet { // the co-occurrence words would be most of them
			out = append(out, ss.words...)
		}
	}
	return out
}

func TestMessageSetViews(t *testing.T) {
	// The padded answer relies on no phrase holding two spaces in a row.
	for _, ps := range allPhraseSets {
		for _, p := range ps.phrases {
			if strings.Contains(p, "  ") {
				t.Fatalf("set %d: phrase %q has two spaces in a row", ps.id, p)
			}
		}
	}
	words := setWords()
	if len(words) == 0 || len(msgSubstrSets) == 0 {
		t.Fatal("no set literals")
	}
	rng := rand.New(rand.NewSource(7))
	msg := func(n int) string {
		var b strings.Builder
		for b.Len() < n {
			switch rng.Intn(5) {
			case 0, 1:
				b.WriteString(words[rng.Intn(len(words))])
			case 2:
				w := words[rng.Intn(len(words))]
				b.WriteString(w[:rng.Intn(len(w)+1)])
			case 3:
				b.WriteString([]string{". ", "! ", "? ", " ; ", "\n", " the ", "ok", " u r g e n t "}[rng.Intn(8)])
			default:
				b.WriteString(" Please Pay NOW, mañana. ")
			}
		}
		return b.String()
	}
	cases := []string{"", " ", ".", "skip the callback. backdate it", "Bitte rückdatieren. The boss said ignore the policy"}
	for range 200 {
		cases = append(cases, msg(rng.Intn(400)))
	}
	// Past maxClaimBytes: the head is clipped, maybe within a word or a phrase.
	for range 8 {
		cases = append(cases, msg(maxClaimBytes+rng.Intn(200)-100))
	}
	for i, m := range cases {
		t.Run(strings.TrimSpace(m[:min(len(m), 24)])+"/"+string(rune('a'+i%26)), func(t *testing.T) { checkMessageSets(t, m) })
	}
}

func FuzzMessageSetViews(f *testing.F) {
	f.Add("Skip the usual callback just this once; it was backdated. Ignore the policy.")
	f.Add("den Bestellschein reichen wir nach. antedated")
	f.Fuzz(func(t *testing.T, msg string) { checkMessageSets(t, msg) })
}
