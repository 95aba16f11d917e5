package fallback

import (
	"fmt"
	"slices"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

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
// languages): work done and accepted; money paid. (Cover is not among
// them: a plan's record excludes one item while the claim covers another,
// and the tie names the plan, not the item.)
var j12StatusGroups = [][]string{
	{"completed", "finished", "passed", "completado", "completada", "terminado", "terminada", "acabado", "acabada", "superado", "superada",
		"abgeschlossen", "fertiggestellt", "erledigt", "bestanden", "termine", "terminee", "acheve", "achevee", "reussi", "reussie"},
	{"paid", "settled", "pagado", "pagada", "abonado", "abonada", "liquidado", "liquidada", "bezahlt", "beglichen", "uberwiesen",
		"paye"},
}

// j12Approved are more participles of an approval (group 3 of
// statusGroups): a request granted, authorised, accepted.
var j12Approved = []string{"granted", "authorized", "authorised", "accepted", "autorizado", "autorizada", "concedido", "concedida",
	"aceptado", "aceptada", "bewilligt", "autorise", "autorisee", "accorde", "accordee", "accepte", "acceptee"}

// j12ContraryGroups are, by index, the states that exclude those of
// j12StatusGroups (folded): the work failed or is not done; the money is
// still owed. A word belongs to one group only (contraryAt returns the
// first).
var j12ContraryGroups = [][]string{
	{"failed", "incomplete", "unfinished", "fallido", "fallida", "suspendido", "suspendida", "incompleto", "incompleta", "inacabado",
		"inacabada", "incompletos", "incompletas", "durchgefallen", "unvollstandig", "unfertig", "mangelhaft", "echoue", "echouee", "echoues", "incomplet",
		"incomplets", "incompletes", "inacheve", "inachevee", "inacheves", "inachevees"},
	{"unpaid", "overdue", "outstanding", "impagado", "impagada", "vencido", "vencida", "unbezahlt", "uberfallig", "ausstehend",
		"impaye", "impayee", "bounced", "devuelto", "ruckbelastet"},
}

// maxStates bounds the state groups the checks' said arrays hold.
const maxStates = 12

// The groups are appended once, after the package's variables are set, so
// both checks and the @status lexicon (rules/default.rules) read one list.
func init() {
	// More words for an approval, and its contrary still open ("pending").
	statusGroups[3] = append(statusGroups[3], j12Approved...)
	contraryGroups[3] = append(contraryGroups[3], "pending", "pendiente")
	statusGroups = append(statusGroups, j12StatusGroups...)
	contraryGroups = append(contraryGroups, j12ContraryGroups...)
	if len(statusGroups) > maxStates {
		panic("fallback: more state groups than maxStates") // a programming error, caught by any test
	}
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

// ---- a state tied to its record by the thing's name, not a code ----
//
// Both state checks tie a claim to a record by an identifier they share
// (a booking code, an invoice number). Many things have no code in the
// counterparty's words: "the roof at 22 Birch Lane is finished", "the
// Harbour Street kitchen is completed", "la obra de la calle Mayor está
// terminada". A record that names the same thing by the same words and
// gives it the contrary state contradicts the claim as much. The tie is
// two distinctive words (four letters or more, no function word, no state
// word, no day or month) shared by the sentence that affirms the state and
// the record's sentence that gives the contrary one: one shared word
// ("flight", "invoice") names a kind, not a thing.

// tieStop are folded words too common to name a thing.
var tieStop = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`this that these those with from have been were will would your their there here about after before
		what when which where while they them then than into over under also just only still very more most some such other
		please thanks today week month year monday tuesday wednesday thursday friday saturday sunday
		para pero como esta este esto estos estas desde hasta sobre porque cuando donde ustedes nuestro nuestra gracias
		sind wurde wurden haben nicht eine einen einem einer dass oder aber auch noch schon bitte danke heute woche
		pour dans avec sont cette mais aussi encore merci depuis leur leurs votre notre nous vous`) {
		m[w] = true
	}
	return m
}()

// tieWords returns the distinctive folded words of ws.
func tieWords(ws []string) map[string]bool {
	m := map[string]bool{}
	for _, w := range ws {
		if len(w) >= 4 && !tieStop[w] && statusAt(w) < 0 && !isDigits(w) {
			m[w] = true
		}
	}
	return m
}

// sentenceWords returns the folded words of each sentence of s.
func sentenceWords(s string) [][]string {
	var out [][]string
	from := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && !sentenceEnd(s, i) {
			continue
		}
		if ws := strings.Fields(foldedText(s[from:i])); len(ws) > 0 {
			out = append(out, ws)
		}
		from = i + 1
	}
	return out
}

// wordTiedStatus reports, and records as a contradiction, a record t that
// shares no identifier with the claims but names the same thing by two
// distinctive words in a sentence that gives it a state contrary to, or
// the denial of, one the claims affirm of it.
func (st *state) wordTiedStatus(claims string, said *[maxStates]bool, t trustedText) bool {
	rs := sentenceWords(t.text)
	for _, ws := range rs {
		for i, w := range ws {
			if g := statusAt(w); g >= 0 && said[g] && !negatedWord(ws, i) {
				return false // the record says so too
			}
		}
	}
	var claimed []struct {
		g     int
		words map[string]bool
	}
	for _, cw := range sentenceWords(claims) {
		for i, w := range cw {
			if g := statusAt(w); g >= 0 && !negatedWord(cw, i) {
				claimed = append(claimed, struct {
					g     int
					words map[string]bool
				}{g, tieWords(cw)})
			}
		}
	}
	for _, ws := range rs {
		for i, w := range ws {
			g := -1
			if sg := statusAt(w); sg >= 0 && negatedWord(ws, i) {
				g = sg
			} else if cg, _ := contraryAt(ws, i); cg >= 0 && !negatedWord(ws, i) && (i == 0 || !contraryNegators[ws[i-1]]) {
				g = cg
			}
			if g < 0 || !said[g] {
				continue
			}
			for _, c := range claimed {
				if c.g != g {
					continue
				}
				var shared []string
				for _, rw := range ws {
					if c.words[rw] && !slices.Contains(shared, rw) {
						shared = append(shared, rw)
					}
				}
				if len(shared) < 2 {
					continue
				}
				name := strings.Join(shared, " ")
				state := statusGroups[g][0]
				st.contradiction(
					fmt.Sprintf("Says the %s is %s; %s %s says it %s.", name, state, t.kind, t.id, w),
					fmt.Sprintf("The counterparty says the %s is %s, but %s %s records: %s", name, state, t.kind, t.id, clipCase(t.text, 300)),
					[]string{t.id}, fmt.Sprintf("The %s is %s.", name, state))
				return true
			}
		}
	}
	return false
}

// ---- a state said in an earlier turn ----

// statedEarlier returns the counterparty's earlier turns that affirm a
// state (each on its own line), for the state checks to read with the
// message: "as I told you, INV-90211 was paid" may have been said two
// turns ago, and the record contradicts it as much. Only turns that hold a
// state word are kept, so a long history costs one fold per turn.
func (st *state) statedEarlier() string {
	out := ""
	for _, t := range st.c.History {
		if t.Role != consult.RoleCounterparty {
			continue
		}
		ws := strings.Fields(foldedText(t.Text))
		for i, w := range ws {
			if statusAt(w) >= 0 && !negatedWord(ws, i) {
				out += "\n" + t.Text
				break
			}
		}
	}
	return out
}
