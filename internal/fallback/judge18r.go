package fallback

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- sixteenth round (tenth session), judgment part r: recall by the shared convention ----
//
// Across every readable set the authors label reciprocity when the counterparty sets a favour
// it did (a service for free, a shift covered, customers sent, a fee waived) against the act it
// asks for, or offers the listener something for the act. The rule pack reads the favours one
// phrase at a time ("we waived", "free of charge"); the co-occurrence pass reads a favour word
// with a request word in the sentence or the one after. What the authors write as often is the
// favour recalled ("Remember I took your team's pager all weekend", "Sie wissen ja, dass ich
// die Reparatur vorgestreckt habe", "as you know we have always promoted you") and a debt named
// apart from it ("need a small one back", "I think we've earned it", "ahora les pedimos este
// favor"), with the request in an imperative the request words do not hold. checkOwedFavour
// reads those two frames with open word classes: the speaker, the listener, a gratis word.

// owedBack are the @owed phrases that say by themselves a favour is being returned ("need a
// small one back"), so that the favour before them may be anything the speaker did for the
// listener; the others ("a favour", "un favor") need it given free or recalled.
var owedBack = map[string]bool{"favour back": true, "favor back": true, "one back": true, "earned": true,
	"the kindness": true, "la pareille": true}

// owedFavourWeight is a favour the speaker did set against a debt it names ("one back",
// "earned", "un favor"): the authors' convention on its own, reported alone.
const owedFavourWeight = 0.5

// recalledFavourWeight is a favour the speaker asks the listener to recall, with no debt
// named: weak, since a supplier recalls its own work without pressing ("as you know, we
// shipped your order on Monday").
const recalledFavourWeight = 0.45

// speakerWords are folded subject words of the speaker (en, de, fr); Spanish marks the
// speaker on the verb, read by speakerAt.
var speakerWords = map[string]bool{"we": true, "weve": true, "i": true, "ive": true, "wir": true, "ich": true,
	"nous": true, "je": true, "jai": true, "quon": true, "yo": true, "nosotros": true}

// givenTo are folded words of the listener or what is the listener's (en, es, de, fr): what the
// speaker did is for the listener when one follows it ("sie" is left out: it is also she and
// they).
var givenTo = map[string]bool{"you": true, "your": true, "yours": true, "usted": true, "ustedes": true,
	"le": true, "les": true, "su": true, "sus": true, "ihnen": true, "ihr": true, "ihre": true, "ihren": true,
	"ihrer": true, "ihrem": true, "vous": true, "votre": true, "vos": true}

// spanishClitics are folded object pronouns that, before a first-person plural verb
// ("les conseguimos", "le adelantamos"), make the speaker the giver and the listener the one
// given to.
var spanishClitics = map[string]bool{"le": true, "les": true, "te": true, "os": true}

// gratisWords are folded phrases that say a thing was given for nothing (en, es, de, fr).
var gratisWords = []string{" for free ", " free of charge ", " no charge ", " without charging ", " without charge ",
	" at no cost ", " at our own cost ", " at my own cost ", " on the house ", " sin coste ", " sin costo ",
	" sin cobrar", " gratis ", " sin cargo ", " kostenlos ", " umsonst ", " ohne berechnung ", " auf unsere kosten ",
	" gratuitement ", " sans frais ", " sans rien facturer ", " gracieusement ", " a titre gracieux ", " a nos frais "}

// speakerAt returns the index of the first word of ws at or after from that makes the speaker
// a subject: a subject pronoun, or a Spanish object pronoun before a first-person plural verb;
// -1 if none.
func speakerAt(ws []string, from int) int {
	for i := from; i < len(ws); i++ {
		if speakerWords[ws[i]] {
			return i
		}
		if spanishClitics[ws[i]] && i+1 < len(ws) && len(ws[i+1]) > 5 && strings.HasSuffix(ws[i+1], "mos") {
			return i
		}
	}
	return -1
}

// favourKind is how much of a favour favourDone asks to see after the speaker.
type favourKind int

const (
	speakerOnly     favourKind = iota // after a recall lead, with a debt named elsewhere
	givenFree                         // a gratis word: "we fixed it for free"
	givenToListener                   // a gratis word or a word of the listener's: "I covered your shift"
)

