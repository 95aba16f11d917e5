package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// Shared builders for the judge2 table tests (paperwork, relayed approval,
// absent person, clock deadline).

func j2sys(id, s string) consult.Fact {
	return consult.Fact{ID: id, Statement: s, Source: consult.SourceSystem, Status: consult.FactVerified}
}

func j2pol(id, s string) consult.Policy { return consult.Policy{ID: id, Title: "Policy", Statement: s} }

func j2pay(desc string, amt float64, cur, to string) consult.Action {
	return consult.Action{Description: desc, Service: "bank", Action: "payments:create", Amount: amt, Currency: cur,
		Recipient: to, Irreversible: true, DataCategories: []string{"financial"}}
}

var j2verified = consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "sales@vendor-example.com",
	ClaimedIdentity: "Vendor sales desk", Verified: true, TrustTier: "registered"}

var j2unverified = consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "someone@freemail-example.com",
	ClaimedIdentity: "Sam Porter, assistant to the CFO", Verified: false, TrustTier: "untrusted"}

type j2case struct {
	name  string
	c     consult.Case
	kind  string // finding kind; "" with tactic for a cue-only check
	fires bool
}

// runJ2 inspects each case and checks whether a finding of the kind is
// there.
func runJ2(t *testing.T, cases []j2case) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.c
			if c.Identity.Scope == nil {
				c.Identity.Scope = []consult.ScopeEntry{{Service: c.Action.Service, Actions: []string{c.Action.Action}}}
			}
			st := Default().inspect(&c)
			if got := st.hasFinding(tc.kind); got != tc.fires {
				for _, f := range st.findings {
					t.Logf("finding %s %s: %s", f.kind, f.tactic, f.obs)
				}
				t.Fatalf("finding %q: got %v, want %v", tc.kind, got, tc.fires)
			}
		})
	}
}
