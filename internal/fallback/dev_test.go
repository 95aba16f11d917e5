package fallback_test

import (
	"os"
	"testing"

	"github.com/a2atrust/shield/internal/evaluate"
	"github.com/a2atrust/shield/internal/fallback"
)

// TestDevTargets is the CI regression test: the rule engine alone must meet
// the targets on the project's copy of the dev set.
func TestDevTargets(t *testing.T) {
	f, err := os.Open("../../testdata/eval/dev.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases, err := evaluate.Load(f, "dev.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	eng := fallback.Default()
	outs := make([]evaluate.Outcome, len(cases))
	for i, c := range cases {
		dc, err := c.DomainCase()
		if err != nil {
			t.Fatal(err)
		}
		outs[i] = evaluate.OutcomeOf(eng.Analyze(dc))
	}
	rep, err := evaluate.Score(cases, outs)
	if err != nil {
		t.Fatal(err)
	}
	if testing.Verbose() || os.Getenv("SHIELD_EVAL_REPORT") != "" {
		_ = rep.Format(os.Stdout, os.Getenv("SHIELD_EVAL_REPORT") == "v")
	}
	if err := rep.Check(evaluate.Thresholds{MinCatch: 0.95, MaxFalseAlarm: 0.05, MinF1: 0.80, MinTierFloor: 0.95}); err != nil {
		t.Error(err)
	}
}
