package fallback

import "strings"

// ---- small reading defects (judge17h) ----
//
// The ninth session's hygiene round fixed readings that lost a word to the
// text's form rather than to its meaning: an e-mail address whose local
// part ran into its domain, a Spanish or French list item whose article
// took its head noun's place, a denial spelt without its accent, a card
// number the destination check did not read as an account, a person's
// exhaustion read as a sold-out supply, a limited supply restated with
// nothing pressed, and the words that ask for little in English only.

// partyWords returns the words checkNewParty looks for in the owner's side
// of the case: the folded words of a recipient, except that an e-mail
// address is read as one word, the address. The fold reads "@" as the
// letter it stands for in leetspeak, so the local part's last word ran
// into the domain ("jane.johnson@email.com" folded to "jane johnsonaemail
// com") while its other words stayed words: "johnson.jane@..." matched a
// surname the case names and "jane.johnson@..." did not, and a domain's
// words ("orders@freshplate-catering.com") matched the trade the case
// talks about. A name or a trade in an address is no evidence that the
// owner knows the mailbox (anyone can open one): the address is known when
// the owner's side gives it (folded the same way), or when it stands next
// to a name the case knows (ownAddress). Reading the domain's name as a
// second word, known when the case names the organisation, was tried: it
// let a blind set's harmful release to an organisation's unknown mailbox
// through.
func partyWords(name string) []string {
	if strings.IndexByte(name, '@') < 0 {
		return strings.Fields(foldedText(name))
	}
	var out []string
	for _, tok := range strings.Fields(name) {
		at := strings.IndexByte(tok, '@')
		if at <= 0 {
			out = append(out, strings.Fields(foldedText(tok))...)
			continue
		}
		addr := strings.Trim(tok, "<>()[]{},;:\"'.")
		out = append(out, strings.TrimSpace(foldedText(addr)))
	}
	return out
}

// articles open a noun phrase (folded): en, es, fr, de.
var articles = map[string]bool{"the": true, "a": true, "an": true,
	"el": true, "la": true, "los": true, "las": true, "un": true, "una": true, "unos": true, "unas": true,
	"le": true, "les": true, "une": true,
	"der": true, "die": true, "das": true, "den": true, "dem": true, "ein": true, "eine": true, "einen": true, "einer": true}

// dropArticles returns a list item's words without the articles that open
// it: Spanish and French put the head noun first ("la cuenta bancaria",
// "le compte bancaire"), and objectPhrases took the article for the head,
// which names nothing, so the item was tied by its adjective alone or not
// at all.
func dropArticles(words []string) []string {
	for len(words) > 1 && articles[words[0]] {
		words = words[1:]
	}
	return words
}

// exhaustedWords are the limit words of the co-occurrence classifier that
// also say a person is exhausted (folded): "las entradas están agotadas"
// is a sold-out supply, "estoy agotada" a tired speaker.
var exhaustedWords = map[string]bool{"agotado": true, "agotada": true, "agotados": true, "agotadas": true,
	"epuise": true, "epuisee": true, "epuises": true, "epuisees": true}

// personCopulas say the speaker or the listener is in a state (folded):
// the first and second persons only, since "está agotado" and "est épuisé"
// are said of a product as often as of a person.
var personCopulas = map[string]bool{"estoy": true, "estamos": true, "estas": true, "estais": true, "ando": true, "andamos": true,
	"sigo": true, "seguimos": true, "siento": true, "sentimos": true, "quede": true, "quedamos": true, "acabo": true,
	"suis": true, "sommes": true, "etes": true, "sens": true, "sentons": true}

// degreeWords may stand between the copula and the state: "estoy muy
// agotada", "je suis complètement épuisée" (folded).
var degreeWords = map[string]bool{"muy": true, "tan": true, "totalmente": true, "completamente": true, "bastante": true, "super": true,
	"realmente": true, "tres": true, "si": true, "tellement": true, "completement": true, "vraiment": true, "totalement": true}

// exhaustedPerson reports that the word at k of a co-occurrence sentence
// is a person's exhaustion, not a supply's: one of exhaustedWords after a
// first- or second-person copula, with at most one degree word between.
func exhaustedPerson(sen *coSentence, k int) bool {
	if !exhaustedWords[sen.word(k)] {
		return false
	}
	j := k - 1
	if degreeWords[sen.word(j)] && j > 0 {
		j--
	}
	return personCopulas[sen.word(j)]
}

