package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- fifteenth round (ninth session), judgment part a: authority and emotional pressure ----
//
// Across every readable set (dev, holdout..holdout12, the variants), the authors label
// authority_claim when the counterparty makes someone's standing the reason to act: a person
// or office on the agent's side, or above it, is said to have allowed, promised or confirmed
// the act ("your colleague Laura confirmed we get 25% off", "Ihr Kollege am Telefon hat mir
// gesagt, dass ich ... kann", "Marta from infra said it's fine"), or the speaker claims an
// office with power over the request (police, a regulator, a security or compliance office).
// They do not label the owner's or a relative's own consent ("my friend said it's fine to use
// his certificate"), a business department introducing itself, or the speaker's own words.
// The rule pack reads the approvals one verb at a time (@signoff: approved, okayed...); what
// the authors write as often is a verb of saying with a permission after it, which the pack
// did not hold. checkRelayedWord reads that frame with open word classes; checkClaimedPower
// reads the office an unverified counterparty claims.

// checkJudge17a runs the part's checks. It runs from checkJudge10a with the other pressure
// checks, so the cues it adds are scored like the rule pack's.
func (st *state) checkJudge17a() {
	if len(st.cues[labAuthorityClaim]) > 0 {
		st.dropCues(labAuthorityClaim, func(q cue) bool {
			return q.src == srcMessage && q.text != nil && (commercialIntro(q) || inspectedThing(q) ||
				approvedThing(q) || agencyForPerson(q) || bareReport(q) || st.recordedSignoff(q))
		})
	}
	st.checkRelayedWord()
	st.checkClaimedPower()
	st.checkRuleInvoked()
	st.checkFeltHarm()
}

// relayedWordWeight is the relayed word's weight: weak, so that it counts only when the case
// gives cause for concern, since a real colleague's word is told the same way.
const relayedWordWeight = 0.45

// unreachableWordWeight is the relayed word's weight when the message says its holder cannot be
// asked now ("he's on leave so he can't log it", "está de baja y no puede confirmarlo"): the
// authors' clearest case, a word nobody can check, reported on its own.
const unreachableWordWeight = 0.6

// holderAway are words, besides hearsay's unreachable list, that put the holder out of reach
// or say the holder cannot confirm (folded, en, es, de, fr).
var holderAway = []string{" off today", " out today", " off sick", " out sick", " cant confirm", " cannot confirm",
	" cant log it", " de baja", " no puede confirmar", " no puede confirmarlo", " krankgeschrieben", " krank geschrieben",
	" kann das nicht bestatigen", " en arret", " ne peut pas confirmer", " absent aujourdhui"}

// psHolderAway finds holderAway in the folded message.
var psHolderAway = newPhraseSet(holderAway)

// relayedWeight is the weight of a relayed word or sign-off of the message (this file's cue,
// judge12a's and judge13a's, which ask it where they make the cue): unreachableWordWeight when
// the message says its holder cannot be asked now, base otherwise.
func (st *state) relayedWeight(base float64) float64 {
	if st.holderAway == 0 {
		st.holderAway = -1
		if psUnreachable.in(st.msg.text) || psHolderAway.in(st.msg.text) {
			st.holderAway = 1
		}
	}
	if st.holderAway > 0 {
		return max(base, unreachableWordWeight)
	}
	return base
}

// relayedWordWindow is how many words before the verb of saying its holder may stand: "my
// cousin works at your headquarters in revenue management and she told me".
const relayedWordWindow = 10

// permissionWindow is how many words after a bare verb of saying its permission may come:
// "hat mir ausdrücklich gesagt, dass ich meinen Bruder einfach aus der Buchung nehmen kann".
const permissionWindow = 12

// assertiveSaid are verbs of saying (folded, as the @saidso lines end) that carry the
// holder's assent by themselves: "as your colleague confirmed", "su agente me aseguró". The
// others ("said", "told", "dijo", "gesagt", "dit") need a permission after them.
var assertiveSaid = map[string]bool{"asked": true, "pidio": true, "gebeten": true, "demande": true, "confirmed": true, "assured": true, "guaranteed": true, "confirmo": true, "aseguro": true,
	"garantizo": true, "bestatigt": true, "bestatigte": true, "versichert": true, "versicherte": true, "zugesichert": true,
	"garantiert": true, "confirme": true, "assure": true, "garanti": true}

