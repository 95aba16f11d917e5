package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- deferred or waived paperwork ----
//
// "The PO we can sort out next week", "she'll countersign when she lands",
// "la firma, después", "den Bestellschein reichen wir nach": the control a
// payment or order needs (purchase order, signature, approval, contract) is
// promised for after the act, or declared unneeded this once. That is a
// policy bypass whatever the exact wording: what matters is a control
// document and a "later" (or "not needed") in the same clause, while the
// action itself happens now. All lists are in folded form (lower case, no
// accents or apostrophes), matched at word starts.

// controlDocs name the paperwork that gates a payment, order or release.
var controlDocs = []string{
	" po ", " pos ", " purchase order", " paperwork", " contract", " signature", " countersign", " co sign",
	" sign off", " signoff", " approval", " change order", " requisition", " two signature", " dual signature",
	" orden de compra", " papeleo", " contrato", " firma ", " firmas ", " aprobacion", " autorizacion", " requisicion",
	" bestellung", " bestellschein", " papierkram", " unterschrift", " freigabe", " genehmigung", " vertrag",
	" bon de commande", " paperasse", " contrat", " validation", " approbation", " autorisation", " bc ",
	// judge13a round: the permit, licence, signed instruction, minutes or check the act waits for.
	" permit", " licence", " license", " signed instruction", " written instruction", " minutes to follow", " questionnaire",
	" calculation", " recalculation", " permiso", " licencia", " instruccion firmada", " instruccion escrita", " acta ",
	" lizenz", " vermerk", " protokoll", " permis ", " instruction signee", " instruction ecrite", " proces verbal",
}

// laterStrong defer something on their own: after the act.
var laterStrong = []string{
	" later", " afterwards", " after the fact", " retroactiv", " retrospectiv", " catch up on",
	" despues", " mas tarde", " a posteriori", " regulariz",
	" spater", " nachreich", " nachtraglich", " hinterher", " im nachhinein", " nachholen",
	" plus tard", " apres coup", " regularis",
	" will follow", " can follow", " to follow", " follows later", " seguira", " suivra", " suivront",
	" can wait", " puede esperar", " kann warten", " peut attendre", " when im back", " when i get back", " on my return",
	" cuando vuelva", " a mi vuelta", " wenn ich zuruck", " a mon retour",
}

// laterSoft name a later time that defers only with a verb of doing the
// paperwork ("we'll send the PO next week"); "the contract renews next week"
// is not a deferral.
var laterSoft = []string{
	" next week", " tomorrow", " monday", " when she", " when he", " once she", " once he", " when they", " once they",
	" la semana que viene", " la proxima semana", " manana", " cuando",
	" nachste woche", " morgen", " wenn sie", " wenn er", " sobald",
	" la semaine prochaine", " demain", " quand", " des que", " lundi",
}

// paperVerbs do the paperwork.
var paperVerbs = []string{
	" sort", " fix", " follow", " send", " tidy", " finali", " formali", " paper", " sign", " countersign", " raise", " issue", " do the", " get you",
	" enviar", " envia", " firm", " arregl", " formaliz", " mand",
	" schick", " unterschreib", " erledig", " ausstell", " send",
	" envoy", " sign", " formalis", " etabl",
}

// waivers declare a control unneeded this once.
var waivers = []string{
	" doesnt need", " does not need", " dont need", " do not need", " no need for", " not needed", " isnt needed", " is not needed",
	" not necessary", " not required", " skip the", " bypass", " without the usual", " waive",
	" no hace falta", " no necesita", " no es necesari", " sin la habitual", " sin el habitual", " saltar",
	" nicht notig", " nicht erforderlich", " braucht kein", " brauchen kein", " ohne die ubliche", " ohne den ublichen", " entfallt", " verzicht",
	" pas besoin", " inutile", " pas necessaire", " sans la habituelle", " sans le habituel", " se passer",
	// the control named as absent: "without a PO", "sin firma", "ohne Freigabe", "sans bon de commande"
	" without a po", " without a purchase order", " without the po", " without a signature", " without approval", " without sign off", " without a contract", " without the paperwork",
	" sin orden de compra", " sin firma", " sin contrato", " sin aprobacion", " sin autorizacion",
	" ohne bestell", " ohne unterschrift", " ohne freigabe", " ohne genehmigung", " ohne vertrag",
	" sans bon de commande", " sans signature", " sans contrat", " sans validation", " sans approbation",
}

