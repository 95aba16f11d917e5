package fallback

import (
	"math/rand"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// gateTexts are random lower-case texts built from the gate words, their
// fragments and separators, so that hits, near misses and sentence ends mix.
func gateTexts(n int) []string {
	var pool []string
	for _, ws := range [][]string{controlWords, ctlVerbs, statusVerbs, statusStates, stateGates[0], stateGates[1], stateGates[2], grantWords, yourWords, noNeedWords} {
		for _, w := range ws {
			pool = append(pool, w, w[:len(w)/2+1], w[len(w)/2:])
		}
	}
	pool = append(pool, " ", " ", ".", ";", "!", "\n", "x", "é", "ſ", "K", "AUDIT")
	r := rand.New(rand.NewSource(1))
	out := []string{"", ".", "audit skip", "skip. audit", "audit skip."}
	for range n {
		var b strings.Builder
		for k := r.Intn(30); k >= 0; k-- {
			b.WriteString(pool[r.Intn(len(pool))])
		}
		out = append(out, b.String())
	}
	return out
}

// TestGateSetMatchesContains checks the one-pass gate words against
// strings.Contains, word by word.
func TestGateSetMatchesContains(t *testing.T) {
	groups := [][]string{stateGates[0], stateGates[1], stateGates[2], statusVerbs, statusStates, controlWords, ctlVerbs, grantWords, yourWords, noNeedWords}
	// The named bits must be the groups' places above.
	if gGrant != 1<<7 || gYour != 1<<8 || gNoNeed != 1<<9 {
		t.Fatalf("gate bits %b %b %b do not match the group order", gGrant, gYour, gNoNeed)
	}
	for _, s := range gateTexts(20000) {
		want := uint32(0)
		for gi, ws := range groups {
			if containsAny(s, ws...) {
				want |= 1 << gi
			}
		}
		if got := judgeGates.mask(s); got != want {
			t.Fatalf("mask(%q) = %b, want %b", s, got, want)
		}
	}
}

// TestGateScanMatchesLoop checks gateScanRef against judgeGates.mask and
// the per-sentence loop its control spans replaced.
func TestGateScanMatchesLoop(t *testing.T) {
	for _, low := range gateTexts(20000) {
		low = strings.ToLower(low)
		var want [][2]int // the sentences with a control noun and a verb
		for i := 0; i < len(low); {
			j := i
			for j < len(low) && !isSentenceSep(low[j]) {
				j++
			}
			if ls := low[i:j]; controlGate(ls) && containsAny(ls, ctlVerbs...) {
				want = append(want, [2]int{i, j})
			}
			i = j + 1
		}
		m, got := gateScanRef(low)
		if d := cmp.Diff(want, got); d != "" {
			t.Fatalf("%q: control spans (-want +got):\n%s", low, d)
		}
		if wm := judgeGates.mask(low); m != wm {
			t.Fatalf("%q: gateScan mask %b, judgeGates.mask %b", low, m, wm)
		}
	}
}

// TestSplitScanGates checks the gates and control spans of splitScan's one
// pass over a text against gateScanRef on its lower case, and its
// sentences against sentencesOfRef, on texts mixing gate words, cue words,
// upper case and runes that change length when lowered.
func TestSplitScanGates(t *testing.T) {
	texts := gateTexts(20000)
	r := rand.New(rand.NewSource(3))
	extra := append([]string{"AUDIT", "Skip", "NEVER", "\u212a", "\u0130", "\u023a", "\u00a0", " \t", "\xff", "€5", "£", "$", "12", "Gold",
		"didn’t", "Jan", "ordered", "per the rate"}, cueWords...)
	for range 5000 {
		var b strings.Builder
		for k := r.Intn(30); k >= 0; k-- {
			if r.Intn(3) == 0 {
				b.WriteString(extra[r.Intn(len(extra))])
			} else {
				b.WriteString(texts[r.Intn(len(texts))])
			}
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		var g msgGates
		got := splitScan(s, 0, nil, &g)
		wm, wctl := gateScanRef(strings.ToLower(s))
		if g.gates != wm {
			t.Fatalf("%q: gates %b, want %b", s, g.gates, wm)
		}
		if d := cmp.Diff(wctl, g.ctl); d != "" {
			t.Fatalf("%q: control spans (-want +got):\n%s", s, d)
		}
		if d := cmp.Diff(sentencesOfRef(s), got, cmp.AllowUnexported(sentence{})); len(s) <= maxClaimBytes && d != "" {
			t.Fatalf("%q: sentences (-want +got):\n%s", s, d)
		}
	}
}

// TestGateWordsNoSep pins what gateScan's restart at a separator relies
// on: no gate word holds a sentence separator.
func TestGateWordsNoSep(t *testing.T) {
	for _, ws := range [][]string{stateGates[0], stateGates[1], stateGates[2], statusVerbs, statusStates, controlWords, ctlVerbs, grantWords, yourWords, noNeedWords} {
		for _, w := range ws {
			if strings.ContainsAny(w, ".!?;\n") {
				t.Errorf("gate word %q holds a sentence separator", w)
			}
		}
	}
}

// TestRecMayMatch checks that recMayMatch never rules out a text the record
// patterns match.
func TestRecMayMatch(t *testing.T) {
	pool := []string{" ", "2 ", "12 cycles", "used ", "months ago", "no fee is outstanding", "nothing outstanding",
		"Picked Up", "COLLECTED", "settled", "expired", "EXPIRED", "paid in full", "hace ", "vor ", "il y a ", "ſettled",
		"cycles de", "Zyklen", "redeemed", "activated", "completed", "x", "ago", "released", "closed out", "gated out",
		"3", "SESSIONS", "logins", "hours of use", "Uses", "runs", "streams", "used", "utilisé", "utilises ", "Months", "year", "years ago",
		"HACE 2 meses", "vor 3 Jahren", "il y a 4 mois", "Kelvin", "day", "was used 4 times", "invoice 1234 paid"}
	r := rand.New(rand.NewSource(2))
	res := []*regexp.Regexp{reRecUsed, reRecSettled, reRecOld}
	for range 50000 {
		var b strings.Builder
		for k := r.Intn(8); k >= 0; k-- {
			w := pool[r.Intn(len(pool))]
			if r.Intn(4) == 0 && len(w) > 3 {
				w = w[:len(w)-1]
			}
			b.WriteString(w)
		}
		s := b.String()
		for pi, re := range res {
			m := re.MatchString(s)
			if m && !recMayMatch(pi, s) {
				t.Fatalf("pair %d: %q matches but recMayMatch is false", pi, s)
			}
			// checkStates reads recMayMatch && MatchString: the same as with
			// the digit-only filter it replaced.
			if (oldRecMayMatch(pi, s) && m) != (recMayMatch(pi, s) && m) {
				t.Fatalf("pair %d: %q: differs from the old filter", pi, s)
			}
		}
	}
}

// TestSenderNotMayMatch checks that senderNotMayMatch never rules out a text
// reSenderNot matches.
func TestSenderNotMayMatch(t *testing.T) {
	pool := []string{" ", "Sender", "CALLER", "counterparty", "requester", "requestor", "agent", "domain", "number",
		"address", " is not", " isn't", " isn’t", " was not", " does not belong", " not a verified", " not registered",
		" not an official", " not authorized", "ſender", "x", ".", "the"}
	r := rand.New(rand.NewSource(3))
	for range 50000 {
		var b strings.Builder
		for k := r.Intn(6); k >= 0; k-- {
			b.WriteString(pool[r.Intn(len(pool))])
		}
		s := b.String()
		if reSenderNot.MatchString(s) && !senderNotMayMatch(s) {
			t.Fatalf("%q matches but senderNotMayMatch is false", s)
		}
	}
}

// oldRecMayMatch is recMayMatch before the eighth round (any
// ASCII digit passed), the reference of TestRecMayMatch.
func oldRecMayMatch(pi int, s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || pi != 1 && s[i] >= '0' && s[i] <= '9' {
			return true
		}
	}
	return containsAny(strings.ToLower(s), recWords[pi]...)
}

// TestControlWordsSplitGate backs checkControls' gate on the description
// and the action apart: it holds only while no control word can match
// across " . " or see an underscore turned into a space.
func TestControlWordsSplitGate(t *testing.T) {
	for _, w := range controlWords {
		t.Run(w, func(t *testing.T) {
			if strings.ContainsAny(w, " ._") {
				t.Errorf("control word %q holds a space, a dot or an underscore", w)
			}
		})
	}
	for _, tc := range []struct{ desc, action string }{
		{"", ""}, {"Disable SSO", "update_vendor"}, {"pay", "skip_call_back"}, {"AUDIT", ""}, {"x", "mfa_off"},
		{"Pay vendor", "pay_invoice"}, {"İ\xff", "\xe2_REVIEW"}, {"verifica", ""}, {"sign", "on"}, {"call", "back"},
	} {
		t.Run(tc.desc+"/"+tc.action, func(t *testing.T) {
			joined := controlGate(toLower(tc.desc + " . " + strings.ReplaceAll(tc.action, "_", " ")))
			apart := controlGate(toLower(tc.desc)) || controlGate(toLower(tc.action))
			if joined != apart {
				t.Errorf("gate on the joined text = %v, apart = %v", joined, apart)
			}
		})
	}
}

// gateScanRef is the gate scan before msgScan shared its pass with the
// sentence split. It returns judgeGates.mask(low) and, from the same automaton pass,
// the sentences of low (lower case) that contain both a control noun and a
// control verb (substrings, as strings.Contains), as [start, end) spans,
// where a sentence ends at a separator (isSentenceSep) or the text's end.
// checkControls made a second automaton pass for the latter. The automaton
// restarts at each separator: no gate word holds one (TestGateWordsNoSep),
// so no match of the whole text crosses one and the mask is unchanged.
func gateScanRef(low string) (m uint32, ctl [][2]int) {
	a := judgeGates.a
	d, class, sh, group := a.d16, &a.class, a.shift, judgeGates.group
	st := uint(0)
	var cur uint32 // the groups of the sentence so far
	start := 0
	for i := 0; i < len(low); i++ {
		c := low[i]
		if sentenceSep[c] {
			if cur&gControl == gControl {
				ctl = append(ctl, [2]int{start, i})
			}
			m |= cur
			cur, st, start = 0, 0, i+1
			continue
		}
		v := d[st<<sh|uint(class[c])]
		st = uint(v &^ out16)
		if v&out16 != 0 {
			for _, id := range a.out[st] {
				cur |= group[id]
			}
		}
	}
	if cur&gControl == gControl {
		ctl = append(ctl, [2]int{start, len(low)})
	}
	return m | cur, ctl
}

// TestGatesOfMatchesMask checks gatesOf, the gate groups from the
// sentence automaton's pass, against judgeGates.mask on lower-cased texts
// of gate words, their pieces, separators and non-ASCII runes.
func TestGatesOfMatchesMask(t *testing.T) {
	for _, s := range gateTexts(20000) {
		l := strings.ToLower(s)
		if got, want := gatesOf(l), judgeGates.mask(l); got != want {
			t.Fatalf("%q: gatesOf %b, judgeGates.mask %b", l, got, want)
		}
	}
}
