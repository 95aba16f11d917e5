package fallback

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/a2atrust/shield/internal/consult"
)

// This file holds the checks that separate an unverified counterparty from a
// deceptive one, recognise corroborated context, and read states, rates,
// destinations and security controls against the records.

// ---- identity: established references and positive evidence ----

// onFileRef reports a reference that names a channel the owner already holds
// ("address in vendor master", "phone on file"): the counterparty writes from
// where the owner's records say it should.
func onFileRef(ref string) bool {
	r := toLower(ref)
	return !onFileRefNotSet.in(r) && onFileRefSet.in(r)
}

// The word lists of onFileRef and internalStore, each as a one-pass set:
// with a strings.Contains per word, the two were about 4% of an analysis
// of the typical case (a few dozen short texts times fifty words).
var (
	onFileRefNot   = []string{"not on file", "not in our", "not in the", "not registered", "unregistered", "no registrada", "not on the"}
	onFileRefWords = []string{"on file", "vendor master", "in our records", "in the records", "supplier master",
		"customer master", "registered contact", "crm contact", "address book", "known contact", "sso session", "(sso)", "logged-in", "logged in"}
	notStoreWords = []string{"not on file", "new address", "(new)", "no registrada", "no registrado", "not registered", "nicht hinterlegt", "non enregistré", "nueva", "neue ", "nouveau", "nouvelle"}
	storeWords    = []string{"vault", "secret manager", "secrets manager", "key vault", "keyvault", "kms", "keystore", "key store",
		"hsm", "password manager", "secret store", "secrets store", "parameter store", "recovery email", "recovery address", "recovery phone", "on file", "registered address",
		"registered email", "owner's", "own mailbox", "own portal", "internal", "vendor master", "original payment", "audit folder",
		// the same "on file" in Spanish, German and French
		"registrada", "registrado", "de siempre", "hinterlegt", "laut vertrag", "stammdaten", "au dossier", "enregistré", "habituel"}

	onFileRefNotSet = newSubstrSet(onFileRefNot)
	onFileRefSet    = newSubstrSet(onFileRefWords)
	notStoreSet     = newSubstrSet(notStoreWords)
	storeSet        = newSubstrSet(storeWords)
)

// compactAlnum keeps only the lower-case letters and digits of the folded
// text f.
func compactAlnum(f string) string {
	b := make([]byte, 0, len(f))
	for i := 0; i < len(f); i++ {
		c := f[i]
		if (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') {
			b = append(b, c)
		}
	}
	return string(b)
}

// nameInRef reports whether the claimed name is written into the reference
// once spaces, hyphens and punctuation are removed: "Precision Metrology
// billing" is established by billing@precisionmetrology.com. The claim
// comes as its significant words, the reference as compactAlnum of it,
// which the identity check makes once for all its tests.
func nameInRef(words []string, cr string) bool {
	if len(words) == 0 || cr == "" {
		return false
	}
	all := true
	for _, w := range words {
		if !strings.Contains(cr, w) {
			all = false
		}
	}
	if all {
		return true
	}
	// A person's name as mailboxes write it: "r.lindqvist" for "Rebecka
	// Lindqvist" (initial and surname).
	if len(words) == 2 && len(words[1]) >= 4 {
		if i := strings.Index(cr, words[1]); i > 0 && cr[i-1] == words[0][0] {
			return true
		}
	}
	return false
}

var stopWords = newWordSet("the", "of", "and", "for", "from", "del", "des",
	"der", "die", "das", "los", "las", "les", "von", "with", "our", "your")

