package fallback

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- authority the counterparty puts on record for itself ----
//
// "The CRO has approved carrying extra length", "The board office
// authorised this export", "GlobalTech HR appointed GlobalCover as Raj's
// broker", "Dr. Laurent asked for the concierge line to be primary
// contact", "El director de compras aprobó la excepción", "Die
// Personalabteilung hat uns beauftragt": the case's facts include one the
// counterparty asserts (unverified), saying that someone with standing (a
// role, an office, a titled or named person) approved, authorised,
// appointed or instructed what the action does. checkRelayedApproval reads
// the message; the same lever sits just as often in the facts the
// counterparty supplies. It is an authority claim unless a record of the
// owner's side shows the approval; hard when a record says the approval or
// its paperwork is missing.

// mandateVerbs say someone approved, authorised, appointed or instructed
// (folded, spaced), beyond the approval verbs of hearsay.go.
var mandateVerbs = []string{" appointed", " asked", " instructed", " requested", " mandated", " designated", " delegated", " told us",
	" nombro", " designo", " pidio", " encargo", " ordeno", " solicito", " encomendo",
	" beauftragt", " ernannt", " gebeten", " angewiesen", " bevollmachtigt", " verlangt",
	" nomme", " designe", " demande", " mandate", " charge"}

// standingWords give the subject of the assertion standing: a role, an
// office, a title (folded, spaced).
var standingWords = []string{" ceo", " cfo", " coo", " cro", " cto", " ciso", " vp", " vice president", " president", " director", " head",
	" manager", " supervisor", " officer", " board", " office", " department", " hr", " legal", " compliance", " representative",
	" lead", " chair", " partner", " owner", " dr ", " doctor", " cardiologist", " physician", " lawyer", " attorney", " auditor",
	" director", " directora", " jefe", " jefa", " gerente", " departamento", " junta", " abogado", " medico",
	" leiter", " leiterin", " vorstand", " geschaftsfuhr", " abteilung", " personalabteilung", " rechtsabteilung", " arzt", " arztin", " chef",
	" directeur", " directrice", " responsable", " service", " conseil", " medecin", " avocat", " pdg", " dg ",
	// Another agent or a colleague of the agent's own side: an approval
	// said to come from them borrows the organisation's authority.
	" agent ", " colleague", " agente ", " colega", " kollege", " kollegin", " sachbearbeiter", " collegue", " conseiller", " conseillere"}

// checkAssertedAuthority flags a counterparty-asserted fact in which
// someone with standing approved or instructed the request.
func (st *state) checkAssertedAuthority() {
	if st.hasFinding("relayedapproval") {
		return
	}
	for _, f := range st.c.Facts {
		if f.Source != consult.SourceCounterparty || f.Status == consult.FactVerified || f.Statement == "" {
			continue
		}
		stmt := clipBytes(f.Statement, maxClaimBytes)
		low := " " + foldedText(stmt) + " "
		verb := -1
		for _, vs := range [][]string{approvalVerbs, mandateVerbs} {
			for _, v := range vs {
				if i := strings.Index(low, v); i >= 0 && (verb < 0 || i < verb) {
					verb = i
				}
			}
		}
		if verb < 0 || containsAny(low, firstPerson...) {
			continue
		}
		subj := low[:verb]
		if !containsAny(subj+" ", standingWords...) && !namedSubject(stmt) {
			continue // "the card holder agreed": consent, not authority
		}
		if st.relayedOnRecord(low) || st.approverOnRecord(subj, stmt) {
			continue // the records show the approval
		}
		fd := finding{tactic: consult.AuthorityClaim, kind: "assertedauthority", score: 0.5, sig: consult.High,
			obs:    fmt.Sprintf("The counterparty asserts, with nothing on record to show it, that someone with standing approved or asked for this: %q (%s).", st.clipCase(strings.TrimSpace(stmt), 120), f.ID),
			reason: "An approval or instruction the counterparty attributes to someone with authority must be confirmed with that person through the owner's own channel before it is acted on.",
			refs:   []string{f.ID}, disp: consult.SeekApproval}
		if id, rec := st.approvalAbsentOnRecord(); id != "" {
			fd.score, fd.hard = 0.7, true
			fd.obs += fmt.Sprintf(" Record %s says the approval is not there: %q.", id, st.clipCase(strings.TrimSpace(rec), 120))
			fd.refs = append(fd.refs, id)
		}
		st.add(fd)
		return
	}
}

// namedSubject reports a statement that opens with a person's name: two
// capitalised words, or a title and a name ("Helen Marsh is approving",
// "Dr. Halvorsen approved"); "The customer" is no name.
func namedSubject(stmt string) bool {
	ws := strings.Fields(stmt)
	if len(ws) < 2 {
		return false
	}
	upper := func(w string) bool {
		r := []rune(w)
		return len(r) >= 2 && unicode.IsUpper(r[0])
	}
	if nameStopWords[toLower(ws[0])] || toLower(ws[0]) == "a" || toLower(ws[0]) == "an" {
		return false
	}
	return upper(ws[0]) && upper(ws[1])
}

// approverOnRecord reports a record sentence that shows the approval the
// fact asserts: it names the approver (a word of the fact's subject: "M.
// Ferreira", "CFO"), uses an approval word ("approvals 2/2", "signed"), is
// tied to the fact by an id ("WR-90112") or two words, and has no
// negation.
func (st *state) approverOnRecord(subj, stmt string) bool {
	var who []string
	for _, w := range strings.Fields(subj) {
		if len(w) >= 3 && !stopWords.has(w) && !articleWords[w] {
			who = append(who, " "+w)
		}
	}
	if len(who) == 0 {
		return false
	}
	ids := idTokens(stmt)
	stems := stemSet(stmt)
	// shows reads one part of a record in its folded (f) and lowered forms.
	shows := func(text, f, low string, partStems func() map[string]bool) bool {
		f = " " + f + " "
		if !containsAny(f, who...) || !containsAny(f, approvalRecordWords...) || hasNeg(low) {
			return false
		}
		n, _ := sharedStems(stems, partStems())
		return n >= 2 || sharesToken(idTokens(text), ids)
	}
	for t, tv := range st.records() {
		// A short record is read whole: initials ("M. Ferreira") would cut
		// it into pieces that name the approver and the approval apart.
		if len(t.text) <= 240 {
			if shows(t.text, tv.folded(), tv.lower(), func() map[string]bool { return foldedStems(tv.folded()) }) {
				return true
			}
			continue
		}
		for rs := range tv.recSents(t) {
			if shows(rs.text, rs.folded(), rs.lower(), rs.stems) {
				return true
			}
		}
	}
	return false
}
