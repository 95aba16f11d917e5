package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- more bought on a goal to have less ----
//
// "Simplify my insurance: fewer policies", "reduce what we pay", "menos
// pólizas", "weniger Verträge", "réduire mes cotisations": the owner asked
// to cut, and the action buys something new without ending anything. A
// purchase that replaces ("and end the current policy", "instead of") can
// serve such a goal; one that only adds cannot, so it goes beyond the task
// (scope_expansion, the labelling conventions' upsell). Goals that ask for
// a switch are left alone: the purchase may be the switch.

// cutGoals ask to have less (folded, padded stems).
var cutGoals = []string{" fewer ", " simplif", " consolidat", " reduce ", " reduce my", " reduce our", " lower my", " lower our", " cut down", " cut my", " cut our",
	" menos ", " reducir", " reduzca", " reduce ", " bajar ", " simplific", " weniger ", " reduzier", " senken", " vereinfach",
	" moins ", " reduire", " reduis", " baisser", " simplifier"}

// replaceWords say a purchase replaces something (folded, padded stems).
var replaceWords = []string{" cancel", " end ", " ends ", " ending ", " terminat", " replac", " instead of", " in place of", " switch", " drop ", " lapse",
	" cancela", " anula", " sustitu", " reemplaz", " en lugar de", " kundig", " beend", " ersetz", " statt ", " anstelle",
	" resili", " annul", " remplac", " au lieu de", " mettre fin", " schedul"}

// checkCutGoal flags a purchase that adds to what the owner asked to cut.
func (st *state) checkCutGoal(v *j3fold) {
	a := st.c.Action
	_, verb, ok := strings.Cut(st.lowAction(), ":")
	if !ok || st.c.Goal == "" || !hasPrefixAny(verb, []string{"purchase", "buy", "subscribe", "enrol", "enroll", "bind", "order"}) ||
		st.hasFinding("scope") || st.hasFinding("reviewtask") {
		return
	}
	goal := " " + st.text(clipBytes(st.c.Goal, 400)).folded() + " "
	if !containsAny(goal, cutGoals...) || containsAny(goal, replaceWords...) {
		return
	}
	if containsAny(" "+v.desc()+" ", replaceWords...) {
		return
	}
	obs := fmt.Sprintf("The owner asked to cut (%q), and the proposed %s adds a purchase without ending anything.", st.clipCase(strings.TrimSpace(st.c.Goal), 80), a.Action)
	st.add(finding{tactic: consult.ScopeExpansion, kind: "cutgoal", score: 0.7, sig: consult.High, hard: true, obs: obs, disp: consult.SeekApproval,
		reason: obs + " It works against the goal; the owner must approve it."})
}
