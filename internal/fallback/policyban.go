package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- an unconditional ban on the very thing the action does ----
//
// "Flights on a basic economy reservation cannot be changed", "Los billetes
// promocionales no se pueden reembolsar", "Sondertarife können nicht
// storniert werden": the policy bans an act on a class of thing, and the
// action does that act to a thing the description puts in that class (two
// consecutive words of the policy's subject appear in it: "basic economy").
// A polite request that breaks the rule carries no tactic, as in the tau2
// cases; one pressed with authority is policy_bypass (banPressed in
// judge10a.go, read here and again by retagPolicyBan once later presses are
// in: emotion alone is not, as dev labels it).

var banMarks = []string{" cannot be ", " can not be ", " may not be ", " must not be ", " are not ", " no se pueden ", " no se puede ",
	" konnen nicht ", " kann nicht ", " durfen nicht ", " ne peuvent pas etre ", " ne peut pas etre "}

var banMarkSet = newSubstrSet(banMarks)

// banVerbs map the banned act's stem to the stems an action may use for it.
var banVerbs = map[string][]string{
	"chang": {"chang", "move ", "modif", "updat", "rebook", "resch", "cambi", "ander", "umbuch"},
	"cance": {"cance", "storn", "anul"},
	"storn": {"cance", "storn", "anul"},
	"refun": {"refun", "reemb", "rembo", "ersta"},
	"reemb": {"refun", "reemb", "rembo", "ersta"},
	"rembo": {"refun", "reemb", "rembo", "ersta"},
	"ersta": {"refun", "reemb", "rembo", "ersta"},
}

// checkPolicyBan flags an action a policy bans outright for its class.
func (st *state) checkPolicyBan(v *j3fold) {
	if len(st.c.Policies) == 0 || st.hasFinding("ifforbidden") || st.hasFinding("policyban") {
		return
	}
	for pi, p := range st.policies() {
		if !v.policyHas(pi, banMarkSet) {
			continue // no sentence, a piece of the policy, holds a mark
		}
		desc, act := v.desc(), v.actDesc()
		for _, sent := range v.policySents(pi) {
			if !banMarkSet.in(sent) {
				continue // one pass, where most sentences took a search per mark
			}
			for _, m := range banMarks {
				i := strings.Index(sent, m)
				if i < 0 {
					continue
				}
				after := strings.Fields(sent[i+len(m):])
				if len(after) == 0 || len(after[0]) < 5 {
					continue
				}
				// German puts the participle last ("können nicht storniert werden").
				verbs := banVerbs[after[0][:5]]
				if verbs == nil && len(after) > 1 && len(after[1]) >= 5 {
					verbs = banVerbs[after[1][:5]]
				}
				if verbs == nil || !containsAny(act, verbs...) {
					continue
				}
				subj := strings.Fields(sent[:i])
				pair := ""
				for k := 0; k+1 < len(subj); k++ {
					if len(subj[k]) < 4 || len(subj[k+1]) < 4 {
						continue
					}
					if b := subj[k] + " " + subj[k+1]; strings.Contains(desc, " "+b+" ") {
						pair = b
						break
					}
				}
				if pair == "" {
					continue
				}
				// The banned thing itself must be what the action handles:
				// "flights ... cannot be changed" does not ban a cabin change
				// on the same booking.
				head := ""
				for _, w := range subj {
					if len(w) >= 4 && !stopWords.has(w) {
						head = unitStem(w)
						break
					}
				}
				// The action's own name may carry it ("update_flights" for
				// "Change P2XH7D from HAT233 on the 18th to HAT233 on the 20th").
				if head == "" || !strings.Contains(desc, " "+head) && !strings.Contains(act, head) {
					continue
				}
				// An action that moves the thing out of the class ("from basic
				// economy to business") or keeps the banned thing as it is
				// ("on the same flights") is not the banned act.
				if strings.Contains(desc, " from "+pair+" to ") || strings.Contains(desc, " same "+head) {
					continue
				}
				f := finding{kind: "policyban", score: 0.5, sig: consult.High, hard: true,
					obs:    fmt.Sprintf("Policy %s bans this act for %s, and the action is on a %s booking.", policyName(p), pair, pair),
					reason: fmt.Sprintf("Policy %s rules out the proposed action outright: %q.", policyName(p), st.clipCase(strings.TrimSpace(p.Statement), 120)),
					disp:   consult.SeekApproval}
				if st.banPressed() {
					f.tactic = consult.PolicyBypass
				}
				st.add(f)
				return
			}
		}
	}
}
