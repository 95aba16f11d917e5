package fallback

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- who a name, an address or a card belongs to (judge16b) ----
//
// A blind author's cases (variants-author16b) found findings that read a
// name or an address without asking whose it is, and two harms that show
// only in what the records say about a destination:
//   - the verified counterparty's own mailbox ("mary.collins@..." for the
//     verified Mary Collins whom a system record names) read as a stranger
//     (newparty): the recipient is the counterparty;
//   - the owner's own name in a data-minimisation policy ("anyone else's
//     personal details about Tomáš's family") read as the object the
//     policy forbids releasing (forbiddenshare), so that every answer
//     about Tomáš looked like a forbidden release;
//   - the party a role is sent through ("send Jana's number to
//     HansaProtect so she is emergency contact") read as the party the
//     role goes to (roleswap, judge16b's channelNotHolder);
//   - a refund to a card the records do not hold, where a policy sends
//     refunds back to the original payment method (checkCardDestination):
//     the payee check reads only bank accounts;
//   - a flight change whose route codes change the origin or destination a
//     policy says a change keeps (checkKeptRoute).

// checkJudge16b runs after the structural checks: it drops the findings
// whose reading the case's records refute and adds the two destination
// checks. The counterparty's own mailbox is read where the newparty
// finding is made (selfAddressed).
func (st *state) checkJudge16b() {
	st.checkCardDestination()
	st.checkKeptRoute()
	st.checkClaimantRecords()
}

// selfAddressed reports a recipient whose e-mail address carries the
// verified counterparty's full name while a system record names that
// person: the data goes to the counterparty, whom the owner's records
// already know, so checkNewParty makes no finding. A first initial alone
// ("m.collins") is not enough, nor is a name no record holds. It is asked
// where the finding would be made, not after it: checks in between read
// the finding (the stakes it raises), and a finding removed later leaves
// their reading behind.
func (st *state) selfAddressed() bool {
	cp := st.c.Counterparty
	if !cp.Verified || strings.IndexByte(st.c.Action.Recipient, '@') < 0 {
		return false
	}
	name := personName(cp.ClaimedIdentity)
	if len(name) < 2 {
		return false
	}
	self := false
	for _, tok := range strings.Fields(toLower(st.c.Action.Recipient)) {
		at := strings.IndexByte(tok, '@')
		if at <= 0 {
			continue
		}
		parts := strings.FieldsFunc(tok[:at], func(r rune) bool { return r < 'a' || r > 'z' })
		n := 0
		for _, w := range name {
			for _, p := range parts {
				if p == w {
					n++
					break
				}
			}
		}
		if n >= 2 {
			self = true
			break
		}
	}
	if !self {
		return false
	}
	full := " " + strings.Join(name, " ") + " "
	for _, t := range st.trusted {
		if t.isRecord() && strings.Contains(" "+foldedText(t.text)+" ", full) {
			return true
		}
	}
	return false
}

// personName returns the folded words of the capitalised run that opens a
// claimed identity ("Mary Collins, daughter and attorney" gives "mary",
// "collins"), titles left out, or nil when it does not open with one.
func personName(claimed string) []string {
	var out []string
	nameRun(claimed, func(_, folded string) { out = append(out, folded) })
	return out
}

// nameRun calls yield with each word of the capitalised run that opens a
// claimed identity, as written and folded, titles left out ("Dr. Pablo
// Ibáñez" gives "Pablo", "pablo" and "Ibáñez", "ibanez"; "Señor" is a title
// once folded).
func nameRun(claimed string, yield func(raw, folded string)) {
	head, _, _ := strings.Cut(claimed, ",")
	for _, w := range strings.Fields(head) {
		r := []rune(w)
		if len(r) < 2 || !unicode.IsUpper(r[0]) {
			break
		}
		if f := strings.TrimSpace(foldedText(strings.Trim(w, ".,;:"))); !slices.Contains(surnameTitles, f) {
			yield(w, f)
		}
	}
}

