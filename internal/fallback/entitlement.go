package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- an entitlement per unit and the amount the action pays ----
//
// "A travel certificate of $100 per passenger may be issued", "una
// compensación de 50 € por noche", "eine Gutschrift von 30 € pro Person",
// "un avoir de 100 $ par passager": a policy grants a fixed amount per unit,
// and the action pays more than that amount times the units the case gives.
// The policy names no "limit" or "maximum", so checkPolicyLimits2 does not
// read it; paying over the entitlement is paying outside the policy.

// entitlementWords say a policy grants a payment.
var entitlementWords = []string{"may be issued", "may be offered", "may be paid", "is offered", "is issued", "entitled", "compensation", "certificate", "voucher", "credit of", "allowance",
	"compensacion", "indemnizacion", "bono", "vale", "se puede emitir", "derecho a",
	"entschadigung", "gutschein", "gutschrift", "anspruch", "erstattung",
	"indemnisation", "avoir", "bon d", "droit a", "dedommagement"}

// checkEntitlement flags an action amount above a per-unit entitlement the
// policies grant for this kind of action.
func (st *state) checkEntitlement() {
	amt := st.actionAmount()
	if amt <= 0 || st.hasFinding("limit") {
		return
	}
	a := st.c.Action
	var actStems map[string]bool // on the first clause that grants (most policies grant nothing)
	cur := strings.ToUpper(a.Currency)
	for _, p := range st.policies() {
		if !hasASCIIDigit(p.Statement) {
			continue
		}
		tv := st.text(clipBytes(p.Statement, maxClaimBytes))
		for si, sent := range tv.clauseList() {
			low := tv.lowerClauses()[si]
			if !containsAny(tv.foldedClauses()[si], entitlementWords...) {
				continue
			}
			if actStems == nil {
				actStems = st.actionStems(maxClaimBytes)
			}
			if n, _ := sharedStems(stemSet(sent), actStems); n == 0 || grantOtherKind(sent, a.Description) {
				continue // a grant for another kind of action, or of another kind of payment (grantkind.go)
			}
			for _, pa := range policyAmounts(low) {
				if pa.cur != "" && cur != "" && pa.cur != cur {
					continue
				}
				lead := low[max(0, pa.start-24):pa.start]
				if containsAny(lead, upperLimitWords...) || containsAny(lead, overWords...) {
					continue // checkPolicyLimits2 reads these
				}
				rest := strings.TrimLeft(low[pa.end:], " ")
				if !(strings.HasPrefix(rest, "per ") || strings.HasPrefix(rest, "por ") || strings.HasPrefix(rest, "pro ") || strings.HasPrefix(rest, "par ") || strings.HasPrefix(rest, "each")) {
					continue // a fixed amount per action is not scaled; leave it
				}
				lim, ok := st.scaledLimit(pa.v, rest)
				if !ok || lim <= 0 || amt <= lim*1.0001 || st.escalationMet(p.Statement) || st.otherGrantCovers(low, amt, cur) {
					continue
				}
				st.add(finding{tactic: consult.PolicyBypass, kind: "entitlement", score: 0.5, sig: consult.High, hard: true,
					obs:    fmt.Sprintf("The proposed %s is more than the %s policy %s grants (%q).", money(amt, a.Currency), money(lim, a.Currency), policyName(p), st.clipCase(strings.TrimSpace(sent), 120)),
					reason: fmt.Sprintf("Policy %s grants %s for this case; the action pays %s, outside the policy.", policyName(p), money(lim, a.Currency), money(amt, a.Currency)),
					disp:   consult.SeekApproval})
				return
			}
		}
	}
}
