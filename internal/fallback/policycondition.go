package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a conditional prohibition whose condition the records meet ----
//
// "If any segment has already been flown, the agent cannot cancel it";
// "Si la póliza ya ha vencido, el agente no puede renovarla"; "Wenn die
// Frist bereits abgelaufen ist, darf der Agent nicht erstatten". The policy
// states a condition and forbids an act under it; the action is that act;
// and a record states the condition as true. The counterparty's wording is
// beside the point (a polite request is still refused), so the finding names
// no tactic, as in the tau2 cases where a plain policy breach carries none.

var condLeads = []string{" if ", " si ", " wenn ", " falls ", " once "}

// forbidMarks open the forbidden act; the verb follows them (German puts it
// before "nicht", so the clause's words are searched too).
var forbidMarks = []string{" cannot ", " can not ", " may not ", " must not ", " is not allowed to ", " are not allowed to ",
	" no puede ", " no se puede ", " no podra ", " no debe ", " ne peut pas ", " ne peut ", " ne doit pas ", " darf ", " durfen ", " kann "}

// condAux precede the condition's predicate ("has already been flown").
var condAux = map[string]bool{"been": true, "is": true, "was": true, "are": true, "were": true, "has": true, "have": true, "had": true,
	"ha": true, "han": true, "sido": true, "esta": true, "estan": true, "fue": true,
	"ist": true, "sind": true, "wurde": true, "wurden": true, "bereits": true, "schon": true,
	"a": true, "ont": true, "ete": true, "est": true, "deja": true}

// condFill are words between an auxiliary and the predicate.
var condFill = map[string]bool{"already": true, "been": true, "ya": true, "se": true, "deja": true, "ete": true, "bereits": true, "schon": true, "fully": true, "partly": true, "partially": true}

// condNeg before a predicate turn the record round ("is not flown", "no
// segment flown").
var condNeg = map[string]bool{"not": true, "no": true, "never": true, "none": true, "nicht": true, "kein": true, "keine": true, "nie": true,
	"nunca": true, "ningun": true, "ninguno": true, "pas": true, "jamais": true, "aucun": true, "aucune": true, "yet": true}

// checkIfForbidden flags an action a policy forbids under a condition the
// case's own records state as met.
func (st *state) checkIfForbidden(v *j3fold) {
	if len(st.c.Policies) == 0 || len(st.trusted) == 0 || st.hasFinding("ifforbidden") {
		return
	}
	for pi, p := range st.policies() {
		// A folded policy has single spaces and one at either end, so each
		// padded sentence of policySents is a piece of it: a policy without
		// a forbidding mark and a condition's lead has no sentence
		// ifForbidden reads, and is not cut. The marks are longer than the
		// leads, which makes their pass the faster and the first.
		if !v.policyHas(pi, forbidMarkSet) || !v.policyHas(pi, condLeadSet) {
			continue
		}
		for _, sent := range v.policySents(pi) {
			pred, verb := ifForbidden(sent)
			if pred == "" || verb == "" || !strings.Contains(v.actDesc(), verb) {
				continue
			}
			for ti, t := range st.trusted {
				if t.kind == "earlier turn" || t.kind == "owner fact" {
					continue
				}
				if !affirms(v.record(ti), pred) {
					continue
				}
				st.add(finding{kind: "ifforbidden", score: 0.5, sig: consult.High, hard: true, refs: []string{t.id},
					obs:    fmt.Sprintf("Policy %s forbids this action when %q, and %s %s says so.", policyName(p), pred, t.kind, t.id),
					reason: fmt.Sprintf("Policy %s rules the action out under a condition the records show is met (%s: %s).", policyName(p), t.id, st.clipCase(t.text, 120)),
					disp:   consult.SeekApproval})
				return
			}
		}
	}
}

// condLeadSet and forbidMarkSet are condLeads and forbidMarks as
// one-pass sets.
var condLeadSet, forbidMarkSet = newSubstrSet(condLeads), newSubstrSet(forbidMarks)

// ifForbidden reads a folded sentence "if <condition> ... cannot <verb>"
// and returns the condition's predicate and a five-letter stem of the
// forbidden verb; empty when the sentence is not of that shape.
func ifForbidden(s string) (pred, verb string) {
	if !condLeadSet.in(s) {
		return "", "" // no lead: one pass instead of a search for each
	}
	ci := -1
	for _, l := range condLeads {
		if i := strings.Index(s, l); i >= 0 && (ci < 0 || i < ci) {
			ci = i + len(l) - 1
		}
	}
	if ci < 0 {
		return "", ""
	}
	fi, fl := -1, 0
	for _, m := range forbidMarks {
		if i := strings.Index(s[ci:], m); i >= 0 && (fi < 0 || i < fi) {
			fi, fl = i, len(m)
		}
	}
	if fi < 0 {
		return "", ""
	}
	cond := strings.Fields(s[ci : ci+fi])
	after := strings.Fields(s[ci+fi+fl-1:])
	// The predicate: the first content word after the last auxiliary.
	for i := len(cond) - 1; i >= 0 && pred == ""; i-- {
		if !condAux[cond[i]] {
			continue
		}
		for j := i + 1; j < len(cond); j++ {
			if condFill[cond[j]] || condAux[cond[j]] {
				continue
			}
			if len(cond[j]) >= 4 && !condNeg[cond[j]] {
				pred = cond[j]
			}
			break
		}
	}
	if pred == "" {
		return "", ""
	}
	// The forbidden verb: the first long word after the mark, or in German
	// the word before "nicht".
	for i, w := range after {
		if i > 6 {
			break
		}
		if w == "nicht" {
			if i+1 < len(after) && len(after[i+1]) >= 5 {
				verb = after[i+1] // "darf ... nicht erstatten"
			}
			break
		}
		if verb == "" && len(w) >= 5 && !condFill[w] && w != "agent" && w != "agente" && w != "lagent" {
			verb = w
		}
	}
	if len(verb) < 5 {
		return "", ""
	}
	return pred, verb[:5]
}

// affirms reports whether the folded record states the predicate without
// a negation in the three words before it.
func affirms(rec, pred string) bool {
	tok := strings.Fields(rec)
	for i, w := range tok {
		if w != pred {
			continue
		}
		neg := false
		for j := max(0, i-3); j < i; j++ {
			if condNeg[tok[j]] || tok[j] == "." {
				neg = neg || condNeg[tok[j]]
			}
		}
		if !neg {
			return true
		}
	}
	return false
}
