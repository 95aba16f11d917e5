package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- the records name a different party in the same role ----
//
// Two forms of "someone else is the real one":
//   - the counterparty claims a role towards a named person ("executive
//     assistant to Helen Marsh", "Buchhalter von Herrn Weber") and a record
//     gives that person's role to somebody else ("the directory lists Daniel
//     Okoro as Helen Marsh's executive assistant"): identity deception;
//   - the action pays a party in a role ("Calder Title & Escrow") while a
//     record designates another party for that role in this matter
//     ("names Pacific Crest Escrow as escrow agent"): the payee the message
//     supplies is inconsistent with the record.

// relationWords join a role to the person it serves (folded).
var relationWords = []string{" to ", " of ", " for ", " de ", " del ", " von ", " des ", " du ", " fur "}

// designations introduce the role a record gives a party (folded).
var designations = []string{" as ", " como ", " als ", " comme ", " en tant que "}

// designationSet finds designations in one pass.
var designationSet = newSubstrSet(designations)

// checkRealParty runs both forms.
func (st *state) checkRealParty() {
	st.checkRoleHolder()
	st.checkDesignatedPayee()
}

// checkRoleHolder: a record gives the claimed role towards the named person
// to someone other than the claimant.
func (st *state) checkRoleHolder() {
	claimed := st.c.Counterparty.ClaimedIdentity
	i := strings.IndexAny(claimed, ",(")
	if i < 0 {
		return
	}
	name := st.claimedNames(claimed)
	role := " " + foldText(clipBytes(claimed[i+1:], 200)).text + " "
	var principal []string
	for _, rw := range relationWords {
		if j := strings.Index(role, rw); j >= 0 {
			for _, w := range strings.Fields(role[j+len(rw):]) {
				if w == "." || len(principal) == 2 {
					break
				}
				if len(w) >= 3 && !stopWords.has(w) && !genericWords.has(w) {
					principal = append(principal, w)
				}
			}
			role = role[:j]
			break
		}
	}
	roleStems := stemSet(role)
	if len(name) < 2 || len(principal) < 2 || len(roleStems) == 0 {
		return
	}
	for rs := range st.recordSentences() {
		f := " " + rs.folded() + " "
		if !containsAllWords(f, principal) || containsAllWords(f, name[len(name)-1:]) || rs.hasNeg() {
			continue
		}
		if n, _ := sharedStems(rs.stems(), roleStems); n == 0 || !containsAny(f, designations...) && !containsAny(f, " is ", " es ", " ist ", " est ") {
			continue
		}
		st.add(finding{tactic: consult.IdentityDeception, kind: "roleholder", score: 0.85, sig: consult.Critical, hard: true,
			obs:    fmt.Sprintf("%s %s gives the role the counterparty claims to someone else: %q.", capFirst(rs.t.kind), rs.t.id, st.clipCase(strings.TrimSpace(rs.text), 160)),
			reason: fmt.Sprintf("The counterparty claims to be %s, and %s %s names another person in that role.", st.clipCase(claimed, 80), rs.t.kind, rs.t.id),
			refs:   []string{rs.t.id}, disp: consult.DoNotProceed})
		return
	}
}

// containsAllWords reports whether every word starts a word of the padded
// folded text ("marsh" in "marshs", the folded possessive).
func containsAllWords(f string, ws []string) bool {
	for _, w := range ws {
		if !strings.Contains(f, " "+w) {
			return false
		}
	}
	return len(ws) > 0
}

// foldPadOK reports whether f starts and ends with a space, so that a
// phrase between single spaces occurs in f where it occurs in " "+f+" ",
// less the one byte, and what follows it is the same but for a space.
func foldPadOK(f string) bool { return len(f) > 0 && f[0] == ' ' && f[len(f)-1] == ' ' }

// checkDesignatedPayee: a payment's recipient shares its role word with a
// party a record designates for that role, and nothing on record names the
// recipient itself.
func (st *state) checkDesignatedPayee() {
	a := st.c.Action
	if a.Amount <= 0 || a.Recipient == "" {
		return
	}
	var words []string
	for s := st.text(clipBytes(a.Recipient, 200)).folded(); ; {
		w, rest, ok := nextFoldedWord(s)
		if !ok {
			break
		}
		s = rest
		if len(w) >= 4 && !hasASCIIDigit(w) && !genericWords.has(w) && !stopWords.has(w) {
			words = append(words, w)
		}
	}
	if len(words) < 2 {
		return
	}
	// The records' folded text joined, built only once a record designates
	// one of the recipient's words: most cases have no designation.
	known, haveKnown := "", false
	for rs := range st.recordSentences() {
		// A folded sentence starts and ends with a space: the words of
		// designations, each between single spaces, are found in it as
		// in its padded form, one byte further on (foldPadOK).
		f := rs.folded()
		if !foldPadOK(f) {
			f = " " + f + " "
		}
		if !designationSet.in(f) {
			continue // the usual sentence: one pass, not a search per designation
		}
		for _, d := range designations {
			j := strings.Index(f, d)
			if j < 0 {
				continue
			}
			after := strings.Fields(f[j+len(d):])
			if len(after) > 3 {
				after = after[:3]
			}
			role := ""
			for _, w := range after {
				for _, rw := range words {
					if w == rw {
						role = rw
					}
				}
			}
			if role == "" {
				continue
			}
			// The recipient's own name must be unknown to every record.
			if !haveKnown {
				var all strings.Builder
				for _, t := range st.trusted {
					all.WriteString(" " + st.rec(t).folded() + " ")
				}
				known, haveKnown = all.String(), true
			}
			named := false
			for _, rw := range words {
				if rw != role && strings.Contains(known, " "+rw+" ") {
					named = true
				}
			}
			if named {
				continue
			}
			st.add(finding{tactic: consult.InconsistentClaims, kind: "designatedpayee", score: 0.7, sig: consult.Critical, hard: true,
				obs:    fmt.Sprintf("The action pays %s, but %s %s designates another party for that role: %q.", st.clipCase(a.Recipient, 80), rs.t.kind, rs.t.id, st.clipCase(strings.TrimSpace(rs.text), 160)),
				reason: fmt.Sprintf("The payee the message supplies is not the party %s %s names for this role; the record decides where the money goes.", rs.t.kind, rs.t.id),
				refs:   []string{rs.t.id}, disp: consult.DoNotProceed})
			return
		}
	}
}