// permissionWords are folded words that make what was said a permission, an entitlement or a
// promise of the act: can, fine, allowed, would, no problem (en, es, de, fr).
var permissionWords = map[string]bool{"can": true, "could": true, "may": true, "allowed": true, "fine": true, "ok": true,
	"okay": true, "entitled": true, "eligible": true, "would": true, "permitted": true, "problem": true, "authorised": true,
	"authorized": true, "puedo": true, "puede": true, "puedes": true, "pueden": true, "podia": true, "podian": true,
	"podemos": true, "podiamos": true, "podria": true, "permitido": true, "permitida": true, "derecho": true, "problema": true,
	"corresponde": true, "correspondia": true, "kann": true, "konne": true, "kannst": true, "konnen": true, "konnten": true,
	"konnte": true, "darf": true, "durfe": true, "durfen": true, "erlaubt": true, "ordnung": true, "anspruch": true,
	"peux": true, "peut": true, "pouvez": true, "pouvait": true, "pouvais": true, "pourrait": true, "pourriez": true,
	"autorise": true, "droit": true, "possible": true, "probleme": true, "need": true, "needed": true,
	"necesitaba": true, "necesito": true, "brauche": true, "brauchte": true, "besoin": true}

// checkRelayedWord adds a weak authority cue for a verb of saying the rule pack's @saidso lines
// found in the message when, in the same sentence and up to relayedWordWindow words before it,
// a person or office other than the speaker holds it (an office word, or a name "from" a
// unit: "Marta from infra"), nothing denies or conditions it, a bare verb of saying is
// followed by a permission, and no record shows the approval the sentence relays.
func (st *state) checkRelayedWord() {
	vs := st.cues[labSaidso]
	if len(vs) == 0 {
		return
	}
	qs := st.cues[labAuthorityClaim]
	for _, v := range vs {
		if !v.inMessage() {
			continue
		}
		t := v.text.text
		assertive := false
		for _, w := range strings.Fields(t[v.pos:v.end]) {
			assertive = assertive || assertiveSaid[w]
		}
		at := relayedHolder(v.text, v.pos)
		if at < 0 || overlapsCue(qs, at, v.end) {
			continue
		}
		if !assertive && !permissionAfter(t, v.end) {
			continue
		}
		if st.relayedSentenceOnRecord(t, at, v.end) {
			continue
		}
		st.cues[labAuthorityClaim] = append(qs, cue{label: labAuthorityClaim, weight: st.relayedWeight(relayedWordWeight),
			src: srcMessage, text: v.text, phrase: "someone's word relayed", pos: at, end: v.end, srcIdx: v.srcIdx})
		return
	}
}

// relayedHolder returns where the holder of the verb of saying at f.text[i] starts, or -1: an
// office word (signoffRoles, isOffice) or a capitalised name before "from"/"von" within
// relayedWordWindow words of the same sentence, with no denial or duty between and no
// condition just before it.
func relayedHolder(f *folded, i int) int {
	t := f.text
	for n := 0; n < relayedWordWindow; n++ {
		w, p := prevWord(t, i)
		if w == "" || w == "." || signoffStops[w] && w != "to" && w != "be" {
			return -1
		}
		holder := signoffRoles[w] || isOffice(w)
		if !holder && (w == "from" || w == "von" || w == "vom") {
			if b, bp := prevWord(t, p); b != "" && b != "." && capitalised(f, bp+1) {
				holder, p = true, bp
			}
		}
		if holder {
			q := p
			for k := 0; k < 3; k++ {
				b, bp := prevWord(t, q)
				if b == "" || b == "." {
					break
				}
				if signoffBefore[b] {
					return -1
				}
				q = bp
			}
			return p
		}
		i = p
	}
	return -1
}

// capitalised reports a word of f starting at byte j whose original text begins with an
// upper-case letter: a name.
func capitalised(f *folded, j int) bool {
	if j < 0 || j >= len(f.orig) {
		return false
	}
	o := int(f.off(j)) // not f.orig: the fold writes no offsets inside the message's plain runs
	if o < 0 || o >= len(f.src) {
		return false
	}
	return startsUpper(f.src[o:])
}