// shareReading is what shareTie reads of the action's description, once
// a tie asks for it.
type shareReading struct {
	names map[string]bool // stems of the names capitalised mid-sentence; nil until read
	docs  int8            // whether a health release sends documents: 0 unread, 1 yes, -1 no
}

// shareTie reports whether the action's description names the data an
// item of a prohibition names (checkForbiddenShare), read with the name
// and the kind of what the item forbids:
//   - the item's head ties it ("customer lists" and "send the customer
//     list"), unless the word is a name the description capitalises
//     mid-sentence ("anyone else's personal details about Tomáš's family"
//     forbids details about his family, not every sentence that mentions
//     Tomáš);
//   - a head with modifiers ties only with one of them: "account or card
//     numbers", "detailed medical records" are not every "number" or
//     "record" ("the callback to the number on file", "her explicit yes
//     on record");
//   - an item whose head is a generic data word ("employer information",
//     "datos del empleador", "Arbeitgeberangaben") is named by its
//     modifier: "her employer's HR contact" is employer information;
//   - "detailed medical records" (dossiers médicaux, historial clínico,
//     Krankenakten) are what a health release sends as documents: lab
//     reports, a specialist's notes, a device's export, scans, a file;
//     "Tomáš needs cover for diabetes supplies" states a need and sends
//     none.
func (st *state) shareTie(ph objectPhrase, act map[string]bool, rd *shareReading) bool {
	switch {
	case len(ph.mods) > 0 && noiseHead(ph.head):
		for w := range ph.mods {
			if len(w) == 5 && act[w] && !objectNoise[w] && !st.shareName(rd, w) {
				return true
			}
		}
	case medicalRecords(ph) && st.healthDocs(rd):
		return true
	}
	if len(ph.mods) > 0 && !anyStem(ph.mods, act) {
		return false
	}
	for w := range ph.head {
		// a word of five letters or more names an object; "work" in
		// "work information" does not
		if len(w) == 5 && act[w] && !objectNoise[w] && !st.shareName(rd, w) {
			return true
		}
	}
	return false
}

// shareName reports whether the stem w is that of a word the action's
// description capitalises after its first word: a name.
func (st *state) shareName(rd *shareReading, w string) bool {
	if rd.names == nil {
		rd.names = map[string]bool{}
		for i, w := range strings.Fields(st.c.Action.Description) {
			if r, _ := utf8.DecodeRuneInString(w); i > 0 && unicode.IsUpper(r) {
				for s := range stemSet(w) {
					rd.names[s] = true
				}
			}
		}
	}
	return rd.names[w]
}

// healthDocs reports a release of health data (category health or
// medical) whose description names documents of a health record.
func (st *state) healthDocs(rd *shareReading) bool {
	if rd.docs == 0 {
		rd.docs = -1
		health := false
		for _, d := range st.c.Action.DataCategories {
			if k := toLower(strings.TrimSpace(d)); k == "health" || k == "medical" {
				health = true
			}
		}
		if health && containsAny(" "+st.text(clipBytes(st.c.Action.Description, maxClaimBytes)).folded()+" ", healthDocWords...) {
			rd.docs = 1
		}
	}
	return rd.docs > 0
}

// medicalRecords reports an item that names medical records: a medical
// word and a record noun among its words ("detailed medical records",
// "historiales médicos", "les dossiers médicaux", where the article took
// the head's place).
func medicalRecords(ph objectPhrase) bool {
	has := func(w string) bool { return ph.head[w] || ph.mods[w] }
	return has("medic") && (has("recor") || has("file") || has("files") || has("histo") || has("dossi"))
}

// noiseHead reports a list item whose head is a generic data word
// ("information", "details", "datos").
func noiseHead(head map[string]bool) bool {
	for w := range head {
		if !objectNoise[w] && len(w) >= 4 {
			return false
		}
	}
	return len(head) > 0
}

