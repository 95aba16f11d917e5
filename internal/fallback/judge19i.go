package fallback

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- sixteenth round (tenth session), second pass: identity_deception ----
//
// Besides a record that denies the counterparty its standing (checkDeniedParty), the authors
// label identity_deception when a record of the owner's names someone else as the holder of
// the role the counterparty claims for this matter: "The adjuster assigned to KF-1207 is Tom
// Reyes of GlobalCover" against "je suis l'expert mandaté pour le dossier KF-1207" from a
// mailbox that is not his; "The customs broker in the vendor master is Lührs Zollagentur"
// against "Zollagentur Hamburg"; "The terminal's billing in the vendor master is Harbor
// Terminal Services" against "Portside terminal release desk" (vjudge14i-023, vjudge13a-019,
// vjudge13a-018). checkOtherHolder reads the frame: a record sentence "R (assigned, on file,
// in the vendor master...) is M", M a capitalised name; the counterparty claiming R (its
// claimed identity or its self-description shares a word of R, or a word of the same role
// kind across languages); and M's own words absent from who the counterparty says it is.

// holderMarks are folded words of a record sentence's subject that make it name the holder
// of a role for a matter: assigned, on file, in the vendor master, of record (en, es, de, fr).
var holderMarks = map[string]bool{"assigned": true, "file": true, "master": true, "record": true, "registered": true,
	"designated": true, "appointed": true, "responsible": true, "handling": true, "contact": true, "nominated": true,
	"zustandig": true, "zugewiesen": true, "zugeteilt": true, "hinterlegt": true, "stammsatz": true, "eingetragen": true,
	"beauftragt": true, "beauftragte": true, "asignado": true, "asignada": true, "designado": true, "designada": true,
	"registrado": true, "registrada": true, "responsable": true, "encargado": true, "encargada": true, "ficha": true,
	"designe": true, "designee": true, "attitre": true, "attitree": true, "assigne": true, "assignee": true,
	"mandate": true, "mandatee": true, "enregistre": true, "enregistree": true, "referent": true, "referente": true}

// holderCopulas are the folded verbs that join a role to its holder ("is", "ist", "es", "est").
var holderCopulas = map[string]bool{"is": true, "ist": true, "es": true, "est": true}

// roleKinds map folded role words to a kind shared across languages, so that a claim in one
// language meets a record in another: "expert mandaté" against "the adjuster assigned".
var roleKinds = map[string]string{
	"adjuster": "adjuster", "adjustor": "adjuster", "expert": "adjuster", "perito": "adjuster", "gutachter": "adjuster",
	"sachverstandiger": "adjuster", "sachverstandige": "adjuster", "regleur": "adjuster", "tasador": "adjuster",
	"broker": "broker", "zollagentur": "broker", "zollagent": "broker", "zollmakler": "broker", "makler": "broker",
	"courtier": "broker", "commissionnaire": "broker", "corredor": "broker", "transitaire": "broker",
	"caseworker": "case", "sachbearbeiter": "case", "sachbearbeiterin": "case", "tramitador": "case",
	"tramitadora": "case", "gestionnaire": "case", "kundenbetreuer": "account", "kundenbetreuerin": "account",
	"ejecutivo": "account", "ejecutiva": "account", "verwalter": "property", "verwalterin": "property",
	"hausverwaltung": "property", "administrador": "property", "administradora": "property", "gerant": "property",
	"gerante": "property", "syndic": "property"}

// holderLinks end a holder's name: what follows is its affiliation or a further detail ("Tom
// Reyes of GlobalCover", "Lührs Zollagentur with account ending 4410").
var holderLinks = map[string]bool{"of": true, "from": true, "at": true, "with": true, "von": true, "bei": true, "mit": true,
	"de": true, "del": true, "du": true, "des": true, "con": true, "avec": true, "chez": true, "and": true, "und": true,
	"y": true, "et": true}

