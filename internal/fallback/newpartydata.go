package fallback

import "github.com/a2atrust/shield/internal/consult"

// ---- a new recipient of data is not a bypassed rule ----
//
// The labelling convention of the dev set: an action that sends the
// owner's data or a role to a party nobody on the owner's side named is
// labelled data extraction (or scope expansion), not policy bypass; policy
// bypass is labelled when money goes to an account nobody named (a refund
// to another card, a payment to a new IBAN). The newparty finding keeps
// its weight on the disposition and the tier but stops supporting policy
// bypass when the proposed action moves no money.

// checkNewPartyData takes the newparty finding off policy bypass when the
// action has no amount.
func (st *state) checkNewPartyData() {
	if st.c.Action.Amount != 0 {
		return
	}
	for i := range st.findings {
		if st.findings[i].kind == "newparty" {
			st.findings[i].tactic = ""
			// The tier follows the reported tactics; the hand-over still
			// sets how much is at stake.
			st.stakes = consult.MaxLevel(st.stakes, st.findings[i].sig)
		}
	}
}
