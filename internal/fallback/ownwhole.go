package fallback

import "strings"

// ---- "the whole thing" said of the requester's own booking ----
//
// A quantifier such as "cancel the whole thing" widens a task when an
// outsider stretches what the agent does for the owner. When the
// counterparty is verified, the action is within the agent's scope and it
// serves the counterparty's own account (the recipient is the counterparty
// itself: its refund, its reservation), the quantifier only names the
// object of the very action proposed, so it is no scope expansion.

// checkOwnWhole drops "whole"-quantifier scope cues in that situation.
func (st *state) checkOwnWhole() {
	qs := st.cues[labScopeExpansion]
	if len(qs) == 0 || st.hasFinding("scope") || !st.c.Counterparty.Verified {
		return
	}
	ref := toLower(strings.TrimSpace(st.c.Counterparty.Reference))
	if len(ref) < 4 || !strings.Contains(toLower(st.c.Action.Recipient), ref) {
		return
	}
	st.dropCues(labScopeExpansion, func(q cue) bool {
		return strings.Contains(q.phrase, "whole") || strings.Contains(q.phrase, "entire")
	})
}
