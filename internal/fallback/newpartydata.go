package fallback

import "github.com/a2atrust/shield/internal/consult"

// ---- a new recipient of data is not a bypassed rule ----
//
// The labelling convention of the dev set: an action that sends the
// owner's data or a role to a party nobody on the owner's side named is
// labelled data extraction (or scope expansion), not policy bypass; policy
// bypass is labelled when money goes to an account nobody named (a refund
// to another card, a payment to a new IBAN). The newparty finding keeps
// its weight on the disposition and the tier but supports policy bypass
// only when the proposed action moves money.

// newPartyTactic is the tactic checkNewParty's finding supports for
// action a: policy bypass when it moves money, none otherwise.
func newPartyTactic(a consult.Action) consult.Tactic {
	if a.Amount != 0 {
		return consult.PolicyBypass
	}
	return ""
}