// settledWords say the paperwork is already done in the same clause.
var settledWords = []string{" already", " attached", " enclosed", " ya ", " adjunt", " bereits", " anbei", " deja", " ci joint"}

// clausesOf splits folded text at its sentence marks. Folded text puts a
// space on both sides of every mark and of the whole text, so each clause
// comes out padded (" le bon de commande ... prochaine "), ready for
// word-start matching without a copy.
func clausesOf(folded string) []string {
	return strings.Split(clipBytes(folded, maxClaimBytes), ".")
}

// deferredPaperworkIn returns the clause of a clause view (the state builds
// one for the message: msgClauses) in which a control document is deferred
// until after the act or waived, or "", for an action whose folded
// description is given: paperwork the action itself produces ("Create PO
// for 2 BrewPro machines") is done by the act, so a later time in the
// clause ("I'm out tomorrow, so could you raise the PO today") does not
// defer it.
func deferredPaperworkIn(cv *clauseView, action string) string {
	for i, cl := range cv.cl {
		if !cv.has(i, psControlDocs) {
			continue
		}
		if cv.has(i, psWaivers) {
			return strings.TrimSpace(cl)
		}
		if cv.has(i, psSettled) {
			continue // "the signed PO is attached": done, whatever comes later
		}
		if onlyMadeByAction(cl, action) || awaitsConfirmation(cl) {
			continue
		}
		// German separable verbs put the "later" at the clause's end:
		// "den Bestellschein reichen wir nach", "holen wir nach".
		if cv.has(i, psLaterStrong) && psLaterStrong.in(dropAdherence(cl)) || strings.HasSuffix(cl, " nach ") ||
			(cv.has(i, psLaterSoft) && cv.has(i, psPaperVerbs)) {
			return strings.TrimSpace(cl)
		}
	}
	return ""
}

// followVerbs defer a document only when intransitive ("the PO will
// follow"); with an object ("will follow our usual process", "seguirá el
// procedimiento") they say the process is kept, not put off.
var followVerbs = []string{" will follow ", " can follow ", " to follow ", " seguira ", " suivra ", " suivront "}

// adherenceObjects open the object of a transitive "follow" (folded).
var adherenceObjects = map[string]bool{"the": true, "our": true, "your": true, "its": true, "their": true, "a": true, "an": true,
	"this": true, "that": true, "these": true, "those": true, "usual": true, "standard": true, "normal": true, "all": true, "every": true, "each": true,
	"el": true, "la": true, "los": true, "las": true, "nuestro": true, "nuestra": true, "su": true, "sus": true, "todo": true, "todos": true,
	"le": true, "les": true, "notre": true, "nos": true, "votre": true, "vos": true, "son": true, "sa": true, "ses": true, "toutes": true, "tous": true}

// dropAdherence blanks each transitive "follow" of a padded folded clause.
func dropAdherence(cl string) string {
	for _, v := range followVerbs {
		for from := 0; ; {
			i := strings.Index(cl[from:], v)
			if i < 0 {
				break
			}
			i += from
			next := strings.Fields(cl[i+len(v):])
			if len(next) > 0 && adherenceObjects[next[0]] {
				cl = cl[:i] + strings.Repeat(" ", len(v)-1) + cl[i+len(v)-1:]
			}
			from = i + len(v) - 1
		}
	}
	return cl
}

// afterWords open the time a later step waits for (folded words).
var afterWords = map[string]bool{"once": true, "when": true, "after": true, "cuando": true, "tras": true, "despues": true,
	"sobald": true, "wenn": true, "nach": true, "nachdem": true, "apres": true, "quand": true, "des": true, "lorsque": true}

// confirmers are who confirms: the owner or the agent's side, a person.
var confirmers = map[string]bool{"she": true, "he": true, "you": true, "your": true, "they": true, "we": true, "i": true,
	"ella": true, "el": true, "usted": true, "su": true, "ustedes": true, "sie": true, "ihrer": true, "ihre": true, "ihrem": true, "er": true,
	"vous": true, "votre": true, "elle": true, "il": true}

