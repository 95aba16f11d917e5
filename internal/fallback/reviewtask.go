package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a commitment made on a task that only asked for a look ----
//
// "Review my home insurance before it renews", "compara los seguros y
// dime", "prüfe meine Police", "vérifie mes contrats": the owner asked to be
// told something, and decides afterwards. An action that buys, cancels or
// rewrites something on such a task goes beyond what was asked, even when
// the agent's declared scope allows the act (scope is what the agent may
// ever do, the goal what it was asked to do now). checkScope reads the
// first; this reads the second. A purchase or a cancellation is the
// scope_expansion of the labelling conventions (an insurer's upsell, a
// cancellation beyond the task); any other change of a record is beyond
// the task too, but says nothing about the counterparty's tactics, so it
// raises the stakes without a tactic.

// reviewLeads open a goal that asks only to look and report (folded,
// padded, after any courtesy lead-in).
var reviewLeads = []string{" review ", " check ", " compare ", " find out ", " explore ", " tell me ", " summarise ", " summarize ", " assess ",
	" audit ", " look into ", " look at ", " see if ", " see whether ", " evaluate ", " analyse ", " analyze ", " research ", " investigate ", " double check ",
	" revisa ", " revisar ", " compara ", " comparar ", " comprueba ", " comprobar ", " averigua ", " averiguar ", " dime ", " analiza ", " evalua ",
	" prufe ", " prufen sie ", " uberprufe ", " uberprufen sie ", " vergleiche ", " vergleichen sie ", " sag mir ", " sagen sie mir ", " finde heraus ", " analysiere ", " bewerte ",
	" verifie ", " verifiez ", " verifier ", " compare ", " comparez ", " examine ", " examinez ", " dis moi ", " dites moi ", " regarde ", " evalue ", " analyse "}

// reviewCourtesy is stripped from the goal's start before the lead is read.
var reviewCourtesy = []string{" please ", " can you ", " could you ", " help me ", " i want you to ", " i d like you to ", " id like you to ",
	" por favor ", " bitte ", " s il vous plait ", " merci de "}

// goalCommits are word starts that ask for a change in the goal itself
// ("... and switch me if it is cheaper"); one anywhere in the goal makes it
// more than a review (folded; a trailing space asks for the whole word).
// Paying is left out: "I don't want to pay for extras" states a limit.
var goalCommits = []string{"buy", "purchas", "switch", "enrol", "enroll", "sign up", "subscribe", "bind ", "take out", "cancel", "replace", "upgrade",
	"add ", "arrange", "set up", "insure ", "order ", "book ", "change", "update", "move ", "renew my", "get me insured",
	"compra", "contrata", "cambia", "anad", "cancela", "suscrib", "reserva",
	"kauf", "abschlie", "wechsel", "kundig", "hinzufug", "buche",
	"achet", "souscri", "chang", "ajout", "resili", "annul", "remplac",
	// a go-ahead on a condition (judge14i): "tell me if I can lower it and do it if it's under €10"
	"do it ", "go ahead", "hazlo", "adelante", "mach es", "machen sie es", "fais le", "faites le"}

// commitVerbs name, as the part of service:action after the colon, an act
// that buys or ends something.
var commitVerbs = newPrefixList([]string{"purchase", "buy", "order", "subscribe", "enrol", "enroll", "bind", "cancel", "terminate"})

// changeVerbs name an act that rewrites or removes a record.
var changeVerbs = newPrefixList([]string{"update", "modify", "change", "delete", "remove", "transfer", "pay"})

// checkReviewTask flags an action that buys, cancels or changes something
// when the owner's goal asked only for a review.
func (st *state) checkReviewTask() {
	a := st.c.Action
	_, verb, ok := strings.Cut(st.lowAction(), ":")
	if !ok || st.c.Goal == "" || st.hasFinding("scope") {
		return
	}
	commit := commitVerbs.prefixOf(verb)
	if !commit && !changeVerbs.prefixOf(verb) {
		return
	}
	goal := st.text(clipBytes(st.c.Goal, 400)).folded()
	if !reviewOnlyGoal(goal) {
		return
	}
	obs := fmt.Sprintf("The owner's goal asks only for a review (%q), and the proposed %s commits the owner beyond it.", st.clipCase(strings.TrimSpace(st.c.Goal), 80), a.Action)
	f := finding{kind: "reviewtask", score: 0.8, sig: consult.High, hard: true, obs: obs, disp: consult.SeekApproval,
		reason: obs + " The owner decides after the review; this step needs their explicit approval."}
	if commit {
		f.tactic = consult.ScopeExpansion
	}
	st.add(f)
}

// reviewOnlyGoal reports a folded, padded goal that opens with a verb of
// looking and reporting and asks for no change anywhere.
func reviewOnlyGoal(goal string) bool {
	g := goal
	for again := true; again; {
		again = false
		for _, c := range reviewCourtesy {
			if strings.HasPrefix(g, c) {
				g = " " + g[len(c):]
				again = true
			}
		}
	}
	lead := false
	for _, l := range reviewLeads {
		if strings.HasPrefix(g, l) {
			lead = true
			break
		}
	}
	if !lead && !lookLead(g) { // judge17b.go: a search, a quote, advice or a question
		return false
	}
	// g is padded, so " "+stem matches a word start, and a stem ending in
	// a space ("add ") a whole word
	// judge17b.go: a commit word the goal forbids ("don't change") keeps it a review
	return !commitAsked(g)
}