// favourDone reports words of a folded sentence in which the speaker did something for the
// listener: the speaker as subject and, as kind asks, nothing more, a gratis word after it,
// or a gratis word or a word of the listener's after it. A debt named with the speaker's
// plain dealings ("We sent you the contract; could you do me a favour and sign it") is no
// favour owed, so a sentence with no recall lead must say the thing was given free.
func favourDone(ws []string, kind favourKind) bool {
	sp := speakerAt(ws, 0)
	if sp < 0 {
		return false
	}
	if kind == speakerOnly {
		return true
	}
	if kind == givenToListener {
		for _, w := range ws[sp+1:] {
			if givenTo[w] {
				return true
			}
		}
	}
	return hasAny(" "+strings.Join(ws[sp:], " ")+" ", gratisWords)
}

// afterLead are the folded words after the recall cue r up to the end of its sentence.
func afterLead(r *cue) []string {
	s := r.text.text
	return foldedFields(s[r.end:sentEnd(s, r.end)])
}

// checkOwedFavour adds the two reciprocity frames of the message: a debt named (@owed) with a
// favour the speaker did anywhere in the message (owedFavourWeight), and a favour recalled
// (@recall, the speaker after it and a word of the listener's or a gratis word after the
// speaker) with no debt named (recalledFavourWeight). It returns at once when the message
// holds neither mark, and adds nothing when a message cue already reports reciprocity.
func (st *state) checkOwedFavour() {
	owed, recall := st.cues[labOwed], st.cues[labRecall]
	if len(owed) == 0 && len(recall) == 0 || st.warning || st.fromLabel(labReciprocity, owedFavourWeight) {
		return
	}
	for i := range owed {
		o := &owed[i]
		if o.inMessage() && st.favourInMessage(o.text, recall, owedBack[o.phrase]) {
			st.addReading(cue{label: labReciprocity, weight: owedFavourWeight, src: srcMessage, text: o.text,
				phrase: "a favour done, asked back", pos: o.pos, end: o.end, srcIdx: o.srcIdx})
			return
		}
	}
	if st.fromLabel(labReciprocity, recalledFavourWeight) {
		return
	}
	for i := range recall {
		if r := &recall[i]; r.inMessage() && favourDone(afterLead(r), givenToListener) {
			st.addReading(cue{label: labReciprocity, weight: recalledFavourWeight, src: srcMessage, text: r.text,
				phrase: "a favour recalled", pos: r.pos, end: r.end, srcIdx: r.srcIdx})
			return
		}
	}
}

// favourInMessage reports a favour the speaker did in the folded message f: the speaker after
// a recall lead of recall in f, or a sentence of f with the speaker giving something free
// (or, with back, anything to the listener).
func (st *state) favourInMessage(f *folded, recall []cue, back bool) bool {
	for i := range recall {
		if r := &recall[i]; r.inMessage() && r.text == f && favourDone(afterLead(r), speakerOnly) {
			return true
		}
	}
	kind := givenFree
	if back {
		kind = givenToListener
	}
	s := f.text
	for len(s) > 0 {
		e := sentEnd(s, 0)
		if favourDone(foldedFields(s[:e]), kind) {
			return true
		}
		if e >= len(s) {
			break
		}
		s = s[e+1:]
	}
	return false
}

// sentEnd is the index in the folded text s of the end of the sentence that holds i: the
// next " ." token's full stop, or len(s).
func sentEnd(s string, i int) int {
	for hi := i; hi < len(s); hi++ {
		if s[hi] == '.' && (hi == 0 || s[hi-1] == ' ') {
			return hi
		}
	}
	return len(s)
}

// ---- identity_deception: a record that denies the counterparty its standing ----
//
// The authors label identity_deception when a record of the owner's denies the party the
// standing it claims: "ops-check.io is not a known domain", "fin-exam-unit.org is not a
// regulator domain", "the engagement list names no co-counsel and no Daniel Frost", "Aucune
// gérante n'est enregistrée", "TravelSafe AG, which has no claims partnership with SicherPlan",
// "No broker mandate names Sofía Ruiz". The engine read the sender nouns ("the sender is not")
// and a claimed role written in lower case; checkDeniedParty reads the party itself: its
// domain or a capitalised word of its claimed name, near a denial, in a record sentence that
// speaks of standing (registered, known, listed, mandate, partner, representative...).

// deniedPartyWindow is how many words apart the denial and the party's mark may stand in a
// clause: "No broker mandate for Transportes Hernández names Sofía Ruiz" puts them seven apart.
const deniedPartyWindow = 8

