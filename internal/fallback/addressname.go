package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- the person an address names, whom the directory does not know ----
//
// A counterparty that claims only a role ("transition coordinator for the
// incoming superintendent", "asistente de dirección") still names a person
// by its address: dana.whitcombe.ed@gmail.com, m_garcia@..., julien-marchal@.
// When a record of the owner's directory denies that person ("No staff
// account named Dana Whitcombe exists", "Staff directory lookup for
// 'Whitcombe': 0 results", "Kein Mitarbeiter namens Jens Ober", "aucun
// résultat pour Marchal"), the sender is not who the role implies:
// identity_deception, hard, as checkAbsentPerson does for a claimed name.

// lookupMisses say a directory search found nothing (folded).
var lookupMisses = []string{"0 results", "no results", "no match", "not found", "no entry", "no record", "sin resultados", "ningun resultado",
	"no encontrado", "keine treffer", "kein treffer", "nicht gefunden", "kein eintrag", "aucun resultat", "introuvable", "non trouve"}

// nameLeads stand just before a name a negation governs from further away
// ("no staff account named Dana Whitcombe").
var nameLeads = map[string]bool{"named": true, "called": true, "namens": true, "llamado": true, "llamada": true, "nomme": true, "nommee": true, "for": true}

// checkAddressPerson flags a sender whose address names a person a
// directory record denies, when the claimed identity names nobody.
func (st *state) checkAddressPerson() {
	if st.c.Counterparty.Verified || st.hasFinding("absentperson") {
		return
	}
	name := addressName(st.c.Counterparty.Reference)
	if len(name) == 0 {
		return
	}
	last := name[len(name)-1]
	claimed := foldedText(st.c.Counterparty.ClaimedIdentity)
	if strings.Contains(claimed, last) {
		return // the claim names the person: checkAbsentPerson's case
	}
	for rs := range st.recordSentences() {
		f := " " + rs.folded() + " "
		if !strings.Contains(f, " "+last) {
			continue
		}
		full := len(name) == 2 && strings.Contains(f, " "+name[0]+" "+last)
		denied := full && (negatesPerson(f, name) || negatedNamed(f, name)) && containsAny(f, existenceWords...)
		if !denied && !(containsAny(f, lookupMisses...) && containsAny(f, existenceWords...)) {
			continue
		}
		st.add(finding{tactic: consult.IdentityDeception, kind: "addressperson", score: 0.85, sig: consult.Critical, hard: true,
			obs:    fmt.Sprintf("The sender's address names %s, and %s %s says the directory has no such person: %q.", strings.Join(name, " "), rs.t.kind, rs.t.id, st.clipCase(strings.TrimSpace(rs.text), 140)),
			reason: fmt.Sprintf("The counterparty writes as %s from an address naming %s, whom %s %s does not find; the role it claims is not backed by anyone the owner knows.", st.clipCase(st.c.Counterparty.ClaimedIdentity, 60), strings.Join(name, " "), rs.t.kind, rs.t.id),
			refs:   []string{rs.t.id}, disp: consult.DoNotProceed})
		return
	}
}

// addressName reads a first and last name from an e-mail address's local
// part ("dana.whitcombe.ed@..."), or only a last name ("m_garcia@": one
// letter is no first name), folded; a last name alone is matched only
// against a directory lookup that found nothing.
func addressName(ref string) []string {
	at := strings.IndexByte(ref, '@')
	if at <= 0 {
		return nil
	}
	local := ref[:at]
	if i := strings.LastIndexAny(local, ":/ "); i >= 0 {
		local = local[i+1:]
	}
	var out []string
	for p := range strings.FieldsFuncSeq(local, func(r rune) bool { return r == '.' || r == '_' || r == '-' }) {
		if len(p) >= 3 && !hasASCIIDigit(p) {
			if p = toLower(p); !genericWords.has(p) {
				out = append(out, p)
			}
		}
	}
	if len(out) > 2 {
		out = out[:2]
	}
	return out
}

// negatedNamed reports "no ... named <first> <last>": a negation up to five
// words before a name that a naming word introduces.
func negatedNamed(f string, name []string) bool {
	tok := strings.Fields(f)
	for i := 1; i+1 < len(tok); i++ {
		if tok[i] != name[0] || tok[i+1] != name[1] || !nameLeads[tok[i-1]] {
			continue
		}
		for k := i - 2; k >= 0 && k >= i-6; k-- {
			if personNeg[tok[k]] {
				return true
			}
		}
	}
	return false
}