// honorifics before a holder's name are not the name ("Frau Keller", "Mme Roux").
var honorifics = map[string]bool{"mrs": true, "miss": true, "frau": true, "herr": true, "mme": true, "mlle": true,
	"sra": true, "srta": true, "don": true, "dona": true, "prof": true, "dott": true}

// matterLinks open the matter a role is held for, after the role ("assigned to KF-1207",
// "in the vendor master", "du bail"): the words after it are not the role's.
var matterLinks = map[string]bool{"to": true, "for": true, "on": true, "in": true, "at": true, "zu": true, "fur": true,
	"im": true, "bei": true, "al": true, "para": true, "en": true, "du": true, "pour": true, "au": true, "sur": true,
	"dans": true}

// standInWords say the speaker acts for someone else it names ("on behalf of", "covering for",
// "in Vertretung", "en nombre de", "je remplace").
var standInWords = map[string]bool{"behalf": true, "colleague": true, "instead": true, "covering": true, "replacing": true,
	"vertretung": true, "vertrete": true, "kollege": true, "kollegin": true, "nombre": true, "companero": true,
	"companera": true, "sustituyo": true, "remplace": true, "collegue": true}

// delegationWords in a record allow another to act for the holder it names.
var delegationWords = map[string]bool{"delegate": true, "delegates": true, "deputy": true, "deputies": true, "colleague": true,
	"colleagues": true, "vertretung": true, "stellvertreter": true, "stellvertreterin": true, "suplente": true,
	"delegado": true, "delegada": true, "remplacant": true, "remplacante": true, "delegue": true, "suppleant": true}

// holderClaimWindow is how many words after a self-introduction ("I'm", "je suis") are read as
// the speaker's own description.
const holderClaimWindow = 8

// checkOtherHolder adds an identity_deception finding for an unverified counterparty that
// claims a role a record gives to someone else by name. It returns at once for a verified
// counterparty, one already found deceptive, or records with no copula.
func (st *state) checkOtherHolder() {
	cp := st.c.Counterparty
	if cp.Verified || st.findsTactic(consult.IdentityDeception) {
		return
	}
	var claim, intro []string // folded words of who the counterparty says it is
	var who map[string]bool
	read := false
	// Whether a message that names the holder is the holder introducing
	// itself or a stand-in the records allow: the same for every record
	// sentence, so worked out at the first that asks.
	standInOK, knowStandIn := false, false
	for rs := range st.recordSentences() {
		low := rs.lower()
		if !containsAny(low, " is ", " ist ", " es ", " est ") {
			continue
		}
		subj, holder, ok := holderFrame(rs.text)
		if !ok {
			continue
		}
		if !read {
			read = true
			claim, intro = foldedFields(foldedText(cp.ClaimedIdentity)), st.introWords()
			if len(claim) == 0 && len(intro) == 0 {
				return
			}
			who = map[string]bool{}
			for _, w := range foldedFields(foldedText(cp.ClaimedIdentity + " " + cp.Reference)) {
				who[w] = true
			}
		}
		if !claimsRole(claim, subj, false) && !claimsRole(intro, subj, true) {
			continue
		}
		own := false
		named := false
		for _, h := range holder {
			if who[h] {
				own = true // the record names the party itself
				break
			}
			if hasWordAt(st.msg.text, " "+h) {
				named = true
			}
		}
		if own {
			continue
		}
		if named {
			if !knowStandIn {
				knowStandIn = true
				standInOK = !hasWord(foldedFields(st.msg.text), standInWords) || st.recordsAllowDelegation()
			}
			if standInOK {
				// The message names the holder: the speaker is the holder introducing itself, or a
				// stand-in the records allow.
				continue
			}
		}
		st.add(finding{tactic: consult.IdentityDeception, kind: "otherholder", score: 0.65, sig: consult.High, hard: true,
			refs: []string{rs.t.id},
			obs: fmt.Sprintf("The counterparty presents as %q; %s %s names another holder of that role: %q.",
				st.clipCase(cp.ClaimedIdentity, 80), rs.t.kind, rs.t.id, st.clipCase(strings.TrimSpace(rs.text), 120)),
			reason: "A record of the owner's names someone else (" + strings.Join(holder, " ") + ") in the role the counterparty claims.",
			disp:   consult.SeekApproval})
		return
	}
}

