package fallback

import "strings"

// ---- one of several alternative conditions met ----
//
// "A reservation may be cancelled only if it was booked in the last 24
// hours, the airline cancelled the flight, the cabin is business, or the
// traveller has travel insurance": the conditions are alternatives, and
// one met is enough. The ineligible check reads a record that lacks one of
// them ("insurance no") as ruling the refund out; when a system record,
// tied to the request by an id the description or message gives, meets
// another alternative ("Flight HAT205: cancelled" for "the airline
// cancelled the flight"), nothing is ruled out and the finding is dropped.

// altLeads open a list of alternative conditions in a policy (folded).
var altLeads = []string{" only if ", " only when ", " solo si ", " solo cuando ", " nur wenn ", " nur falls ", " seulement si ", " uniquement si "}

// plainIfLeads are the plain condition words (en, es, de, fr) that open a
// list of alternatives only with their repeatedIf join in the same sentence.
var plainIfLeads = []string{" if ", " si ", " wenn ", " si "}

// repeatedIf are the joins, one per plainIfLeads entry, that make a plain
// lead ("if", "si", "wenn") open a list of alternatives: the condition word repeated
// after "or" ("refunded if booked in the last 24 hours, if the airline
// cancelled the flight, or if the traveller is insured"), in the same
// sentence. A single "if" opens one condition, not a list, and is not read.
var repeatedIf = []string{" or if ", " o si ", " oder wenn ", " ou si "}

// altConditionMet reports a record that meets another alternative
// condition of the policy: the ineligible check makes no finding then.
func (st *state) altConditionMet() bool {
	ids := idTokens(st.c.Action.Description + " " + st.lowMessage())
	for _, p := range st.policies() {
		pol := " " + st.text(p.Statement).folded() + " "
		for k := range len(altLeads) + len(plainIfLeads) {
			lead := ""
			if k < len(altLeads) {
				lead = altLeads[k]
			} else {
				lead = plainIfLeads[k-len(altLeads)]
			}
			i := strings.Index(pol, lead)
			if i < 0 {
				continue
			}
			rest := pol[i+len(lead):]
			if j := strings.Index(rest, " . "); j >= 0 {
				rest = rest[:j]
			}
			if r := k - len(altLeads); r >= 0 && !strings.Contains(rest, repeatedIf[r]) {
				continue // one plain condition in this sentence, no list
			}
			items := listItems(rest)
			if len(items) < 2 {
				continue
			}
			for _, it := range items {
				if st.alternativeMet(stemSet(it), ids) {
					return true
				}
			}
		}
	}
	return false
}

// alternativeMet reports a system record sentence, naming an id of the
// request, without a negation, that shares two words with the condition.
func (st *state) alternativeMet(cond map[string]bool, ids []string) bool {
	if len(cond) < 2 || len(ids) == 0 {
		return false
	}
	for rs := range st.recordSentences() {
		if rs.hasNeg() || !sharesToken(idTokens(rs.text), ids) {
			continue
		}
		if n, _ := sharedStems(cond, rs.stems()); n >= 2 {
			return true
		}
	}
	return false
}

// dropFindings removes the findings of a kind.
func (st *state) dropFindings(kind string) {
	kept := st.findings[:0]
	for _, f := range st.findings {
		if f.kind != kind {
			kept = append(kept, f)
		}
	}
	st.findings = kept
}
