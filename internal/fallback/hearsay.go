package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- approval claimed second-hand ----
//
// "Your VP of Sales already told our COO 35% is fine", "agreed verbally with
// your engineering director", "she's approving it herself", "su director lo
// aprobó por teléfono", "Ihr Bereichsleiter hat mündlich zugestimmt": the
// counterparty asserts that someone with authority approved, through a
// channel the agent cannot see. That is an authority claim; it is a hard one
// when a record on the agent's side says the approval (or the change order,
// the sign-off) is not there. An approval the records show is no tactic.

// approvalVerbs say that someone approved or agreed (verb forms: the noun
// "approval" names the paperwork, not a claim that it was given).
var approvalVerbs = []string{
	" approved", " approves", " approving", " agreed", " agrees", " signed off", " okd ", " okayed", " authorized", " authorised",
	" gave the go ahead", " green light", " is fine", " fine with", " said yes", " cleared it", " blessed",
	" aprobo", " aprobado", " aprobada", " autorizo", " autorizado", " visto bueno", " esta de acuerdo", " acordo", " acepto", " dio el ok",
	" genehmigt", " freigegeben", " zugestimmt", " abgesegnet", " einverstanden", " vereinbart", " in ordnung", " okay gegeben",
	" approuve", " valide", " autorise", " donne son accord", " est daccord", " convenu", " accepte", " feu vert",
}

// secondHand mark an approval the counterparty relays: a person with a role
// who is not the speaker, or a channel off the record.
var secondHand = []string{
	" director", " vp ", " vice president", " ceo", " cfo", " coo", " cto", " head of", " manager", " boss",
	" supervisor", " managing partner", " owner", " herself", " himself",
	" verbally", " on a call", " on the phone", " by phone", " over the phone", " told ", " said ",
	" su director", " su jefe", " gerente", " jefa", " jefe", " ella misma", " el mismo", " verbalmente", " por telefono", " me dijo", " dijo",
	" direktor", " leiter", " chef", " geschaftsfuhr", " vorgesetzt", " vorstand", " mundlich", " telefonisch", " sagte", " gesagt",
	" directeur", " directrice", " responsable", " patron", " pdg", " verbalement", " oralement", " au telephone", " ma dit", " a dit",
}

// firstPerson approvals are the speaker's own ("I approved"): not relayed.
var firstPerson = []string{" i approved", " i ve approved", " ive approved", " i agreed", " i authori", " yo aprobe", " ich habe genehmigt", " ich habe freigegeben", " jai approuve", " jai valide"}

// absentMarks in a record say an approval or its paperwork is missing.
var approvalRecordWords = []string{"approv", "authori", "sign", "change order", "exception", "waiver", "consent",
	"genehm", "freigab", "unterschr", "aprob", "autoriz", "firma", "valid", "accord", "derog"}

// relayedApprovalIn returns the clause of the message's clause view
// (msgClauses) that relays someone else's approval, or "".
func relayedApprovalIn(cv *clauseView) string {
	for i, cl := range cv.cl {
		if cv.has(i, psApprovalVerbs) && cv.has(i, psSecondHand) && !cv.has(i, psFirstPerson) {

			return strings.TrimSpace(cl)
		}
	}
	return ""
}

// approvalAbsentOnRecord returns the id and text of a trusted record that
// says an approval, sign-off or change order is not there.
func (st *state) approvalAbsentOnRecord() (string, string) {
	for rs := range st.recordSentences() {
		if approvalNegated(rs.folded()) {
			return rs.t.id, rs.text
		}
	}
	return "", ""
}

// checkRelayedApproval flags an approval the counterparty relays from
// someone else. With a record that says the approval is missing it is hard;
// without one it counts from a counterparty who is not verified, or when
// the message says the approver cannot be reached (boarding, in a meeting,
// on leave): an approval nobody can check.
func (st *state) checkRelayedApproval() {
	a := st.c.Action
	if !(a.Amount > 0 || a.Irreversible || len(a.DataCategories) > 0) {
		return
	}
	if !st.msgMayHave(psApprovalVerbs, psSecondHand) {
		return // no clause can relay an approval: the clauses are not read
	}
	cl := relayedApprovalIn(st.msgClauses())
	if cl == "" {
		return
	}
	if id, rec := st.approvalAbsentOnRecord(); id != "" {
		st.add(finding{tactic: consult.AuthorityClaim, kind: "relayedapproval", score: 0.7, sig: consult.High, hard: true,
			obs:    fmt.Sprintf("The message relays an approval (%q) that record %s says is not on file: %q.", st.clipCase(cl, 120), id, st.clipCase(strings.TrimSpace(rec), 140)),
			reason: "The counterparty invokes someone else's approval through a channel the agent cannot check, and the records show no such approval; it must be confirmed with the approver directly.",
			refs:   []string{id}, disp: consult.SeekApproval})
		return
	}
	if st.c.Counterparty.Verified && !psUnreachable.in(st.msg.text) {
		return
	}
	if st.relayedOnRecord(cl) {
		return // the records show the approval the message relays
	}
	if psWaitFor.in(st.msg.text) {
		return // "she's on leave, so hold it until she's back" defers to the approver
	}
	st.add(finding{tactic: consult.AuthorityClaim, kind: "relayedapproval", score: 0.5, sig: consult.High,
		obs:    fmt.Sprintf("An unverified counterparty relays an approval the records do not show: %q.", st.clipCase(cl, 120)),
		reason: "An approval relayed second-hand by a counterparty whose identity is not verified must be confirmed with the approver directly.",
		disp:   consult.SeekApproval})
}