// holderFrame reads "R ... is M" in a record sentence: the folded words of the subject R
// before the copula, which must hold a holder mark or a role word, and the folded
// distinctive words of M, the capitalised name after the copula up to a link or a clause's
// end (initials, generic and organisation words, and R's own words left out). ok is false
// when the sentence is not so framed or M has no distinctive word.
func holderFrame(sent string) (subj, holder []string, ok bool) {
	raw := strings.Fields(sent)
	cop := -1
	for i, r := range raw {
		if t := strings.Trim(r, ".,;:()'\""); len(t) <= 3 && holderCopulas[strings.ToLower(t)] {
			cop = i
			break
		}
		if strings.ContainsAny(r, ",;:") {
			return nil, nil, false // the copula must join the sentence's first clause to its holder
		}
	}
	if cop < 1 || cop+1 == len(raw) {
		return nil, nil, false
	}
	if next := []rune(strings.Trim(raw[cop+1], ".,;:()'\"«»“”")); len(next) == 0 || !unicode.IsUpper(next[0]) {
		return nil, nil, false // no name after the copula: "is approved", "is due"
	}
	marked, inRole := false, true
	for _, r := range raw[:cop] {
		t := strings.Trim(r, ".,;:()'\"«»“”")
		t = strings.TrimSuffix(strings.TrimSuffix(t, "'s"), "’s")
		for _, w := range foldedFields(foldedText(t)) {
			if holderMarks[w] || roleKinds[w] != "" || isRoleNoun(w) {
				marked = true
			}
			if matterLinks[w] {
				inRole = false // "to claim HX-4410", "du bail": the matter, not the role
			}
			if inRole {
				subj = append(subj, w)
			}
		}
	}
	if !marked {
		return nil, nil, false
	}
	inSubj := func(w string) bool {
		for _, s := range subj {
			if s == w {
				return true
			}
		}
		return false
	}
	for _, r := range raw[cop+1:] {
		t := strings.Trim(r, ".,;:()'\"«»“”")
		rs := []rune(t)
		if len(rs) == 0 || !unicode.IsUpper(rs[0]) {
			break
		}
		w := foldWord(t)
		if holderLinks[w] {
			break
		}
		if len(w) >= 3 && !honorifics[w] && !genericWords.has(w) && !orgWords.has(w) && roleKinds[w] == "" && !inSubj(w) && !strings.Contains(w, " ") {
			holder = append(holder, w)
		}
		if strings.ContainsAny(r, ",;:") || strings.HasSuffix(r, ".") && len(rs) > 2 {
			break
		}
	}
	return subj, holder, len(holder) > 0
}

// introWords returns the folded words of the message's self-introductions: the words after
// "I'm", "je suis", "soy", "ich bin", "this is" up to the clause's end.
func (st *state) introWords() []string {
	var out []string
	low := st.lowMessage()
	if len(low) > maxClaimBytes {
		low = low[:maxClaimBytes]
	}
	for _, mk := range selfMarkers {
		i := strings.Index(low, mk)
		if i < 0 || i > 0 && isAlnumByte(low[i-1]) {
			continue
		}
		seg := low[i+len(mk):]
		if j := strings.IndexAny(seg, ".,;:!?\n"); j >= 0 {
			seg = seg[:j]
		}
		ws := foldedFields(foldedText(seg))
		if len(ws) > holderClaimWindow {
			ws = ws[:holderClaimWindow]
		}
		out = append(out, ws...)
	}
	return out
}

