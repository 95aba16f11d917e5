package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- data a policy says never leaves ----
//
// "Subscriber personal data is never shared with third parties", "Never
// send customer lists to personal or external e-mail addresses", "Los datos
// de pacientes no se comparten con terceros", "Kundendaten dürfen nicht an
// private Adressen gesendet werden": a policy forbids releasing a kind of
// data, and the action releases that kind (the policy and the action's
// description name the same object) to a recipient outside the owner's
// organisation. The counterparty's framing (a thank-you, a repair, a quote)
// does not matter.

// prohibitWords open a prohibition in a policy (folded).
var prohibitWords = []string{" never ", " must not ", " may not ", " shall not ", " cannot be ", " not be ", " is not shared", " are not shared", " not to be ",
	" nunca ", " jamas ", " no se ", " no deben ", " no puede", " prohibido",
	" nie ", " niemals ", " darf nicht", " durfen nicht", " nicht weiter", " verboten",
	" jamais ", " ne doit ", " ne doivent ", " ne peut ", " ne peuvent ", " interdit"}

// releaseVerbs release data (folded word starts).
var releaseVerbs = []string{" shar", " send", " sent ", " disclos", " export", " transfer", " give", " pass", " releas", " provid", " forward",
	" compart", " envi", " divulg", " cedid", " ceder", " weitergeb", " weitergegeb", " herausgegeb", " gesendet", " senden", " ubermitt", " herausgeb", " weiterleit",
	" partag", " envoy", " communiqu", " transmi", " divulgu", " cede"}

// objectNoise are stems a prohibition and an action share without naming
// the same data: verbs of release, generic data words, parties.
var objectNoise = map[string]bool{"share": true, "shared": true, "send": true, "sende": true, "sent": true, "expor": true, "trans": true,
	"data": true, "datos": true, "daten": true, "donne": true, "infor": true, "detai": true, "perso": true, "third": true, "parti": true,
	"exter": true, "compa": true, "never": true, "polic": true, "quote": true, "inter": true, "email": true, "addre": true, "other": true}

// checkForbiddenShare flags an external release of data that a policy
// forbids releasing.
func (st *state) checkForbiddenShare() {
	a := st.c.Action
	if !st.releasesRecords() || !st.externalRecipient() || st.releaseAuthorised() || st.hasFinding("secrets") {
		return // secrets sent out are already a hard finding of their own
	}
	act := st.descStems()
	var rd shareReading
	for _, p := range st.policies() {
		tv := st.text(clipBytes(p.Statement, maxClaimBytes))
		for si, sent := range tv.clauseList() {
			f := " " + tv.foldedClauses()[si] + " "
			if !prohibitsRelease(f) {
				continue
			}
			// Other people's details in a record about a group of people,
			// or an item of the prohibition the action's data is
			// (shareTie, judge16b.go).
			tied := containsAny(f, othersWords...) && personRecords(clipBytes(a.Description, maxClaimBytes))
			for _, ph := range objectPhrases(sent) {
				if tied {
					break
				}
				tied = !allowedPart(ph.allow, a.Description) && st.shareTie(ph, act, &rd)
			}
			if !tied {
				continue
			}
			st.add(finding{tactic: consult.DataExtraction, kind: "forbiddenshare", score: 0.7, sig: consult.Critical, hard: true,
				obs:    fmt.Sprintf("Policy %s forbids releasing this data (%q), and the action sends it to %s.", policyName(p), st.clipCase(strings.TrimSpace(sent), 120), st.clipCase(a.Recipient, 80)),
				reason: fmt.Sprintf("Policy %s says this kind of data never goes where the action would send it; no benefit or reason offered changes that.", policyName(p)),
				disp:   consult.DoNotProceed})
			return
		}
	}
}

// releasesRecords reports an action that hands over records about people or
// customers, not only a payment (category financial alone).
func (st *state) releasesRecords() bool {
	for _, d := range st.c.Action.DataCategories {
		k := toLower(strings.TrimSpace(d))
		if k != "financial" && k != "" {
			return true
		}
	}
	return false
}