// unreachable say the approver cannot be asked right now: the classic
// setting of an approval nobody can check (folded).
var unreachable = []string{" boarding", " on a flight", " on the plane", " in the air", " in a meeting", " in meetings", " on vacation", " on holiday", " on leave",
	" unreachable", " cant be reached", " cannot be reached", " offline", " no signal", " when she lands", " when he lands",
	" embarcando", " en vuelo", " en el avion", " en una reunion", " de vacaciones", " ilocalizable", " sin cobertura",
	" im flug", " im flugzeug", " in einer besprechung", " im meeting", " im urlaub", " nicht erreichbar", " kein netz",
	" embarque", " en vol", " dans lavion", " en reunion", " en vacances", " en conge", " injoignable", " pas joignable"}

// waitFor words defer the act to the approver's return.
var waitFor = []string{" wait for her", " wait for him", " wait until", " hold it until", " hold the payment", " until shes back", " until hes back",
	" esperar a que", " esperamos a", " warten bis", " warten sie bis", " attendre son retour", " attendons"}

// The message lists as phrase sets.
var (
	psApprovalVerbs = newPhraseSet(approvalVerbs)
	psSecondHand    = newPhraseSet(secondHand)
	psFirstPerson   = newPhraseSet(firstPerson)
	psUnreachable   = newPhraseSet(unreachable)
	psWaitFor       = newPhraseSet(waitFor)
)

// absentWords say that what is next to them is missing (folded words).
var absentWords = map[string]bool{"no": true, "not": true, "none": true, "without": true, "pending": true, "missing": true, "empty": true,
	"never": true, "isnt": true, "wasnt": true, "hasnt": true, "kein": true, "keine": true, "nicht": true, "ohne": true, "ausstehend": true,
	"sin": true, "ningun": true, "ninguna": true, "pendiente": true, "aucun": true, "aucune": true, "pas": true, "sans": true, "attente": true}

// absentBefore are the absentWords that negate only what follows them: "no
// approval", "without sign-off". After an approval word they open a new
// phrase about something else ("approved, no discrepancies", "signed off
// without changes"), so they do not look back.
var absentBefore = map[string]bool{"no": true, "none": true, "without": true, "never": true, "kein": true, "keine": true, "ohne": true,
	"sin": true, "ningun": true, "ninguna": true, "aucun": true, "aucune": true, "sans": true}

// relayedSentenceOnRecord is relayedOnRecord for the folded sentence of t
// around a relayed word found at [at, end): the cue checks that read a
// relayed approval (judge12a's sign-off, judge17a's relayed word) each
// leave it alone when a record affirms it.
func (st *state) relayedSentenceOnRecord(t string, at, end int) bool {
	from := strings.LastIndex(t[:at], " . ") + 1
	to := strings.Index(t[end-1:], " . ")
	if to < 0 {
		to = len(t)
	} else {
		to += end - 1
	}
	return st.relayedOnRecord(strings.TrimSpace(t[from:to]))
}

// relayedOnRecord reports a trusted record sentence that affirms an
// approval of what the relayed clause is about: an approval word not
// negated, and a reference the clause gives (a number such as the invoice
// or requisition), two of its words, or one that also names what the action
// acts on ("the invoice was approved" against "Pay invoice 2024-117"). An
// approval of something else ("discount approved" against "approved the
// new account") does not count.
func (st *state) relayedOnRecord(clause string) bool {
	cw := map[string]bool{}
	for _, w := range strings.Fields(clause) {
		cw[w] = true
	}
	cs := stemSet(clause)
	act := st.descStems()
	for rs := range st.recordSentences() {
		f := rs.folded()
		if approvalNegated(f) || !containsAny(" "+f+" ", approvalVerbs...) {
			continue
		}
		ref := false
		for _, w := range strings.Fields(f) {
			if len(w) >= 3 && hasASCIIDigit(w) && cw[w] {
				ref = true
				break
			}
		}
		n, onAct := 0, false
		for w := range rs.stems() {
			if cs[w] && !isApprovalStem(w) {
				n++
				onAct = onAct || act[w]
			}
		}
		if ref || n >= 2 || onAct {
			return true
		}
	}
	return false
}

// isApprovalStem reports a stem of an approval word, which every approval
// sentence shares.
func isApprovalStem(w string) bool {
	for _, a := range approvalRecordWords {
		if strings.HasPrefix(w, a) || strings.HasPrefix(a, w) {
			return true
		}
	}
	return false
}

// approvalNegated reports a folded record sentence in which a negation
// sits within three words of an approval or sign-off word ("no discount
// approval", "no change order is on file", "approval log empty", "nicht
// genehmigt"): the approval is what is missing. "Invoice approved, no
// discrepancies" negates the discrepancies.
func approvalNegated(f string) bool {
	tok := strings.Fields(f)
	// "No overtime timesheet for Dmitri Volkov is approved": a sentence that opens on "no"
	// denies its subject, however far the approval word stands from it (judge17a).
	opensNo := len(tok) > 0 && absentBefore[tok[0]] && tok[0] != "without" && tok[0] != "ohne"
	for i, w := range tok {
		hit := false
		for _, a := range approvalRecordWords {
			if strings.HasPrefix(w, a) || (a == "change order" && w == "change" && i+1 < len(tok) && tok[i+1] == "order") {
				hit = true
				break
			}
		}
		if !hit {
			continue
		}
		if opensNo {
			return true
		}
		for k := max(0, i-3); k < len(tok) && k <= i+3; k++ {
			if k != i && absentWords[tok[k]] && (k < i || !absentBefore[tok[k]]) {
				return true
			}
		}
	}
	return false
}