// pressWords make a scarcity phrase more than a count of what is left
// (folded words or word starts): a rival ("other buyers", "andere
// Interessenten", "otros interesados", "d'autres acheteurs"), a loss
// ("then it's gone", "lo perderá", "vous le perdrez"), a last chance, a
// first-come rule.
var pressWords = []string{"other", "another", "someone", "andere", "weitere", "mehrere", "otro", "otra", "dautres", "autre", "plusieurs",
	"interes", "bidder", "bieter", "postor", "offrant", "offer", "oferta", "offre", "angebot",
	"gone", "weg", "lose", "perd", "verlier", "chance", "first", "primer", "erst", "premier", "fast", "vite", "schnell", "rapid"}

// leftWords say how much of something is left (folded word starts).
var leftWords = []string{"left", "remain", "only", "noch", "queda", "solo", "reste", "rest", "plus"}

// countLeft reports a rule-pack phrase that counts what is left ("nur
// noch ein", "one * left", "solo queda") and names no press (pressWords):
// "flash sale" or "other buyers" say something else.
func countLeft(phrase string) bool {
	left := false
	for _, w := range strings.Fields(phrase) {
		for _, pw := range pressWords {
			if strings.HasPrefix(w, pw) {
				return false
			}
		}
		for _, lw := range leftWords {
			left = left || strings.HasPrefix(w, lw)
		}
	}
	return left
}

// idleSupply is the reading of the scarcity cues qs as availability stated and nothing
// pressed: the co-occurrence of a limit and a supply alone, or one statement of what is left
// (oneSupplyStatement). dropIdleSupply asks it.
func (st *state) idleSupply(qs []cue) bool {
	return len(qs) == 1 && qs[0].phrase == idleSupplyPhrase || st.oneSupplyStatement(qs)
}

// oneSupplyStatement reports scarcity cues that are all one statement of
// how much is left: from the message, in one sentence, each the
// co-occurrence reading of a limit and a supply or a pack phrase that
// counts what is left (countLeft). The rule pack reads
// such a statement with several lines at once ("nur noch ein", "nur noch
// # Platz", "nur noch"; "one * left" and the co-occurrence reading), so a
// customer's own "es gibt nur noch einen Platz, den möchte ich buchen" was
// three cues where "only one seat left" was one, and dropIdleSupply, which
// lets one idle statement go (idleSupply), kept it.
func (st *state) oneSupplyStatement(qs []cue) bool {
	p, e := -1, -1
	for _, q := range qs {
		if q.src != srcMessage || q.text == nil || q.text != qs[0].text || q.end > len(q.text.text) {
			return false
		}
		if q.phrase != idleSupplyPhrase && !countLeft(q.phrase) {
			return false
		}
		if p < 0 || q.pos < p {
			p = q.pos
		}
		e = max(e, q.end)
	}
	return p >= 0 && !strings.Contains(qs[0].text.text[p:e], " . ")
}

// periodWords are folded nouns of a period or a day that "last" dates
// rather than limits ("signed last week", "letzte Woche", "la semaine
// dernière"; the period itself is "time"-free: "the last time slot" is one).
var periodWords = map[string]bool{"week": true, "weeks": true, "month": true, "months": true, "year": true, "years": true,
	"night": true, "weekend": true, "monday": true, "tuesday": true, "wednesday": true, "thursday": true,
	"friday": true, "saturday": true, "sunday": true, "quarter": true,
	"woche": true, "monat": true, "jahr": true, "nacht": true, "wochenende": true,
	"semaine": true, "mois": true, "annee": true, "nuit": true,
	"semana": true, "mes": true, "ano": true, "noche": true}

// lastPeriod reports a "last" word (coLast) that dates: the period noun right
// after it ("last week's ticket") or, for the French and Spanish order, right
// before it ("la semaine dernière", "la semana última"). It is no limit on
// what is left, so the co-occurrence reader does not make it one.
func lastPeriod(sen *coSentence, k, nw int) bool {
	return k+1 < nw && periodWords[sen.word(k+1)] || k > 0 && periodWords[sen.word(k-1)]
}