// prohibitsRelease reports a prohibition whose verb is a release: the
// release verb within eight words after the prohibition word ("never
// shared", "must not be disclosed", "dürfen nicht an Dritte weitergegeben").
// "Cannot be added afterwards" prohibits something else.
func prohibitsRelease(f string) bool {
	for _, pw := range prohibitWords {
		i := strings.Index(f, pw)
		if i < 0 {
			continue
		}
		rest := f[i+len(pw)-1:]
		n, end := 0, len(rest)
		for j := 1; j < len(rest); j++ {
			if rest[j] == ' ' {
				if n++; n == 9 {
					end = j
					break
				}
			}
		}
		if releaseVerbIn(rest[:end] + " ") {
			return true
		}
	}
	return false
}

// releaseVerbIn reports a release verb in w (folded, spaces around words)
// that is not a noun: a release word after a determiner or a preposition
// ("must not be split into several transmissions", "in one transfer",
// "en plusieurs envois") names how something is sent, and the prohibition
// is of something else.
func releaseVerbIn(w string) bool {
	for _, v := range releaseVerbs {
		for off := 0; ; {
			i := strings.Index(w[off:], v)
			if i < 0 {
				break
			}
			i += off
			if !nounMarkers[lastWord(w[:i])] {
				return true
			}
			off = i + 1
		}
	}
	return false
}

// lastWord is the last space-separated word of s.
func lastWord(s string) string {
	s = strings.TrimRight(s, " ")
	return s[strings.LastIndexByte(s, ' ')+1:]
}

// nounMarkers precede a noun, never a verb (folded): determiners,
// quantifiers and prepositions, in the four languages.
var nounMarkers = map[string]bool{
	"a": true, "an": true, "the": true, "one": true, "two": true, "three": true, "several": true, "multiple": true,
	"separate": true, "each": true, "every": true, "many": true, "into": true, "per": true, "across": true,
	"un": true, "una": true, "unos": true, "unas": true, "varios": true, "varias": true, "cada": true,
	"ein": true, "eine": true, "einer": true, "einen": true, "mehrere": true, "jede": true, "jeder": true,
	"une": true, "plusieurs": true, "chaque": true, "des": true,
}

// othersWords: a prohibition of other people's personal details (folded).
var othersWords = []string{" other peoples", " other people", " others personal", " third party personal", " third parties personal",
	" de otras personas", " de terceros", " anderer personen", " dritter", " dautres personnes", " des tiers"}

// personFields name the fields of a record about people.
var personFields = []string{" names", " name ", " email", " e mail", " phone", " address", " health", " date of birth", " birthdates",
	" nombres", " correo", " telefono", " direccion", " salud", " namen", " telefon", " adresse", " gesundheit", " noms", " courriel", " sante"}

// groupWords name a collection of people or of their records.
var groupWords = []string{" register", " list", " roster", " database", " students", " employees", " staff", " members", " patients", " customers",
	" clients", " attendees", " colleagues", " subscribers", " lista", " registro", " alumnos", " estudiantes", " empleados", " pacientes", " clientes",
	" liste", " verzeichnis", " schuler", " mitarbeiter", " patienten", " kunden", " registre", " eleves", " etudiants", " employes"}

// personRecords reports a description of records about a group of people
// (a register, a list of students) that lists two or more of their fields
// ("names, email addresses and health conditions"); one person's own name
// and e-mail for a quote is not that.
func personRecords(desc string) bool {
	f := " " + foldedText(desc) + " "
	if !containsAny(f, groupWords...) {
		return false
	}
	n := 0
	for _, w := range personFields {
		if strings.Contains(f, w) {
			n++
		}
	}
	return n >= 2
}