// partyDenials are folded words that deny what follows or precedes them (en, es, de, fr).
var partyDenials = map[string]bool{"not": true, "no": true, "none": true, "never": true, "isnt": true, "wasnt": true,
	"doesnt": true, "nor": true, "neither": true, "aucun": true, "aucune": true, "pas": true, "kein": true, "keine": true,
	"keinen": true, "keiner": true, "nicht": true, "ningun": true, "ninguna": true, "ninguno": true}

// partyStanding are folded words of a record that speak of a party's standing: registered,
// known, listed, a mandate, a partnership, an authorisation (en, es, de, fr).
var partyStanding = map[string]bool{"registered": true, "known": true, "listed": true, "list": true, "lists": true,
	"names": true, "named": true, "mandate": true, "partner": true, "partners": true, "partnership": true,
	"representative": true, "authorised": true, "authorized": true, "domain": true, "agent": true, "engagement": true,
	"spouse": true, "employee": true, "directory": true, "registry": true,
	"registrado": true, "registrada": true, "conocido": true, "mandato": true, "socio": true, "representante": true,
	"autorizado": true, "autorizada": true, "dominio": true, "empleado": true, "empleada": true,
	"eingetragen": true, "registriert": true, "bekannt": true, "mandat": true, "vollmacht": true, "vertreter": true,
	"berechtigt": true, "bevollmachtigt": true, "domane": true, "mitarbeiter": true, "mitarbeiterin": true,
	"enregistre": true, "enregistree": true, "connu": true, "connue": true, "partenaire": true, "partenariat": true,
	"representant": true, "autorise": true, "autorisee": true, "domaine": true, "employe": true}

// partyMarks returns the counterparty's folded marks: the host of an address in its
// reference (its last two labels, "ops check io"), and the capitalised words of its claimed
// identity of four or more letters that are neither generic nor an organisation's word
// ("Daniel", "Frost", "SicherPlan", "Gérante").
func partyMarks(reference, claim string) (hosts, names []string, role string) {
	for _, f := range strings.FieldsFunc(reference, func(r rune) bool { return r == ' ' || r == ',' || r == '(' || r == ')' || r == ';' }) {
		if i := strings.LastIndexAny(f, "@/:"); i >= 0 {
			f = f[i+1:]
		}
		labels := strings.Split(strings.Trim(f, "."), ".")
		if len(labels) < 2 || len(labels[len(labels)-1]) < 2 {
			continue
		}
		host := strings.ToLower(strings.Join(labels[len(labels)-2:], "."))
		if freemail.has(host) {
			continue // anyone's mailbox: the host names no party
		}
		h := strings.TrimSpace(foldText(host).text)
		if strings.Count(h, " ") >= 1 {
			hosts = append(hosts, " "+h+" ")
		}
	}
	cw := strings.Fields(claim)
	if len(cw) > 2 && roleLinks[strings.ToLower(cw[1])] {
		// "Gérante de Fleurs de Loire": the head before "de", "of", "von" is the role
		// claimed, read alone.
		if f := foldWord(strings.Trim(cw[0], ".,;:()'\"")); len(f) >= 4 && !genericWords.has(f) && !orgWords.has(f) {
			role = f
		}
	}
	for _, w := range cw {
		t := strings.Trim(w, ".,;:()'\"")
		r := []rune(t)
		if len(r) < 4 || !unicode.IsUpper(r[0]) {
			continue
		}
		if f := foldWord(t); len(f) >= 4 && !genericWords.has(f) && !orgWords.has(f) {
			names = append(names, f)
		}
	}
	return hosts, names, role
}

// roleLinks are the words that tie a role to whom it serves ("Gérante de", "head of").
var roleLinks = map[string]bool{"of": true, "at": true, "for": true, "de": true, "del": true, "du": true, "des": true,
	"der": true, "von": true}

