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
	" compart", " envi", " divulg", " cedid", " ceder", " weitergeb", " gesendet", " senden", " ubermitt", " herausgeb", " weiterleit",
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
	act := stemSet(clipBytes(a.Description, maxClaimBytes))
	for _, p := range st.policies() {
		for _, sent := range splitClauses(clipBytes(p.Statement, maxClaimBytes)) {
			f := " " + foldText(sent).text + " "
			if !prohibitsRelease(f) {
				continue
			}
			obj := ""
			if containsAny(f, othersWords...) && personRecords(clipBytes(a.Description, maxClaimBytes)) {
				obj = "other people's details"
			}
			for w := range stemSet(sent) {
				if len(w) == 5 && act[w] && !objectNoise[w] && (obj == "" || w < obj) { // a word of five letters or more names an object; "work" in "work information" does not
					obj = w
				}
			}
			if obj == "" {
				continue
			}
			st.add(finding{tactic: consult.DataExtraction, kind: "forbiddenshare", score: 0.7, sig: consult.Critical, hard: true,
				obs:    fmt.Sprintf("Policy %s forbids releasing this data (%q), and the action sends it to %s.", policyName(p), clipCase(strings.TrimSpace(sent), 120), clipCase(a.Recipient, 80)),
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
		k := strings.ToLower(strings.TrimSpace(d))
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
		if containsAny(rest[:end]+" ", releaseVerbs...) {
			return true
		}
	}
	return false
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
	f := " " + foldText(desc).text + " "
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
