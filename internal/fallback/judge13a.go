package fallback

import (
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- the twelfth round's pressure checks (part a) ----
//
// Variants written before the engine was read showed authority, urgency and
// bypass cues found one phrase at a time: an office in a new wording ("I run
// procurement here", "le escribo en nombre del fiduciario", "ich arbeite in
// der Firmenreisestelle Ihrer Airline"), a deadline with no urgency word
// ("the truck leaves at 4 and if they aren't on it we lose the slot", "every
// hour these containers sit there costs you"), and a breach that the records
// already rule out, pressed with an office or a favour. The checks here read
// word classes that combine instead: a speaker frame and an office noun; a
// clock time and a consequence; a recurring period and a cost; an ineligible
// request and the pressure behind it.

// checkJudge13a runs the round's checks. It runs from checkJudge10a before
// retagPolicyBan, so that an office the speaker claims presses a class ban
// as an office someone else holds does.
func (st *state) checkJudge13a() {
	st.checkSelfOffice()
	st.checkTitledSignoff()
	st.checkClockStake()
	st.checkRunningCost()
	st.pressIneligible()
	st.pressPrecondition()
}

// officeNouns are folded words naming an office whose holder can direct or
// approve what the agent does: the speaker claiming one ("as the plant's
// safety officer", "soy la responsable", "en tant que médiateur") leans on
// it.
var officeNouns = map[string]bool{
	"officer": true, "director": true, "head": true, "manager": true, "chief": true, "chair": true, "chairman": true,
	"chairwoman": true, "ombudsman": true, "ombudsperson": true, "trustee": true, "trustees": true, "executor": true,
	"regulator": true, "compliance": true, "procurement": true, "purchasing": true, "auditor": true, "inspector": true,
	"controller": true, "comptroller": true, "treasurer": true, "counsel": true, "legal": true, "board": true,
	"committee": true, "captain": true, "administrator": true, "admin": true, "supervisor": true, "superintendent": true,
	"commissioner": true, "registrar": true, "dean": true, "ceo": true, "cfo": true, "cto": true, "coo": true, "cio": true,
	"ciso": true, "vp": true, "president": true, "physician": true, "surgeon": true, "attorney": true, "solicitor": true,
	"notary": true, "ministry": true, "authority": true, "bureau": true, "mediator": true, "examiner": true, "underwriter": true,
	"marshal": true, "warden": true, "treasury": true, "finance": true, "payroll": true,
	"responsable": true, "directora": true, "jefe": true, "jefa": true, "gerente": true, "fiduciario": true, "fiduciaria": true,
	"fideicomisario": true, "albacea": true, "defensor": true, "defensora": true, "auditora": true, "inspectora": true,
	"supervisora": true, "administrador": true, "administradora": true, "capitan": true, "encargado": true, "encargada": true,
	"cumplimiento": true, "juridico": true, "junta": true, "direccion": true, "regulador": true, "notario": true,
	"tesorero": true, "tesorera": true, "interventor": true, "superintendencia": true,
	"leiter": true, "leiterin": true, "chef": true, "chefin": true, "vorstand": true, "geschaftsfuhrer": true,
	"geschaftsfuhrerin": true, "prokurist": true, "prokuristin": true, "prufer": true, "pruferin": true, "revisor": true,
	"inspektor": true, "aufsicht": true, "treuhander": true, "treuhanderin": true, "kapitan": true, "beauftragter": true,
	"beauftragte": true, "rechtsabteilung": true, "einkauf": true, "notar": true, "behorde": true, "vorgesetzter": true,
	"vorgesetzte": true,
	"directeur":   true, "directrice": true, "gerant": true, "gerante": true, "mediateur": true, "mediatrice": true,
	"fiduciaire": true, "administrateur": true, "administratrice": true, "auditeur": true, "auditrice": true,
	"inspecteur": true, "inspectrice": true, "controleur": true, "controleuse": true, "commissaire": true, "capitaine": true,
	"officier": true, "delegue": true, "deleguee": true, "tresorier": true, "tresoriere": true, "conformite": true,
	"juridique": true, "achats": true, "notaire": true, "superviseur": true, "superviseuse": true,
}

// officeSuffixes end German compound offices: "Einkaufsleiter",
// "Datenschutzbeauftragte", "Firmenreisestelle", "Revisionsabteilung".
var officeSuffixes = []string{"leiter", "leiterin", "beauftragter", "beauftragte", "abteilung", "stelle", "vorstand",
	"direktor", "direktorin", "prufer", "pruferin", "behorde", "aufsicht", "kammer", "verband"}

// isOffice reports a folded word that names an office.
func isOffice(w string) bool {
	if officeNouns[w] {
		return true
	}
	if len(w) < 9 {
		return false
	}
	for _, s := range officeSuffixes {
		if strings.HasSuffix(w, s) {
			return true
		}
	}
	return false
}

// sentenceFrames open a claim of office only at the start of a sentence:
// "As the plant's safety officer ...", "Como responsable de compras ...";
// mid-sentence "as" and "como" compare.
var sentenceFrames = map[string]bool{"as": true, "como": true, "als": true}

// selfOfficeWindow is how many words after the frame the office may come:
// "as the plant's night-shift safety officer".
const selfOfficeWindow = 5

// selfOfficeWeight is the cue's weight: weak, so that it counts only when the
// case gives cause for concern, since real officers introduce themselves
// the same way.
const selfOfficeWeight = 0.45

// checkSelfOffice adds an authority cue for the speaker's own office: a
// speaker frame the rule pack's @selfframe lines found in the message ("as
// the", "I run", "speaking for", "en nombre de", "ich arbeite", "en tant
// que", "ici le") with an office noun a few words on in the same sentence.
// It is not read when the verified counterparty's claimed identity carries
// the same office (its standing is on record), or when a cue of the rule
// pack already reads the same words.
func (st *state) checkSelfOffice() {
	vs := st.cues[labSelfframe]
	if len(vs) == 0 || !st.hasTension() {
		return
	}
	qs := st.cues[labAuthorityClaim]
	for _, v := range vs {
		if !v.inMessage() {
			continue
		}
		t := v.text.text
		first := t[v.pos:min(v.end, len(t))]
		if i := strings.IndexByte(strings.TrimSpace(first), ' '); i > 0 {
			first = strings.TrimSpace(first)[:i]
		} else {
			first = strings.TrimSpace(first)
		}
		if sentenceFrames[first] {
			if w, _ := prevWord(t, v.pos); w != "" && w != "." {
				continue
			}
		}
		i, end := v.end, 0
		office := ""
		for n := 0; n < selfOfficeWindow; n++ {
			w := nextWord(t, i)
			if w == "" || w == "." {
				break
			}
			j := strings.Index(t[i:], w) + i
			i = j + len(w)
			if isOffice(w) {
				office, end = w, i
				break
			}
		}
		if office == "" || overlapsCue(qs, v.pos, end) || st.officeOnRecord(office) {
			continue
		}
		st.cues[labAuthorityClaim] = append(qs, cue{label: labAuthorityClaim, weight: selfOfficeWeight,
			src: srcMessage, text: v.text, phrase: "the speaker's own office", pos: v.pos, end: end, srcIdx: v.srcIdx})
		return
	}
}

// officeOnRecord reports a verified counterparty whose claimed identity
// names the office: "Dario Kovacs, Head of Procurement" saying "I run
// procurement here" states its standing, not a lever.
func (st *state) officeOnRecord(office string) bool {
	cp := st.c.Counterparty
	if !cp.Verified || cp.ClaimedIdentity == "" {
		return false
	}
	return strings.Contains(" "+foldedText(cp.ClaimedIdentity)+" ", " "+office+" ")
}

// titleWords are folded titles that end with a full stop the folding reads
// as a sentence end: "Dr. Okafor signed off" is an office's sign-off.
var titleWords = map[string]bool{"dr": true, "dra": true, "prof": true, "capt": true, "cpt": true, "col": true,
	"gen": true, "sgt": true, "insp": true, "supt": true, "cmdr": true}

// checkTitledSignoff adds the sign-off cue (judge12a.go) for an approval
// whose holder is named by a title and a name ("Dr. Okafor signed off", "Dra.
// Vidal lo aprobó"), whose full stop ends signoffBack's sentence, or by a
// German compound office ("die Handwerkskammer verlangt", "der
// Einkaufsleiter hat genehmigt") that signoffBack's word list cannot hold.
func (st *state) checkTitledSignoff() {
	vs := st.cues[labSignoff]
	if len(vs) == 0 {
		return
	}
	qs := st.cues[labAuthorityClaim]
	for _, v := range vs {
		if !v.inMessage() {
			continue
		}
		if at := titledHolder(v.text.text, v.pos); at >= 0 {
			if !overlapsCue(qs, at, v.end) {
				st.cues[labAuthorityClaim] = append(qs, cue{label: labAuthorityClaim, weight: st.relayedWeight(signoffWeight),
					src: srcMessage, text: v.text, phrase: "an office's sign-off", pos: at, end: v.end, srcIdx: v.srcIdx})
			}
			return
		}
	}
}

// titledHolder returns where the holder of a sign-off at t[i] starts when
// up to four words before it name a German compound office or end in a
// title's full stop ("Dr. Okafor"), or -1.
func titledHolder(t string, i int) int {
	for n := 0; n < 4; n++ {
		w, p := prevWord(t, i)
		if w == "" || signoffStops[w] {
			return -1
		}
		if len(w) >= 9 && isOffice(w) && !officeNouns[w] {
			return p
		}
		if w == "." {
			if tw, tp := prevWord(t, p); titleWords[tw] {
				return tp
			}
			return -1
		}
		i = p
	}
	return -1
}

// consequenceWords are folded words that say what is lost when a time
// passes: "we lose the slot", "se pierde", "sonst", "sinon".
var consequenceWords = map[string]bool{
	"lose": true, "lost": true, "losing": true, "loses": true, "miss": true, "missed": true, "forfeit": true, "forfeited": true,
	"stuck": true, "penalty": true, "penalties": true, "otherwise": true,
	"perdemos": true, "perder": true, "perdera": true, "perderemos": true, "pierde": true, "pierden": true, "perdido": true,
	"multa": true, "recargo": true, "penalizacion": true,
	"verlieren": true, "verliert": true, "verloren": true, "sonst": true, "andernfalls": true, "strafe": true,
	"perdons": true, "perdrons": true, "perdre": true, "perdu": true, "sinon": true, "penalite": true, "penalites": true,
}

// thenAfter refer back to a time just given, after the word they need:
// "cleared by then", "bis dahin", "d'ici là", "para entonces".
var thenAfter = map[string]string{"then": "by", "entonces": "para", "dahin": "bis", "la": "dici"}

// byThen reports tok[k] as the back-reference of a "by then".
func byThen(tok []string, k int) bool {
	lead, ok := thenAfter[tok[k]]
	return ok && k > 0 && tok[k-1] == lead
}

// clockLeadAt are the words that set a clock time as a moment: "leaves at
// 4", "um 15 Uhr", "a las 5", "à 16h".
var clockLeadAt = map[string]bool{"at": true, "um": true, "las": true, "a": true, "by": true, "before": true, "bis": true,
	"vor": true, "avant": true, "antes": true, "until": true}

// clockStakeWeight is the cue's weight: weak, like every deadline without
// an alarm word, so that it counts only with the case's cause for concern.
const clockStakeWeight = 0.45

// checkClockStake adds an urgency cue for a clock time with a consequence:
// "the truck leaves at 4 and if they aren't on it we lose the slot", "the
// pilot boards at 16:30 and the berth has to be cleared by then", "bis 15
// Uhr ..., sonst geht die Sendung zurück". A time with nothing lost is a
// schedule ("my flight leaves at 18:40"). The consequence may come in the
// same sentence or the next. The cue spans from the time to the
// consequence, so that a clock-deadline cue on the time alone is nested in
// it and counted once.
func (st *state) checkClockStake() {
	// The pack's @timestake and @consequence lines (found in the matcher's
	// one pass) hold the consequence words: a message with none has no stake
	// to read, and the words are not scanned.
	if !(st.fromMessage(labTimestake) || st.fromMessage(labConsequence)) || !hasASCIIDigit(st.msgHead()) || !st.hasTension() {
		return
	}
	tok := st.msgTokens()
	for i := range tok {
		if c := tok[i][0]; c < '0' || c > '9' {
			continue
		}
		if !clockTimeAt(tok, i) {
			continue
		}
		stops := 0
		for k := i + 1; k < len(tok) && k <= i+30; k++ {
			w := tok[k]
			if w == "." {
				if stops++; stops == 2 {
					break
				}
				continue
			}
			if !consequenceWords[w] && !byThen(tok, k) {
				continue
			}
			s := st.msgHead()
			p, _, _ := tokenSpan(s, tok, i)
			_, e, _ := tokenSpan(s, tok, k)
			st.cues[labUrgency] = append(st.cues[labUrgency], cue{label: labUrgency, weight: clockStakeWeight, src: srcMessage,
				text: &st.msg, phrase: "a clock time with a consequence", pos: p, end: e, srcIdx: 1})
			return
		}
	}
}

// clockTimeAt reports a clock time at tok[i] that cannot be an amount:
// marked as one ("3pm", "17h", "16 Uhr") or led by "at", "by", "um", "à"
// ("leaves at 4", "boards at 16:30"). clockAt alone also reads "40 18"
// from "40% ($18,400)".
func clockTimeAt(tok []string, i int) bool {
	lead := i > 0 && clockLeadAt[tok[i-1]]
	if bareHour(tok[i]) && lead {
		return true
	}
	if !clockAt(tok, i) {
		return false
	}
	w := tok[i]
	if w[len(w)-1] < '0' || w[len(w)-1] > '9' {
		return true // "3pm", "17h", "17h30"
	}
	if i+1 < len(tok) {
		switch tok[i+1] {
		case "pm", "am", "h", "uhr", "p", "a":
			return true
		}
	}
	return lead && bareHour(w)
}

// bareHour reports a folded token that is an hour of the day on its own:
// "4", "16".
func bareHour(w string) bool {
	switch len(w) {
	case 1:
		return w[0] >= '1' && w[0] <= '9'
	case 2:
		return (w[0] == '1' || w[0] == '2') && w[1] >= '0' && w[1] <= '9' && (w[0] == '1' || w[1] <= '3')
	}
	return false
}

// costWords are folded words that put a price on time passing: "every hour
// it sits there costs you", "cada día nos cuesta", "jeder Tag kostet".
var costWords = map[string]bool{"costs": true, "cost": true, "costing": true, "loses": true, "lose": true, "losing": true,
	"burns": true, "adds": true, "accrues": true, "cuesta": true, "cuestan": true, "perdemos": true, "pierde": true,
	"kostet": true, "kosten": true, "verlieren": true, "verliert": true, "coute": true, "coutent": true, "perdons": true, "perd": true}

// runCostWindow is how many words after "every hour" the cost may come.
const runCostWindow = 10

// checkRunningCost adds an urgency cue for a recurring period that costs
// (the rule pack's @runcost lines: "every hour", "cada día", "jede Stunde",
// "chaque jour") with a cost verb later in the sentence. The pack's "every
// hour * costs" allows one word between; the wording puts a whole clause
// there.
func (st *state) checkRunningCost() {
	vs := st.cues[labRuncost]
	if len(vs) == 0 || !st.hasTension() {
		return
	}
	for _, v := range vs {
		if !v.inMessage() {
			continue
		}
		t := v.text.text
		i := v.end
		for n := 0; n < runCostWindow; n++ {
			w := nextWord(t, i)
			if w == "" || w == "." {
				break
			}
			i = strings.Index(t[i:], w) + i + len(w)
			if costWords[w] {
				if overlapsCue(st.cues[labUrgency], v.pos, i) {
					return
				}
				st.cues[labUrgency] = append(st.cues[labUrgency], cue{label: labUrgency, weight: clockStakeWeight, src: srcMessage,
					text: v.text, phrase: "a cost that runs with the time", pos: v.pos, end: i, srcIdx: v.srcIdx})
				return
			}
		}
	}
}

// pressedIneligibleWeight lifts an ineligible finding (0.45: a record rules
// out what is asked) over the threshold when an office or a favour presses
// it, as a class ban pressed so is policy bypass (retagPolicyBan).
const pressedIneligibleWeight = 0.3

// pressedIneligiblePhrase names pressIneligible's cue. The finding it
// presses is marked (finding.pressed), and checkJudge13fLate reads the
// mark: a ruled-out request pressed with an office or a favour is a bypass
// even when the claim behind it is false.
const pressedIneligiblePhrase = "a ruled-out request pressed"

// pressIneligible adds a policy-bypass cue when a record rules out what is
// asked (an "ineligible" finding) and the message presses it with an
// authority or reciprocity cue of weight: "your
// supervisor told me the fare would be refunded", "je voyage avec vous
// depuis quinze ans ... remboursez-moi". Pressed with emotion or hurry alone
// it stays as it was (dev tau2-air-11, tau2-air-31).
func (st *state) pressIneligible() {
	var inel *finding
	for i := range st.findings {
		if f := &st.findings[i]; f.kind == "ineligible" && f.tactic == consult.PolicyBypass {
			inel = f
			break
		}
	}
	if inel == nil {
		return
	}
	for _, l := range []cueLabel{labAuthorityClaim, labReciprocity} {
		for _, q := range st.cues[l] {
			if q.src == srcMessage && q.weight >= 0.45 && q.text != nil {
				inel.pressed = true
				st.cues[labPolicyBypass] = append(st.cues[labPolicyBypass], cue{label: labPolicyBypass,
					weight: pressedIneligibleWeight, src: srcMessage, text: q.text, phrase: pressedIneligiblePhrase,
					pos: q.pos, end: q.end, srcIdx: q.srcIdx})
				return
			}
		}
	}
}

// pressPrecondition tags an unmet precondition (a policy's condition that a
// record says is not met; structural2.go) policy_bypass when the message
// presses the act anyway with an office, a favour or bypass wording: "Dr.
// Okafor signed off on doubling the dose, he just hasn't had time to enter
// it". When the counterparty's claim contradicts the record instead (an
// inconsistent_claims finding: "your director agreed the price is $42"),
// the contradiction is the tactic and the breach stays untagged, as dev
// labels it (hw-dev-073, tau2-air-5).
func (st *state) pressPrecondition() {
	at := -1
	for i := range st.findings {
		f := &st.findings[i]
		if f.tactic == consult.InconsistentClaims {
			return
		}
		if f.kind == "precondition" && f.tactic == "" && at < 0 {
			at = i
		}
	}
	if at < 0 {
		return
	}
	for _, l := range []cueLabel{labAuthorityClaim, labReciprocity, labPolicyBypass} {
		for _, q := range st.cues[l] {
			if q.src == srcMessage && q.weight >= 0.45 {
				st.findings[at].tactic = consult.PolicyBypass
				return
			}
		}
	}
}

// roleReserveWords in a policy sentence reserve the role it names to the
// people it names: "Only Noor or Tiago may be named as decision-makers",
// "Jane is to be the primary emergency contact".
var roleReserveWords = []string{" only ", " solo ", " solamente ", " unicamente ", " nur ", " ausschliesslich ", " seul ", " seule ",
	" seuls ", " uniquement ", " is to be ", " are to be ", " must be ", " must remain ", " is the primary ", " are the primary "}

// checkPolicyRoleSwap runs the role swap (roleswap.go) on the policy
// sentences that reserve a role, when neither the goal's role swap nor the
// reserved-role check (reservedrole.go) found one: "Only Noor or Tiago may
// be named as medical decision-makers", and the action names a clinic.
func (st *state) checkPolicyRoleSwap(v *j3fold) {
	if st.c.Action.Description == "" || !v.descHasRole() || st.hasFinding("roleswap") || st.hasFinding("reservedrole") {
		return
	}
	if t := st.reservedRoleText(); t != "" {
		st.roleSwapFrom(v, t)
	}
}

// reservedRoleText returns the folded policy sentences that reserve a role
// (roleTerms) to the people they name, each padded, for the role swap to
// read as it reads the goal: an owner's standing instruction assigns a role
// as the goal does. The standing approval rule ("get his confirmation before
// any change to emergency contacts") names a role but reserves it to no one.
func (st *state) reservedRoleText() string {
	var b strings.Builder
	for _, p := range st.policies() {
		f := st.text(p.Statement).folded()
		if !roleTermSet.in(f) {
			continue
		}
		for _, sen := range strings.Split(f, " . ") {
			sen = " " + strings.TrimSpace(sen) + " "
			if roleTermSet.in(sen) && containsAny(sen, roleReserveWords...) {
				b.WriteString(sen)
			}
		}
	}
	return b.String()
}
