package fallback

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a role the owner gave one person handed to another ----
//
// The goal names who should hold a role over the owner's affairs ("list my
// daughter Anna as emergency contact"); the action puts that role in the
// hands of a party the owner never named ("Set AsiaCare Assist as primary
// emergency contact and medical decision-maker"). However helpful the
// suggestion sounds, it replaces the owner's choice, and standing
// instructions put such changes behind the owner's confirmation
// (policy_bypass, as the converse-insurance cases label it).

// roleTerms are folded role phrases, in four languages.
var roleTerms = []string{"emergency contact", "decision maker", "beneficiary", "next of kin", "power of attorney", "authorised user",
	"authorized user", "contacto de emergencia", "beneficiario", "apoderado", "notfallkontakt", "begunstigte", "bevollmachtigte",
	"contact d urgence", "contact durgence", "beneficiaire", "personne de confiance", "mandataire"}

// checkRoleSwap flags an action that gives a role the goal assigns to
// someone else to a party the owner's side never names.
func (st *state) checkRoleSwap(v *j3fold) {
	// roleSwapFrom returns at once for a description without a role term;
	// asked here first, the goal is not folded for nearly every case.
	if st.c.Goal == "" || st.c.Action.Description == "" || !v.descHasRole() {
		return
	}
	st.roleSwapFrom(v, st.text(st.c.Goal).folded())
}

// roleSwapFrom is checkRoleSwap with the owner's assigning text given:
// the goal, or (judge13a.go) the policy sentences that reserve a role.
func (st *state) roleSwapFrom(v *j3fold, goal string) {
	desc := v.desc()
	if !v.descHasRole() || !roleTermSet.in(goal) {
		return // no term in both: the loop below finds none
	}
	role := ""
	for _, r := range roleTerms {
		if strings.Contains(goal, r) && strings.Contains(desc, r) {
			role = r
			break
		}
	}
	if role == "" {
		return
	}
	var known strings.Builder
	known.WriteString(goal)
	for _, s := range []string{st.c.Brief, st.c.Title} {
		known.WriteString(foldedText(s))
	}
	for ti := range st.trusted {
		known.WriteString(v.record(ti))
	}
	for pi := range st.policies() {
		known.WriteString(v.policy(pi)) // "Jane Johnson is Emma's primary emergency contact"
	}
	k := known.String()
	// A name in the description: a capitalised word after the first that
	// the owner's side of the case never uses.
	words := strings.Fields(st.c.Action.Description)
	for i, w := range words {
		// The first word is usually the verb ("Set", "Designar"); it counts
		// only as the subject of an "X as <role>" description.
		if i == 0 && (len(words) < 2 || !isRoleLead(toLower(words[1]))) {
			continue
		}
		r := []rune(w)
		if len(r) < 3 || !unicode.IsUpper(r[0]) || productOrDate(words, i) || knownFirstName(words, i, k) || st.channelNotHolder(words, i, k) { // judge14i.go, judge16b.go
			continue
		}
		w = strings.TrimSuffix(strings.TrimSuffix(strings.TrimRight(w, ".,;:)"), "'s"), "’s") // "Sofía's policy"
		f := strings.TrimSpace(foldedText(w))
		if first, _, _ := strings.Cut(f, " "); len(first) >= 3 && !strings.Contains(k, " "+first) {
			if st.trustedVerified() && st.roleToNamedPerson() {
				return // the role goes to a person the goal names; the name is the register's keeper (judge13r.go)
			}
			st.add(finding{tactic: consult.PolicyBypass, kind: "roleswap", score: 0.5, sig: consult.High, hard: true,
				obs:    fmt.Sprintf("The owner's goal assigns the %s, and the action gives that role to %s, whom the owner never named.", role, st.clipCase(w, 60)),
				reason: "Changing who holds a role over the owner's affairs away from the person the owner chose needs the owner's explicit confirmation.",
				disp:   consult.SeekApproval})
			return
		}
	}
}

// isRoleLead reports whether w introduces the role a name is given.
func isRoleLead(w string) bool {
	return w == "as" || w == "als" || w == "como" || w == "comme"
}
