package fallback

import "strings"

// signoffPhrases are the rule pack's sign-off phrases whose subject stands
// before them ("our team lead already okayed it", "Ana already approved").
var signoffPhrases = map[string]bool{"already approved": true, "okayed it": true, "ok d it": true,
	"already signed off": true, "gave the go ahead": true, "has approved": true}

// recordedSignoff reports a sign-off of the message whose approver (a role
// or office among the three words before the phrase) a system record or
// verified evidence shows approving this very act: a sentence that names
// the role, says approved with nothing refused, and shares two stems with
// the proposed action's words other than names ("Team lead Ana Silva approved the swap ..." for
// "Swap Maria Lopez for Jonas Weber"). The authors label an approval the
// records show as no tactic (hearsay.go); one the records do not show, or
// show for something else, stays.
func (st *state) recordedSignoff(q cue) bool {
	if !signoffPhrases[q.phrase] {
		return false
	}
	t := q.text.text
	p := q.pos
	var roles []string
	for k := 0; k < 3; k++ {
		w, at := prevWord(t, p)
		if w == "" || w == "." {
			break
		}
		if signoffRoles[w] || isOffice(w) {
			roles = append(roles, w)
		}
		p = at
	}
	if len(roles) == 0 {
		return false
	}
	dstems := stemSet(uncapitalised(st.c.Action.Description))
	for rs := range st.recordSentences() {
		low := " " + rs.lower() + " "
		named := false
		for _, r := range roles {
			if _, at := wordIn(low, []string{r}); at >= 0 {
				named = true
				break
			}
		}
		if !named || !recordApproves(rs) || hasNeg(strings.TrimSpace(low)) {
			continue
		}
		if n, _ := sharedStems(rs.stems(), dstems); n >= 2 {
			return true
		}
	}
	return false
}

// uncapitalised returns s without its capitalised words after the first
// (names: "Swap Maria Lopez for Jonas Weber" keeps "Swap for"): two records
// about the same people are not the same act.
func uncapitalised(s string) string {
	ws := strings.Fields(s)
	out := ws[:0:0]
	for i, w := range ws {
		if i > 0 && w[0] >= 'A' && w[0] <= 'Z' {
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}