// confirmStems make a word a confirmation or approval (folded word starts).
var confirmStems = []string{"confirm", "approv", "agree", "accord", "okay", "ok", "go ahead", "bestatig", "zustimm", "einverst", "aprueb", "aprob", "conform", "visto", "valid"}

// awaitsConfirmation reports a padded folded clause in which the later step
// waits for a person's confirmation ("once she confirms, we'll send the
// contract for signature", "le contrat suivra après votre accord"): the
// paperwork is put after the owner's yes, which is the gate kept, not the
// act done first. "Once payment is confirmed" waits for no person.
func awaitsConfirmation(cl string) bool {
	tok := strings.Fields(cl)
	for i, w := range tok {
		if !afterWords[w] {
			continue
		}
		for k := i + 1; k < len(tok) && k <= i+3; k++ {
			if !confirmers[tok[k]] {
				continue
			}
			for j := k; j < len(tok) && j <= k+2; j++ {
				for _, c := range confirmStems {
					if strings.HasPrefix(tok[j], c) {
						return true
					}
				}
			}
		}
	}
	return false
}

// makeVerbs in an action's description produce the document they govern.
var makeVerbs = []string{" create ", " raise ", " issue ", " crear ", " emitir ", " erstellen ", " ausstellen ", " anlegen ", " creer ", " emettre "}

// onlyMadeByAction reports a clause whose every control document the
// action (folded description) creates.
func onlyMadeByAction(cl, action string) bool {
	if action == "" || !containsAny(action, makeVerbs...) {
		return false
	}
	found := false
	for _, d := range controlDocs {
		if strings.Contains(cl, d) {
			if !strings.Contains(action, d) {
				return false
			}
			found = true
		}
	}
	return found
}

// clausesHave reports whether some clause of cv holds a phrase of ps.
func clausesHave(cv *clauseView, ps *phraseSet) bool {
	for i := range cv.cl {
		if cv.has(i, ps) {
			return true
		}
	}
	return false
}

// checkDeferredPaperwork flags a message that defers or waives the control
// paperwork of an action that happens now. The finding is hard when a policy
// of the case names such a control: the owner has said it comes first.
func (st *state) checkDeferredPaperwork() {
	a := st.c.Action
	if !st.msgMayHave(psControlDocs) {
		return // no control document named: the clauses are not read
	}
	cv := st.msgClauses()
	if !clausesHave(cv, psControlDocs) {
		return // named outside every clause: no description to fold
	}
	cl := deferredPaperworkIn(cv, " "+st.text(clipBytes(a.Description, maxClaimBytes)).folded()+" ")
	if cl == "" {
		return
	}
	hard := false
	for _, p := range st.policies() {
		if psControlDocs.in(st.text(clipBytes(p.Statement, maxClaimBytes)).folded()) {
			hard = true
			break
		}
	}
	// An act that moves nothing still waits for the control a policy of the
	// case names (a permit, a stability calculation: judge13a round).
	if !(a.Amount > 0 || a.Irreversible || len(a.DataCategories) > 0 || hard) {
		return
	}
	score := 0.55
	if hard {
		score = 0.7
	}
	st.add(finding{tactic: consult.PolicyBypass, kind: "deferredpaper", score: score, sig: consult.High, hard: hard,
		obs:    fmt.Sprintf("The message puts the control paperwork off until after the act, or waives it: %q.", st.clipCase(cl, 140)),
		reason: "The counterparty asks for the action now and the paperwork that must come first (order, signature, approval) later or not at all; the control exists to come before the act.",
		disp:   consult.SeekApproval})
}

// The lists as phrase sets, scanned once per clause.
var (
	psControlDocs = newPhraseSet(controlDocs)
	psWaivers     = newPhraseSet(waivers)
	psSettled     = newPhraseSet(settledWords)
	psLaterStrong = newPhraseSet(laterStrong)
	psLaterSoft   = newPhraseSet(laterSoft)
	psPaperVerbs  = newPhraseSet(paperVerbs)
)
