package fallback

import "strings"

// ---- more states a record keeps: work done, money paid ----
//
// checkNegatedStatus (judge10b.go) and contraryStatus (judge11.go) read a
// state the counterparty affirms of an identifier against a record that
// denies it or gives the contrary state. Their groups held the states of a
// booking or a parcel (cancelled, delivered, refunded, approved, shipped,
// delayed); the blind sets' contradictions are as often about work said to
// be done ("finished", "completed", "passed") that an inspection failed or
// still lists as pending, and money said to be paid that a ledger shows
// unpaid or overdue. The same two checks read these groups: the claim and
// the record must name the same identifier in the sentence that says the
// state, and the record must not affirm the claimed state itself.

// j12StatusGroups extend statusGroups (folded past participles, four
// languages): work done and accepted; money paid.
var j12StatusGroups = [][]string{
	{"completed", "finished", "passed", "completado", "completada", "terminado", "terminada", "acabado", "acabada", "superado", "superada",
		"abgeschlossen", "fertiggestellt", "erledigt", "bestanden", "termine", "terminee", "acheve", "achevee", "reussi", "reussie"},
	{"paid", "settled", "pagado", "pagada", "abonado", "abonada", "liquidado", "liquidada", "bezahlt", "beglichen", "uberwiesen",
		"paye"},
}

// j12ContraryGroups are, by index, the states that exclude those of
// j12StatusGroups (folded): the work failed or is not done; the money is
// still owed. A word belongs to one group only (contraryAt returns the
// first).
var j12ContraryGroups = [][]string{
	{"failed", "incomplete", "unfinished", "fallido", "fallida", "suspendido", "suspendida", "incompleto", "incompleta", "inacabado",
		"inacabada", "durchgefallen", "unvollstandig", "unfertig", "mangelhaft", "echoue", "echouee", "incomplet", "inacheve", "inachevee"},
	{"unpaid", "overdue", "outstanding", "impagado", "impagada", "vencido", "vencida", "unbezahlt", "uberfallig", "ausstehend",
		"impaye", "impayee", "bounced", "devuelto", "ruckbelastet"},
}

// The groups are appended (the checks' said arrays hold eight groups: the
// six of judge10b.go and these two) once, after the package's variables are set, so
// both checks and the @status lexicon (rules/default.rules) read one list.
func init() {
	statusGroups = append(statusGroups, j12StatusGroups...)
	contraryGroups = append(contraryGroups, j12ContraryGroups...)
}

// j12First is the index in statusGroups of the first group of
// j12StatusGroups.
var j12First = len(statusGroups)

// clauseNegated reports whether a clause of the record text holds a word of
// state group g with a negator within the three words before it. The
// negated-state check reads folded words, which have lost the commas: in
// "insurance no, paid $1,874" or "not yet flown, paid $1,684" the negator
// belongs to the clause before. The new groups, whose participles sit in
// such lists of a booking's attributes, are read clause by clause.
func clauseNegated(text string, g int) bool {
	from := 0
	for i := 0; i <= len(text); i++ {
		if i < len(text) && !clauseEnd(text, i) {
			continue
		}
		ws := strings.Fields(foldedText(text[from:i]))
		for k, w := range ws {
			if statusAt(w) == g && negatedWord(ws, k) {
				return true
			}
		}
		from = i + 1
	}
	return false
}

// clauseEnd reports a byte of s that ends a clause: a sentence end, a
// comma, a colon or a bracket.
func clauseEnd(s string, i int) bool {
	switch s[i] {
	case ',', ':', '(', ')':
		return true
	}
	return sentenceEnd(s, i)
}
