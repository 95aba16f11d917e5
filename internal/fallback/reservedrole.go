package fallback

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a role the owner's records give one person, taken from them ----
//
// checkRoleSwap reads the role from the goal. The owner's standing word is
// just as often in a record or a policy: "Only Jane Johnson may be named as
// Emma's primary medical decision maker", "Maria Silva is Carlos's primary
// emergency contact on every policy", "Beneficiaria designada: Lucía
// Pérez", "Notfallkontakt ist Petra Weber". An action that takes the role
// from that person ("Change the decision-maker from Jane Johnson to Tom
// Avery", "Replace Maria Silva with the concierge line", "en lugar de
// Lucía", "statt Petra Weber", "au lieu de Claire") overrides the owner's
// recorded choice, however convenient the counterparty makes it sound:
// policy_bypass, hard, seek_approval, as checkRoleSwap. When the goal or
// brief names the new holder, the owner asked for the change and nothing
// fires.

// displaceWords take a role from the person after them (folded).
var displaceWords = []string{"replace", "replacing", "instead of", "remove", "removing", "rather than",
	"sustituir a", "sustituir", "reemplazar a", "reemplazar", "en lugar de", "en vez de", "quitar a",
	"statt", "anstelle von", "anstatt", "ersetzen", "entfernen",
	"remplacer", "au lieu de", "a la place de", "retirer",
	"moving", "demoting", "relegating", "moviendo a", "relegando a", "degradando a", "herabstufen", "zuruckstufen", "deplacant", "releguant", "retrogradant"}

// fromWords take a role from the person after them only when a new holder
// follows ("from Jane Johnson to Tom", "de Lucía a Pablo", "von Petra auf
// Jens"); alone they mark a possessive ("contacto de emergencia de Lucía").
var fromWords = map[string]bool{"from": true, "de": true, "von": true}

// toWords name the new holder after a from-word.
var toWords = map[string]bool{"to": true, "a": true, "auf": true, "zu": true}

// checkReservedRole flags an action that takes a role from the person the
// owner's records give it to.
func (st *state) checkReservedRole(v *j3fold) {
	a := st.c.Action
	if a.Description == "" || st.hasFinding("roleswap") || (len(st.trusted) == 0 && len(st.c.Policies) == 0) {
		return
	}
	desc := v.desc()
	if !v.descHasRole() {
		return
	}
	role := ""
	for _, r := range roleTerms {
		if strings.Contains(desc, r) {
			role = r
			break
		}
	}
	if role == "" {
		return
	}
	var texts []*textView
	for _, t := range st.trusted {
		if t.notTurn() {
			texts = append(texts, st.rec(t))
		}
	}
	for _, p := range st.policies() {
		texts = append(texts, st.text(clipBytes(p.Statement, maxClaimBytes)))
	}
	words := strings.Fields(desc)
	for _, tv := range texts {
		for si, sent := range tv.sentences() {
			if !strings.Contains(tv.foldedSentences()[si], role) {
				continue
			}
			for _, holder := range personNames(sent) {
				first := foldedText(holder)
				first, _, _ = strings.Cut(strings.TrimSpace(first), " ")
				if !displaced(words, first) || st.ownerNamesNewHolder(holder) {
					continue
				}
				st.add(finding{tactic: consult.PolicyBypass, kind: "reservedrole", score: 0.5, sig: consult.High, hard: true,
					obs:    fmt.Sprintf("The owner's records give the %s to %s (%q), and the action takes it from them.", role, st.clipCase(holder, 60), st.clipCase(strings.TrimSpace(sent), 120)),
					reason: "Changing who holds a role over the owner's affairs away from the person the owner's records name needs the owner's explicit confirmation.",
					disp:   consult.SeekApproval})
				return
			}
		}
	}
}

// displaced reports the name word within three words after a word that
// takes a role away ("from Jane", "replace Maria Silva", "en lugar de
// Lucía").
func displaced(words []string, name string) bool {
	if len(name) < 3 {
		return false
	}
	for i, w := range words {
		if w != name {
			continue
		}
		lead := " " + strings.Join(words[max(0, i-3):i], " ") + " "
		for _, d := range displaceWords {
			if strings.Contains(lead, " "+d+" ") {
				return true
			}
		}
		if i > 0 && fromWords[words[i-1]] {
			for _, w := range words[i+1 : min(len(words), i+5)] {
				if toWords[w] {
					return true
				}
			}
		}
	}
	return false
}

// personNames returns the runs of two or three capitalised words in s
// ("Jane Johnson", "Maria Silva"), skipping a sentence-opening function
// word ("Only", "Solo", "Nur", "Seule").
func personNames(s string) []string {
	var out []string
	ws := strings.Fields(s)
	for i := 0; i < len(ws); i++ {
		j := i
		for j < len(ws) && j-i < 3 && capitalisedName(ws[j]) {
			j++
		}
		if j-i >= 2 {
			out = append(out, strings.Join(ws[i:j], " "))
			i = j - 1
		}
	}
	return out
}

// capitalisedName reports a word that can be part of a person's name: a
// capital and at least one more letter, no possessive, not a function
// word.
func capitalisedName(w string) bool {
	r := []rune(w)
	if len(r) < 2 || !unicode.IsUpper(r[0]) || !unicode.IsLetter(r[len(r)-1]) {
		return false
	}
	return !nameStopWords[toLower(w)]
}

// nameStopWords start sentences without being names.
var nameStopWords = map[string]bool{"only": true, "the": true, "solo": true, "sólo": true, "nur": true, "seul": true, "seule": true,
	"seuls": true, "el": true, "la": true, "le": true, "die": true, "der": true, "das": true, "les": true, "los": true, "las": true}

// ownerNamesNewHolder reports a goal or brief naming a person the action
// names besides the holder: the owner asked for the new holder.
func (st *state) ownerNamesNewHolder(holder string) bool {
	own := foldedText(st.c.Goal + " " + st.c.Brief)
	hold := foldedText(holder)
	for _, n := range personNames(st.c.Action.Description) {
		f := foldedText(n)
		if strings.Contains(f, hold) || strings.Contains(hold, f) {
			continue
		}
		first, _, _ := strings.Cut(strings.TrimSpace(f), " ")
		if len(first) >= 3 && strings.Contains(own, " "+first) {
			return true
		}
	}
	return false
}
