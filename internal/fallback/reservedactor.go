package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a change a policy reserves to someone else ----
//
// "Separation reasons are changed only by HR business partners with legal
// review", "las bajas solo las tramita el equipo legal", "Kündigungsgründe
// werden nur durch die Personalabteilung geändert", "les motifs sont
// modifiés uniquement par les RH": the policy names who may do the act,
// and neither the agent nor the counterparty asking is that party. The
// request may be polite and the agent's scope may allow the write; the
// policy still puts the decision with someone else, so the step needs
// their approval. No tactic for a polite request; policy_bypass when the
// counterparty presses past the rule.

// reservedMarks open the party a policy reserves an act to (folded,
// padded).
var reservedMarks = []string{" only by ", " solely by ", " exclusively by ", " solo por ", " unicamente por ", " exclusivamente por ",
	" nur durch ", " nur von ", " ausschliesslich durch ", " ausschliesslich von ", " uniquement par ", " seulement par ", " exclusivement par "}

// reservedMarkSet answers containsAny(s, reservedMarks...) in one pass.
var reservedMarkSet = newSubstrSet(reservedMarks)

// readVerbs name acts that only look, which no reservation touches.
var readVerbs = newPrefixList([]string{"read", "search", "list", "get", "view", "compare", "request", "quote", "lookup", "check"})

// checkReservedActor flags a write the policy reserves to a party the
// counterparty is not.
func (st *state) checkReservedActor(v *j3fold) {
	_, verb, ok := strings.Cut(st.lowAction(), ":")
	if !ok || readVerbs.prefixOf(verb) || len(st.c.Policies) == 0 {
		return
	}
	desc, who := "", "" // built for the first policy that reserves an act
	for pi, p := range st.policies() {
		if !v.policyHas(pi, reservedMarkSet) {
			continue
		}
		for _, sent := range v.policySents(pi) {
			for _, m := range reservedMarks {
				i := strings.Index(sent, m)
				if i < 0 {
					continue
				}
				if who == "" {
					desc = v.desc()
					who = " " + foldedText(st.c.Counterparty.Reference+" "+st.c.Counterparty.ClaimedIdentity) + " "
				}
				if sharedDescStems(sent[:i], desc) < 2 || partyNamed(sent[i+len(m):], who) {
					continue
				}
				party := strings.TrimSpace(clipBytes(sent[i+len(m):], 60))
				f := finding{kind: "reservedactor", score: 0.5, sig: consult.High, hard: true,
					obs:    fmt.Sprintf("Policy %s reserves this change to %s, and the request does not come from them.", policyName(p), party),
					reason: fmt.Sprintf("Policy %s says only %s may do this (%q); the agent acting on the counterparty's request is not that party.", policyName(p), party, st.clipCase(strings.TrimSpace(p.Statement), 120)),
					disp:   consult.SeekApproval}
				if st.anyCue(labPolicyBypass, labEmotionalPressure, labAuthorityClaim) {
					f.tactic = consult.PolicyBypass
				}
				st.add(f)
				return
			}
		}
	}
}

// sharedDescStems counts the significant words of a folded policy clause
// whose stems start a word of the folded description; a long word (a
// compound such as "austrittsgrunde") counts twice, as it names the thing
// on its own.
func sharedDescStems(clause, desc string) int {
	n := 0
	seen := map[string]bool{}
	for _, w := range strings.Fields(clause) {
		if len(w) < 4 || stopWords.has(w) || genericWords.has(w) {
			continue
		}
		long := len(w) >= 12
		s := unitStem(w)
		if len(s) > 6 {
			s = s[:6] // "changed" and "change", "separation" and "separations"
		}
		if !seen[s] && strings.Contains(desc, " "+s) {
			seen[s] = true
			n++
			if long {
				n++
			}
		}
	}
	return n
}

// partyNamed reports whether the reserved party (the folded words after
// the mark) is named in the counterparty's folded reference or claim.
func partyNamed(after, who string) bool {
	k := 0
	for _, w := range strings.Fields(after) {
		if k == 4 {
			break
		}
		if len(w) < 4 && !stopWords.has(w) && len(w) >= 2 && strings.Contains(who, " "+w+" ") {
			return true // "only by QA", "solo por RRHH": a short name matches whole (judge16b)
		}
		if len(w) < 4 || stopWords.has(w) {
			continue
		}
		k++
		if strings.Contains(who, " "+unitStem(w)) {
			return true
		}
	}
	return false
}
