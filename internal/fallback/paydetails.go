package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- card or bank details sent where a policy says they never go ----
//
// "Never share card or bank details", "Nunca comparta datos bancarios",
// "Bankdaten werden nie weitergegeben", "Ne jamais communiquer les
// coordonnées bancaires": the list item's head is a generic word
// ("details", "datos", "coordonnées"), so checkForbiddenKind, which ties an
// item by its head of five letters or more, passes over it; and an action
// that sends "the full card number, expiry date and security code" is
// payment data sent as information, not a payment (no amount). Such a
// release against the prohibition is data extraction, hard, as in
// forbiddenkind.go.

// payDetailWords name payment details in an action's description (folded).
var payDetailWords = []string{" card number", " card details", " expiry", " expiration date", " security code", " cvv", " cvc", " iban", " account number",
	" sort code", " routing number", " bank details",
	" numero de tarjeta", " datos de la tarjeta", " fecha de caducidad", " codigo de seguridad", " datos bancarios",
	" kartennummer", " kreditkartennummer", " ablaufdatum", " prufnummer", " kartenprufnummer", " bankverbindung", " bankdaten",
	" numero de carte", " date dexpiration", " cryptogramme", " coordonnees bancaires", " rib "}

// payPolicyWords name payment details in a policy's prohibition (folded).
var payPolicyWords = []string{" card", " bank details", " bank account", " iban", " account number", " payment details",
	" tarjeta", " datos bancarios", " cuenta bancaria", " karte", " bankverbindung", " bankdaten", " kontodaten",
	" carte", " coordonnees bancaires", " rib "}

// checkPayDetails flags payment details sent as information against a
// policy that forbids releasing them.
func (st *state) checkPayDetails() {
	a := st.c.Action
	if a.Amount > 0 || len(st.c.Policies) == 0 || !releaseLead(a.Description) {
		return
	}
	if st.hasFinding("forbiddenshare") || st.hasFinding("forbiddenkind") || st.hasFinding("secrets") || !st.externalRecipient() || st.releaseAuthorised() {
		return
	}
	if !containsAny(" "+st.text(clipBytes(a.Description, maxClaimBytes)).folded()+" ", payDetailWords...) {
		return
	}
	for _, p := range st.policies() {
		for _, sent := range splitClauses(clipBytes(p.Statement, maxClaimBytes)) {
			f := " " + foldedText(sent) + " "
			if !prohibitsRelease(f) || !containsAny(f, payPolicyWords...) {
				continue
			}
			st.add(finding{tactic: consult.DataExtraction, kind: "paydetails", score: 0.7, sig: consult.Critical, hard: true,
				obs:    fmt.Sprintf("Policy %s forbids releasing payment details (%q), and the action sends them to %s.", policyName(p), st.clipCase(strings.TrimSpace(sent), 120), st.clipCase(a.Recipient, 80)),
				reason: fmt.Sprintf("Policy %s says card and bank details never go where the action would send them; no benefit or reason offered changes that.", policyName(p)),
				disp:   consult.DoNotProceed})
			return
		}
	}
}
