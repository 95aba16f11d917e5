package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- the counterparty proposes the gap in cover a policy forbids ----
//
// covergap.go reads a verified record that shows a gap; here there is none,
// but the owner's policy says cover must never lapse ("a new policy must be
// in force before the old one ends", "sin interrupción", "lückenlos", "sans
// interruption") and the counterparty's own message proposes a gap ("a
// two-week gap is the cheapest way", "unas semanas sin cobertura", "eine
// kurze Lücke", "quelques jours sans couverture"). The proposal breaks the
// owner's stated rule in so many words: dev labels that policy bypass.

// continuityWords mark a policy that forbids a break in cover (folded;
// "interrup" has no leading space, for the elided "d'interruption").
var continuityWords = []string{" lapse", " gap", " in force before", " continuous", " uninterrupted", "interrup", " laguna", " caduc",
	" lucke", " luckenlos", " ununterbrochen", " erlosch", " continu", " carence"}

// continuitySet finds continuityWords in one pass (containsAny was a
// search per word, on every policy of every case).
var continuitySet = newSubstrSet(continuityWords)

// checkPolicyGap flags a message that proposes a gap in cover against a
// policy that forbids one.
func (st *state) checkPolicyGap(v *j3fold) {
	// The finding needs the message to deny cover, which needs a cover
	// or gap word in it: the message's lexicon scan says so before any
	// policy is read.
	if st.msg.text == "" || len(st.c.Policies) == 0 || !st.msgHasCover() {
		return
	}
	// The policies are short and seldom about cover; the message, read
	// word by word, only when one is.
	for pi, p := range st.policies() {
		// The statement is within maxClaimBytes (policies clips it), so
		// its folding is v's; it starts with a space, as does every word
		// of the set but one with no space at all: the pads add no match,
		// and are added only for a policy that has one.
		if !continuitySet.in(v.policy(pi)) {
			continue
		}
		f := " " + v.policy(pi) + " "
		if d, c := coverState(f); !d && !c {
			continue // not about cover ("the lapse of a deadline")
		}
		if denied, _ := coverState(st.msgHead()); !denied {
			return
		}
		st.add(finding{tactic: consult.PolicyBypass, kind: "policygap", score: 0.6, sig: consult.High,
			obs:    fmt.Sprintf("Policy %s keeps cover unbroken, and the counterparty proposes a gap in it.", policyName(p)),
			reason: fmt.Sprintf("Policy %s says cover must not lapse; the plan the counterparty proposes leaves a time without it.", strings.TrimSpace(policyName(p))),
			disp:   consult.SeekApproval})
		return
	}
}
