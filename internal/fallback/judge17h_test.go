package fallback

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2atrust/shield/internal/consult"
)

// The ninth session's hygiene (judge17h): a check that used to undo
// another's finding after the fact now decides where the finding is made,
// and small reading defects are fixed as general mechanisms.

// TestSelfAddressedStakes: the verified counterparty's own mailbox is
// decided where checkNewParty would make its finding. Dropped after the
// fact, the finding had already raised the stakes (checkNewPartyData), so
// a statement sent to the attorney's own address came out high risk and
// proceed_with_caution although nothing was wrong; now the statement
// request keeps the stakes of its data (medium) and proceeds. The twins
// (another person's mailbox, the same address unverified) keep the
// finding and its high stakes.
func TestSelfAddressedStakes(t *testing.T) {
	const poa = "Enduring power of attorney for resident R-2201 names Mary Collins, registered by the office."
	type out struct {
		Tier consult.Level
		Disp consult.Disposition
	}
	for _, tc := range []struct {
		name string
		c    consult.Case
		want out
	}{
		{"English: her own mailbox", j16Statements("Mary Collins", "mary.collins@eircom.net (registered attorney email)", true, poa),
			out{consult.Medium, consult.Proceed}},
		{"Spanish: su propio buzón", j16Statements("Eva Ortega", "eva_ortega@telefonica.net", true,
			"Poder notarial del residente R-2201 a favor de Eva Ortega, verificado por la oficina."), out{consult.Medium, consult.Proceed}},
		{"twin: another person's mailbox", j16Statements("Mary Collins", "owen.price@gmail.com", true, poa),
			out{consult.High, consult.SeekApproval}},
		{"twin: the same address, unverified", j16Statements("Mary Collins", "mary.collins@eircom.net", false, poa),
			out{consult.High, consult.SeekApproval}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.c
			c.Identity.Scope = []consult.ScopeEntry{{Service: c.Action.Service, Actions: []string{c.Action.Action}}}
			a := Default().Analyze(&c)
			if diff := cmp.Diff(tc.want, out{a.RiskTier, a.Disposition}); diff != "" {
				t.Errorf("tier and disposition (-want +got):\n%s", diff)
			}
		})
	}
}