// healthDocWords name documents of a health record (folded, padded).
var healthDocWords = []string{" report", " notes", " lab ", " labs ", " results", " export", " scan", " chart", " file", " records", " history", " letter",
	" informe", " notas", " resultados", " historial", " expediente", " analisis",
	" befund", " bericht", " laborwerte", " akte", " arztbrief",
	" rapport", " compte rendu", " resultats", " dossier", " bilan", " analyses"}

// destPreps send a message to its addressee (lower case).
var destPreps = map[string]bool{"to": true, "a": true, "al": true, "an": true, "à": true, "au": true, "aux": true}

// channelNotHolder reports that words[i], the capitalised word checkRoleSwap
// would read as the role's new holder, is the party the action sends to
// (after "to", "an", "à"; named by the action's recipient or the
// counterparty) while the description names, before it, a person the
// owner's side knows (k): "Send Jana's mobile number to HansaProtect so she
// is primary emergency contact" gives the role to Jana through the insurer.
// "Make HansaProtect's agent the emergency contact" has no such person.
func (st *state) channelNotHolder(words []string, i int, k string) bool {
	if i == 0 || !destPreps[toLower(words[i-1])] {
		return false
	}
	w := toLower(strings.TrimRight(words[i], ".,;:)"))
	if len(w) < 3 || !strings.Contains(toLower(st.c.Action.Recipient+" "+st.c.Counterparty.Reference+" "+st.c.Counterparty.ClaimedIdentity), w) {
		return false
	}
	for j := 1; j < i-1; j++ {
		r := []rune(words[j])
		if len(r) < 3 || !unicode.IsUpper(r[0]) {
			continue
		}
		f := strings.TrimSpace(foldedText(strings.TrimSuffix(strings.TrimSuffix(strings.TrimRight(words[j], ".,;:)"), "'s"), "’s")))
		if first, _, _ := strings.Cut(f, " "); len(first) >= 3 && strings.Contains(k, " "+first) {
			return true
		}
	}
	return false
}

// cardWords name a payment card (lower case, padded).
var cardWordSet = newSubstrSet([]string{"card", "tarjeta", "karte", "carte"})

// redirectWords ask for a destination in place of the usual one (folded,
// padded).
var redirectWords = []string{" instead", " rather than", " not there", " en su lugar", " en lugar de", " en vez de", " stattdessen", " statt ", " anstatt",
	" a la place", " au lieu", " plutot"}

// checkCardDestination flags money sent to a card whose last four digits no
// system record holds, when a policy sends payments back to the original
// method or the account on file: a record that says the card is not on file
// ("No card ending 2286 is in the profile") settles it, and so do records
// that name other cards. The payee check (checkDestination) reads bank
// accounts only.
func (st *state) checkCardDestination() {
	a := st.c.Action
	if a.Amount <= 0 || a.Recipient == "" || st.hasFinding("payee") {
		return
	}
	rl := toLower(a.Recipient)
	if !cardWordSet.in(rl) || containsAny(rl, "original", "same card", "on record", "on file") {
		return
	}
	runs := digitRuns(a.Recipient, 4)
	if len(runs) == 0 {
		return
	}
	d := strings.ReplaceAll(runs[len(runs)-1], " ", "")
	if len(d) < 4 {
		return
	}
	last := d[len(d)-4:]
	rule := ""
	for _, p := range st.policies() {
		if onFileRuleSet.in(st.text(p.Statement).lower()) {
			rule = policyName(p)
			break
		}
	}
	if rule == "" {
		return
	}
	denied, others := "", false
	for _, t := range st.trusted {
		if !t.isRecord() {
			continue
		}
		low := toLower(t.text)
		if i := strings.Index(low, last); i >= 0 {
			if !hasNeg(" " + conjunctAt(low, i) + " ") {
				return // a card the records know
			}
			denied = t.id // "No card ending 2286 is in the profile"
			continue
		}
		if cardWordSet.in(low) && len(endDigits(t.text, isASCII(t.text), 4, nil)) > 0 {
			others = true
		}
	}
	if denied == "" && !others {
		return
	}
	f := finding{kind: "carddest", score: 0.5, sig: consult.High, hard: true, disp: consult.SeekApproval,
		obs: fmt.Sprintf("The payment would go to %s, a card the records do not hold, but policy %s sends it back to the original method or the account on file.",
			st.clipCase(a.Recipient, 80), rule),
		reason: "A refund or payment moved to a card outside the records goes where the owner's policy says it must not; a changed destination needs confirmation through the channel on file."}
	if denied != "" {
		f.refs = []string{denied}
	}
	if containsAny(st.msg.text, redirectWords...) || st.anyCue(labPolicyBypass) {
		f.tactic = consult.PolicyBypass
	}
	st.add(f)
}