// significantWords returns the words of the folded text f of three letters
// or more that are not stop words.
func significantWords(f string) []string {
	var out []string
	for s := f; ; {
		w, rest, ok := nextFoldedWord(s)
		if !ok {
			break
		}
		s = rest
		w = strings.Trim(w, ".,;:()'\"")
		if len(w) < 3 || stopWords.has(w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// shareWord reports whether the claimed identity and the reference share a
// distinctive word ("Network contractor" and "contractor-ops-7").
// As for nameInRef, the claim comes as its significant words and the
// reference compacted.
func shareWord(words []string, cr string) bool {
	for _, w := range words {
		if len(w) >= 4 && !genericWords.has(w) && strings.Contains(cr, w) {
			return true
		}
	}
	return false
}

// orgWords mark a claimed identity as an organisation or one of its
// departments rather than a private person.
var orgWords = newWordSet("office", "department", "dept", "team", "bank", "support",
	"security", "billing", "accounts", "accounting", "payroll", "legal", "counsel",
	"compliance", "inc", "ltd", "llc", "gmbh", "corp", "company", "group",
	"services", "service", "desk", "helpdesk", "finance", "treasury", "administration",
	"authority", "agency", "ministry", "police", "tax", "departamento", "servicio",
	"abteilung", "bureau", "buro", "banco", "banque", "direction", "government",
	"customs", "revenue", "procurement", "operations", "hr", "it", "sa", "ag",
	"ceo", "cfo", "cto", "coo", "ciso", "cio", "president", "vp",
	"director", "chairman", "controller", "treasurer", "officer", "administrator")

// orgClaim reports an organisation's name in the folded claimed identity fc.
func orgClaim(fc string) bool {
	for _, w := range strings.Fields(fc) {
		if orgWords.has(strings.Trim(w, ".,;:()")) {
			return true
		}
	}
	return false
}

// Self-descriptions of a role: "I'm the building manager", "soy el director".
var (
	roleNouns = map[string]bool{"manager": true, "tenant": true, "owner": true, "director": true, "officer": true, "ceo": true,
		"cfo": true, "cto": true, "contractor": true, "employee": true, "engineer": true, "supervisor": true, "admin": true,
		"administrator": true, "landlord": true, "customer": true, "assistant": true, "lawyer": true, "attorney": true,
		"accountant": true, "auditor": true, "inspector": true, "representative": true, "broker": true, "vendor": true,
		"supplier": true, "consultant": true, "doctor": true, "nurse": true, "patient": true, "daughter": true, "son": true,
		"wife": true, "husband": true, "mother": true, "father": true, "executor": true, "technician": true, "courier": true,
		"driver": true, "agent": true, "auditeur": true, "inquilino": true, "propietario": true, "director financiero": true,
		"mieter": true, "vermieter": true, "locataire": true, "proprietaire": true, "gerente": true, "directeur": true, "leiter": true,
		"guest": true, "resident": true, "student": true, "parent": true, "brother": true, "sister": true,
		"reseller": true, "distributor": true, "non-profit": true, "nonprofit": true, "charity": true}
)

// selfMarkers introduce a writer's description of itself.
var selfMarkers = []string{"i'm ", "i’m ", "im ", "i am ", "this is ", "we are ", "we're ", "soy ", "somos ", "ich bin ", "wir sind ", "je suis ", "nous sommes "}

// framedMarkers introduce the writer's office as the frame of a request ("As your IT admin I
// need", "Als Leiter der Personalabteilung weise ich Sie an") or a desk's own introduction
// ("hier ist"). A switch read through them, or through an apposition, is an inconsistency the
// authors label (hw-dev-067, hw-dev-085, h3-035) but not a deception: only a switch between
// two plain self-descriptions ("I'm the building manager", then "I'm the tenant": ho-027) is
// both.
var framedMarkers = []string{"as your ", "as the ", "as a ", "as an ", "hier ist ", "hier spricht ", "als ", "en tant que ",
	"como su ", "como el ", "como la "}

// allSelfMarkers are selfMarkers and framedMarkers.
var allSelfMarkers = append(append([]string(nil), selfMarkers...), framedMarkers...)

// openerMarkers are framedMarkers read only where a sentence opens: German "als" is also
// "than" and "when" mid-sentence.
var openerMarkers = map[string]bool{"als ": true}

// appositionOpeners open a description of the writer after a comma: "I'm Marco from
// BrightFM, your facilities vendor", "hier ist Stefan Reuter von LohnPartner, Ihrem externen
// Abrechnungsdienstleister", "we are Voltar Distribution, a reseller" (sixteenth round, part r).
var appositionOpeners = newPrefixList([]string{"your ", "a ", "an ", "the ", "ihr ", "ihre ", "ihrem ", "ihren ", "ein ", "eine ", "einem ",
	"votre ", "un ", "une ", "le ", "la ", "su ", "el ", "una "})

// roleSuffixes end German compound role nouns ("Abrechnungsdienstleister", "Abteilungsleiter").
var roleSuffixes = []string{"dienstleister", "leiter", "leiterin"}

// isRoleNoun reports a role noun, or a German compound that ends in one of roleSuffixes.
func isRoleNoun(w string) bool {
	if roleNouns[w] {
		return true
	}
	for _, x := range roleSuffixes {
		if strings.HasSuffix(w, x) {
			return true
		}
	}
	return false
}

// rolesIn returns the role nouns a text uses to describe its writer: the
// role words among the five words after "I'm", "I am", "this is"...
func rolesIn(s string, framed bool) map[string]bool {
	if len(s) > maxClaimBytes {
		s = s[:maxClaimBytes]
	}
	return rolesInLow(toLower(s), framed)
}

// rolesInLow reads the roles after selfMarkers in the lower-cased low; with framed, also after
// framedMarkers and in an apposition after a comma.
func rolesInLow(low string, framed bool) map[string]bool {
	var out map[string]bool
	markers, window, reach := selfMarkers, 5, 60
	if framed {
		markers, window, reach = allSelfMarkers, 8, 120 // an apposition adds its own words
	}
	for _, mk := range markers {
		from := 0
		for n := 0; n < 4; n++ {
			i := strings.Index(low[from:], mk)
			if i < 0 {
				break
			}
			i += from
			from = i + len(mk)
			if i > 0 && isAlnumByte(low[i-1]) || openerMarkers[mk] && i > 0 && !strings.HasSuffix(strings.TrimRight(low[:i], " "), ".") {
				continue
			}
			end := from + reach
			if end > len(low) {
				end = len(low)
			}
			seg := low[from:end]
			if j := strings.IndexAny(seg, ".,;:!?\n"); j >= 0 {
				rest := strings.TrimLeft(seg[j+1:], " ")
				if framed && seg[j] == ',' && appositionOpeners.prefixOf(rest) {
					if k := strings.IndexAny(rest, ".,;:!?\n"); k >= 0 {
						rest = rest[:k]
					}
					seg = seg[:j] + " " + rest
				} else {
					seg = seg[:j]
				}
			}
			ws := strings.Fields(seg)
			if len(ws) > window {
				ws = ws[:window]
			}
			for _, w := range ws {
				w = strings.Trim(w, "()'\"")
				if isRoleNoun(w) {
					if out == nil {
						out = map[string]bool{}
					}
					out[w] = true
				}
			}
		}
	}
	return out
}

// checkRoleSwitch compares the role the counterparty gives itself now with
// the one it gave in its earlier turns: a building manager who becomes the
// tenant is not who either message says.
func (st *state) checkRoleSwitch() {
	earlier := false
	for _, t := range st.c.History {
		if t.Role == consult.RoleCounterparty && t.Text != "" {
			earlier = true
			break
		}
	}
	if !earlier {
		return
	}
	now := rolesInLow(st.lowMessage(), true)
	if len(now) == 0 {
		return
	}
	plainNow := rolesInLow(st.lowMessage(), false)
	for i, t := range st.c.History {
		if t.Role != consult.RoleCounterparty {
			continue
		}
		before := rolesIn(t.Text, true)
		if len(before) == 0 {
			continue
		}
		overlap := false
		for r := range before {
			if now[r] {
				overlap = true
			}
		}
		if overlap {
			continue
		}
		was, is := firstKey(before), firstKey(now)
		obs := "Presents itself as " + strconv.Quote(is) + " now but as " + strconv.Quote(was) + " in turn " + strconv.Itoa(i+1) + "."
		if plainBefore := rolesIn(t.Text, false); len(plainNow) > 0 && len(plainBefore) > 0 && !overlaps(plainNow, plainBefore) {
			st.add(finding{tactic: consult.IdentityDeception, kind: "roleswitch", score: 0.75, sig: consult.High, hard: true,
				obs: obs, disp: consult.DoNotProceed,
				reason: "The counterparty changed who it says it is between its own turns (" + was + ", then " + is + "); at most one of them can be true."})
		}
		st.add(finding{tactic: consult.InconsistentClaims, kind: "turnswitch", score: 0.7, sig: consult.High, hard: true,
			obs: obs, disp: consult.GatherEvidence,
			reason: "The counterparty's account of itself in this message contradicts its earlier turn " + strconv.Itoa(i+1) + ".",
			claim: &consult.Claim{Claim: st.clipCase("The counterparty is the "+is+".", 300), Status: consult.ClaimContradicted, Significance: consult.High,
				EvidenceReferences: []string{}, Explanation: "In an earlier turn the same counterparty presented itself as the " + was + "."}})
		return
	}
}

// overlaps reports a key in both a and b.
func overlaps(a, b map[string]bool) bool {
	for k := range a {
		if b[k] {
			return true
		}
	}
	return false
}

func firstKey(m map[string]bool) string {
	return sortedKeysList(m)[0]
}

// ---- corroborated context ----

// corroborated reports a case whose context checks out: a verified
// counterparty, an action inside the declared scope, and a system record or
// verified evidence that speaks to the request. Weak pressure and identity
// cues then say little about manipulation.
func (st *state) corroborated() bool {
	c := st.c
	if !c.Counterparty.Verified || st.untrusted() {
		return false
	}
	if c.Identity.OutOfScope(c.Action) {
		return false
	}
	if len(st.trusted) == 0 {
		return false
	}
	about := map[string]bool{}
	for _, w := range plainWords(c.Action.Description + " " + c.Goal) {
		if len(w) >= 4 && !genericWords.has(w) {
			about[w] = true
		}
	}
	msg := c.Message
	if len(msg) > 4096 {
		msg = msg[:4096]
	}
	for _, w := range plainWords(msg) {
		if len(w) >= 5 && !genericWords.has(w) {
			about[w] = true
		}
	}
	for _, t := range st.trusted {
		if t.kind == "owner fact" || !reSupport.MatchString(t.text) || reRefute.MatchString(t.text) {
			continue
		}
		n := 0
		for _, w := range plainWords(t.text) {
			if about[w] {
				n++
			}
		}
		if n >= 2 {
			return true
		}
	}
	return false
}

// A record that vouches for a request (approved, confirmed, scheduled) and
// one that speaks against it.
var (
	reSupport = regexp.MustCompile(`(?i)\b(?:approved|confirmed|completed|verified|scheduled|signed|valid|matched|referr\w*|mfa|authori[sz]ed|active|in good standing|due|booked|registered|on file|aprobad\w*|confirmad\w*|verificad\w*|genehmigt|bestätigt|verifiziert|approuv\w*|confirm\w*|v[ée]rifi\w*)\b`)
	reRefute  = regexp.MustCompile(`(?i)\b(?:no|not|never|without|none|pending|denied|rejected|declined|expired|cancell?ed|overdue|lapsed|suspended|flagged|disputed|kein\w*|nicht|sin|ningun\w*|aucun\w*|pas)\b`)
)

// ---- internal stores ----

// internalStore reports a recipient that is one of the owner's own stores:
// a vault or secret manager, a recovery address or account on file, the
// owner's own portal or mailbox.
func internalStore(r string) bool {
	b := storeGroup.bits(toLower(r))
	return b&1 == 0 && b&2 != 0
}

// storeGroup asks notStoreSet (bit 0) and storeSet (bit 1) in one pass,
// which reads one set of tables where a pass each read two.
var storeGroup = newSubstrGroup(notStoreSet, storeSet)

// ---- security controls ----

var (
	reCtlOff  = regexp.MustCompile(`(?i)\b(?:disabl\w*|turn(?:ing|ed)? off|switch(?:ing|ed)? off|waiv\w*|bypass\w*|deactivat\w*|suspend\w*|skip\w*|without(?: the| a| any)?|exempt\w* from|desactiv\w*|deshabilit\w*|abschalt\w*|deaktivier\w*|ausschalt\w*|sin (?:la|el)|sans (?:la|le|l))\s+(?:[\w-]+\s+){0,4}?(?:sso|single sign-on|mfa|2fa|two-factor|multi-factor|encryption|logging|audit(?:ing| log| logs| trail)?|security review|review|questionnaire|callback|call-back|verification call|ticket|change ticket|verificaci[oó]n|llamada de verificaci[oó]n|verschl[uü]sselung|chiffrement|journalisation)\b`)
	reCtlOff2 = regexp.MustCompile(`(?i)\b(?:sso|mfa|2fa|encryption|logging|audit|review|questionnaire|callback|ticket)\b[^.;]{0,30}?\b(?:waived|disabled|turned off|switched off|skipped|bypassed|off)\b`)
)

// checkControls flags a step that turns off or waives a security control.
func (st *state) checkControls() {
	a := st.c.Action
	where := "proposed action"
	m, txt := "", ""
	// The gate on the joined text, without joining it: no control word
	// holds a space, a dot or an underscore, so none matches across the
	// join or changes with the underscores, and toLower is rune by rune.
	// Most actions name no control and need no joined copy.
	if controlGate(st.lowDesc()) || controlGate(st.lowAction()) {
		txt = a.Description + " . " + strings.ReplaceAll(a.Action, "_", " ")
		m = ctlOffRE.FindString(txt)
		if m == "" {
			m = reCtlOff2.FindString(txt)
		}
	}
	if m == "" || negatedBefore(txt, strings.Index(txt, m)) {
		msg := st.c.Message
		if len(msg) > maxClaimBytes {
			msg = msg[:maxClaimBytes]
		}
		if st.lowMessageGates()&gControl != gControl {
			return // no sentence can carry both a control and a verb
		}
		m = ""
		// Only the sentences that carry both a control and a verb, found
		// in the gates' pass.
		for _, sp := range st.ctlSpans {
			if sp[1] <= len(msg) {
				if m = ctlOffRE.FindString(msg[sp[0]:sp[1]]); m != "" {
					break
				}
			}
		}
		if m == "" || negatedBefore(msg, strings.Index(msg, m)) || st.warning {
			return
		}
		where = "message"
	}
	b := st.say()
	b.lit("The ")
	b.lit(where)
	b.lit(" turns off or waives a security control: ")
	b.quoted(st.clipCaseFinal(m, 80))
	b.lit(".")
	obs := st.said(&b)
	b = st.say()
	b.lit("Disabling or waiving a security control (")
	b.part(st.clipCaseFinal(m, 80))
	b.lit(") is an exception that only the control's owner can grant.")
	st.add(finding{tactic: consult.PolicyBypass, kind: "control", score: 0.6, sig: consult.High, hard: true,
		obs: obs, reason: st.said(&b), disp: consult.SeekApproval})
}

// ---- sensitive data leaving ----

var reBulk = regexp.MustCompile(`(?i)\b(?:all|every|entire|full|complete|whole|bulk|alle|todos|todas|tous|toutes|vollst\w*|completo|completa|complet)\b|\b\d{1,3}(?:[.,]\d{3})+\b|\b\d{3,}\s+(?:records|customers|clients|employees|users|rows|contacts|patients|salari\w*|kunden\w*|clientes|empleados)`)

// bulkSensitiveOut reports card numbers, government ids or bulk personal data
// leaving the company.
func (st *state) bulkSensitiveOut() string {
	a := st.c.Action
	if !st.externalRecipient() || st.internalStore(a.Recipient) {
		return ""
	}
	pii := false
	for _, d := range a.DataCategories {
		k := toLower(strings.TrimSpace(d))
		switch k {
		case "government_id", "card", "cards", "payment_card", "card_number", "pan", "ssn":
			return k
		case "pii", "contacts", "customer_data", "customers", "personal":
			pii = true
		}
	}
	desc := st.lowDesc()
	// "credit card" alone is how a payment is made ("charge it to the credit
	// card ending 9448"), not card data leaving; the number itself is.
	if containsAny(desc, "card number", "card numbers", "passport", "social security", "ssn", "national id", "nir") && len(a.DataCategories) > 0 {
		return "card or government id numbers"
	}
	if pii && (reBulk.MatchString(a.Description) || containsAny(desc, "customer list", "client list", "mailing list", "database", "export")) {
		return "bulk personal data"
	}
	return ""
}

// ---- states, elapsed time and rates against the records ----

var (
	reClaimNeverWorked = regexp.MustCompile(`(?i)\b(?:never (?:worked|used|functioned|turned on|switched on)|didn(?:'|’)?t (?:ever )?work|has not worked|dead on arrival|broken (?:from|since) (?:day one|the (?:first|start))|nunca (?:ha )?funcion\w*|nunca lo (?:he )?usad\w*|hat nie funktioniert|nie benutzt|n(?:'|’)a jamais fonctionn\w*|jamais utilis\w*)`)
	reRecUsed          = regexp.MustCompile(`(?i)\b(?:\d+\s+(?:cycles|sessions|logins|hours of use|uses|runs|streams)|used \d+|completed|activated|redeemed|ciclos|zyklen|cycles de|utilis\w+ \d+)`)
	reClaimOutstanding = regexp.MustCompile(`(?i)\b(?:(?:is|are|still) accruing|accrues|still outstanding|is outstanding|remains unpaid|still unpaid|still (?:being )?held|on hold at|not (?:yet )?(?:been )?(?:collected|released|picked up)|sigue pendiente|noch offen)`)
	reRecSettled       = regexp.MustCompile(`(?i)\b(?:gated out|picked up|collected|released|no \w+ (?:is |are )?outstanding|nothing (?:is )?outstanding|settled|paid in full|already paid|closed out)\b`)
	reClaimRecent      = regexp.MustCompile(`(?i)\b(?:(?:a|one|two|three|four|five|six|a couple of|couple of|a few|few|several|\d{1,2})\s+(?:days?|weeks?)\s+(?:ago|after|since|back|later)|last week|this week|just (?:bought|got|received)|brand new|recently (?:bought|purchased|received|delivered))`)
	reRecOld           = regexp.MustCompile(`(?i)\b(?:(\d{1,3})\s+(?:months?|years?)\s+ago|expired|hace (\d{1,3}) (?:meses|semanas|a[nñ]os)|vor (\d{1,3}) (?:monaten|jahren)|il y a (\d{1,3}) (?:mois|ans))`)
	reRate             = regexp.MustCompile(`(?i)(?:([$€£])\s?|\b(?:usd|eur|gbp)\s?)?(\d[\d,]*(?:\.\d{1,2})?)\s?(?:[$€£]|usd\b|eur\b|gbp\b|dollars\b|euros?\b)?\s?(?:/\s?|per\s+|an\s+|a\s+|each\s+)(hour|hr|night|day|unit|item|seat|licen[cs]e|user|month|kg|piece|person|head|room|visit|mile|km)\b`)
)

// checkStates compares what the counterparty says about the state of things
// (never worked, still outstanding, bought a few weeks ago) with what the
// records show (usage logged, released, delivered months ago).
func (st *state) checkStates(sents []sentence) {
	if len(st.trusted) == 0 {
		return
	}
	type pair struct {
		claim, rec *regexp.Regexp
		what       string
	}
	pairs := []pair{ // their gate words are stateGates, in this order
		{reClaimNeverWorked, reRecUsed, "says it never worked or was never used"},
		{reClaimOutstanding, reRecSettled, "says it is still outstanding"},
		{reClaimRecent, reRecOld, "dates it only recently"},
	}
	lowGates := st.lowMessageGates()
	for pi, p := range pairs {
		// The message must carry a gate word, and the records the other
		// side, before the claim is sought (the cheap test first).
		if lowGates&(1<<pi) == 0 {
			continue
		}
		any := false
		for _, t := range st.trusted {
			if t.kind != "owner fact" && recMayMatchView(pi, t.text, st.whole(t)) && p.rec.MatchString(t.text) {
				any = true
				break
			}
		}
		if !any {
			continue
		}
		m := ""
		for _, sn := range sents {
			if sn.gate&(1<<pi) == 0 {
				continue
			}
			if x := p.claim.FindString(sn.text); x != "" && !negatedBefore(sn.text, strings.Index(sn.text, x)) {
				m = x
				break
			}
		}
		if m == "" {
			continue
		}
		for _, t := range st.trusted {
			if t.kind == "owner fact" {
				continue
			}
			r := p.rec.FindStringSubmatch(t.text)
			if r == nil {
				continue
			}
			if p.rec == reRecOld {
				n := 0
				for _, g := range r[1:] {
					if g != "" {
						n, _ = strconv.Atoi(g)
					}
				}
				// "2 months ago" against "a few weeks" is not a contradiction.
				if strings.Contains(toLower(r[0]), "month") || strings.Contains(toLower(r[0]), "mes") || strings.Contains(toLower(r[0]), "monat") || strings.Contains(toLower(r[0]), "mois") {
					if n > 0 && n < 3 {
						continue
					}
				}
			}
			st.contradiction(
				fmt.Sprintf("The counterparty %s (%q); %s %s records %q.", p.what, st.clipCase(m, 60), t.kind, t.id, st.clipCase(r[0], 60)),
				fmt.Sprintf("The counterparty %s, but %s %s records: %s", p.what, t.kind, t.id, st.clipCase(t.text, 300)),
				[]string{t.id}, st.clipCase(m, 200))
			return
		}
	}
}

// recWords are words every match of the pair's record pattern (reRecUsed,
// reRecSettled, reRecOld) contains unless it has a digit (nil: the pattern
// needs one of these words in any case).
var recWords = [3][]string{
	{"completed", "activated", "redeemed", "ciclos", "zyklen", "cycles de"},
	{"gated out", "picked up", "collected", "released", "outstanding", "settled", "paid in full", "already paid", "closed out"},
	{"expired"},
}

// recDigitWords are words every match of the pair's record pattern that
// holds a digit also holds ("12 cycles", "used 3", "2 months ago"), so a
// digit alone no longer sends every record with a date or an amount to the
// regular expression.
var recDigitWords = [3][]string{
	{"cycles", "sessions", "logins", "hours of use", "uses", "runs", "streams", "used ", "utilis"},
	nil,
	{"month", "year", "hace ", "vor ", "il y a "},
}

// recMayMatch is a cheap necessary condition for the record pattern of pair
// pi to match s: one of recWords, or an ASCII digit with one of
// recDigitWords (none for reRecSettled, whose matches hold no digit of
// their own), in ASCII case-insensitive form. Text with non-ASCII bytes
// always passes ((?i) folds "ſ" and "K" too).
func recMayMatch(pi int, s string) bool { return recMayMatchView(pi, s, nil) }

// recMayMatchView is recMayMatch with the lower case of s, and whether s is
// ASCII and holds a digit, from its view tv (whose text is s): each record
// is asked once per gated pair, and its view reads its bytes once.
func recMayMatchView(pi int, s string, tv *textView) bool {
	if tv != nil {
		ascii, digit := tv.asciiDigit()
		return !ascii || tv.lowerHas(recSets[pi]) || digit && tv.lowerHas(recDigitSets[pi])
	}
	digit := false
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
		if s[i] >= '0' && s[i] <= '9' {
			digit = true
		}
	}
	l := toLower(s)
	return recSets[pi].in(l) || digit && recDigitSets[pi].in(l)
}

// recSets and recDigitSets are recWords and recDigitWords as one-pass sets:
// recMayMatch runs on every record for each pair the message gates.
var recSets, recDigitSets = func() (w, d [3]*substrSet) {
	for pi := range 3 {
		w[pi], d[pi] = newSubstrSet(recWords[pi]), newSubstrSet(recDigitWords[pi])
	}
	return w, d
}()

var reAgreed = regexp.MustCompile(`(?i)\b(?:agreed|contract\w*|agreement|as per|per our|per the|our rate|the rate|standard rate|usual rate|acordad\w*|pactad\w*|contrato|vereinbart\w*|vertrag\w*|convenu\w*|contrat)\b`)

type rate struct {
	v    float64
	unit string
	text string
}

func ratesIn(s string) []rate {
	if !hasASCIIDigit(s) {
		return nil
	}
	var out []rate
	for _, m := range reRate.FindAllStringSubmatch(s, 6) {
		// A rate needs a currency on one side of the number.
		if m[1] == "" && !containsAny(toLower(m[0]), "usd", "eur", "gbp", "dollar", "euro", "$", "€", "£") {
			continue
		}
		v, err := strconv.ParseFloat(strings.ReplaceAll(m[2], ",", ""), 64)
		if err != nil || v <= 0 {
			continue
		}
		u := toLower(m[3])
		if u == "hr" {
			u = "hour"
		}
		if strings.HasPrefix(u, "licen") {
			u = "license"
		}
		out = append(out, rate{v, u, m[0]})
	}
	return out
}

// checkRates compares a unit rate in the message with the verified rate for
// the same unit, even when no reference id ties them together.
func (st *state) checkRates(sents []sentence) {
	var claimed []rate
	for _, sn := range sents {
		if !sn.kw.any(kwAgreed) || !hasASCIIDigit(sn.text) || !reAgreed.MatchString(sn.text) {
			continue // a new quote is not a claim about the agreed rate
		}
		claimed = append(claimed, ratesIn(sn.text)...)
		if len(claimed) >= 6 {
			break
		}
	}
	if len(claimed) == 0 {
		return
	}
	for _, t := range st.trusted {
		if t.kind == "owner fact" {
			continue
		}
		for _, rr := range ratesIn(t.text) {
			for _, c := range claimed {
				if c.unit == rr.unit && c.v > rr.v+0.005 {
					st.contradiction(
						fmt.Sprintf("Charges %s; %s %s gives %s.", st.clipCase(c.text, 40), t.kind, t.id, st.clipCase(rr.text, 40)),
						fmt.Sprintf("The counterparty applies a rate of %s, but %s %s records: %s", st.clipCase(c.text, 40), t.kind, t.id, st.clipCase(t.text, 300)),
						[]string{t.id}, "The agreed rate is "+st.clipCase(c.text, 60)+".")
					return
				}
			}
		}
	}
}

// ---- destinations and statuses ----

var (
	reEnding    = regexp.MustCompile(`(?i)\b(?:ending(?: in)?|ends(?: in)?|terminad[ao] en|endet auf|endend auf|se terminant par|finissant par|last (?:four|4)(?: digits)?)\s*:?\s*(\d{3,4})\b`)
	reDigits4   = regexp.MustCompile(`\d[\d ]{2,}\d`)
	reNewDest   = regexp.MustCompile(`(?i)paypal|venmo|zelle|revolut|wise|crypto|bitcoin|usdt|wallet|gift card|@[a-z0-9-]+\.[a-z]{2,}|\bacct\b|\baccount\b|\biban\b|\bcuenta\b|\bkonto\b|\bcompte\b|routing`)
	reBankWords = regexp.MustCompile(`(?i)\b(?:acct|account|remittance|iban|routing|bank|cuenta|konto|compte|rib)\b`)
	reSetStatus = regexp.MustCompile(`(?i)\b(?:mark\w*|set\w*|record\w*|flag\w*|enter\w*|status)\b[^.;]{0,50}?\b(?:as|to|=)\s+['"‘“]?(obtained|approved|paid|complete|completed|received|verified|cleared|signed|authori[sz]ed|granted|passed)\b`)
	rePending   = regexp.MustCompile(`(?i)\b(?:pending|awaiting|not yet|has not|hasn(?:'|’)t|have not|haven(?:'|’)t|outstanding|in review|under review|en attente|pendiente|ausstehend)\b`)
)

// bankWordsIn is reBankWords.MatchString(s), for low = toLower(s) and
// ascii = isASCII(s). On ASCII text, where (?i) folds only ASCII letters,
// the word runs are matched by hand, and only when low holds one of the
// words: most records name no account, and the regexp costs far more than
// the substring tests and the hand scan.
func bankWordsIn(s string, ascii bool, low string) bool { return bankWordsInView(s, ascii, low, nil) }

// bankWordsInView is bankWordsIn with low's word test from its view tv
// (nil: none).
func bankWordsInView(s string, ascii bool, low string, tv *textView) bool {
	if !ascii {
		return reBankWords.MatchString(s)
	}
	if tv != nil {
		return tv.lowerHas(bankWordSet) && hasBankWord(s)
	}
	return bankWordSet.in(low) && hasBankWord(s)
}

// bankWordSet: the words of reBankWords (bankWords), as a one-pass set.
var bankWordSet = newSubstrSet(bankWords[:])

// mayEnd reports whether reEnding may match s (low and ascii as for
// bankWordsIn): on ASCII text it needs digits and one of its lead words.
func mayEnd(s string, ascii bool, low string) bool {
	return !ascii || hasASCIIDigit(s) && containsAny(low, "end", "termin", "finissant", "last")
}

// denialWords deny what their clause names (lower case): "No card ending
// 2286 is in the profile", "sin cuenta terminada en 4410", "kein Konto mit
// Endung 7781", "aucune carte se terminant par 0932". They are negWords
// without the words of a status ("pending", "outstanding", "yet to"): an
// account a payment to is pending is still the account on file.
var denialWords = []string{"no ", "not ", "none", "never", "n't", "without", "missing",
	"kein", "nicht", "ohne", "ningún", "ningun", "ninguna", "sin ", "aucun", "aucune", "pas ", "sans "}

// denialSet holds " "+w for each denialWords word w, and "n't" alone.
var denialSet = func() *substrSet {
	ws := []string{"n't"}
	for _, n := range denialWords {
		ws = append(ws, " "+n)
	}
	return newSubstrSet(ws)
}()

// denialWordSet holds denialWords anywhere: a gate, so that a record with
// none costs one pass and no clause reads.
var denialWordSet = newSubstrSet(denialWords)

// affirmedEnds keeps of ends[n:], the account endings a record's lower
// text low gives, those it names at least once in a conjunct no denial
// word holds (conjunctAt): a record that says the account or card is not
// there does not put it on file.
func affirmedEnds(low string, ends []string, n int) []string {
	if len(ends) == n || !denialWordSet.in(low) {
		return ends // no denial word anywhere in the record: most records
	}
	kept := ends[:n]
	for _, e := range ends[n:] {
		for off := 0; off < len(low); {
			i := strings.Index(low[off:], e)
			if i < 0 {
				break
			}
			i += off
			if !denialSet.in(" " + conjunctAt(low, i) + " ") {
				kept = append(kept, e)
				break
			}
			off = i + len(e)
		}
	}
	return kept
}

// onFileRules: a policy naming where money must go (checkDestination).
var onFileRules = []string{"original payment method", "original payment", "account on file", "vendor master", "account in the vendor", "on file",
	"método de pago original", "ursprüngliche zahlungsmethode", "moyen de paiement d'origine"}

var onFileRuleSet = newSubstrSet(onFileRules)

// isASCII reports whether s is all ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// checkDestination compares where the money goes with where the records
// and policies say it must go: the account on file, the original payment
// method.
func (st *state) checkDestination() {
	a := st.c.Action
	if a.Amount <= 0 || a.Recipient == "" {
		return
	}
	rl := toLower(a.Recipient)
	if st.internalStore(rl) || containsAny(rl, "original", "same card", "on record") {
		return
	}
	// The account numbers the records hold.
	var ends []string
	rule := ""
	for _, t := range st.trusted {
		if t.kind == "owner fact" {
			continue
		}
		tv := st.whole(t)
		ascii, low := isASCII(t.text), tv.lower()
		if !bankWordsInView(t.text, ascii, low, tv) {
			continue
		}
		if !mayEnd(t.text, ascii, low) {
			continue
		}
		n := len(ends)
		ends = endDigits(t.text, ascii, 4, ends)
		if ends = affirmedEnds(low, ends, n); len(ends) > n && rule == "" {
			rule = t.id
		}
	}
	policyRule := ""
	for _, p := range st.policies() {
		if st.text(p.Statement).policyLowerHas(onFileRuleSet) {
			policyRule = policyName(p)
			break
		}
	}
	if len(ends) == 0 && policyRule == "" {
		return
	}
	// The recipient's digits.
	mismatch := false
	if len(ends) > 0 && bankWordsIn(a.Recipient, isASCII(a.Recipient), rl) {
		for _, d := range digitRuns(a.Recipient, 4) {
			d = strings.ReplaceAll(d, " ", "")
			if len(d) < 4 {
				continue
			}
			last := d[len(d)-4:]
			ok := false
			for _, e := range ends {
				if strings.HasSuffix(last, e) || strings.HasSuffix(e, last) {
					ok = true
				}
			}
			if ok {
				return // paid to an account the records know
			}
			mismatch = true
		}
	}
	if !mismatch && !(policyRule != "" && newDestIn(a.Recipient, rl)) {
		return
	}
	why := ""
	refs := []string{}
	if mismatch && rule != "" {
		why = "the records hold an account ending " + ends[0] + " (" + rule + ")"
		refs = append(refs, rule)
	} else {
		why = "policy " + policyRule + " sends payments only to the original method or the account on file"
	}
	b := st.say()
	b.lit("The payment would go to ")
	b.part(st.clipCaseFinal(a.Recipient, 80))
	b.lit(", but ")
	b.scan(why)
	b.lit(".")
	obs := st.said(&b)
	b = st.say()
	b.lit("The proposed destination (")
	b.part(st.clipCaseFinal(a.Recipient, 80))
	b.lit(") is not the one on record: ")
	b.scan(why)
	b.lit("; a changed destination needs confirmation through the channel on file.")
	st.add(finding{kind: "payee", score: 0, sig: consult.High, hard: true, refs: refs,
		obs: obs, reason: st.said(&b), disp: consult.SeekApproval})
}

// checkStatus flags an action that records a status the records contradict:
// marking "obtained" what a system fact says is pending.
func (st *state) checkStatus() {
	if !statusGate(st.lowDesc()) && !st.lowStatusGate() {
		return
	}
	txt := st.c.Action.Description
	m := reSetStatus.FindStringSubmatch(txt)
	where := "proposed action"
	if m == nil {
		msg := st.c.Message
		if len(msg) > maxClaimBytes {
			msg = msg[:maxClaimBytes]
		}
		if st.lowStatusGate() {
			m = reSetStatus.FindStringSubmatch(msg)
		}
		where = "message"
	}
	if m == nil {
		return
	}
	for _, t := range st.trusted {
		if t.kind == "owner fact" {
			continue
		}
		if p := rePending.FindString(t.text); p != "" {
			st.add(finding{tactic: consult.PolicyBypass, kind: "status", score: 0.65, sig: consult.High, hard: true, refs: []string{t.id},
				obs:    fmt.Sprintf("The %s records %q while %s %s says %q.", where, m[1], t.kind, t.id, st.clipCase(p, 40)),
				reason: fmt.Sprintf("Setting the status to %q contradicts %s %s (%s); a status may only follow the record.", m[1], t.kind, t.id, st.clipCase(t.text, 200)),
				disp:   consult.SeekApproval})
			return
		}
	}
}

// brandIn reports whether a domain label carries a distinctive word of the
// claimed identity ("stripe-account-security" for "Stripe Account Security"),
// given as its significant words.
func brandIn(label string, words []string) bool {
	for _, w := range words {
		if len(w) >= 3 && !containsStr(lureLabels, w) && !genericWords.has(w) && !orgWords.has(w) && strings.Contains(label, w) {
			return true
		}
	}
	return false
}

// secretsOut reports secret data categories in the proposed action.
func (st *state) secretsOut() bool {
	for _, d := range st.c.Action.DataCategories {
		if secretCategories[toLower(strings.TrimSpace(d))] {
			return true
		}
	}
	return false
}

// quietFindings reports a case with no structural finding behind a tactic
// and no hard finding: only then do corroborated records damp weak cues.
func (st *state) quietFindings() bool {
	for _, f := range st.findings {
		if f.hard || f.tactic != "" {
			return false
		}
	}
	return true
}

// reSenderNot: a record saying the sender is not who it claims.
var reSenderNot = regexp.MustCompile(`(?i)\b(?:sender|caller|counterparty|requester|requestor|agent|domain|number|address)\b[^.;]{0,40}?\b(?:is not|isn(?:'|’)t|was not|does not belong|not a verified|not registered|not (?:an? )?(?:official|authori[sz]ed))\b`)

// checkRecordedImpostor reports a system record that says the sender is not
// who or what it claims to be.
func (st *state) checkRecordedImpostor() {
	if st.c.Counterparty.Verified || strings.TrimSpace(st.c.Counterparty.ClaimedIdentity) == "" {
		return
	}
	for _, t := range st.trusted {
		if t.kind == "owner fact" {
			continue
		}
		if !senderNotMayMatchView(t.text, st.whole(t)) {
			continue
		}
		if m := reSenderNot.FindString(t.text); m != "" {
			st.add(finding{tactic: consult.IdentityDeception, kind: "recorded", score: 0.65, sig: consult.High, hard: true, refs: []string{t.id},
				obs:    fmt.Sprintf("%s %s says %q.", capFirst(t.kind), t.id, st.clipCase(t.text, 120)),
				reason: fmt.Sprintf("The counterparty presents as %s, but %s %s records: %s", st.clipCase(st.c.Counterparty.ClaimedIdentity, 80), t.kind, t.id, st.clipCase(t.text, 200)),
				disp:   consult.DoNotProceed})
			return
		}
	}
}

// senderNotMayMatch is a cheap necessary condition for reSenderNot to
// match s: one of its nouns and "not" or "isn", ASCII case-insensitive.
// Text with non-ASCII bytes always passes ((?i) folds "ſ" too).
func senderNotMayMatch(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	l := toLower(s)
	return containsAny(l, "not", "isn") && senderNounSet.in(l)
}

// senderNotMayMatchView is senderNotMayMatch(s) with the lower case of s
// from its view tv, which recMayMatchView has usually made already.
func senderNotMayMatchView(s string, tv *textView) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	l := tv.lower()
	return containsAny(l, "not", "isn") && senderNounSet.in(l)
}

// senderNounSet: the nouns senderNotMayMatch asks for, as a one-pass set.
var senderNounSet = newSubstrSet(senderNouns)

var senderNouns = []string{"sender", "caller", "counterparty", "requester", "requestor", "agent", "domain", "number", "address"}

// statusGate: the words reSetStatus needs, tested without a regexp.
// s is already lower case.
func statusGate(l string) bool {
	return gatesOf(l)&gStatus == gStatus
}

var (
	statusVerbs  = []string{"mark", "set", "record", "flag", "enter", "status"}
	statusStates = []string{"obtained", "approved", "paid", "complete", "received", "verified", "cleared", "signed", "authori", "granted", "passed"}
	// The gate words of checkStates' three pairs, in order.
	stateGates = [3][]string{
		{"never", "nunca", "nie ", "jamais", "didn", "dead on", "broken", "not worked"},
		{"accru", "outstanding", "unpaid", "still", "not yet", "not been", "on hold", "pendiente", "offen"},
		{"day", "week", "recent", "just ", "brand new"},
	}
	// judgeGates: bits 0-2 the state pairs, 3 a status verb, 4 a status
	// word, 5 a control noun, 6 a control verb, 7-9 the gates of
	// checkInvokedAuthority and checkSkipStep on the lower-cased message
	// (each was a substrSet pass of its own, the automaton answers them in
	// the pass it makes anyway).
	judgeGates = newGateSet(stateGates[0], stateGates[1], stateGates[2], statusVerbs, statusStates, controlWords, ctlVerbs,
		grantWords, yourWords, noNeedWords)
)

const (
	gStatus  = 1<<3 | 1<<4
	gControl = 1<<5 | 1<<6
	gGrant   = 1 << 7 // a grantWords word
	gYour    = 1 << 8 // a yourWords word
	gNoNeed  = 1 << 9 // a noNeedWords word
)

// lowStatusGate is statusGate(st.lowMessage()).
func (st *state) lowStatusGate() bool { return st.lowMessageGates()&gStatus == gStatus }

const gatesDone = 1 << 31

// lowMessageGates is judgeGates.mask(st.lowMessage()), from msgScan's pass.
func (st *state) lowMessageGates() uint32 {
	st.msgScan()
	return st.lowGates
}

// gateSet tells, in one automaton pass, which groups of words a text
// contains as substrings (exactly as strings.Contains: no case folding).
type gateSet struct {
	a     *automaton
	lits  []string // for sentAuto, which holds them too
	group []uint32 // literal id -> bit set of its groups
}

func newGateSet(groups ...[]string) *gateSet {
	g := &gateSet{}
	var lits []string
	id := map[string]int{}
	for gi, ws := range groups {
		for _, w := range ws {
			i, ok := id[w]
			if !ok {
				i = len(lits)
				id[w] = i
				lits = append(lits, w)
				g.group = append(g.group, 0)
			}
			g.group[i] |= 1 << gi
		}
	}
	g.a, g.lits = buildAutomaton(lits), lits
	if g.a.d16 == nil {
		panic("fallback: gate automaton too large for the 16-bit table")
	}
	return g
}

// mask returns the groups (bit i for group i) of which s contains a word.
func (g *gateSet) mask(s string) uint32 {
	a := g.a
	d, class, sh := a.d16, &a.class, a.shift
	st := uint(0)
	var m uint32
	for i := 0; i < len(s); i++ {
		v := d[st<<sh|uint(class[s[i]])]
		st = uint(v &^ out16)
		if v&out16 != 0 {
			for _, id := range a.out[st] {
				m |= g.group[id]
			}
		}
	}
	return m
}

var ctlVerbs = []string{"disabl", "turn", "switch", "waiv", "bypass", "deactiv", "suspend", "skip", "without", "exempt",
	"desactiv", "deshabil", "abschalt", "deaktiv", "ausschalt", "sin ", "sans "}

// controlGate: the control nouns reCtlOff needs, tested without a regexp.
// s is already lower case.
func controlGate(l string) bool {
	return controlSet.in(l)
}

// controlSet is controlWords as a one-pass set.
var controlSet = newSubstrSet(controlWords)

var controlWords = []string{"sso", "sign-on", "mfa", "2fa", "factor", "encrypt", "logging", "audit", "review", "questionnaire",
	"callback", "call-back", "ticket", "verifica", "verschl", "chiffrement", "journalisation"}

// lowMessage is the message's first maxClaimBytes in lower case, computed
// once per case.
func (st *state) lowMessage() string {
	if !st.lowMsgOK {
		m := st.c.Message
		if len(m) > maxClaimBytes {
			m = m[:maxClaimBytes]
		}
		st.lowMsg, st.lowMsgOK = toLower(m), true
	}
	return st.lowMsg
}

// plainWords splits s into lower-case words of five letters or more, the
// cheap tokenisation the corroboration test needs.
func plainWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(toLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	}) {
		if len(w) >= 5 && !genericWords.has(w) {
			out = append(out, w)
		}
	}
	return out
}