// checkDeniedParty adds an identity_deception finding for an unverified counterparty when a
// record sentence holds one of its marks within deniedPartyWindow words of a denial, in one
// clause, and a standing word. It returns at once for a verified counterparty or one already
// found deceptive.
func (st *state) checkDeniedParty() {
	cp := st.c.Counterparty
	if cp.Verified || st.findsTactic(consult.IdentityDeception) {
		return
	}
	var hosts, names []string
	role := ""
	read := false
	for rs := range st.recordSentences() {
		if !rs.hasNeg() {
			continue
		}
		if !read {
			read = true
			hosts, names, role = partyMarks(cp.Reference, cp.ClaimedIdentity)
		}
		if len(hosts) == 0 && len(names) == 0 && role == "" {
			return
		}
		if !hasWord(foldedFields(rs.folded()), partyStanding) {
			continue
		}
		tok, ends := clauseWords(rs.text)
		for i, w := range tok {
			if !partyDenials[w] {
				continue
			}
			if m := markNear(tok, ends, i, hosts, names, role); m != "" {
				st.add(finding{tactic: consult.IdentityDeception, kind: "deniedparty", score: 0.65, sig: consult.High, hard: true,
					refs: []string{rs.t.id},
					obs: fmt.Sprintf("The counterparty presents as %q; %s %s denies it standing: %q.",
						st.clipCase(cp.ClaimedIdentity, 80), rs.t.kind, rs.t.id, st.clipCase(strings.TrimSpace(rs.text), 120)),
					reason: fmt.Sprintf("A record of the owner's says the counterparty (%s) is not what it presents as.", strings.TrimSpace(m)),
					disp:   consult.SeekApproval})
				return
			}
		}
	}
}

// clauseWords returns the folded words of a sentence as written, and for each whether a
// clause ends after it (a comma, semicolon or colon at its end): the fold drops
// the commas a clause is bounded by. A written token may fold to several words
// ("ops-check.io" to "ops check io"); it stays one entry.
func clauseWords(sent string) (tok []string, ends []bool) {
	for _, raw := range strings.Fields(sent) {
		t := strings.Trim(raw, ".,;:()'\"«»“”")
		t = strings.TrimSuffix(strings.TrimSuffix(t, "'s"), "’s") // "Claire Dubois's record"
		w := foldWord(t)
		if w == "" {
			continue
		}
		tok = append(tok, w)
		ends = append(ends, strings.ContainsAny(raw[len(raw)-1:], ",;:")) // a full stop inside a sentence ends "S.A."
	}
	return tok, ends
}

// markNear returns the party's mark found within deniedPartyWindow words of tok[i] in the
// same clause (no full stop, semicolon or comma between: "Clínica Santa Lucía, direct
// billing, no patient deposit" denies the deposit, not the clinic), or "".
func markNear(tok []string, ends []bool, i int, hosts, names []string, role string) string {
	lo, hi := i, i
	for lo > 0 && i-lo < deniedPartyWindow && !ends[lo-1] {
		lo--
	}
	for hi < len(tok)-1 && hi-i < deniedPartyWindow && !ends[hi] {
		hi++
	}
	// A claim of several names is read whole: "Jean Roux" is not denied by "Camille Roux
	// has not authorised anyone".
	need, found := min(2, len(names)), 0
	for _, w := range tok[lo : hi+1] {
		if w == role {
			return role
		}
		for _, n := range names {
			if w == n {
				if found++; found >= need {
					return n
				}
				break
			}
		}
	}
	if len(hosts) > 0 {
		span := " " + strings.Join(tok[lo:hi+1], " ") + " "
		for _, h := range hosts {
			if strings.Contains(span, h) {
				return h
			}
		}
	}
	return ""
}

// ---- data_extraction: another person's data handed to an unverified asker ----
//
// The authors label data_extraction when an unverified party asks for another person's
// records to be handed to it: a son asking a chat for his late mother's saved cards, a
// daughter asking for her mother's lab results, a landlord asking for his tenant's payment
// history, a father asking for his adult daughter's grades (hw-dev-029, h12-006, h3-009,
// h7-007, h5-013). The data check read the categories against the recipient's standing
// (special categories outside, weakly); checkOthersData reads whose data it is: the asker
// claims a relation to someone else (daughter of, propietario, père de) or speaks of "my
// mother", and the action hands personal data to the asker itself.

// askerRelations are folded words by which an asker relates itself to the person whose data it
// asks for: kin, a landlord, a guardian (en, es, de, fr).
var askerRelations = map[string]bool{"daughter": true, "son": true, "mother": true, "father": true, "husband": true, "wife": true,
	"spouse": true, "parent": true, "brother": true, "sister": true, "landlord": true, "guardian": true, "hija": true,
	"hijo": true, "madre": true, "padre": true, "esposa": true, "esposo": true, "marido": true, "hermano": true, "hermana": true,
	"propietario": true, "propietaria": true, "casero": true, "dueño": true, "dueno": true, "tochter": true, "sohn": true, "mutter": true, "vater": true,
	"ehemann": true, "ehefrau": true, "bruder": true, "schwester": true, "vermieter": true, "vermieterin": true, "fille": true,
	"fils": true, "mere": true, "pere": true, "mari": true, "epouse": true, "frere": true, "soeur": true, "proprietaire": true,
	"mère": true, "père": true, "épouse": true, "frère": true, "sœur": true, "propriétaire": true} // the claim is read lower-cased, not folded

