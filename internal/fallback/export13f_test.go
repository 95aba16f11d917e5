package fallback

import "github.com/a2atrust/shield/internal/consult"

// CuePhrases lists the phrases of the cues of label the engine keeps on a
// case once its checks have run, so that black-box tests can say which
// cue a benign reading dropped.
func CuePhrases(c *consult.Case, label string) []string {
	l, ok := labelOf(label)
	if !ok {
		panic("fallback.CuePhrases: no label " + label)
	}
	st := Default().inspect(c)
	var out []string
	for _, q := range st.cues[l] {
		out = append(out, q.phrase)
	}
	return out
}
