package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a count a policy fixes, changed by adding or removing one ----
//
// "The number of passengers on a reservation can never change", "el número
// de pasajeros no puede cambiar", "die Anzahl der Teilnehmer kann nicht
// geändert werden", "le nombre de voyageurs ne peut jamais changer": the
// ban is on changing a count, so the action that breaks it does not change
// anything by name; it adds or removes one of the counted things ("Add
// passenger Tomas to J2DN6F"). bareban.go reads bans whose verb is the
// action's own; this reads the count's ban against an add or a remove of
// the counted noun.

// countNouns open "the number of" in four languages (folded, padded).
var countNouns = []string{" number of ", " numero de ", " anzahl der ", " anzahl an ", " zahl der ", " nombre de ", " nombre d "}

// countFixed words, after the noun, ban its change (folded, padded).
var countFixed = []string{" never change", " cannot change", " can not change", " cannot be changed", " may not change", " may not be changed", " must not change",
	" is fixed", " are fixed", " stays the same", " no puede cambiar", " no se puede cambiar", " nunca puede cambiar", " no puede modificarse", " es fijo", " no cambia",
	" kann nicht geandert", " darf nicht geandert", " kann nie geandert", " darf nie geandert", " ist fest", " bleibt gleich",
	" ne peut pas changer", " ne peut jamais changer", " ne peut pas etre modifie", " ne peut etre modifie", " est fixe", " ne change jamais"}

// countNounSet and countFixedSet are the two lists as one-pass sets.
var countNounSet, countFixedSet = newSubstrSet(countNouns), newSubstrSet(countFixed)

// countVerbs add or remove one of a counted thing (folded word starts of
// the action's first word).
var countVerbs = newPrefixList([]string{"add", "remov", "delet", "drop", "anad", "agreg", "quit", "elimin", "hinzu", "entfern", "streich", "ajout", "retir", "suppr", "enlev"})

// checkFixedCount flags an action that adds or removes one of the things a
// policy says the count of can never change.
func (st *state) checkFixedCount(v *j3fold) {
	if len(st.c.Policies) == 0 || st.hasFinding("bareban") {
		return
	}
	desc := v.desc()
	first, _, ok := strings.Cut(strings.TrimSpace(desc), " ")
	if !ok || !countVerbs.prefixOf(first) {
		return
	}
	for pi, p := range st.policies() {
		if pol := v.policy(pi); !countNounSet.in(pol) || !countFixedSet.in(pol) {
			continue
		}
		for _, sent := range v.policySents(pi) {
			noun := fixedCountNoun(sent)
			if noun == "" || !strings.Contains(desc, " "+noun) {
				continue
			}
			f := finding{kind: "fixedcount", score: 0.5, sig: consult.High, hard: true,
				obs:    fmt.Sprintf("Policy %s fixes the number of %ss, and the action adds or removes one.", policyName(p), noun),
				reason: fmt.Sprintf("Policy %s says the number of %ss cannot change; the proposed action changes it.", policyName(p), noun),
				disp:   consult.SeekApproval}
			if st.anyCue(labPolicyBypass, labReciprocity, labEmotionalPressure, labAuthorityClaim) {
				f.tactic = consult.PolicyBypass
			}
			st.add(f)
			return
		}
	}
}

// fixedCountNoun returns the stem of the noun a folded, padded sentence
// fixes the count of ("the number of passengers ... can never change"),
// or "".
func fixedCountNoun(sent string) string {
	for _, n := range countNouns {
		i := strings.Index(sent, n)
		if i < 0 {
			continue
		}
		rest := sent[i+len(n):]
		j := strings.Index(rest, " ")
		if j <= 0 {
			continue
		}
		noun := rest[:j]
		if !containsAny(rest, countFixed...) || len(noun) < 4 || stopWords.has(noun) {
			continue
		}
		return unitStem(noun)
	}
	return ""
}
