package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestEvalDev(t *testing.T) {
	var out, errb bytes.Buffer
	err := runEval(context.Background(), []string{"../../testdata/eval/dev.jsonl", "--min-catch", "0.95", "--max-false-alarm", "0.05", "--min-f1", "0.8", "--min-tier-floor", "0.95"}, &out, &errb)
	if err != nil {
		t.Fatalf("eval: %v\n%s%s", err, out.String(), errb.String())
	}
	for _, want := range []string{"catch rate", "false-alarm rate", "tactic P/R/F1", "tier floor", "per tactic", "per source", "tau2-airline", "inconsistent_claims"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestEvalJSONAndThresholdMiss(t *testing.T) {
	var out, errb bytes.Buffer
	err := runEval(context.Background(), []string{"--json", "-v", "--min-catch", "1.01", "../../testdata/eval/dev.jsonl"}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "catch rate") {
		t.Fatalf("want a threshold error, got %v", err)
	}
	var rep struct {
		Overall struct {
			Cases     int     `json:"cases"`
			CatchRate float64 `json:"catchRate"`
		} `json:"overall"`
		PerTactic map[string]any `json:"perTactic"`
		Wrong     []any          `json:"wrong"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("JSON output: %v\n%s", err, out.String())
	}
	if rep.Overall.Cases != 230 || len(rep.PerTactic) != 10 || len(rep.Wrong) == 0 {
		t.Errorf("report %+v", rep)
	}
}

func TestEvalErrors(t *testing.T) {
	var out, errb bytes.Buffer
	for _, args := range [][]string{
		{},
		{"missing.jsonl"},
		{"--rules", "missing.rules", "../../testdata/eval/dev.jsonl"},
		{"--addr", "localhost:1", "--mode", "bogus", "../../testdata/eval/dev.jsonl"},
	} {
		if err := runEval(context.Background(), args, &out, &errb); err == nil {
			t.Errorf("runEval(%q): no error", args)
		}
	}
	errb.Reset()
	if err := runEval(context.Background(), []string{"-h"}, &out, &errb); err == nil || !strings.Contains(errb.String(), "--min-catch") && !strings.Contains(errb.String(), "-min-catch") {
		t.Errorf("-h: %v %q", err, errb.String())
	}
}
