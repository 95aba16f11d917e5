package fallback

import (
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- whether a thing happened or exists: a record's "no" against a "yes" ----
//
// The attribute-value model of judge13c.go compares figures, dates and
// states that both texts give. The blind sets' other contradictions are
// about whether a thing happened or exists at all: a debt collector cites
// "the open arrears case" where the ledger says there is none; a customer
// says "the refund was never issued" where the payment record shows it
// issued and settled; "I've never made a claim" against two prior claims
// on file; "the inspection was carried out on 12 March" where none was
// scheduled; "the final inspection is next week" where it was done and
// failed; "die Abnahme hat bereits stattgefunden" where it is still to
// come; "no payment was received for INV-4471" where the wire is
// confirmed.
//
// occurAssertions gives such a sentence an assertion of the same model: the
// attribute is the kind of thing (a refund, a shipment, an inspection, a
// claim, an arrears case, an authorisation, a cancellation; a payment is
// judge13c's "paid"), and the value says it happened or exists ("yes":
// a participle of doing, "on file", "open", "prior", a count), it did not
// ("no": a negator beside it), or it is still to come ("plan":
// "scheduled", "next week", "tomorrow"). checkAssertions then compares the
// message's value with the records' for the same thing as it does every
// other attribute. "Not yet" and "still to come" agree (occurCompatible).
// A word of the kind that only qualifies another noun ("the inspection
// request", "a claim form", "cancellation fee") says nothing of the thing.

// a14OccurKeys map a word to the kind of thing whose occurrence it names.
var a14OccurKeys = a13Lexicon(map[string]string{
	"refund":  "refund refunds refunded reembolso reembolsado reembolsada erstattung erstattet rembourse remboursement remboursee",
	"ship":    "shipped shipment despachado versandt verschickt versand expedie expediee",
	"inspect": "inspection inspected inspeccion inspeccionado abnahme besichtigung prufung",
	"claim":   "claim claims siniestro siniestros reclamacion schadensfall schadenfall schadensmeldung sinistre sinistres",
	"arrears": "arrears mora zahlungsruckstand ruckstand arrieres impayes",
	"auth":    "authorization authorisation preauthorization preauthorisation autorizacion genehmigung vorabgenehmigung autorisation",
	"cancel":  "cancelled canceled cancellation cancelado cancelada anulado anulada storniert abgesagt gekundigt annule annulee resilie resiliee",
	"paid":    "payment pago zahlung paiement versement",
})

// a14OccurDone are the words of a thing done or made: "was carried out",
// "has been issued", "hat stattgefunden", "a été effectué".
var a14OccurDone = a13WordSet(`carried done completed performed conducted held happened issued made opened filed received processed settled taken took place
	realizado realizada realizo efectuado efectuada hecho hecha emitido emitida recibido recibida tramitado tramitada tuvo lugar abierto abierta
	durchgefuhrt stattgefunden erfolgt erledigt ausgestellt eingegangen eroffnet erhalten
	effectue effectuee realise realisee emis emise recu recue eu lieu ouvert ouverte traite traitee`)

// a14OccurExists say that a thing is there: "on file", "an open claim",
// "two prior claims", "existe".
var a14OccurExists = a13WordSet(`exists exist existe existen gibt file open prior previous previously already offen offene offenen bereits vorherige
	abierto abierta anterior anteriores ya ouvert ouverte anterieur anterieure anterieurs deja`)

// a14OccurPlan say that a thing is still to come.
var a14OccurPlan = a13WordSet(`scheduled planned upcoming tomorrow next programado programada prevista previsto manana proxima proximo
	geplant angesetzt terminiert morgen nachste nachsten nachstes prevu prevue planifie planifiee demain prochaine prochain`)

// a14OccurPending say that a thing done is not through yet: "issued on 2
// June, pending with the card issuer" is still to come for the one who
// waits for it, so "I never received the refund" agrees with it.
var a14OccurPending = a13WordSet(`pending processing transit underway pendiente tramite ausstehend unterwegs bearbeitung attente`)

// a14OccurQualified are nouns a kind word can qualify: "the inspection
// request", "a claim form", "cancellation fee", "payment terms".
var a14OccurQualified = a13WordSet(`request requests report form forms fee fees window date deadline period policy process team desk slot track terms method methods
	details detail plan schedule link card number reference id status portal rules rule line handler adjuster approval approvals run runs
	instruction instructions confirmation reminder amount history free
	antrag anfrage formular frist gebuhr freigabe solicitud formulario plazo tarifa aprobacion demande formulaire delai frais approbation`)

// a14OccurNames name the kinds for a finding's words.
var a14OccurNames = map[string]string{"refund": "a refund", "ship": "the shipment", "inspect": "the inspection", "claim": "a claim",
	"arrears": "an arrears case", "auth": "the authorisation", "cancel": "a cancellation"}

func init() {
	for k, v := range a14OccurNames {
		a13EnumName["occ:"+k] = "whether " + v + " happened or exists (yes, no, or still to come: plan)"
	}
}

// a14Modal words before a participle make it a request or a forecast:
// "should be paid", "can be issued", "please refund".
var a14Modal = a13WordSet(`should must can could would will shall please need needs want let debe deberia puede tiene soll sollte muss kann bitte doit devrait peut`)

// occurAssertions appends, for each kind word of sentence ts, whether its
// clause says the thing happened, did not, or is still to come. A claim (a
// message) asserts only a statement: a modal or a request before the word
// or the participle is none.
func occurAssertions(ts []tok, si int, out []assertion, claim bool) []assertion {
	seen := ""
	for i, t := range ts {
		key, ok := a14OccurKeys[t.w]
		if !ok || strings.Contains(seen, key+" ") {
			continue
		}
		if i+1 < len(ts) && (a14OccurQualified[ts[i+1].w] || ts[i+1].w == "-" && ts[i+1].glued) {
			continue // "payment approval", "claim-free years"
		}
		if i > 0 && t.glued && ts[i-1].w == "-" {
			continue // "re-inspection" is another one
		}
		lo, hi := i, i
		for lo > 0 && !occurClauseEnd(ts[lo-1]) {
			lo--
		}
		for hi+1 < len(ts) && !occurClauseEnd(ts[hi+1]) {
			hi++
		}
		neg, done, exists, plan, modal, pending := false, false, false, false, false, false
		for j := lo; j <= hi; j++ {
			w := ts[j].w
			near := j >= i-4 && j <= i+4
			switch {
			case a13NegWords[w] && near && w != "non":
				neg = true
			case a14Modal[w] && (j < i || j <= i+2):
				modal = true
			case a14OccurDone[w] || j != i && a14OccurKeys[w] == key && occurParticiple(w):
				done = true
			case a14OccurPlan[w]:
				plan = true
			case a14OccurExists[w] || ts[j].isNum && j == i-1 || a13NumberWords[w] > 0 && j == i-1 && w != "uno" && w != "una":
				exists = true
			}
		}
		if occurParticiple(t.w) {
			done = true
		}
		for _, u := range ts {
			pending = pending || a14OccurPending[u.w] // anywhere in the sentence: "issued on 2 June, pending with the issuer"
		}
		val := ""
		switch {
		case neg:
			val = "no"
		case modal && claim:
		case pending:
			val = "plan"
		case done:
			val = "yes"
		case plan:
			val = "plan"
		case exists:
			val = "yes"
		}
		if val == "" {
			continue
		}
		attr := "occ:" + key
		if key == "paid" {
			if val == "plan" {
				continue
			}
			attr = "paid" // judge13c's attribute: "no payment was received" against "was paid on November 3"
		}
		seen += key + " "
		out = append(out, assertion{kind: akEnum, attr: attr, val: val, sent: si, at: i})
	}
	return out
}

// occurClauseEnd reports a token that ends the clause a kind word's value
// is read in.
func occurClauseEnd(t tok) bool {
	return t.sym && (t.w == ";" || t.w == ":" || t.w == "(" || t.w == ")" || t.w == "," || t.w == "–" || t.w == "—") ||
		t.w == "but" || t.w == "pero" || t.w == "aber" || t.w == "mais" || t.w == "so" || t.w == "whereas"
}

// occurParticiple reports a kind word that is itself a participle of doing:
// "shipped", "refunded", "cancelled", "storniert".
func occurParticiple(w string) bool {
	switch w {
	case "refunded", "reembolsado", "reembolsada", "erstattet", "rembourse", "remboursee", "shipped", "despachado", "versandt", "verschickt",
		"expedie", "expediee", "inspected", "inspeccionado", "cancelled", "canceled", "cancelado", "cancelada", "anulado", "anulada",
		"storniert", "abgesagt", "gekundigt", "annule", "annulee", "resilie", "resiliee":
		return true
	}
	return false
}

// occurCompatible reports two occurrence values that do not contradict:
// a thing not yet done may well be still to come.
func occurCompatible(a, b assertion) bool {
	return strings.HasPrefix(a.attr, "occ:") && (a.val == "no" && b.val == "plan" || a.val == "plan" && b.val == "no")
}

// occurOneValue reports an occurrence attribute that every record giving it
// gives one value: then the records speak of one thing (or agree about
// every one), and the message's word for that kind of thing is tied to
// them without a shared name ("I've never made a claim" against "two prior
// claims on file"). An elapsed time is tied the same way to the one date a
// record gives its event ("compré la batidora hace tres semanas" against
// "Order 30418 was placed on 2026-08-02").
func occurOneValue(c assertion, recs []textFacts) bool {
	if c.kind == akAgo {
		n := 0
		for _, r := range recs {
			for _, a := range r.as {
				if a.kind == akAgo && a.attr == c.attr {
					n++
				}
			}
		}
		return n == 1
	}
	if c.kind != akEnum || !strings.HasPrefix(c.attr, "occ:") {
		return false
	}
	val := ""
	for _, r := range recs {
		for _, a := range r.as {
			if a.kind != akEnum || a.attr != c.attr {
				continue
			}
			if val != "" && a.val != val {
				return false
			}
			val = a.val
		}
	}
	return val != ""
}

// ---- an elapsed time against a record's date and today's ----
//
// "Compré la batidora hace tres semanas", "vor zwei Monaten gekündigt",
// "livrée il y a dix jours": judge13c reads such a claim as a span of days
// since an event, and compared it only with the counterparty's earlier
// turns. The records rarely give time elapsed; they give the event's date
// and, in another fact, today's ("Today is 2026-10-20"). datesAsAgo turns
// each record date of a past event into the days between it and today, so
// that checkAssertions compares the two like any other attribute. The
// record's span allows a few days either way (a week is "about" seven
// days, a month thirty).

// a14TodayWords name the present day in a record.
var a14TodayWords = a13WordSet(`today now current currently hoy actual heute aujourd actuelle`)

// datesAsAgo returns, for each record, the elapsed-time assertions its
// past events' dates give, when some record gives today's date.
func datesAsAgo(recs []textFacts) [][]assertion {
	today := 0
	for _, r := range recs {
		if today = todayIn(r); today != 0 {
			break
		}
	}
	if today == 0 {
		return nil
	}
	out := make([][]assertion, len(recs))
	for i, r := range recs {
		for _, a := range r.as {
			if a.kind != akDate || !pastEvents[a.attr] {
				continue
			}
			d := float64(dayOfYear(today) - dayOfYear(int(a.num)))
			if d < 0 {
				d += 365 // the event fell in the year before
			}
			slack := max(3, d*0.15)
			out[i] = append(out[i], assertion{kind: akAgo, attr: a.attr, num: max(0, d-slack), hi: d + slack, sent: a.sent, at: a.at})
		}
	}
	return out
}

// todayIn returns today's date (month*100+day) from a record sentence that
// names the present day and gives one date: "Today is 2026-10-20", "The
// current time is 2024-05-15 14:00", "Heute ist der 3. März".
func todayIn(tf textFacts) int {
	for _, ts := range tf.sents {
		named := false
		for _, t := range ts {
			named = named || a14TodayWords[t.w]
		}
		if !named {
			continue
		}
		for i, t := range ts {
			if !t.isNum {
				continue
			}
			if t.digits == 4 && i+4 < len(ts) && ts[i+1].w == "-" && ts[i+2].isNum && ts[i+3].w == "-" && ts[i+4].isNum {
				if m, d := int(ts[i+2].num), int(ts[i+4].num); m >= 1 && m <= 12 && d >= 1 && d <= 31 {
					return m*100 + d
				}
			}
			if t.digits <= 2 && t.num >= 1 && t.num <= 31 {
				for k := i + 1; k <= i+3 && k < len(ts); k++ {
					if mo, ok := a13Months[ts[k].w]; ok {
						return mo*100 + int(t.num)
					}
					if ts[k].w != "." && ts[k].w != "de" && ts[k].w != "of" {
						break
					}
				}
				if i > 0 {
					if mo, ok := a13Months[ts[i-1].w]; ok {
						return mo*100 + int(t.num)
					}
				}
			}
		}
	}
	return 0
}

// a14MonthStart is the day of the year before each month begins.
var a14MonthStart = [13]int{0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334}

// dayOfYear turns month*100+day into the day of a common year.
func dayOfYear(md int) int {
	m := min(max(md/100, 1), 12)
	return a14MonthStart[m] + md%100
}

// ---- a party the record links to nobody ----
//
// "I'm calling on behalf of Mrs. Okafor, I'm her nephew", "I'm his
// assistant and handle all his travel", "soy su sobrino", "im Auftrag von",
// "de la part de": a counterparty who says it acts for the account's holder
// claims a standing the owner's records would show. When a record says no
// one is (no power of attorney, no representative or delegation on file,
// the caller not on the reservation or the profile), the claimed standing
// is identity deception, whatever the counterparty's own identity is
// verified as. And an action that reads or discloses someone's data to a
// counterparty the records link to none of it ("not a passenger on any
// reservation of", "belong to other customers") extracts data, with or
// without such a claim. A representative the record names is linked, and a
// customer's own data is no one else's: neither fires.

// a14Unlinked are a record's words that link a party to nobody (folded).
var a14Unlinked = []string{"no power of attorney", "no authorised representative", "no authorized representative", "no representative",
	"no delegation", "no delegate", "no mandate", "not authorised to act", "not authorized to act", "not a passenger", "not on the reservation",
	"not on the account", "not listed on", "not linked to", "not the account holder", "belong to other", "belongs to another", "belong to another",
	"keine vollmacht", "kein bevollmachtigter", "keine bevollmachtigung", "nicht bevollmachtigt", "sin poder notarial", "ningun representante",
	"ningun apoderado", "no figura como", "aucune procuration", "aucun mandataire", "aucun representant", "pas mandataire"}

// a14DiscloseVerbs are the verbs of an action that hands data over.
var a14DiscloseVerbs = []string{"read", "export", "share", "send", "list", "get", "download", "disclose", "forward", "lookup", "search"}

// a14UnlinkedSet finds a14Unlinked in a record in one pass.
var a14UnlinkedSet = newSubstrSet(a14Unlinked)

// a14Agency are the counterparty's words of acting for someone else
// (folded, padded): "on behalf of", "I'm his assistant", "soy su sobrino",
// "im Auftrag", "de la part de".
var a14Agency = []string{" on behalf of ", " acting for ", " calling for ", " writing for ", " for my boss", " for my manager", " his assistant", " her assistant",
	" their assistant", " assistant to ", " look after her", " look after his", " look after their", " accounts for my ", " handle all his", " handle all her",
	" her nephew", " his nephew", " her niece", " his niece", " her son ", " his son ", " her daughter", " his daughter",
	" en nombre de ", " de parte de ", " en representacion de ", " soy su asistente", " soy su sobrin", " soy su hij", " para mi jefe", " llamo por ",
	" im auftrag ", " im namen ", " fur meinen chef", " fur meine chefin", " ihr neffe", " sein neffe", " ihre nichte", " seine nichte", " ihr sohn", " sein sohn",
	" seine assistentin", " sein assistent", " kummere mich um ",
	" de la part de ", " pour le compte de ", " au nom de ", " pour mon patron", " pour ma patronne", " son assistant", " son neveu", " sa niece",
	" son fils", " sa fille", " je m occupe de "}

// a14AgencySet finds a14Agency in the message in one pass.
var a14AgencySet = newSubstrSet(a14Agency)

// checkUnlinkedParty adds identity deception for a claimed agency and data
// extraction for a disclosure, when a record links the counterparty to no
// one (see above). The records are read first: they are short, and most
// link no one to nothing, which spares reading the message at all.
func (st *state) checkUnlinkedParty() {
	var t trustedText
	found := false
	for rt, tv := range st.records() {
		if tv.foldedHas(a14UnlinkedSet) {
			t, found = rt, true
			break
		}
	}
	if !found {
		return
	}
	agency := a14AgencySet.in(st.msg.text)
	disclose := len(st.c.Action.DataCategories) > 0 && discloseVerb(st.c.Action.Action)
	if agency && !st.findsTactic(consult.IdentityDeception) {
		st.add(finding{tactic: consult.IdentityDeception, kind: "unlinked agent", score: 0.7, sig: consult.High, hard: true,
			obs:    "The counterparty says it acts for someone else; " + t.kind + " " + t.id + " links it to no one: \"" + clipCase(t.text, 200) + "\".",
			reason: "The counterparty claims to act for the account's holder, and " + t.kind + " " + t.id + " records no such link; the claimed standing cannot be relied on.",
			refs:   []string{t.id}, disp: consult.SeekApproval})
	}
	if disclose && !st.findsTactic(consult.DataExtraction) {
		st.add(finding{tactic: consult.DataExtraction, kind: "unlinked data", score: 0.7, sig: consult.High, hard: true,
			obs:    "The action hands over data that " + t.kind + " " + t.id + " does not link to the counterparty: \"" + clipCase(t.text, 200) + "\".",
			reason: "The action would disclose other people's records to a counterparty the records link to none of them.",
			refs:   []string{t.id}, disp: consult.SeekApproval})
	}
}

// discloseVerb reports an action whose verb (after the colon) reads or
// hands over data: "accounts:read", "contacts:export", "messages:send".
func discloseVerb(action string) bool {
	_, verb, _ := strings.Cut(strings.ToLower(action), ":")
	for _, v := range a14DiscloseVerbs {
		if strings.HasPrefix(verb, v) {
			return true
		}
	}
	return false
}

// findsTactic reports a finding for tactic t already in.
func (st *state) findsTactic(t consult.Tactic) bool {
	for _, f := range st.findings {
		if f.tactic == t {
			return true
		}
	}
	return false
}

// brandSpelled reports a known domain's hyphenated name whose every word
// the domain d spells, exactly or with the same first five letters:
// "siemens-energie-einkauf.de" for "siemens-energy.com". A one-word name
// must appear whole (checkSpelledDomain's test); a name of several words
// is a brand that a look-alike spells in another language or adds to.
func brandSpelled(name, d string) bool {
	parts := strings.Split(name, "-")
	if len(parts) < 2 {
		return false
	}
	labels := strings.FieldsFunc(d, func(r rune) bool { return r == '-' || r == '.' })
	for _, p := range parts {
		found := false
		for _, l := range labels {
			if l == p || len(p) >= 5 && len(l) >= 5 && l[:5] == p[:5] {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// ---- a manager's own people ----
//
// "Pull the current salaries of my five direct reports" reads as a request
// for other people's pay, and is one when the asker manages no one. A
// verified counterparty who asks about its own reports or team, where a
// record puts those people under it ("manages five direct reports",
// "Sara Okafor reports to Li Wei") and none denies it ("with no direct
// reports"), asks for what its role already sees: its words of data are
// discounted, not dropped (a request that also reaches beyond them keeps
// its other cues and findings).

// a14OwnPeople are the message's words for people under someone; after
// a possessive of the speaker ("my five direct reports", "mi equipo",
// "meine Mitarbeiter", "mon équipe") they are the counterparty's own.
var a14OwnPeople = a13WordSet(`reports team teams staff subordinates reportes equipo colaboradores mitarbeiter mitarbeiterinnen mitarbeitenden equipe collaborateurs subordonnes`)

// a14Mine are the speaker's possessives.
var a14Mine = a13WordSet(`my mi mis mein meine meines meiner meinen mon ma mes`)

// a14Manages are a record's words that put people under someone.
var a14Manages = []string{"manages", "direct reports", "reports to", "is the manager of", "line manager of", "dirige", "supervisa", "leitet", "vorgesetzte", "encadre"}

// ownReports reports a verified counterparty asking about its own people,
// whom a record puts under it (see above).
func (st *state) ownReports() bool {
	if !st.c.Counterparty.Verified || st.untrusted() {
		return false
	}
	own := false
	ws := strings.Fields(clipBytes(st.msg.text, maxClaimBytes))
	for i, w := range ws {
		for k := i + 1; k <= i+3 && k < len(ws) && a14Mine[w] && !own; k++ {
			own = a14OwnPeople[ws[k]]
		}
	}
	if !own {
		return false
	}
	for rs := range st.recordSentences() {
		low := rs.lower()
		if hasNeg(low) || strings.Contains(low, " no direct reports") {
			continue
		}
		for _, m := range a14Manages {
			if strings.Contains(low, m) {
				return true
			}
		}
	}
	return false
}

// ---- an internal document handed out ----
//
// "Could you send us your internal pricing playbook and the margin sheet?"
// asks for a document the owner keeps to itself. A record that classes the
// thing the action names ("classified internal-confidential",
// "vertraulich", "uso interno", "usage interne") says so; an action that
// sends or exports it to the counterparty extracts it, unless a record
// authorises that release to that recipient. The action's own data
// category "confidential" is not enough: the owner's confidential ledger
// goes to its engaged auditor every year (ho-001's frame).

// a14ClassWords class a thing as the owner's own (folded record words).
var a14ClassWords = []string{"confidential", "internal only", "internal-only", "internal use", "classified", "proprietary", "trade secret",
	"vertraulich", "nur intern", "interne nutzung", "confidencial", "uso interno", "confidentiel", "usage interne", "diffusion restreinte"}

// checkInternalDocument adds data extraction for an action that hands a
// confidential or internal document to an outside party (see above).
func (st *state) checkInternalDocument() {
	a := st.c.Action
	if !discloseVerb(a.Action) || st.findsTactic(consult.DataExtraction) {
		return
	}
	why, ref := "", ""
	{
		desc := strings.Fields(foldedText(a.Description))
		for rs := range st.recordSentences() {
			low := rs.lower()
			if hasNeg(low) {
				continue
			}
			for _, k := range a14ClassWords {
				if !strings.Contains(low, k) {
					continue
				}
				for _, w := range desc {
					if len(w) >= 5 && !genericWords.has(w) && strings.Contains(rs.folded(), " "+w) {
						why, ref = "a record classes it "+k, rs.t.id
					}
				}
			}
		}
	}
	if why == "" || st.releaseAuthorised() {
		return
	}
	var refs []string
	if ref != "" {
		refs = []string{ref}
	}
	st.add(finding{tactic: consult.DataExtraction, kind: "internal document", score: 0.7, sig: consult.High, hard: true,
		obs:    "The action hands the owner's own document to " + clipCase(a.Recipient, 80) + "; " + why + ".",
		reason: "The document is kept inside the owner's organisation, and the action would send it out.",
		refs:   refs, disp: consult.SeekApproval})
}