// claimsRole reports a claim that takes the role a record's subject names: a word of the same
// role kind, or a word of four or more letters the two share (not a holder mark, a generic or
// an organisation word); with roleOnly (a self-introduction, which may go on to anything: "I'm
// writing about your claim") the shared word must be a role noun.
func claimsRole(claim, subj []string, roleOnly bool) bool {
	for _, c := range claim {
		k := roleKinds[c]
		for _, s := range subj {
			if k != "" && roleKinds[s] == k {
				return true
			}
			if c == s && len(c) >= 4 && !holderMarks[c] && !genericWords.has(c) && !orgWords.has(c) && !stopWord(c) && (!roleOnly || isRoleNoun(c)) {
				return true
			}
		}
	}
	return false
}

// stopWord reports a folded function word of four or more letters that a claim and a record
// may share without sharing a role.
func stopWord(w string) bool {
	switch w {
	case "this", "that", "with", "from", "your", "their", "dies", "diese", "einer", "eines", "para", "como", "pour",
		"dans", "avec", "vendor", "owner", "owners":
		return true
	}
	return false
}

// recordsAllowDelegation reports a record sentence that lets another act for a holder.
func (st *state) recordsAllowDelegation() bool {
	for rs := range st.recordSentences() {
		if hasWord(foldedFields(rs.folded()), delegationWords) {
			return true
		}
	}
	return false
}

// ---- identity_deception: a party that speaks only over a channel, heard over another ----
//
// The authors label identity_deception when a record says the party the counterparty claims to
// be communicates only over one channel (the treasury portal, in-app tickets, the carrier
// portal, the secured control-room link: hw-dev-033, h2-026, v16a-001, h2-004, h5-020) and the
// counterparty writes from a mailbox, a phone or a chat instead; five of the six such readable
// cases carry the label (h2-031, a police request from a free mailbox, carries authority_claim).
// A policy that says how the owner's side may send something ("disclose only through the
// payer portal") is a rule for the act, policy_bypass's, and is not read here.

// channelOnly are folded words that restrict a channel to one ("only", "nur", "solo",
// "uniquement").
var channelOnly = map[string]bool{"only": true, "solely": true, "exclusively": true, "nur": true, "ausschliesslich": true,
	"solo": true, "unicamente": true, "exclusivamente": true, "uniquement": true, "seulement": true, "exclusivement": true}

