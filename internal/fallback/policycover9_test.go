package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestPolicyCoversColleague: a verified counterparty without a trust tier
// whose grant stays with itself, under a policy that allows the act with
// its conditions on record, stands where a registered partner does; an
// unverified one, one whose grant goes to someone else, or one without the
// records, does not.
func TestPolicyCoversColleague(t *testing.T) {
	pol := []consult.Policy{j2pol("p1", "The on-call database engineer may receive read-only production access for up to 4 hours against an open incident.")}
	recs := []consult.Fact{j2sys("f1", "INC-2207 is open at severity 2 and Mia Berg is the current on-call database engineer."),
		j2sys("f2", "A break-glass request for INC-2207 was filed 2 minutes ago.")}
	act := func(to string) consult.Action {
		return consult.Action{Description: "Grant m.berg temporary read-only access (4 hours) to the prod database for INC-2207", Service: "gcp", Action: "iam:grant_temporary", Recipient: to}
	}
	colleague := consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "on-call engineer m.berg@owner-co.com (SSO)", ClaimedIdentity: "Mia Berg, on-call DBA", Verified: true}
	unverified := colleague
	unverified.Verified = false
	msg := "Paging in on INC-2207: I need read access to the prod database for the next few hours to trace it."
	for _, tc := range []struct {
		name string
		c    consult.Case
		want bool
	}{
		{"colleague, permission and records", consult.Case{Message: msg, Action: act("m.berg@owner-co.com"), Counterparty: colleague, Policies: pol, Facts: recs}, true},
		{"near-miss: unverified", consult.Case{Message: msg, Action: act("m.berg@owner-co.com"), Counterparty: unverified, Policies: pol, Facts: recs}, false},
		{"near-miss: the grant goes to an outside address", consult.Case{Message: msg, Action: act("ops@dbconsult-example.com"), Counterparty: colleague, Policies: pol, Facts: recs}, false},
		{"near-miss: a colleague without the records", consult.Case{Message: msg, Action: act("m.berg@owner-co.com"), Counterparty: colleague, Policies: pol}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.c
			c.Identity.Scope = []consult.ScopeEntry{{Service: "gcp", Actions: []string{"iam:read", "iam:grant_temporary"}}}
			if got := Default().inspect(&c).policyCovers(); got != tc.want {
				t.Errorf("policyCovers: got %v, want %v", got, tc.want)
			}
		})
	}
}