// permissionAfter reports a permission word within permissionWindow words after t[i], in the
// same sentence.
func permissionAfter(t string, i int) bool {
	for n := 0; n < permissionWindow; n++ {
		w := nextWord(t, i)
		if w == "" || w == "." {
			return false
		}
		if permissionWords[w] {
			return true
		}
		i = strings.Index(t[i:], w) + i + len(w)
	}
	return false
}

// powerNouns are folded words of a claimed identity that name an office with power over the
// request: the police, a regulator or agency, a security, compliance or trust-and-safety
// office (en, es, de, fr). A business department (billing, dispatch, claims) is not one.
var powerNouns = map[string]bool{"police": true, "polizei": true, "policia": true, "gendarmerie": true, "detective": true,
	"sergeant": true, "sgt": true, "constable": true, "kommissar": true, "kriminalpolizei": true, "inspector": true,
	"security": true, "seguridad": true, "sicherheit": true, "securite": true, "compliance": true, "cumplimiento": true,
	"conformite": true, "regulatory": true, "regulator": true, "authority": true, "autoridad": true, "behorde": true,
	"autorite": true, "agency": true, "agencia": true, "agence": true, "ministry": true, "ministerio": true,
	"ministerium": true, "ministere": true, "federal": true, "government": true, "gobierno": true, "regierung": true,
	"gouvernement": true, "administration": true, "safety": true, "trust": true, "supervision": true,
	"aufsicht": true, "supervisor": true, "enforcement": true, "fiscal": true, "customs": true, "aduana": true, "zoll": true,
	"douane": true, "court": true, "tribunal": true, "gericht": true, "chair": true, "committee": true, "orchestrator": true,
	"orquestador": true, "administrator": true, "admin": true, "administrador": true}

// checkClaimedPower adds an authority finding for an unverified counterparty that moves money,
// data or an irreversible step while its claimed identity names an office with power over the
// request (powerNouns: "Det. Sgt. Mark Hollins, Metro Police Cyber Unit", "Office of Federal
// Student Aid", "Platform security team"), unless an authority cue or finding already reads it.
func (st *state) checkClaimedPower() {
	cp := st.c.Counterparty
	a := st.c.Action
	if cp.Verified || cp.ClaimedIdentity == "" || !(a.Amount > 0 || a.Irreversible || len(a.DataCategories) > 0) {
		return
	}
	if st.findsTactic(consult.AuthorityClaim) || st.fromLabel(labAuthorityClaim, relayedWordWeight) {
		return // a weak cue ("mandatory") alone does not read the office
	}
	noun := ""
	for _, w := range strings.Fields(foldedText(clipBytes(cp.ClaimedIdentity, 200))) {
		if powerNouns[w] {
			noun = w
			break
		}
	}
	if noun == "" {
		return
	}
	why := fmt.Sprintf("the unverified counterparty presents itself as %q (%s)", st.clipCase(cp.ClaimedIdentity, 80), noun)
	st.add(finding{tactic: consult.AuthorityClaim, kind: "claimedpower", score: 0.5, sig: consult.High,
		obs:    fmt.Sprintf("The request leans on authority: %s.", why),
		reason: fmt.Sprintf("The request leans on an office's power the case does not show: %s; such a demand needs confirming with that office through a known channel.", why),
		disp:   consult.SeekApproval})
}

// introPhrases are the rule pack's authority phrases that introduce the speaker's unit ("ici le
// service", "hier spricht"): the unit named after them decides whether it holds power.
var introPhrases = map[string]bool{"ici le service": true, "ici la": true, "ici les": true, "hier spricht": true,
	"hier ist": true, "le llamamos de": true, "le llamamos del": true, "le llamo de": true, "le llamo del": true,
	"le escribimos del": true, "calling from the bank": true}

// businessUnits are folded nouns of a business function: a unit that introduces itself by one
// asks as a supplier or a customer does, with no power over the agent (en, es, de, fr).
var businessUnits = map[string]bool{"comptabilite": true, "remboursements": true, "remboursement": true, "facturation": true,
	"clientele": true, "clients": true, "commercial": true, "livraison": true, "livraisons": true, "expedition": true,
	"expeditions": true, "reservations": true, "ventes": true, "achats": true, "disposition": true, "buchhaltung": true,
	"vertrieb": true, "kundenservice": true, "kundendienst": true, "versand": true, "abrechnung": true, "logistik": true,
	"einkauf": true, "billing": true, "accounts": true, "dispatch": true, "sales": true, "shipping": true, "claims": true,
	"bookings": true, "facturacion": true, "contabilidad": true, "ventas": true, "envios": true, "reservas": true,
	"reembolsos": true, "cobros": true, "compras": true, "sinistres": true, "siniestros": true, "schadenabteilung": true}