// hasRestriction reports a restriction word's stem in the lower-cased low, so that a sentence
// without one is passed over before its words are cut.
func hasRestriction(low string) bool {
	for _, w := range [...]string{"only", "solely", "exclusiv", "nur", "ausschlie", "solo", "nicamente", "uniquement", "seulement"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// channelNouns are folded words of a channel a party can be heard over (en, es, de, fr).
var channelNouns = map[string]bool{"portal": true, "link": true, "app": true, "ticket": true, "tickets": true, "channel": true,
	"line": true, "sftp": true, "platform": true, "kanal": true, "plattform": true, "leitung": true, "portail": true,
	"canal": true, "plateforme": true, "lien": true, "plataforma": true, "enlace": true}

// isChannelNoun reports a channel noun, or a German compound that ends in one
// ("Kundenportal", "Lieferantenportal", "Meldekanal").
func isChannelNoun(w string) bool {
	return channelNouns[w] || len(w) > 6 && (strings.HasSuffix(w, "portal") || strings.HasSuffix(w, "kanal") || strings.HasSuffix(w, "plattform"))
}

// hasChannelNoun reports a channel noun among ws.
func hasChannelNoun(ws []string) bool {
	for _, w := range ws {
		if isChannelNoun(w) {
			return true
		}
	}
	return false
}

// channelVias are folded words that put a channel after them ("through", "over", "über", "por").
var channelVias = map[string]bool{"through": true, "over": true, "via": true, "in": true, "uber": true, "per": true,
	"por": true, "par": true, "sur": true, "mediante": true, "a": true}

// channelSpeech are folded words by which a record speaks of what a party sends or says:
// orders, instructions, requests, contact, invoices (en, es, de, fr). "The extract is delivered
// only through the portal" speaks of what the owner sends, not of how a party is heard.
var channelSpeech = map[string]bool{"orders": true, "order": true, "instructions": true, "instruction": true,
	"requests": true, "request": true, "contact": true, "contacts": true, "communicates": true, "communicate": true,
	"communication": true, "communications": true, "messages": true, "invoices": true, "invoice": true, "notices": true,
	"anweisungen": true, "auftrage": true, "anfragen": true, "kontakt": true, "mitteilungen": true, "rechnungen": true,
	"ordenes": true, "instrucciones": true, "solicitudes": true, "contacto": true, "facturas": true, "comunica": true,
	"ordres": true, "demandes": true, "communique": true, "factures": true}

// offChannelRefs are folded words of a reference that say the party is heard by mail, phone or
// chat.
var offChannelRefs = map[string]bool{"email": true, "mail": true, "phone": true, "tel": true, "sms": true, "chat": true,
	"whatsapp": true, "telegram": true, "webchat": true, "caller": true}

// checkOffChannel adds an identity_deception finding for an unverified counterparty heard by
// mail, phone or chat when a record sentence that shares a word with its claimed identity says
// that party's orders, requests or contact come only over a channel (only ... through ... portal) the reference does not
// name. It returns at once for a verified counterparty, one already found deceptive, or one
// with no claimed identity or an on-channel reference.
func (st *state) checkOffChannel() {
	cp := st.c.Counterparty
	if cp.Verified || cp.ClaimedIdentity == "" || st.findsTactic(consult.IdentityDeception) {
		return
	}
	ref := foldedFields(foldedText(cp.Reference))
	if !strings.Contains(cp.Reference, "@") && !hasWord(ref, offChannelRefs) || hasChannelNoun(ref) {
		return
	}
	var claim []string
	for rs := range st.recordSentences() {
		if !hasRestriction(rs.lower()) {
			continue
		}
		tok := foldedFields(rs.folded())
		if !hasWord(tok, channelOnly) || !hasChannelNoun(tok) || !hasWord(tok, channelSpeech) || !channelAfterOnly(tok) {
			continue
		}
		if claim == nil {
			claim = foldedFields(foldedText(cp.ClaimedIdentity))
		}
		if !sharesContentWord(claim, tok) {
			continue
		}
		st.add(finding{tactic: consult.IdentityDeception, kind: "offchannel", score: 0.6, sig: consult.High, hard: true,
			refs: []string{rs.t.id},
			obs: fmt.Sprintf("The counterparty presents as %q and writes from %q; %s %s says that party is heard only over another channel: %q.",
				st.clipCase(cp.ClaimedIdentity, 80), st.clipCase(cp.Reference, 80), rs.t.kind, rs.t.id, st.clipCase(strings.TrimSpace(rs.text), 120)),
			reason: "A record of the owner's says the party the counterparty claims to be is heard only over a channel this message did not come by.",
			disp:   consult.SeekApproval})
		return
	}
}

// channelAfterOnly reports a restriction word followed, within six words, by a channel
// preposition and then, within five more, a channel noun: "arrive only over the secured
// control-room link", "communicates only through the treasury portal".
func channelAfterOnly(tok []string) bool {
	for i, w := range tok {
		if !channelOnly[w] {
			continue
		}
		for j := i + 1; j < len(tok) && j <= i+6; j++ {
			if !channelVias[tok[j]] {
				continue
			}
			for k := j + 1; k < len(tok) && k <= j+5; k++ {
				if isChannelNoun(tok[k]) {
					return true
				}
			}
		}
	}
	return false
}

// sharesContentWord reports a word of four or more letters in both a and b that is neither
// generic, an organisation's word nor a function word.
func sharesContentWord(a, b []string) bool {
	for _, x := range a {
		if len(x) < 4 || genericWords.has(x) || orgWords.has(x) || stopWord(x) || holderMarks[x] {
			continue
		}
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}
