package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a claimed person the records say does not exist ----
//
// "No Laura Bennett is employed by the firm", "Kein Mitarbeiter namens ...",
// "ningún empleado con ese nombre", "aucun ... dans l'annuaire": a system
// record or verified evidence denies that the person the counterparty claims
// to be exists (on the staff, in the directory, on the account). That is
// identity deception on the record, however plausible the message.

// existenceWords tie a negated record to a person's existence or standing.
var existenceWords = []string{
	"employ", "staff", "directory", "exist", "on record", "on file", "known", "works for", "work for", "no such", "registered",
	"beschaftigt", "mitarbeit", "existiert", "bekannt", "verzeichnis", "angestellt",
	"emplead", "plantilla", "existe", "consta", "trabaja", "directorio",
	"employe", "effectif", "connu", "travaille", "annuaire", "personnel",
}

// claimedNames returns the folded words of the person's name in a
// claimed identity ("Laura Bennett, executive assistant to ..."): the part
// before the first comma or parenthesis, words of three letters or more.
// The fold comes from the case's text views, which the identity checks
// share.
func (st *state) claimedNames(claimed string) []string {
	return nameWordsOf(st.text(clipBytes(nameCut(claimed), 200)).folded())
}

// nameCut is the part of a claimed identity before its first comma,
// parenthesis or semicolon.
func nameCut(claimed string) string {
	if i := strings.IndexAny(claimed, ",(;"); i >= 0 {
		return claimed[:i]
	}
	return claimed
}

// nameWordsOf is claimedNames after the fold.
func nameWordsOf(folded string) []string {
	var out []string
	for s := folded; ; {
		w, rest, ok := nextFoldedWord(s)
		if !ok {
			break
		}
		s = rest
		if len(w) >= 3 && !genericWords.has(w) && !stopWords.has(w) {
			out = append(out, w)
		}
	}
	return out
}

// checkAbsentPerson flags a trusted record that names the claimed person
// (all the words of the name) and denies that the person exists or works
// there.
func (st *state) checkAbsentPerson() {
	name := st.claimedNames(st.c.Counterparty.ClaimedIdentity)
	if len(name) < 2 || len(name) > 4 {
		return // a person's name: first and last, not a team or one word
	}
	for rs := range st.recordSentences() {
		f := rs.folded()
		all := true
		for _, w := range name {
			if !hasSpacedWord(f, w) {
				all = false
				break
			}
		}
		if !all || !containsAny(f, existenceWords...) || !negatesPerson(f, name) {
			continue
		}
		st.add(finding{tactic: consult.IdentityDeception, kind: "absentperson", score: 0.85, sig: consult.Critical, hard: true,
			obs:    fmt.Sprintf("%s %s says the person the counterparty claims to be is not there: %q.", capFirst(rs.t.kind), rs.t.id, st.clipCase(strings.TrimSpace(rs.text), 160)),
			reason: fmt.Sprintf("The counterparty claims to be %s, and %s %s denies that such a person exists or works there.", st.clipCase(strings.Join(name, " "), 60), rs.t.kind, rs.t.id),
			refs:   []string{rs.t.id}, disp: consult.DoNotProceed})
		return
	}
}

// hasSpacedWord is strings.Contains(f, " "+w+" ") without the copy: it is
// asked for each word of the name in each sentence of the records.
func hasSpacedWord(f, w string) bool {
	for from := 1; from+len(w) < len(f); {
		i := strings.Index(f[from:], w)
		if i < 0 {
			return false
		}
		i += from
		if i+len(w) >= len(f) {
			return false
		}
		if f[i-1] == ' ' && f[i+len(w)] == ' ' {
			return true
		}
		from = i + 1
	}
	return false
}

// personNeg are the negations that can govern a person (folded words).
var personNeg = map[string]bool{"no": true, "not": true, "isnt": true, "never": true, "unknown": true, "nobody": true,
	"kein": true, "keine": true, "keinen": true, "nicht": true, "unbekannt": true, "niemand": true,
	"ningun": true, "ninguna": true, "nadie": true, "desconocido": true, "desconocida": true,
	"aucun": true, "aucune": true, "pas": true, "inconnu": true, "inconnue": true, "personne": true}

// negatesPerson reports a negation that governs the person named in the
// folded sentence: up to three words before the name ("no Laura Bennett",
// "kein Mitarbeiter namens ...") or up to four after it ("Lucía Ferrer no
// consta", "Julien Marchal n'est pas connu"). "No complaints by Laura
// Bennett are on record" negates the complaints, not her: the name is too
// far from its "no".
func negatesPerson(f string, name []string) bool {
	tok := strings.Fields(f)
	last := name[len(name)-1]
	for i, w := range tok {
		if w != last && !strings.HasPrefix(w, last) {
			continue
		}
		first := i - (len(name) - 1)
		for k := first - 1; k >= 0 && k >= first-3; k-- {
			if personNeg[tok[k]] {
				return true
			}
		}
		for k := i + 1; k < len(tok) && k <= i+4; k++ {
			if personNeg[tok[k]] || tok[k] == "nest" || tok[k] == "nexiste" {
				return true
			}
		}
	}
	return false
}