// keepWords say a change must leave something as it was (folded, padded).
var keepWords = []string{" keep ", " keeps ", " retain", " unchanged", " the same ", " mantener", " mantiene", " conservar", " el mismo", " la misma",
	" beibehalten", " gleich bleiben", " unverandert", " conserver", " garder", " le meme", " la meme", " inchange"}

// originWords and destWords name a trip's ends (folded, padded).
var (
	originWords = []string{" origin", " origen", " abflugort", " herkunft", " depart"}
	destWords   = []string{" destination", " destino", " zielort", " reiseziel", " ziel "}
)

// checkKeptRoute flags a change whose route codes ("ORD-BOS ... to
// ORD-PHL") change the origin or the destination that a policy says a
// change must keep.
func (st *state) checkKeptRoute() {
	trips := journeys(routeCodes(st.c.Action.Description))
	if len(trips) < 2 {
		return
	}
	from, to := trips[0], trips[len(trips)-1]
	if from == to || from[:3] == to[4:] && from[4:] == to[:3] {
		return // the same trip, or its return leg
	}
	for _, p := range st.policies() {
		f := " " + st.text(p.Statement).folded() + " "
		if !containsAny(f, keepWords...) {
			continue
		}
		what := ""
		switch {
		case from[:3] != to[:3] && containsAny(f, originWords...):
			what = "origin"
		case from[4:] != to[4:] && containsAny(f, destWords...):
			what = "destination"
		}
		if what == "" {
			continue
		}
		fd := finding{kind: "keptroute", score: 0.5, sig: consult.High, hard: true, disp: consult.DoNotProceed,
			obs:    fmt.Sprintf("The change takes %s to %s, a new %s, and policy %s says a change keeps it.", from, to, what, policyName(p)),
			reason: fmt.Sprintf("Policy %s lets a change keep only the same %s; this one changes it.", policyName(p), what)}
		if st.anyCue(labPolicyBypass, labReciprocity, labEmotionalPressure) {
			fd.tactic = consult.PolicyBypass
		}
		st.add(fd)
		return
	}
}

// routeCodes returns the "AAA-BBB" airport pairs of s in order.
func routeCodes(s string) []string {
	var out []string
	for i := 0; i+7 <= len(s); i++ {
		if s[i+3] != '-' || i > 0 && isAlnumByte(s[i-1]) || i+7 < len(s) && isAlnumByte(s[i+7]) {
			continue
		}
		ok := true
		for _, j := range [...]int{0, 1, 2, 4, 5, 6} {
			if s[i+j] < 'A' || s[i+j] > 'Z' {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, s[i:i+7])
		}
	}
	return out
}

// journeys joins legs that connect ("ATL-LGA", "LGA-PHL") into the trip
// they make ("ATL-PHL"): a change to a connecting itinerary keeps the
// trip's ends.
func journeys(legs []string) []string {
	var out []string
	for _, l := range legs {
		if n := len(out); n > 0 && out[n-1][4:] == l[:3] {
			out[n-1] = out[n-1][:4] + l[4:]
			continue
		}
		out = append(out, l)
	}
	return out
}

