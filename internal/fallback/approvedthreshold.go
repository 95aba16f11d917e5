package fallback

import "strings"

// ---- an approval threshold a record shows met ----
//
// "A payment above $25,000 needs two approvers in the treasury workflow;
// one approval is enough up to $25,000": the number is not a ceiling on
// the payment but the point where more approvers are needed. The limit and
// threshold checks read the amount against the number and ask for approval;
// when a system record tied to the request by its id says the approvals
// the policy asks for are in ("Invoice NS-5512 is approved by the
// controller and the CFO"), the requirement is met and both findings are
// dropped. A policy that sets a number without naming approval, a record
// that is negated or pending, or one approver where the policy wants two
// leaves the findings in place.

// approvalStems name an approval (folded word starts).
var approvalStems = []string{"approv", "sign off", "signed off", "sign-off", "genehmig", "freigabe", "freigegeben", "aprob", "autoriz", "approuv", "approb", "valide par", "validee par"}

// approvalNeeds name a requirement in the policy (folded, padded).
var approvalNeeds = []string{" need", " require", " must ", " necesita", " requiere", " brauch", " erforder", " benotig", " exige", " necessite", " doit "}

// approvalTwo ask for a second approver (folded, padded).
var approvalTwo = []string{" two approv", " second approv", " dual ", " both ", " two sign", " four eyes", " zwei ", " beide", " vier augen", " dos aprob", " doble ", " ambos ", " deux ", " double validation"}

// approvalPair say a record holds two approvals (folded, padded).
var approvalPair = []string{" and ", " two ", " both ", " dual ", " second ", " y ", " dos ", " ambos ", " und ", " zwei ", " beide", " zweite", " et ", " deux ", " seconde "}

// approvalPending say an approval is not yet in (folded, padded).
var approvalPending = []string{" pending", " awaiting", " missing", " only one ", " outstanding", " requested", " ausstehend", " beantragt", " pendiente", " solicitad", " en attente", " demande"}

// approvalStepMet reports every numbered policy an approval requirement
// and a record tied to the request showing it met: the limit and threshold
// checks make no finding then. It is read once per case (apprMet).
func (st *state) approvalStepMet() bool {
	if st.apprMet == 0 {
		st.apprMet = -1
		if st.readApprovalStep() {
			st.apprMet = 1
		}
	}
	return st.apprMet > 0
}

// readApprovalStep is approvalStepMet's reading.
func (st *state) readApprovalStep() bool {
	two, any := false, false
	for _, p := range st.policies() {
		if !hasASCIIDigit(p.Statement) {
			continue
		}
		pol := " " + st.text(p.Statement).folded() + " "
		if !containsAny(pol, approvalNeeds...) {
			return false // a number that is a ceiling, not an approval step
		}
		// every clause with a number must be about approval: "no payment
		// may exceed $50,000" next to an approval step is still a ceiling
		for _, cl := range strings.FieldsFunc(p.Statement, func(r rune) bool { return r == '.' || r == ';' }) {
			if hasASCIIDigit(cl) && !containsAny(foldedText(cl), approvalStems...) {
				return false
			}
		}
		any = true
		two = two || containsAny(pol, approvalTwo...)
	}
	if !any {
		return false
	}
	ids := idTokens(st.c.Action.Description + " " + st.lowMessage())
	for _, t := range st.trusted {
		if !t.isRecord() || !sharesToken(idTokens(t.text), ids) {
			continue
		}
		r := " " + st.rec(t).folded() + " "
		if !containsAny(r, approvalStems...) || containsAny(r, approvalPending...) || hasNeg(strings.TrimSpace(r)) {
			continue
		}
		if two && !containsAny(r, approvalPair...) {
			continue
		}
		return true
	}
	return false
}
