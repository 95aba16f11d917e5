package fallback

import (
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- backdating ----
//
// A cover start, a contract or a claim date set earlier than it is
// ("backdated to June 1", "rückdatiert", "antidaté") makes the records say
// that cover or consent existed when it did not: the classic way around an
// exclusion. The converse-insurance cases label it policy_bypass, and no
// wording makes it benign, so the words are read only where they describe
// what the action does (the description, or the message proposing it), not
// negated ("not backdated").

var backdateStems = []string{"backdat", "back dat", "ruckdatier", "zuruckdatier", "antidat", "antedat"}

// backdateGate is backdateAt's first test, one pass over the text where
// containsAny made one per word: on most messages it is the whole cost.
var backdateGate = newMsgSubstrSet(backdateGateWords)

var backdateGateWords = []string{"backdat", "back dat", "ruckdat", "zuruckdat", "antidat", "antedat"}

// checkBackdate flags an action or proposal to backdate.
func (st *state) checkBackdate(v *j3fold) {
	for i, s := range []string{v.desc(), st.msgHead()} {
		if i == 1 && !st.msgHasSub(backdateGate) {
			continue // backdateAt's gate, answered by the message's lexicon scan (views.go)
		}
		if at := backdateAt(s); at != "" {
			st.add(finding{tactic: consult.PolicyBypass, kind: "backdate", score: 0.5, sig: consult.High, hard: true,
				obs:    "The action backdates a date the records rely on (" + at + ").",
				reason: "Backdating a cover start, contract or claim date makes the records show cover or consent that did not exist; it needs the owner and the insurer's rules, not a shortcut.",
				disp:   consult.SeekApproval})
			return
		}
	}
}

// backdateAt returns the backdating word found in folded s, unless a
// negation stands in the two words before it.
func backdateAt(s string) string {
	if !backdateGate.in(s) {
		return "" // the common case: no tokenising
	}
	tok := strings.Fields(s)
	for i, w := range tok {
		hit := false
		for _, b := range backdateStems {
			if strings.HasPrefix(w, b) || (b == "back dat" && w == "back" && i+1 < len(tok) && strings.HasPrefix(tok[i+1], "dat")) {
				hit = true
			}
		}
		if !hit {
			continue
		}
		neg := false
		for j := max(0, i-2); j < i; j++ {
			if condNeg[tok[j]] || tok[j] == "without" || tok[j] == "cannot" || tok[j] == "cant" || tok[j] == "sin" || tok[j] == "ohne" || tok[j] == "sans" {
				neg = true
			}
		}
		if !neg {
			return w
		}
	}
	return ""
}
