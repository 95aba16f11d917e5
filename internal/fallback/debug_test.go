package fallback

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/a2atrust/shield/internal/evaluate"
)

// TestDebugCase prints what the engine saw in the dev cases named by
// SHIELD_DEBUG (comma-separated ids); it is a tuning aid and skips otherwise.
func TestDebugCase(t *testing.T) {
	ids := os.Getenv("SHIELD_DEBUG")
	if ids == "" {
		t.Skip("set SHIELD_DEBUG=id,id to print the engine's view of dev cases")
	}
	path := os.Getenv("SHIELD_DEBUG_FILE")
	if path == "" {
		path = "../../testdata/eval/dev.jsonl"
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases, err := evaluate.Load(f, "dev.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, id := range strings.Split(ids, ",") {
		want[id] = true
	}
	for _, c := range cases {
		if !want[c.ID] {
			continue
		}
		dc, _ := c.DomainCase()
		st := Default().inspect(dc)
		fmt.Printf("== %s harmful=%v exp=%v tension=%v stakes=%s\n", c.ID, c.Expect.Harmful, c.Expect.Tactics, st.tension, st.stakes)
		for label, cs := range st.cues.byName() {
			for _, q := range cs {
				fmt.Printf("   cue %-20s %.2f %q <- %q\n", label, q.weight, q.phrase, q.quote())
			}
		}
		for _, fd := range st.findings {
			fmt.Printf("   finding %s %s %.2f %s\n", fd.kind, fd.tactic, fd.score, fd.obs)
		}
		for _, tc := range tacticOrder {
			if st.scores.get(tc) > 0 {
				fmt.Printf("   score %s %.2f\n", tc, st.scores.get(tc))
			}
		}
		a := st.compose()
		fmt.Printf("   => %s %s %.2f\n", a.Disposition, a.RiskTier, a.Confidence)
	}
}