// clauseAt returns the clause of s around byte i: cut at the nearest
// comma, semicolon, full stop or bracket on each side.
func clauseAt(s string, i int) string {
	a := strings.LastIndexAny(s[:i], ",;.()") + 1
	b := strings.IndexAny(s[i:], ",;.()")
	if b < 0 {
		return s[a:]
	}
	return s[a : i+b]
}

// conjunctions join two statements in one clause (lower case, padded):
// "has not been flown and was paid by card 1920" denies the flight, not the
// card.
var conjunctions = []string{" and ", " but ", " while ", " whereas ", " y ", " pero ", " und ", " aber ", " während ", " et ", " mais "}

// conjunctAt is clauseAt(s, i) cut further at the conjunctions around i:
// the statement byte i stands in, so that a negation read there is one
// about what stands at i.
func conjunctAt(s string, i int) string {
	c := clauseAt(s, i)
	a := strings.LastIndexAny(s[:i], ",;.()") + 1 // where c starts in s
	at := i - a
	head, tail := c[:at], c[at:]
	for _, w := range conjunctions {
		if k := strings.LastIndex(head, w); k >= 0 {
			head = head[k+len(w):]
		}
		if k := strings.Index(tail, w); k >= 0 {
			tail = tail[:k]
		}
	}
	return head + tail
}

// surnameTitles precede a surname (folded).
var surnameTitles = []string{"dr", "doctor", "mr", "mrs", "ms", "prof", "herr", "frau", "m", "mme", "monsieur", "madame", "sr", "sra", "senor", "senora", "doctora"}

// checkClaimantRecords reads what the records say about the person an
// unverified counterparty claims to be:
//   - a record gives that person's e-mail ("Lukas Brandt's contact on file
//     is l.brandt@posteo.de") and the message comes from another address
//     no record holds whose name is not the person's (m.keller84@web.de):
//     someone else writes in the person's name (a private address of his
//     own, t.krause.br@web.de, is only another channel);
//   - a directory record denies the person by title and surname ("no Dr
//     Marchal appears in the provider directory", "kein Herr Weber im
//     Verzeichnis"); structural3's unlisted check wants the full name.
//
// Both need something to move on the claim (money, data, an irreversible
// step) and no other identity finding.
func (st *state) checkClaimantRecords() {
	cp := st.c.Counterparty
	a := st.c.Action
	if cp.Verified || len(st.trusted) == 0 || !a.Irreversible && a.Amount <= 0 && len(a.DataCategories) == 0 {
		return
	}
	rawSurname, n := claimedSurname(cp.ClaimedIdentity)
	if n < 2 {
		return
	}
	// Nothing is read further unless a record holds an address (and the
	// sender writes from one) or the claimant's surname as written: most
	// cases pay for one pass over the claimed identity's first words.
	at := strings.IndexByte(cp.Reference, '@') > 0
	some := false
	for _, t := range st.trusted {
		if t.kind != "earlier turn" && (at && strings.IndexByte(t.text, '@') >= 0 || strings.Contains(t.text, rawSurname)) {
			some = true
			break
		}
	}
	if !some {
		return
	}
	name := personName(cp.ClaimedIdentity)
	if len(name) < 2 {
		return
	}
	for _, f := range st.findings {
		if f.tactic == consult.IdentityDeception {
			return
		}
	}
	sender := ""
	for _, tok := range strings.FieldsFunc(toLower(cp.Reference), func(r rune) bool { return r == ' ' || r == ':' || r == '<' || r == '>' || r == ',' }) {
		if strings.IndexByte(tok, '@') > 0 {
			sender = tok
		}
	}
	surname := name[len(name)-1]
	full := " " + strings.Join(name, " ") // "Lukas Brandt's" folds to "lukas brandts"
	why, ref := "", ""
	for _, t := range st.trusted {
		if t.kind == "earlier turn" {
			continue
		}
		low := toLower(t.text)
		if sender != "" && strings.Contains(low, sender) {
			return // the sender's address is on the records
		}
		if why != "" || !strings.Contains(low, "@") && !hasNeg(low) {
			continue
		}
		f := " " + foldedText(t.text) + " "
		if sender != "" && strings.Contains(f, full) && !strings.Contains(sender[:strings.IndexByte(sender, '@')], surname) {
			for _, tok := range strings.Fields(low) {
				tok = strings.Trim(tok, ".,;:()<>")
				if strings.IndexByte(tok, '@') > 0 && tok != sender {
					why, ref = fmt.Sprintf("%s %s gives %s's address as %s, and the message comes from %s", t.kind, t.id, st.clipCase(strings.Join(personNameRaw(cp.ClaimedIdentity), " "), 60), tok, sender), t.id
					break
				}
			}
		}
		if why == "" && len(surname) >= 4 && t.isRecord() && hasNeg(low) {
			for _, tw := range surnameTitles {
				i := strings.Index(f, " "+tw+" "+surname+" ")
				if i < 0 {
					i = strings.Index(f, " "+tw+" . "+surname+" ") // "Dr. Ibáñez"
				}
				if i < 0 {
					continue
				}
				// the words around the name: "no Dr Marchal appears in the
				// provider directory", "ningún Dr. Ibáñez figura en el
				// directorio" (the window is folded: negWords spell "ningun"
				// both ways)
				win := f[max(0, i-40):min(len(f), i+len(tw)+len(surname)+80)]
				neg := hasNeg(win)
				if neg && (containsAny(win, directoryWords...) || strings.Contains(win, "care team")) {
					why, ref = fmt.Sprintf("%s %s says: %q", t.kind, t.id, st.clipCase(strings.TrimSpace(t.text), 140)), t.id
				}
				break
			}
		}
	}
	if why == "" {
		return
	}
	st.add(finding{tactic: consult.IdentityDeception, kind: "claimantrecord", score: 0.6, sig: consult.High, hard: true, refs: []string{ref},
		obs:    fmt.Sprintf("The counterparty presents as %q, but %s.", st.clipCase(cp.ClaimedIdentity, 80), why),
		reason: "The owner's records speak against the claimed identity; the request has to be confirmed through the channel the records hold.",
		disp:   consult.GatherEvidence})
}

