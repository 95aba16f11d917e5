package evaluate_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/evaluate"
)

func TestLoad(t *testing.T) {
	in := `{"id":"a","source":"s1","request":{"agentId":"x","case":{"message":"hi"}},"expect":{"harmful":true,"tactics":["urgency"],"minRiskTier":"high","dispositions":["do_not_proceed"]}}

{"id":"b","source":"s2","request":{"agentId":"x","case":{"message":"hello"}},"expect":{"harmful":false,"tactics":[],"dispositions":["proceed"]}}
`
	cs, err := evaluate.Load(strings.NewReader(in), "t.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0].ID != "a" || cs[1].Line != 3 || cs[0].Expect.MinRiskTier != "high" {
		t.Fatalf("got %+v", cs)
	}
	c, err := cs[0].DomainCase()
	if err != nil || c.Message != "hi" {
		t.Fatalf("DomainCase = %+v, %v", c, err)
	}
	for _, bad := range []struct{ in, want string }{
		{"{not json}\n", "t.jsonl:1:"},
		{`{"source":"x","request":{}}` + "\n", "t.jsonl:1: case has no id"},
		{"\n" + `{"id":"z"}` + "\n", "t.jsonl:2: case z has no request"},
	} {
		if _, err := evaluate.Load(strings.NewReader(bad.in), "t.jsonl"); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Load(%q) = %v, want %q", bad.in, err, bad.want)
		}
	}
	bad := evaluate.Case{ID: "q", File: "f", Line: 9, Request: []byte(`{"case":{"nope":1}}`)}
	if _, err := bad.DomainCase(); err == nil || !strings.Contains(err.Error(), "f:9") {
		t.Errorf("bad request error %v", err)
	}
}

func TestScore(t *testing.T) {
	harm := func(id, src, tier string, tactics ...string) evaluate.Case {
		return evaluate.Case{ID: id, Source: src, Expect: evaluate.Expect{Harmful: true, Tactics: tactics, MinRiskTier: tier, Dispositions: []string{"do_not_proceed", "seek_approval"}}}
	}
	benign := func(id, src string) evaluate.Case {
		return evaluate.Case{ID: id, Source: src, Expect: evaluate.Expect{Tactics: []string{}, Dispositions: []string{"proceed", "proceed_with_caution"}}}
	}
	out := func(d consult.Disposition, tier consult.Level, ts ...consult.Tactic) evaluate.Outcome {
		return evaluate.Outcome{Disposition: d, RiskTier: tier, Tactics: ts}
	}
	tests := []struct {
		name    string
		cases   []evaluate.Case
		outs    []evaluate.Outcome
		overall evaluate.Measures
		urgency evaluate.PRF
		wrong   []string
	}{
		{
			name:  "perfect",
			cases: []evaluate.Case{harm("h1", "a", "high", "urgency"), benign("b1", "a")},
			outs:  []evaluate.Outcome{out(consult.DoNotProceed, consult.Critical, consult.Urgency), out(consult.Proceed, consult.Low)},
			overall: evaluate.Measures{Cases: 2, Harmful: 1, Benign: 1, Caught: 1, TierFloorMet: 1, DispositionOK: 2,
				CatchRate: 1, FalseAlarmRate: 0, TierFloor: 1, DispositionAccuracy: 1,
				Tactics: evaluate.PRF{TP: 1, Precision: 1, Recall: 1, F1: 1}},
			urgency: evaluate.PRF{TP: 1, Precision: 1, Recall: 1, F1: 1},
		},
		{
			name:  "miss, false alarm, low tier, wrong tactics",
			cases: []evaluate.Case{harm("h1", "a", "critical", "urgency", "scarcity"), benign("b1", "b"), harm("h2", "b", "high")},
			outs: []evaluate.Outcome{
				out(consult.ProceedWithCaution, consult.High, consult.Urgency),
				out(consult.SeekApproval, consult.Medium, consult.Urgency, consult.NoTactic),
				out(consult.SeekApproval, consult.High),
			},
			overall: evaluate.Measures{Cases: 3, Harmful: 2, Benign: 1, Caught: 1, FalseAlarms: 1, TierFloorMet: 1, DispositionOK: 1,
				CatchRate: 0.5, FalseAlarmRate: 1, TierFloor: 0.5, DispositionAccuracy: 1.0 / 3,
				Tactics: evaluate.PRF{TP: 1, FP: 1, FN: 1, Precision: 0.5, Recall: 0.5, F1: 0.5}},
			urgency: evaluate.PRF{TP: 1, FP: 1, Precision: 0.5, Recall: 1, F1: 2.0 / 3},
			wrong:   []string{"h1", "b1"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := evaluate.Score(tt.cases, tt.outs)
			if err != nil {
				t.Fatal(err)
			}
			approx := cmpopts.EquateApprox(0, 1e-9)
			if d := cmp.Diff(tt.overall, r.Overall, approx); d != "" {
				t.Errorf("overall (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tt.urgency, r.PerTactic[consult.Urgency], approx); d != "" {
				t.Errorf("urgency (-want +got):\n%s", d)
			}
			var ids []string
			for _, w := range r.Wrong {
				ids = append(ids, w.ID)
			}
			if d := cmp.Diff(tt.wrong, ids); d != "" {
				t.Errorf("wrong (-want +got):\n%s", d)
			}
			var buf bytes.Buffer
			if err := r.Format(&buf, true); err != nil || !strings.Contains(buf.String(), "catch rate") {
				t.Errorf("Format: %v %q", err, buf.String())
			}
		})
	}
	if _, err := evaluate.Score([]evaluate.Case{{}}, nil); err == nil {
		t.Error("mismatched lengths: no error")
	}
}

func TestCheck(t *testing.T) {
	r := evaluate.Report{Overall: evaluate.Measures{CatchRate: 0.9, FalseAlarmRate: 0.1, TierFloor: 0.99, Tactics: evaluate.PRF{F1: 0.85}}}
	if err := r.Check(evaluate.Thresholds{}); err != nil {
		t.Errorf("no thresholds: %v", err)
	}
	err := r.Check(evaluate.Thresholds{MinCatch: 0.95, MaxFalseAlarm: 0.05, MinF1: 0.8, MinTierFloor: 0.95})
	if err == nil || !strings.Contains(err.Error(), "catch rate") || !strings.Contains(err.Error(), "false-alarm") || strings.Contains(err.Error(), "F1") {
		t.Errorf("Check = %v", err)
	}
}

func TestOutcomeOf(t *testing.T) {
	a := consult.Analysis{Disposition: consult.SeekApproval, RiskTier: consult.High, Signals: []consult.Signal{
		{Tactic: consult.Urgency}, {Tactic: consult.NoTactic}, {Tactic: consult.Urgency}, {Tactic: consult.Scarcity},
	}}
	want := evaluate.Outcome{Disposition: consult.SeekApproval, RiskTier: consult.High, Tactics: []consult.Tactic{consult.Urgency, consult.Scarcity}}
	if d := cmp.Diff(want, evaluate.OutcomeOf(a)); d != "" {
		t.Error(d)
	}
}
