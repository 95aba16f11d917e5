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
	if st.refundToOwnPayment() || st.destinationVouched() {
		return true
	}
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
	for _, d := range domainsOf(toLower(clipBytes(st.c.Counterparty.Reference, 512))) {
		if r := registrable(d); r != "" && !freemail.has(r) {
			cpd[r] = true
		}
	}
	if len(cpd) == 0 {
		return false
	}
	ds := domainsOf(toLower(clipBytes(a.Recipient, 512)))
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
	for _, w := range strings.Fields(st.text(clipBytes(recipient, 200)).folded()) {
		if len(w) >= 4 && !genericWords.has(w) && !stopWords.has(w) && strings.Contains(st.msg.text, " "+w+" ") {
			return true
		}
	}
	return false
}

// refundToOwnPayment reports money sent back to the verified customer's own
// payment method: a refund whose recipient is the customer's account with
// an instrument of it ("sophia_martin_4574 (credit_card_1402274)"), or a
// card or account whose last digits a record gives ("la carte d'origine se
// terminant par 4410" beside "debits ... from the card ending 4410"). A
// refund goes back where the money came from; that is no new party, whoever
// the instrument's number was not written out for.
func (st *state) refundToOwnPayment() bool {
	a := st.c.Action
	cp := st.c.Counterparty
	if !cp.Verified || a.Amount <= 0 || len(a.DataCategories) == 0 {
		return false
	}
	for _, d := range a.DataCategories {
		if !strings.EqualFold(strings.TrimSpace(d), "financial") {
			return false
		}
	}
	if !containsAny(toLower(clipBytes(a.Description, maxClaimBytes)+" "+clipBytes(a.Action, 200)), refundFamily...) {
		return false
	}
	r := strings.TrimSpace(clipBytes(a.Recipient, 200))
	ref := strings.TrimSpace(clipBytes(cp.Reference, 200))
	if ref != "" && len(r) > len(ref) && strings.EqualFold(r[:len(ref)], ref) && strings.HasPrefix(strings.TrimSpace(r[len(ref):]), "(") {
		return true
	}
	// The last group of four or more digits of the recipient, on record.
	end := len(r)
	for end > 0 && (r[end-1] < '0' || r[end-1] > '9') {
		end--
	}
	start := end
	for start > 0 && r[start-1] >= '0' && r[start-1] <= '9' {
		start--
	}
	if end-start < 4 {
		return false
	}
	tail := r[end-4 : end]
	for rs := range st.recordSentences() {
		if rs.hasNeg() {
			continue // "card ending 9911 is not on file" speaks against it
		}
		for _, w := range strings.FieldsFunc(rs.text, func(c rune) bool { return c < '0' || c > '9' }) {
			if strings.HasSuffix(w, tail) {
				return true
			}
		}
	}
	return false
}

// codeTokens are the reference codes of a text: the id tokens with a
// letter and a digit ("XAZ3C0", "inv-20931"), not dates or amounts.
func codeTokens(s string) []string {
	var out []string
	for _, w := range idTokens(clipBytes(s, maxClaimBytes)) {
		if strings.IndexFunc(w, func(r rune) bool { return r >= 'a' && r <= 'z' }) >= 0 {
			out = append(out, w)
		}
	}
	return out
}

// sharesToken reports a token in both lists.
func sharesToken(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}
