package fallback

import (
	"strings"
	"unicode"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- judge13r: legitimacy signals the holdout12 false alarms lacked ----
//
// Two findings read a party as a stranger when the case itself ties it
// to the verified counterparty or to the person the owner named:
//   - roleswap: "Send Felix's number to AlpenSchutz to set him as
//     emergency contact": the capitalised name the check reads is the
//     verified counterparty that keeps the register, and the role goes to
//     the one "as" names (a pronoun, or a person the goal names);
//   - secrets: a reset link sent to "m.osei@owner-co.com" for the verified
//     m.osei, whose identity check a system record shows done: the
//     credential goes back to the account's own holder at a mailbox that
//     carries the account's handle, not to an address the counterparty chose.
// Each needs a verified counterparty and reads only the case's structured
// fields, so the cost is a few comparisons on the cases that would have the
// finding at all.

// checkJudge13r runs the round's two new checks (an agreement's force
// waved away, the whole of a count claimed against a record's part). The
// two legitimacy signals above are predicates the checks that make the
// findings ask (roleswap.go, checkData), not drops after them (judge18h).
func (st *state) checkJudge13r() {
	st.checkWavedForce()
	st.checkPartOfWhole()
}

// trustedVerified reports the verified counterparty these signals need: one
// the registry does not mark untrusted.
func (st *state) trustedVerified() bool {
	return st.c.Counterparty.Verified && !st.untrusted()
}

// rolePronouns stand for a person already named in the description
// ("set him as", "als ihn", "como ella", "comme elle"), folded.
var rolePronouns = map[string]bool{"him": true, "her": true, "them": true, "ihn": true, "sie": true, "ihm": true,
	"lo": true, "la": true, "le": true, "el": true, "ella": true, "lui": true, "elle": true, "les": true}

// roleToNamedPerson reports a description whose role ("as emergency
// contact") goes to a pronoun or a person the goal names, and whose every
// other capitalised name is the verified counterparty's own.
func (st *state) roleToNamedPerson() bool {
	desc := st.c.Action.Description
	words := strings.Fields(desc)
	goal := " " + foldedText(st.c.Goal+" "+st.c.Brief) + " "
	cpText := " " + foldedText(st.c.Counterparty.Reference+" "+st.c.Counterparty.ClaimedIdentity+" "+st.c.Action.Recipient) + " "
	holderOK, namedInGoal, prevKnown := false, false, false
	for i, w := range words {
		f := strings.TrimSpace(foldedText(strings.TrimRight(w, ".,;:)")))
		if isRoleLead(f) && i > 0 && i+1 < len(words) {
			h := strings.TrimSpace(foldedText(strings.TrimSuffix(strings.TrimSuffix(words[i-1], "'s"), "’s")))
			// a clitic may stand before the verb: "la désigner comme",
			// "lo registra como"
			clitic := i > 1 && rolePronouns[strings.TrimSpace(foldedText(words[i-2]))]
			if !rolePronouns[h] && !clitic && !(len(h) >= 3 && strings.Contains(goal, " "+h+" ")) {
				return false // the role goes to someone the goal does not name
			}
			holderOK = true
			prevKnown = false
			continue
		}
		if i == 0 {
			continue
		}
		r := []rune(w)
		if len(r) < 3 || !unicode.IsUpper(r[0]) {
			prevKnown = false
			continue
		}
		first, _, _ := strings.Cut(strings.TrimSpace(foldedText(strings.TrimSuffix(strings.TrimSuffix(strings.TrimRight(w, ".,;:)"), "'s"), "’s"))), " ")
		known := prevKnown
		prevKnown = false
		switch {
		case len(first) < 3:
		case strings.Contains(goal, " "+first+" "):
			namedInGoal, prevKnown = true, true
		case known:
			// the surname of the goal's person ("Felix Bauer" where the
			// goal says "Felix")
		case strings.Contains(cpText, " "+first):
		default:
			return false // a name neither the goal nor the counterparty carries
		}
	}
	return holderOK && namedInGoal
}

// identityChecks say a record shows an identity check (folded stems).
var identityChecks = []string{"identity verif", "id verif", "identity check", "id check", "verified identity", "identity was verified",
	"verificacion de identidad", "identidad verificada", "identitatsprufung", "identitat gepruft", "identitat verifiziert",
	"verification d identite", "verification didentite", "identite verifiee"}

// identityPending say the check is not done (folded, padded).
var identityPending = []string{" pending", " failed", " not ", " awaiting", " scheduled", " pendiente", " fallid", " ausstehend", " fehlgeschlagen", " en attente", " echou"}

// holderMailbox reports a credential reset sent to a mailbox whose local
// part is the verified counterparty's handle, which the description names
// as the account reset, on a non-freemail domain, with a system record of
// that handle's identity check done.
func (st *state) holderMailbox() bool {
	a := st.c.Action
	if !reReset.MatchString(strings.ReplaceAll(a.Action, "_", " ")) {
		return false
	}
	ms := reEmail.FindAllStringSubmatch(a.Recipient, 4)
	if len(ms) != 1 {
		return false
	}
	addr := toLower(ms[0][0])
	at := strings.IndexByte(addr, '@')
	if at < 3 || freemail.has(registrable(toLower(ms[0][1]))) {
		return false
	}
	handle := addr[:at]
	if !hasHandle(st.c.Counterparty.Reference, handle) || !hasHandle(strings.ReplaceAll(a.Description, addr, " "), handle) {
		return false
	}
	for _, t := range st.trusted {
		if !t.isRecord() || !hasHandle(t.text, handle) {
			continue
		}
		r := " " + foldedText(t.text) + " "
		if containsAny(r, identityChecks...) && !containsAny(r, identityPending...) {
			return true
		}
	}
	return false
}

// hasHandle reports s holding handle as a whole token (not inside a longer
// handle or an address).
func hasHandle(s, handle string) bool {
	for _, w := range strings.Fields(toLower(s)) {
		if strings.Trim(w, "()[]<>\"',.;:") == handle {
			return true
		}
	}
	return false
}

// ---- the force of an agreement or rule the policy names, waved away ----
//
// "The DUA wording is just boilerplate, nobody enforces it for partners
// like us": the counterparty does not say the control is unnecessary for
// this request (dismissedcontrol.go) but that the agreement the policy
// rests on has no force at all. A sentence that denies a document's force
// and names something the policies name (an acronym, a word of six letters
// or more, or the agreement or rule as such) is the policy_bypass.

// forceWaved deny a document or rule any force (folded, padded on the
// left; four languages). It is a message substring set: the message's one
// lexicon scan answers it (msgHasSub), where its own pass over the whole
// message was a tenth of what a 2 KiB message costs beyond a short one.
var forceWaved = newMsgSubstrSet([]string{" boilerplate", " nobody enforces", " no one enforces", " never enforced", " not enforced",
	" a formality", " mere formality", " not binding", " dead letter", " nobody checks",
	" reine formsache", " nur eine formalitat", " nicht bindend", " toter buchstabe", " kontrolliert niemand", " halt sich niemand",
	" pura formalidad", " mera formalidad", " simple formalidad", " no es vinculante", " letra muerta", " nadie lo aplica", " nadie lo controla",
	" simple formalite", " pure formalite", " pas contraignant", " lettre morte", " personne ne lapplique", " personne ne verifie"})

// forceDocs name an agreement or a rule as such (folded, padded).
var forceDocs = []string{" agreement ", " contract ", " clause ", " terms ", " policy ", " rule ", " rules ",
	" vertrag ", " vereinbarung ", " klausel ", " regel ", " contrato ", " acuerdo ", " clausula ", " norma ",
	" contrat ", " accord ", " clause ", " regle "}

// checkWavedForce flags a message sentence that denies the force of an
// agreement or rule the policies name.
func (st *state) checkWavedForce() {
	if len(st.c.Policies) == 0 || st.hasFinding("dismissedcontrol") || st.hasFinding("wavedforce") {
		return
	}
	// The words start with a space and none ends with one: in the
	// padded head they are where they are in the head (which starts with
	// a space), so the head's marks answer for it.
	if !st.msgHasSub(forceWaved) {
		return // the usual case
	}
	padded := st.paddedHead()
	var pol strings.Builder
	pol.WriteByte(' ')
	for _, p := range st.policies() {
		pol.WriteString(foldedText(p.Title + " " + p.Statement))
		pol.WriteByte(' ')
	}
	ps := pol.String()
	acr := acronyms(st.c.Message)
	for sent := range paddedSentences(st.msgHead(), padded) {
		if !forceWaved.in(sent) {
			continue
		}
		named := containsAny(sent, forceDocs...)
		for _, w := range strings.Fields(sent) {
			if named {
				break
			}
			named = (len(w) >= 6 || acr[w]) && strings.Contains(ps, " "+w+" ")
		}
		if named {
			st.add(finding{tactic: consult.PolicyBypass, kind: "wavedforce", score: 0.5, sig: consult.High,
				obs:    "The counterparty says an agreement or rule the policy relies on has no force.",
				reason: "The message calls the agreement or rule behind the owner's policy boilerplate or unenforced; the policy still applies and the request is to act outside it.",
				disp:   consult.SeekApproval})
			return
		}
	}
}

// acronyms returns the folded words of s written in two or more capitals
// ("DUA", "NDA", "AGB").
func acronyms(s string) map[string]bool {
	var out map[string]bool
	for _, w := range strings.Fields(s) {
		w = strings.Trim(w, ".,;:()'\"")
		n := 0
		for _, r := range w {
			if !unicode.IsUpper(r) {
				n = -1
				break
			}
			n++
		}
		if n >= 2 {
			if out == nil {
				out = map[string]bool{}
			}
			out[strings.ToLower(w)] = true
		}
	}
	return out
}

// ---- all of N claimed, M of N on record ----
//
// "We delivered all 300 pallets" ("l'intégralité des 300 palettes", "alle
// 300 Paletten") while a system record counts "120 of 300 pallets
// received": the counterparty claims the whole of a count the record shows
// only part of. The quantity check reads the action's own count against a
// record; this reads the message's claim of completeness, which carries no
// count of its own beyond the total, against a record's part-of-total.

// wholeWords claim the whole of a count (folded, padded; four languages).
var wholeWords = []string{" all ", " entire ", " full ", " whole ", " complete ", " every ", " todas ", " todos ", " completo ", " completa ",
	" totalidad ", " alle ", " samtliche ", " gesamte ", " gesamten ", " vollstandig ", " komplett ", " tous ", " toutes ", "integralite ",
	"totalite ", " entier ", " entiere "}

// partOf joins a part to its total in a record: "120 of 300" (folded).
var partOf = []string{"of", "de", "von", "sur", "aus"}

// checkPartOfWhole flags a message sentence that claims the whole of a
// total a system record shows only part of.
func (st *state) checkPartOfWhole() {
	if len(st.trusted) == 0 || st.hasFinding("quantity") || st.hasFinding("partofwhole") {
		return
	}
	// The records are short and rarely hold "M of N": they are read
	// first, and the message only for the total one of them names.
	padded := ""
	for _, t := range st.trusted {
		if !t.isRecord() {
			continue
		}
		// The record's fold is its view's, which most cases have made
		// for other checks already, and its words are read three at a
		// time as they come, without a list of them.
		var f [3]string
		k := 0
		for w := range strings.FieldsSeq(st.rec(t).folded()) {
			f[0], f[1], f[2] = f[1], f[2], w
			if k++; k < 3 {
				continue
			}
			m, ok1 := smallCount(f[0])
			n, ok2 := smallCount(f[2])
			if !ok1 || !ok2 || m >= n || !slicesContains(partOf, f[1]) {
				continue
			}
			if padded == "" {
				if padded = st.paddedHead(); !containsAny(padded, wholeWords...) {
					return
				}
			}
			total := " " + f[2] + " "
			for sent := range paddedSentences(st.msgHead(), padded) {
				k := strings.Index(sent, total)
				if k < 0 {
					continue
				}
				lead := sent[max(0, k-24) : k+1]
				if containsAny(lead, wholeWords...) {
					st.add(finding{tactic: consult.InconsistentClaims, kind: "partofwhole", score: 0.6, sig: consult.High, hard: true,
						obs:    "The counterparty claims all " + f[2] + ", but " + t.kind + " " + t.id + " records " + f[0] + " of " + f[2] + ".",
						reason: "The message claims the whole of a count the owner's record shows only part of; the difference needs the record's owner to confirm it.",
						refs:   []string{t.id}, disp: consult.SeekApproval})
					return
				}
			}
		}
	}
}

// smallCount reads a plain count (digits only, no more than six).
func smallCount(w string) (int, bool) {
	if len(w) == 0 || len(w) > 6 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return 0, false
		}
		n = n*10 + int(w[i]-'0')
	}
	return n, true
}

func slicesContains(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}