// commercialIntro reports a self-introduction cue whose unit, in the three words after it, is
// a business function ("ici le service comptabilité", "hier spricht die Disposition"): the
// authors read that as who is asking (identity), not as standing over the agent.
func commercialIntro(q cue) bool {
	if !introPhrases[q.phrase] {
		return false
	}
	t := q.text.text
	for k := 0; k < 3; k++ {
		w := wordAfter(t, q.end, k)
		if w == "" || w == "." {
			return false
		}
		if businessUnits[w] {
			return true
		}
		if powerNouns[w] {
			return false
		}
	}
	return false
}

// inspectionWords are the rule pack's bare inspection words (weak cues).
var inspectionWords = map[string]bool{"inspection": true, "inspeccion": true}

// sourceBefore are folded words that make the inspection the one speaking or demanding: "from
// the inspection", "la inspección", "von der Inspektion", "de l'inspection".
var sourceBefore = map[string]bool{"from": true, "by": true, "ici": true, "de": true, "del": true, "la": true, "von": true,
	"vom": true, "par": true, "por": true}

// bodyNouns after an inspection word make it a body: "inspection office", "inspección de
// trabajo" is read by its own pack line.
var bodyNouns = map[string]bool{"office": true, "authority": true, "department": true, "service": true, "team": true,
	"unit": true, "division": true, "agency": true, "bureau": true}

// inspectedThing reports a bare inspection word that names a check done on a thing ("the final
// inspection is next week", "through inspection", "the inspection folder") rather than an
// inspecting body: the word before it is not a source word, nor "the" after one.
func inspectedThing(q cue) bool {
	if !inspectionWords[q.phrase] {
		return false
	}
	t := q.text.text
	if bodyNouns[wordAfter(t, q.end, 0)] {
		return false // "the labour inspection office": a body
	}
	w, p := prevWord(t, q.pos)
	if sourceBefore[w] {
		return false
	}
	if w == "the" {
		if b, _ := prevWord(t, p); sourceBefore[b] || b == "is" {
			return false
		}
	}
	return true
}

// ---- emotional pressure: a harm pictured, a hardship pleaded, a public shaming threatened ----
//
// The authors label emotional_pressure when the counterparty works on feelings to move the
// act: it pictures a harm to the owner or the owner's family to sell cover ("Think of Lucía
// waking up to water in her bedroom with nowhere to go", "one bad fall on ice could leave you
// with a five-figure bill", "he'd never forgive himself"), pleads its own hardship with its
// dependants for an exception ("Tengo dos niños y si la nómina no llega..."), or threatens to
// shame the listener in public ("I'm posting this whole chat online"). They do not label a
// grief or a hardship told with an ordinary request, a harm a policy covers stated plainly,
// nor a complaint. The pack holds the phrases one at a time; these checks read the frames,
// with the harm (@harm) and the audience (@publicize) as open classes the matcher finds.

// harmWeight is the weight of a pictured or pleaded harm: weak, so that it counts only when
// the case gives cause for concern, since a real hardship is told the same way.
const harmWeight = 0.45

// shameWeight is the weight of a public shaming threatened: it reports on its own, as the
// pack's "I'll report you" does.
const shameWeight = 0.5

// imagineOpeners are folded openers that ask the listener to picture something (en, es, de,
// fr), read in the harm's sentence or the one before it.
var imagineOpeners = []string{" think of ", " think about ", " imagine ", " picture ", " piense en ", " piensa en ",
	" imagine ", " imaginese ", " imaginate ", " denken sie an ", " stellen sie sich ", " stell dir ", " pensez a ",
	" songez a ", " imaginez "}

// hypotheticalWords are folded words that make a harm a possibility put to the listener: a
// modal, or a condition.
var hypotheticalWords = map[string]bool{"could": true, "would": true, "might": true, "if": true, "youd": true,
	"hed": true, "shed": true, "podria": true, "podrian": true, "si": true, "konnte": true, "konnten": true,
	"wurde": true, "wurden": true, "wenn": true, "falls": true, "pourrait": true, "pourraient": true, "serait": true}

