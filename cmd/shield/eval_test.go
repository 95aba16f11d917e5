package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEvalDev(t *testing.T) {
	var out, errb bytes.Buffer
	err := runEval(context.Background(), &env{getenv: fakeEnv{}.get, stdout: &out, stderr: &errb}, []string{"../../testdata/eval/dev.jsonl", "--min-catch", "0.95", "--max-false-alarm", "0.05", "--min-f1", "0.8", "--min-tier-floor", "0.95"})
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
	err := runEval(context.Background(), &env{getenv: fakeEnv{}.get, stdout: &out, stderr: &errb}, []string{"--json", "-v", "--min-catch", "1.01", "../../testdata/eval/dev.jsonl"})
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
		if err := runEval(context.Background(), &env{getenv: fakeEnv{}.get, stdout: &out, stderr: &errb}, args); err == nil {
			t.Errorf("runEval(%q): no error", args)
		}
	}
	errb.Reset()
	if err := runEval(context.Background(), &env{getenv: fakeEnv{}.get, stdout: &out, stderr: &errb}, []string{"-h"}); err == nil || !strings.Contains(errb.String(), "--min-catch") && !strings.Contains(errb.String(), "-min-catch") {
		t.Errorf("-h: %v %q", err, errb.String())
	}
}

// The same cases judged through a running server give the same report as
// in-process: the server adds transport, validation and the record, not
// judgment.
func TestEvalThroughServer(t *testing.T) {
	addr, stop := serveInProcess(t, nil)
	defer stop()
	data, err := os.ReadFile("../../testdata/eval/dev.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	subset := filepath.Join(t.TempDir(), "subset.jsonl")
	if err := os.WriteFile(subset, []byte(strings.Join(lines[:40], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	report := func(extra ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		e := &env{getenv: fakeEnv{"SHIELD_TIMEOUT": "20s"}.get, stdout: &out, stderr: &errb}
		if err := runEval(context.Background(), e, append([]string{"--json", subset}, extra...)); err != nil {
			t.Fatalf("eval %v: %v\n%s", extra, err, errb.String())
		}
		return out.String()
	}
	inProcess, remote := report(), report("--addr", addr)
	if diff := cmp.Diff(inProcess, remote); diff != "" {
		t.Errorf("server and in-process reports differ (-in-process +server):\n%s", diff)
	}
	if !strings.Contains(remote, "catch") {
		t.Errorf("report lacks the measures: %s", remote)
	}
}
