package fallback

import (
	"strings"
)

// ---- recipients the case explains ----
//
// checkNewParty flags personal data or authority handed to a party the
// owner's side never names. Two recipients need no such naming:
//   - the verified counterparty's own organisation, written as a domain
//     ("sftp://lumo-home.com/inbound" for agent://lumo-home.com/data): the
//     data goes back to the party asking, whose standing the registry
//     vouches for;
//   - the payee of a payment whose only "personal" data is the payment
//     itself (category financial, an amount) and who is named, not given as
//     an account number: whether money may go there is the destination and
//     limit checks' business, not a data redirection. A recipient with an
//     account number (a new IBAN) is still checked, and so is one the
//     counterparty's message names ("pay our factoring partner Apex
//     Capital"): that is the counterparty steering the money.

// recipientExplained reports a recipient checkNewParty should not flag.
func (st *state) recipientExplained() bool {
	if !st.trustedCounterparty() {
		return false
	}
	a := st.c.Action
	if a.Amount > 0 && !hasASCIIDigit(a.Recipient) {
		only := len(a.DataCategories) > 0
		for _, d := range a.DataCategories {
			if !strings.EqualFold(strings.TrimSpace(d), "financial") {
				only = false
			}
		}
		if only && !st.messageNames(a.Recipient) {
			return true
		}
	}
	cpd := map[string]bool{}
	for _, d := range domainsOf(strings.ToLower(clipBytes(st.c.Counterparty.Reference, 512))) {
		if r := registrable(d); r != "" && !freemail[r] {
			cpd[r] = true
		}
	}
	if len(cpd) == 0 {
		return false
	}
	ds := domainsOf(strings.ToLower(clipBytes(a.Recipient, 512)))
	if len(ds) == 0 {
		return false
	}
	for _, d := range ds {
		if !cpd[registrable(d)] {
			return false
		}
	}
	return true
}

// messageNames reports whether the counterparty's message names a
// distinctive word of the recipient.
func (st *state) messageNames(recipient string) bool {
	for _, w := range strings.Fields(foldText(clipBytes(recipient, 200)).text) {
		if len(w) >= 4 && !genericWords[w] && !stopWords[w] && strings.Contains(st.msg.text, " "+w+" ") {
			return true
		}
	}
	return false
}