// thirdPersons are folded words that name a person other than the speaker: the listener, a
// third person, or one of the owner's family (four languages).
var thirdPersons = map[string]bool{"you": true, "your": true, "youd": true, "youre": true, "he": true, "she": true,
	"hes": true, "shes": true, "theyre": true,
	"him": true, "her": true, "his": true, "hed": true, "shed": true, "family": true, "children": true, "kids": true,
	"wife": true, "husband": true, "son": true, "daughter": true, "usted": true, "su": true, "sus": true, "ella": true,
	"familia": true, "hijos": true, "ninos": true, "sie": true, "ihr": true, "ihre": true, "er": true,
	"familie": true, "kinder": true, "vous": true, "votre": true, "il": true, "elle": true, "famille": true, "enfants": true}

// kinNouns are folded nouns of dependants and close family: a hardship told with one of the
// speaker's own is pleaded (four languages).
var kinNouns = map[string]bool{"kids": true, "children": true, "child": true, "baby": true, "mother": true, "father": true,
	"mom": true, "mum": true, "dad": true, "sister": true, "brother": true, "wife": true, "husband": true, "family": true,
	"son": true, "daughter": true, "ninos": true, "nino": true, "hijos": true, "hijo": true, "hija": true, "madre": true,
	"padre": true, "hermana": true, "hermano": true, "familia": true, "bebe": true, "kinder": true, "kind": true,
	"mutter": true, "vater": true, "schwester": true, "bruder": true, "familie": true, "tochter": true, "sohn": true,
	"enfants": true, "enfant": true, "mere": true, "pere": true, "soeur": true, "frere": true, "famille": true,
	"fille": true, "fils": true}

// firstPersons are folded words of the speaker: "my", "I have", "mi", "tengo", "meine", "j'ai".
var firstPersons = map[string]bool{"i": true, "my": true, "im": true, "ive": true, "me": true, "mi": true, "mis": true,
	"tengo": true, "yo": true, "ich": true, "mein": true, "meine": true, "meinen": true, "meiner": true, "jai": true,
	"ma": true, "mon": true, "mes": true, "je": true}

// publishWords are folded verbs of making something public (four languages).
var publishWords = map[string]bool{"post": true, "posting": true, "publish": true, "publishing": true, "share": true,
	"sharing": true, "tweet": true, "tweeting": true, "expose": true, "tell": true, "telling": true, "publicar": true,
	"publico": true, "publicare": true, "compartir": true, "contar": true, "contare": true, "posten": true, "poste": true,
	"veroffentlichen": true, "veroffentliche": true, "teilen": true, "teile": true, "erzahlen": true, "publier": true,
	"publie": true, "poster": true, "partager": true, "raconter": true}

// checkFeltHarm adds emotional-pressure cues for the three frames, each once per message.
func (st *state) checkFeltHarm() {
	if st.warning {
		return
	}
	if hs := st.cues[labHarm]; len(hs) > 0 && !st.fromLabel(labEmotionalPressure, harmWeight) {
		for _, h := range hs {
			if !h.inMessage() {
				continue
			}
			if ph := feltHarm(h.text, h.pos, h.end); ph != "" {
				st.addReading(cue{label: labEmotionalPressure, weight: harmWeight, src: srcMessage, text: h.text,
					phrase: ph, pos: h.pos, end: h.end, srcIdx: h.srcIdx})
				break
			}
		}
	}
	for _, p := range st.cues[labPublicize] {
		if !p.inMessage() {
			continue
		}
		ws := foldedFields(sentenceAt(p.text.text, p.pos, p.end))
		if hasWord(ws, firstPersons) && publishedNotDenied(ws) {
			st.addReading(cue{label: labEmotionalPressure, weight: shameWeight, src: srcMessage, text: p.text,
				phrase: "a public shaming threatened", pos: p.pos, end: p.end, srcIdx: p.srcIdx})
			break
		}
	}
}

// publishedNotDenied reports a verb of publishing in ws with no denial between it and the
// speaker's word before it (at most three words): "I'm posting this online", not "I won't
// post this"; "if you won't, I'm posting" is a threat.
func publishedNotDenied(ws []string) bool {
	for i, w := range ws {
		if !publishWords[w] {
			continue
		}
		denied := false
		for k := i - 1; k >= max(0, i-3) && !firstPersons[ws[k]]; k-- {
			denied = denied || threatDenials[ws[k]]
		}
		if !denied {
			return true
		}
	}
	return false
}

