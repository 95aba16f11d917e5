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

// continuitySet is continuityWords as a one-pass set: fourteen searches of
// each policy were most of this check's cost on a case about something else.
var continuitySet = newSubstrSet(continuityWords)

// checkPolicyGap flags a message that proposes a gap in cover against a
// policy that forbids one.
func (st *state) checkPolicyGap() {
	if st.msg.text == "" || len(st.c.Policies) == 0 {
		return
	}
	// The policies are short and seldom about cover; the message, read
	// word by word, only when one is.
	for _, p := range st.policies() {
		f := " " + st.text(clipBytes(p.Statement, maxClaimBytes)).folded() + " "
		if !continuitySet.in(f) {
			continue
		}
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