// objectStems are the stems of the words that name what a prohibition is
// about. A list item of a few words is a noun phrase, named by its head
// ("detailed medical records" is about records, "access codes" about codes),
// which is its last word, or its first where a preposition links the rest to
// it ("números de pasaporte", "dossiers du patient"). Modifiers alone are too
// common to tie the policy to an action: "sports-medicine access" is not
// "access codes", "regular medication" is not "medical records". A longer
// item is a clause (German puts its verb last), so all its words count.
//
// Spanish and French put the head first and its adjectives after it ("datos
// bancarios", "dossiers médicaux"), so in a sentence in either language the
// first word is the head.
func objectStems(sent string) map[string]bool {
	out := map[string]bool{}
	for _, ph := range objectPhrases(sent) {
		for w := range ph.head {
			out[w] = true
		}
	}
	return out
}

// objectPhrase is a list item of a prohibition: the stems of its head and
// of the modifiers that narrow it (none for a one-word item or a clause).
type objectPhrase struct {
	head, mods map[string]bool
	allow      []string // the words after "beyond", "except" (carveout.go)
}

// objectPhrases reads the list items of a prohibition as in objectStems,
// keeping each item's modifiers ("card" of "card numbers", "pasaporte" of
// "números de pasaporte").
func objectPhrases(sent string) []objectPhrase {
	var out []objectPhrase
	headFirst := containsAny(" "+foldedText(sent)+" ", romanceCues...)
	for _, item := range listItems(sent) {
		words := strings.FieldsFunc(foldedText(item), func(r rune) bool { return r < 'a' || r > 'z' })
		var allow []string
		words, allow = cutException(words)
		words = dropArticles(words) // judge17h.go
		if len(words) > 4 {
			out = append(out, objectPhrase{head: stemSet(strings.Join(words, " ")), allow: allow})
			continue
		}
		hi := -1
		for i, w := range words {
			if i > 0 && linkWords[w] {
				hi = 0
				break
			}
		}
		if hi < 0 && len(words) > 0 {
			hi = len(words) - 1
			if headFirst {
				hi = 0
			}
		}
		if hi < 0 {
			continue
		}
		var mods []string
		for i, w := range words {
			if i != hi && !linkWords[w] {
				mods = append(mods, w)
			}
		}
		ph := objectPhrase{head: stemSet(words[hi]), allow: allow}
		if m := stemSet(strings.Join(mods, " ")); len(m) > 0 {
			ph.mods = m
		}
		out = append(out, ph)
	}
	return out
}

// anyStem reports whether one of the stems is in the set.
func anyStem(stems, in map[string]bool) bool {
	for w := range stems {
		if in[w] {
			return true
		}
	}
	return false
}

// romanceCues are common words of Spanish and French policies (folded).
var romanceCues = []string{" nunca ", " jamas ", " no se ", " no deben ", " prohibido ", " los ", " las ", " datos ", " compartir ", " ni ",
	" jamais ", " ne doit ", " ne doivent ", " interdit ", " les ", " aucun ", " donnees ", " partager ", " ne "}

// linkWords join a noun to its complement in Spanish, French and English
// ("números de pasaporte", "records of patients").
var linkWords = map[string]bool{"de": true, "del": true, "du": true, "des": true, "di": true, "of": true}

// listItems splits a sentence at commas, colons and the words that join list
// items ("or", "nor", "and", "o", "y", "ni", "ou", "et", "oder", "und", "e").
func listItems(sent string) []string {
	var out []string
	start := 0
	for i := 0; i < len(sent); i++ {
		cut, skip := false, 0
		switch c := sent[i]; {
		case c == ',' || c == ':' || c == '(' || c == ')':
			cut, skip = true, 1
		case c == ' ':
			for _, j := range joinWords {
				if strings.HasPrefix(sent[i:], j) {
					cut, skip = true, len(j)-1
					break
				}
			}
		}
		if cut {
			if strings.TrimSpace(sent[start:i]) != "" {
				out = append(out, sent[start:i])
			}
			start = i + skip
			i = start - 1
		}
	}
	if strings.TrimSpace(sent[start:]) != "" {
		out = append(out, sent[start:])
	}
	return out
}

var joinWords = []string{" or ", " nor ", " and ", " o ", " y ", " ni ", " ou ", " et ", " oder ", " und ", " e "}
