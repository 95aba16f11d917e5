package fallback

import "github.com/a2atrust/shield/internal/consult"

// CuePhrases lists the phrases of the cues of label the engine keeps on a
// case once its checks have run, so that black-box tests can say which
// cue a benign reading dropped.
func CuePhrases(c *consult.Case, label string) []string {
	st := Default().inspect(c)
	var out []string
	for _, q := range st.cues[label] {
		out = append(out, q.phrase)
	}
	return out
}