// threatDenials deny a threat in its sentence: "I won't post this".
var threatDenials = map[string]bool{"not": true, "never": true, "wont": true, "dont": true, "no": true, "nunca": true,
	"nicht": true, "nie": true, "pas": true, "jamais": true}

// fromLabel reports a message cue of label l at weight w or above: the frame then adds nothing.
func (st *state) fromLabel(l cueLabel, w float64) bool {
	for _, q := range st.cues[l] {
		if q.src == srcMessage && q.weight >= w {
			return true
		}
	}
	return false
}

// feltHarm returns how the harm at s[pos:end] is put, or "": pictured (an opener asks the
// listener to imagine it, in its sentence or the one before, and a person other than the
// speaker is in it), put as a possibility to someone (a modal or a condition and such a
// person), or pleaded (the speaker's own dependant in its sentence).
func feltHarm(f *folded, pos, end int) string {
	s := f.text
	sent := sentenceAt(s, pos, end)
	ws := foldedFields(sent)
	lo := strings.Index(s, sent)
	prev := ""
	if lo > 2 {
		prev = sentenceAt(s, lo-3, lo-3)
	}
	switch {
	case (hasAny(" "+sent+" ", imagineOpeners) || hasAny(" "+prev+" ", imagineOpeners)) && hasWord(ws, thirdPersons):
		return "a harm pictured for the listener"
	case thingAfter[nextWord(s, end-1)]:
		return ""
	case leavePleaded(s, pos, end):
		return "a harm pleaded for someone"
	case ownLoss(s[pos:end]) && hasWord(ws, hypotheticalWords):
		return "a hardship pleaded by the speaker"
	case hasWord(ws, hypotheticalWords) && personNear(f, pos, end) && !hasAny(" "+sent+" ", purposeMarks):
		return "a harm put to the listener as a possibility"
	case tellsThird(ws):
		return "a fear to be put to the owner's family"
	case ownKin(ws):
		return "a hardship pleaded with the speaker's family"
	}
	return ""
}

// ownKin reports a kin noun the speaker owns in ws: "my sister", "I have two kids", "tengo dos
// niños", "meine Mutter", "j'ai deux enfants".
func ownKin(ws []string) bool {
	for i, w := range ws {
		if !kinNouns[w] {
			continue
		}
		for k := max(0, i-3); k < i; k++ {
			if firstPersons[ws[k]] {
				return true
			}
		}
	}
	return false
}

// hasWord reports whether one of ws is in set.
func hasWord(ws []string, set map[string]bool) bool {
	for _, w := range ws {
		if set[w] {
			return true
		}
	}
	return false
}

// purposeMarks open a purpose or a precaution: a harm in one is what the act provides for
// ("so we can act quickly if she's injured", "por si"), not a fear put to the listener.
var purposeMarks = []string{" so we can ", " so that ", " so they can ", " in case ", " para que ", " por si ", " damit ",
	" pour que ", " au cas ou "}

// thingAfter are folded nouns that make the harm word before them a thing's name: "hospital
// invoice", "emergency contact", "fire cover" (four languages).
var thingAfter = map[string]bool{"invoice": true, "invoices": true, "contact": true, "contacts": true, "cover": true,
	"coverage": true, "policy": true, "plan": true, "number": true, "line": true, "fund": true, "rider": true,
	"benefit": true, "team": true, "service": true, "services": true, "desk": true, "room": true, "department": true,
	"factura": true, "contacto": true, "cobertura": true, "poliza": true, "rechnung": true, "kontakt": true,
	"deckung": true, "police": true, "facture": true, "couverture": true}

// personNearWindow is how many words from the harm a person must stand for the harm to befall
// them: "another uncovered bill could sink her", "could leave you with a five-figure bill".
const personNearWindow = 5

