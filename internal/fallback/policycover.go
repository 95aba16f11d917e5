package fallback

// ---- a policy that covers the action, with its conditions on record ----
//
// "Thanks for the callback confirming our new account" reads like a bank
// change, and "extend his access to the 31st" like a request for more
// access; both are ordinary when a policy allows exactly this action and
// the records show its conditions met (the callback and second sign-off
// logged, the sponsor and end date on file). For a trusted counterparty
// with no hard finding against the case, such a policy halves the weight
// of lexical policy-bypass and scope cues. Structural findings are never
// damped.

// coverPermitWords make a policy sentence a permission (folded).
var coverPermitWords = []string{" may ", " can ", " is allowed to", " are allowed to", " is permitted", " are permitted",
	" puede ", " pueden ", " esta permitido", " darf ", " durfen ", " kann ", " konnen ", " peut ", " peuvent ", " est autorise"}

// policyCovers reports a trusted counterparty whose action a policy allows
// with its conditions on record, and no hard finding against the case.
func (st *state) policyCovers() bool {
	// A verified counterparty whose grant or data stays with itself
	// (internal.go: "read access for s.adeyemi" asked by s.adeyemi over
	// SSO) stands where a registered partner does.
	if !(st.trustedCounterparty() || st.c.Counterparty.Verified && st.internalFlow()) || st.c.Identity.OutOfScope(st.c.Action) {
		return false
	}
	for _, f := range st.findings {
		if f.hard {
			return false
		}
	}
	var recs map[string]bool // stems of the non-negated records, read once
	act := st.actionStems(maxClaimBytes)
	for _, p := range st.policies() {
		stmt := clipBytes(p.Statement, maxClaimBytes)
		// A gated policy whose gate a record shows passed.
		if st.escalationMet(stmt) {
			return true
		}
		// A permission for this action whose words a record repeats.
		tv := st.text(stmt)
		for si, sent := range tv.clauseList() {
			f := " " + tv.foldedClauses()[si] + " "
			if !containsAny(f, coverPermitWords...) || hasNeg(tv.lowerClauses()[si]) {
				continue
			}
			ps := stemSet(sent)
			if n, _ := sharedStems(ps, act); n < 2 {
				continue
			}
			if recs == nil {
				recs = st.recordStems()
			}
			// The records, together, speak to two of the permission's
			// conditions beyond the words of the action itself ("sponsor",
			// "zones").
			n := 0
			for w := range ps {
				if recs[w] && !act[w] {
					n++
				}
			}
			if n >= 2 {
				return true
			}
		}
	}
	return false
}

// recordStems returns the stems of the system facts and verified evidence,
// sentences that say something is absent left out.
func (st *state) recordStems() map[string]bool {
	out := map[string]bool{}
	for rs := range st.recordSentences() {
		if rs.hasNeg() {
			continue
		}
		for w := range rs.stems() {
			out[w] = true
		}
	}
	return out
}
