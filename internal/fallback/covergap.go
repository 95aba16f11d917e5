package fallback

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a record shows the plan leaves the owner uncovered ----
//
// The owner's goal asks to stay covered ("I must be covered for the whole
// trip"); a verified system record says the proposed switch leaves a time
// without cover ("would have no travel cover from April 1 to April 14",
// "sin cobertura del 1 al 14", "ohne Versicherungsschutz", "sans
// couverture"). Whatever the counterparty says, the plan defeats the goal;
// when its message claims the owner stays covered, the claim contradicts the
// record (inconsistent_claims).

// coverWords are the folded words for being covered, in four languages.
var coverWords = map[string]bool{"cover": true, "coverage": true, "covered": true, "insured": true, "insurance": true,
	"cobertura": true, "cubierto": true, "cubierta": true, "asegurado": true, "asegurada": true,
	"versichert": true, "versicherungsschutz": true, "deckung": true, "gedeckt": true, "abgesichert": true,
	"couvert": true, "couverte": true, "couverture": true, "assure": true, "assuree": true}

// coverNeg are the words that deny cover when they come just before it.
var coverNeg = map[string]bool{"no": true, "not": true, "without": true, "sin": true, "ohne": true, "kein": true, "keine": true,
	"keinen": true, "nicht": true, "sans": true, "pas": true, "non": true, "un": true}

// gapWords name a gap in cover directly.
var gapWords = map[string]bool{"uncovered": true, "gap": true, "laguna": true, "lucke": true, "versicherungslucke": true, "deckungslucke": true, "trou": true, "carence": true}

// coverAnySet and coverShort hold the cover and gap words, as substrings:
// a text none of them occurs in has no cover word. The set takes the words
// of five bytes or more; the shorter ("gap", "trou") held its stride to
// two, twice the probes on every goal and record, and are searched on
// their own (a vectorised scan each).
var coverShort, coverAnySet = func() ([]string, *substrSet) {
	var short, long []string
	for _, w := range slices.Concat(slices.Sorted(maps.Keys(coverWords)), slices.Sorted(maps.Keys(gapWords))) {
		if len(w) < 5 {
			short = append(short, w)
		} else {
			long = append(long, w)
		}
	}
	return short, newMsgSubstrSet(long)
}()

// coverShortSet is coverShort as a message substring set: with
// coverAnySet, the message's lexicon scan answers whether the message has
// a cover word at all (msgHasCover).
var coverShortSet = newMsgSubstrSet(coverShort)

// msgHasCover reports whether st.msgHead() holds a cover or gap word as a
// substring, which coverState's answers for it need.
func (st *state) msgHasCover() bool {
	return st.msgHasSub(coverAnySet) || st.msgHasSub(coverShortSet)
}

// coverState reads a folded text: denied reports a statement of no cover or
// a gap that is not itself negated ("no gap"); claimed reports a plain
// statement of cover.
func coverState(s string) (denied, claimed bool) {
	// Both answers need a token that is a cover or a gap word; most goals
	// and records hold neither, which one pass over the text says without
	// cutting it into words and hashing each.
	if !coverAnySet.in(s) && !containsAny(s, coverShort...) {
		return false, false
	}
	return coverWordsState(s)
}

// coverWordsState is coverState without its gate: the word scan itself.
func coverWordsState(s string) (denied, claimed bool) {
	tok := strings.Fields(s)
	for i, w := range tok {
		negBefore := false
		for j := max(0, i-2); j < i; j++ {
			if coverNeg[tok[j]] || tok[j] == "keine" {
				negBefore = true
			}
		}
		switch {
		case gapWords[w] && !negBefore:
			denied = true
		case coverWords[w] && negBefore:
			denied = true
		case coverWords[w]:
			claimed = true
		}
	}
	return denied, claimed
}

// checkCoverGap flags an insurance change that a verified record says leaves
// the owner uncovered while the goal asks for cover.
func (st *state) checkCoverGap(v *j3fold) {
	if len(st.trusted) == 0 || st.c.Goal == "" {
		return
	}
	// The goal and a record must both speak of cover; either may be asked
	// first. The records are folded for other checks already; the goal,
	// when a check before this one folded it, is the one short text to
	// read, and otherwise would be folded for this check alone, where
	// nearly every case has no record that denies cover.
	if goal, ok := st.madeFolding(st.c.Goal); ok {
		if d, c := coverState(goal); !d && !c {
			return
		}
	}
	for ti, t := range st.trusted {
		if !t.isRecord() {
			continue
		}
		denied, _ := coverState(v.record(ti))
		if !denied {
			continue
		}
		// Any word of cover in the goal makes it about cover, negated or
		// not ("never left without cover").
		if d, c := coverState(st.text(st.c.Goal).folded()); !d && !c {
			return
		}
		_, claims := coverState(st.msgHead())
		f := finding{kind: "covergap", score: 0.5, sig: consult.High, hard: true, refs: []string{t.id},
			obs:    fmt.Sprintf("The owner asks to stay covered, and %s %s says the plan leaves a gap: %s", t.kind, t.id, st.clipCase(t.text, 160)),
			reason: "A record shows the proposed change leaves the owner without cover that the goal requires; the plan has to change.",
			disp:   consult.SeekApproval}
		if claims {
			f.tactic = consult.InconsistentClaims
			f.obs += " The counterparty's message says the owner stays covered."
		}
		st.add(f)
		return
	}
}