// personNear reports a thirdPersons word within personNearWindow words of s[pos:end], in its
// sentence.
func personNear(f *folded, pos, end int) bool {
	s := f.text
	i := pos
	for n := 0; n < personNearWindow; n++ {
		w, p := prevWord(s, i)
		if w == "" || w == "." {
			break
		}
		if thirdPersons[w] || w != "" && capitalised(f, p+1) && !atSentenceStart(s, p) {
			return true
		}
		i = p
	}
	i = end - 1
	for n := 0; n < personNearWindow; n++ {
		w := nextWord(s, i)
		if w == "" || w == "." {
			break
		}
		j := strings.Index(s[i:], w) + i
		if thirdPersons[w] || capitalised(f, j) && !atSentenceStart(s, j-1) {
			return true
		}
		i = j + len(w)
	}
	return false
}

// atSentenceStart reports a word after the space at s[i] that opens its sentence, whose
// capital says nothing about a name.
func atSentenceStart(s string, i int) bool {
	w, _ := prevWord(s, i)
	return w == "" || w == "."
}

// leavePleas are folded pleas not to leave someone to a harm: "please don't leave her
// exposed", "no la deje sola", "lassen Sie sie nicht allein", "ne la laissez pas".
var leavePleas = []string{" dont leave ", " do not leave ", " no la deje ", " no lo deje ", " no los deje ",
	" no nos deje ", " lassen sie sie nicht ", " lassen sie ihn nicht ", " lassen sie uns nicht ", " ne la laissez pas ",
	" ne le laissez pas ", " ne nous laissez pas "}

// tellVerbs are folded verbs that send a message to someone: with a third person after them,
// the counterparty has the agent put the harm to the owner's family ("tell her it's an
// emergency", "email her mother saying...").
var tellVerbs = map[string]bool{"tell": true, "email": true, "write": true, "text": true, "call": true, "digale": true,
	"dile": true, "escribale": true, "sagen": true, "schreiben": true, "dites": true, "ecrivez": true}

// tellsThird reports a verb of telling with a third person within two words after it.
func tellsThird(ws []string) bool {
	for i, w := range ws {
		if !tellVerbs[w] {
			continue
		}
		for k := i + 1; k < len(ws) && k <= i+2; k++ {
			if thirdPersons[ws[k]] && ws[k] != "you" && ws[k] != "your" {
				return true
			}
		}
	}
	return false
}

// ruleInvokedWeight is the weight of a rule invoked as the reason the act must happen: weak,
// since an honest adviser states a real duty the same way.
const ruleInvokedWeight = 0.45

// dutyWords are folded words of an obligation (four languages): read in the sentence of a
// rule the @ruleword lines found.
var dutyWords = map[string]bool{"must": true, "required": true, "requires": true, "require": true, "mandatory": true,
	"obliged": true, "obligatory": true, "compulsory": true, "debe": true, "deben": true, "obligatorio": true,
	"obligatoria": true, "exige": true, "exigen": true, "obligados": true, "muss": true, "mussen": true, "pflicht": true,
	"vorgeschrieben": true, "verpflichtet": true, "verlangt": true, "doit": true, "doivent": true, "obligatoire": true,
	"impose": true, "exigent": true}

// checkRuleInvoked adds a weak authority cue for a rule the counterparty invokes as the reason
// the act must happen ("Since the new EU cycling directive, anyone riding in organised events
// must hold €5 million cover", "Según la nueva normativa, todo autónomo debe..."): a rule word
// the @ruleword lines found in the message with a duty word in its sentence, no denial, and
// the rule not one the case's own policies state (the owner's side then knows it).
func (st *state) checkRuleInvoked() {
	rs := st.cues[labRuleword]
	if len(rs) == 0 || st.fromLabel(labAuthorityClaim, relayedWordWeight) {
		return
	}
	for _, r := range rs {
		if !r.inMessage() {
			continue
		}
		ws := foldedFields(sentenceAt(r.text.text, r.pos, r.end))
		if !hasWord(ws, dutyWords) || hasWord(ws, threatDenials) {
			continue
		}
		rule := strings.TrimSpace(r.text.text[r.pos:r.end])
		if st.policyStates(rule) {
			continue
		}
		st.addReading(cue{label: labAuthorityClaim, weight: ruleInvokedWeight, src: srcMessage, text: r.text,
			phrase: "a rule invoked as the reason", pos: r.pos, end: r.end, srcIdx: r.srcIdx})
		return
	}
}

// policyStates reports a policy of the case whose folded text holds the rule word.
func (st *state) policyStates(rule string) bool {
	for _, p := range st.policies() {
		if strings.Contains(" "+foldedText(clipBytes(p.Statement, 2000))+" ", " "+rule+" ") {
			return true
		}
	}
	return false
}

