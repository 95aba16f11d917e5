package fallback

import "github.com/a2atrust/shield/internal/consult"

// FindingKinds lists the kinds of the findings the engine makes on a case,
// so that black-box tests can name the check that misfired.
func FindingKinds(c *consult.Case) []string {
	st := Default().inspect(c)
	out := make([]string, 0, len(st.findings))
	for _, f := range st.findings {
		out = append(out, f.kind+" "+string(f.tactic)+": "+f.obs)
	}
	return out
}