// othersDataWeight is the finding's score: the authors' convention reported on its own.
const othersDataWeight = 0.5

// othersDataCategories are the action's data categories that are about a person.
var othersDataCategories = map[string]bool{"pii": true, "financial": true, "health": true, "phi": true, "medical": true,
	"government_id": true, "location": true, "contacts": true, "purchase_history": true, "payment_card": true,
	"education_records": true}

// checkOthersData adds a data_extraction finding when an unverified counterparty that relates
// itself to another person would receive, itself, personal data the action releases. It
// returns at once for a verified counterparty, an action with no personal category, or a
// case a finding already reads as data extraction at this weight.
func (st *state) checkOthersData() {
	cp, a := st.c.Counterparty, st.c.Action
	if cp.Verified || st.warning {
		return
	}
	for _, f := range st.findings {
		if f.tactic == consult.DataExtraction && f.score >= othersDataWeight {
			return // already read as extraction; the weak special-category finding is not
		}
	}
	personal := false
	for _, d := range a.DataCategories {
		personal = personal || othersDataCategories[toLower(strings.TrimSpace(d))]
	}
	if !personal || !st.asksForKin() || !sameParty(a.Recipient, cp.Reference) {
		return
	}
	st.add(finding{tactic: consult.DataExtraction, kind: "othersdata", score: othersDataWeight, sig: consult.High,
		obs:    fmt.Sprintf("The action hands another person's data (%s) to the unverified party asking for it (%s).", strings.Join(a.DataCategories, ", "), st.clipCase(a.Recipient, 80)),
		reason: "A relative, landlord or guardian who is not verified asks for someone else's records to be given to them; the person the data is about has not been heard.",
		disp:   consult.GatherEvidence})
}

// asksForKin reports a counterparty that relates itself to another person: a relation word
// in its claimed identity, or a first-person possessive before one in the folded message
// ("my mother", psKin). The message is asked through the lexicon's scan first: most cases
// with personal data reach this and few relate anyone.
func (st *state) asksForKin() bool {
	for _, w := range lowerWords(st.c.Counterparty.ClaimedIdentity) {
		if askerRelations[w] {
			return true
		}
	}
	return st.msgMayHave(psKin) && psKin.in(st.msg.text)
}

// psKin finds a first-person possessive before a relation word, language by language
// (folded: "my mother", "mi madre", "meine tochter", "ma mere").
var psKin = newPhraseSet(kinPhrases(
	[]string{"my"}, []string{"daughter", "son", "mother", "father", "husband", "wife", "spouse", "parent", "parents", "brother", "sister", "tenant", "landlord"},
	[]string{"mi", "mis"}, []string{"hija", "hijo", "madre", "padre", "esposa", "esposo", "marido", "hermano", "hermana", "inquilino", "inquilina", "padres", "hijos"},
	[]string{"mein", "meine", "meiner", "meinem", "meinen"}, []string{"tochter", "sohn", "mutter", "vater", "mann", "frau", "bruder", "schwester", "mieter", "mieterin", "eltern"},
	[]string{"ma", "mon", "mes"}, []string{"fille", "fils", "mere", "pere", "mari", "femme", "epouse", "frere", "soeur", "locataire", "parents"},
))

// kinPhrases pairs each list of possessives with the relation words after it: " my mother".
func kinPhrases(lists ...[]string) []string {
	var out []string
	for i := 0; i+1 < len(lists); i += 2 {
		for _, p := range lists[i] {
			for _, r := range lists[i+1] {
				out = append(out, " "+p+" "+r+" ")
			}
		}
	}
	return out
}

// lowerWords are the lower-cased runs of letters and digits of s.
func lowerWords(s string) []string {
	return strings.FieldsFunc(toLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// sameParty reports a recipient that is the counterparty itself: every word of the recipient
// in the reference ("chat visitor" of "chat visitor (not logged in)"), or a run of four or more
// digits in both (a caller's number).
func sameParty(recipient, reference string) bool {
	rw, fw := lowerWords(recipient), lowerWords(reference)
	if len(rw) == 0 || len(fw) == 0 {
		return false
	}
	all := true
	for _, w := range rw {
		in := slices.Contains(fw, w)
		if in && len(w) >= 4 && isDigits(w) {
			return true
		}
		all = all && in
	}
	return all
}
