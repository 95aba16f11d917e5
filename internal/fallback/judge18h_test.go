package fallback

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2atrust/shield/internal/consult"
)

// TestNewPartyAtFinding: checkNewParty decides the newparty finding where
// it makes it: no finding for a verified counterparty's own initials
// domain or a refund back to the original card, and the tactic it supports
// follows whether money moves (dev's convention). Before judge18h three
// later checks untagged or dropped the finding after other checks had read
// it, and a dropped finding had already raised the stakes.
func TestNewPartyAtFinding(t *testing.T) {
	share := func(recipient, claimed string, verified bool) consult.Case {
		return consult.Case{
			Message: "Please send over the sleep study export for participant cohort 4 when you can.",
			Action: consult.Action{Description: "Upload the sleep study export (cohort 4) to " + recipient, Service: "sftp", Action: "files:upload",
				Recipient: recipient, DataCategories: []string{"health", "pii"}},
			Counterparty: consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "partner lab", ClaimedIdentity: claimed, Verified: verified},
		}
	}
	refund := func(desc, recipient string) consult.Case {
		return consult.Case{
			Message: "I paid for express shipping and it came a week late. Could I get that fee back?",
			Action: consult.Action{Description: desc, Service: "shop", Action: "orders:refund", Recipient: recipient, Amount: 14.5,
				Currency: "USD", DataCategories: []string{"financial", "pii"}},
			Counterparty: consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "customer 5521", ClaimedIdentity: "Rosa Marquez", Verified: true},
		}
	}
	type got struct {
		Found  bool
		Tactic consult.Tactic
		High   bool // an untagged finding raised the stakes itself
	}
	for _, tc := range []struct {
		name string
		c    consult.Case
		want got
	}{
		{"own initials domain, verified", share("sftp://data.au.dk/incoming", "Aarhus University sleep research lab", true), got{}},
		{"initials domain, unverified", share("sftp://data.au.dk/incoming", "Aarhus University sleep research lab", false), got{true, "", true}},
		{"a stranger's domain, no money", share("sftp://files.quickshare-drop.net/in", "Aarhus University sleep research lab", true), got{true, "", true}},
		{"refund to the original card", refund("Refund the $14.50 express fee for order 7731 to the original Visa ending 2210", "Visa ending 2210"), got{}},
		{"refund, Spanish: la tarjeta original", refund("Reembolso de la tarifa exprés de $14.50 del pedido 7731 a la tarjeta Visa original terminada en 2210", "Visa terminada en 2210"), got{}},
		{"refund to another card", refund("Refund the $14.50 express fee for order 7731 to the Revolut Visa ending 8841 the customer gave in chat", "Revolut Visa ending 8841"),
			got{true, consult.PolicyBypass, false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.c
			c.Identity.Scope = []consult.ScopeEntry{{Service: c.Action.Service, Actions: []string{c.Action.Action}}}
			st := Default().inspect(&c)
			var g got
			for _, f := range st.findings {
				if f.kind == "newparty" {
					g.Found, g.Tactic = true, f.tactic
				}
			}
			g.High = g.Found && g.Tactic == "" && st.stakes.Rank() >= consult.High.Rank()
			if d := cmp.Diff(tc.want, g); d != "" {
				t.Errorf("(-want +got)\n%s", d)
			}
		})
	}
}