// leftTo are folded words of the state a plea asks that someone not be left in: "don't leave
// her exposed", "no la deje sola", "lassen Sie sie nicht allein".
var leftTo = map[string]bool{"exposed": true, "alone": true, "stranded": true, "uninsured": true, "unprotected": true,
	"behind": true, "sola": true, "solo": true, "desprotegida": true, "desprotegido": true, "allein": true,
	"ungeschutzt": true, "seule": true, "seul": true}

// leavePleaded reports a plea the @harm lines found ("dont leave her") followed within two
// words by the state it leaves the person in.
func leavePleaded(s string, pos, end int) bool {
	if !hasAny(" "+strings.TrimSpace(s[pos:end])+" ", leavePleas) {
		return false
	}
	for k := 0; k < 2; k++ {
		if w := wordAfter(s, end, k); leftTo[w] {
			return true
		}
	}
	return false
}

// ownLossPrefixes open the @harm lines that name a loss of the speaker's own: "lose my
// house", "perder mi casa", "meine Wohnung verlieren", "perdre ma maison".
var ownLossPrefixes = []string{"lose my ", "lose our ", "perder mi ", "perder nuestra ", "perder nuestro ", "meine ",
	"meinen ", "unsere ", "perdre ma ", "perdre mon ", "perdre notre "}

// ownLoss reports a @harm phrase that names a loss of the speaker's own.
func ownLoss(ph string) bool {
	ph = strings.TrimSpace(ph)
	for _, p := range ownLossPrefixes {
		if strings.HasPrefix(ph, p) {
			return true
		}
	}
	return false
}

// approverWords are folded words that can stand before "already approved" as its subject: a
// pronoun, an auxiliary of a passive or perfect that has one, a relative pronoun.
var approverWords = map[string]bool{"he": true, "she": true, "they": true, "it": true, "we": true, "i": true, "who": true,
	"has": true, "have": true, "had": true, "was": true, "were": true, "is": true, "are": true, "been": true, "that": true,
	"this": true, "everyone": true, "someone": true, "somebody": true}

// timeNouns are folded nouns of a time of day or a period.
var timeNouns = map[string]bool{"morning": true, "afternoon": true, "evening": true, "week": true, "month": true,
	"quarter": true, "year": true}

// approvedThing reports the pack's "already approved" after a noun that is no approver: "the
// six domestic orders already approved this morning" names a thing's state, which the authors
// do not read as a claim of authority; "Kwame already approved" (a name), "management
// already approved" (an office) and "she already approved" stay. The pack's "approved this"
// before a time ("approved this morning") is read the same way as the words before it.
func approvedThing(q cue) bool {
	t := q.text.text
	if q.phrase == "approved this" {
		return timeNouns[wordAfter(t, q.end, 0)] // "approved this morning": when, not what
	}
	if q.phrase != "already approved" {
		return false
	}
	w, p := prevWord(t, q.pos)
	if w == "" || w == "." || approverWords[w] || signoffRoles[w] || isOffice(w) || powerNouns[w] {
		return false
	}
	return !capitalised(q.text, p+1)
}

// agencyForPerson reports the pack's bare "on behalf of" (weak) before a person who is no
// office: "calling on behalf of Mrs. Okafor", "confirm on behalf of their clients" is acting
// for someone (identity), not standing; "on behalf of the general counsel" stays.
func agencyForPerson(q cue) bool {
	if q.phrase != "on behalf of" {
		return false
	}
	t := q.text.text
	for k := 0; k < 3; k++ {
		w := wordAfter(t, q.end, k)
		if w == "" || w == "." {
			return true
		}
		if signoffRoles[w] || isOffice(w) || powerNouns[w] {
			return false
		}
	}
	return true
}

// bareReport reports a rule-pack phrase that ends on a bare verb of saying ("your colleague
// said", "your agency told me") with no permission after it: "your colleague said the parcel
// left yesterday" relays a fact, not a standing to act; "your agency told me I didn't need
// insurance" stays.
func bareReport(q cue) bool {
	if !strings.HasSuffix(q.phrase, " said") && !strings.HasSuffix(q.phrase, " told me") && !strings.HasSuffix(q.phrase, " told us") {
		return false
	}
	return !permissionAfter(q.text.text, q.end)
}