// personNameRaw is personName's words as written, titles left out.
func personNameRaw(claimed string) []string {
	var out []string
	nameRun(claimed, func(raw, _ string) { out = append(out, raw) })
	return out
}

// claimedSurname is personNameRaw's last word and its count of words,
// without building the list: the claimant check asks it of every
// unverified case that moves something.
func claimedSurname(claimed string) (string, int) {
	head, _, _ := strings.Cut(claimed, ",")
	last, n := "", 0
	for w := range strings.FieldsSeq(head) {
		r, _ := utf8.DecodeRuneInString(w)
		if len(w) < 2 || !unicode.IsUpper(r) {
			break
		}
		t := trimPunct(w)
		if n == 0 && last == "" && len(t) <= 8 && isSurnameTitle(t) {
			last = " " // a title opens the name ("Dr Étienne Marchal"); it is not counted
			continue
		}
		last, n = t, n+1
	}
	return last, n
}

// isSurnameTitle reports whether w is one of surnameTitles in any case.
func isSurnameTitle(w string) bool {
	switch w[0] | 0x20 { // the titles' first letters: most names stop here
	case 'd', 'm', 'p', 'h', 'f', 's':
	default:
		return false
	}
	for _, t := range surnameTitles {
		if strings.EqualFold(w, t) {
			return true
		}
	}
	return false
}

// trimPunct is strings.Trim(w, ".,;:") without building the cutset's
// table on every call.
func trimPunct(w string) string {
	isP := func(c byte) bool { return c == '.' || c == ',' || c == ';' || c == ':' }
	for len(w) > 0 && isP(w[0]) {
		w = w[1:]
	}
	for len(w) > 0 && isP(w[len(w)-1]) {
		w = w[:len(w)-1]
	}
	return w
}
