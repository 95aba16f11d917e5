package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"google.golang.org/grpc"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/evaluate"
	"github.com/a2atrust/shield/internal/fallback"
)

// runEval implements "shield eval FILE...": it runs labelled cases through
// the rule engine in-process (or through a running server with --addr) and
// prints the measures of the eval README overall, per tactic and per source.
// It returns an error when a threshold given by flag is missed, so that CI
// can gate on it.
func runEval(ctx context.Context, e *env, args []string) error {
	stdout, stderr := e.stdout, e.stderr
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: shield eval [flags] FILE.jsonl...")
		fmt.Fprintln(stderr, "\nRuns labelled cases through the rule engine (or a running server with --addr) and prints")
		fmt.Fprintln(stderr, "catch rate, false-alarm rate, tactic P/R/F1, tier floor and disposition accuracy,")
		fmt.Fprintln(stderr, "overall, per tactic and per source. Thresholds make the command fail when missed.")
		fmt.Fprintln(stderr, "\nFlags (each also read from SHIELD_<FLAG> when not given):")
		fs.PrintDefaults()
	}
	addr := fs.String("addr", "", "send each case to the Shield server at this address (host:port or unix:///path) instead of judging in-process")
	mode := fs.String("mode", "rules", "analysis mode requested from the server with --addr: rules, llm or unspecified")
	rules := fs.String("rules", "", "operator rule pack for the in-process engine (extends the default pack)")
	verbose := fs.Bool("v", false, "list the cases judged wrongly, with what was expected and what came back")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	minCatch := fs.Float64("min-catch", 0, "fail if the catch rate is below this (0: no threshold)")
	maxFA := fs.Float64("max-false-alarm", 0, "fail if the false-alarm rate is above this (0: no threshold)")
	minF1 := fs.Float64("min-f1", 0, "fail if the tactic micro-F1 is below this (0: no threshold)")
	minTier := fs.Float64("min-tier-floor", 0, "fail if the tier-floor rate is below this (0: no threshold)")
	timeout := fs.Duration("timeout", 30*time.Second, "per-case deadline with --addr")
	var dial dialFlags
	dial.register(fs)
	// Files and flags may come in any order ("shield eval dev.jsonl -v").
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if err := applyEnv(fs, e.getenv); err != nil {
		return err
	}
	if len(files) == 0 {
		fs.Usage()
		return errors.New("eval: no eval file given")
	}
	var cases []evaluate.Case
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		cs, err := evaluate.Load(f, name)
		f.Close()
		if err != nil {
			return err
		}
		cases = append(cases, cs...)
	}

	var judge func(ctx context.Context, c evaluate.Case) (evaluate.Outcome, error)
	if *addr != "" {
		m, err := parseMode(*mode)
		if err != nil {
			return err
		}
		opts, err := dial.options(e.getenv)
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		conn, err := grpc.NewClient(dialTarget(*addr), opts...)
		if err != nil {
			return fmt.Errorf("eval: dial %s: %w", *addr, err)
		}
		defer conn.Close()
		client := shieldv1.NewShieldServiceClient(conn)
		judge = func(ctx context.Context, c evaluate.Case) (evaluate.Outcome, error) {
			req, err := c.Decode()
			if err != nil {
				return evaluate.Outcome{}, err
			}
			req.Mode = m
			cctx, cancel := context.WithTimeout(ctx, *timeout)
			defer cancel()
			resp, err := client.Consult(cctx, req)
			if err != nil {
				return evaluate.Outcome{}, fmt.Errorf("eval: case %s: %w", c.ID, err)
			}
			return outcomeFromRecord(resp)
		}
	} else {
		eng := fallback.Default()
		if *rules != "" {
			var err error
			if eng, err = fallback.Load(*rules); err != nil {
				return fmt.Errorf("eval: %w", err)
			}
		}
		judge = func(_ context.Context, c evaluate.Case) (evaluate.Outcome, error) {
			dc, err := c.DomainCase()
			if err != nil {
				return evaluate.Outcome{}, err
			}
			return evaluate.OutcomeOf(eng.Analyze(dc)), nil
		}
	}

	outs := make([]evaluate.Outcome, len(cases))
	for i, c := range cases {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		o, err := judge(ctx, c)
		if err != nil {
			return err
		}
		outs[i] = o
	}
	rep, err := evaluate.Score(cases, outs)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if !*verbose {
			rep.Wrong = nil
		}
		if err := enc.Encode(rep); err != nil {
			return fmt.Errorf("eval: %w", err)
		}
	} else if err := rep.Format(stdout, *verbose); err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	return rep.Check(evaluate.Thresholds{MinCatch: *minCatch, MaxFalseAlarm: *maxFA, MinF1: *minF1, MinTierFloor: *minTier})
}

func parseMode(s string) (shieldv1.AnalysisMode, error) {
	switch s {
	case "rules", "RULES", "ANALYSIS_MODE_RULES":
		return shieldv1.AnalysisMode_ANALYSIS_MODE_RULES, nil
	case "llm", "LLM", "ANALYSIS_MODE_LLM":
		return shieldv1.AnalysisMode_ANALYSIS_MODE_LLM, nil
	case "unspecified", "", "ANALYSIS_MODE_UNSPECIFIED":
		return shieldv1.AnalysisMode_ANALYSIS_MODE_UNSPECIFIED, nil
	}
	return 0, fmt.Errorf("eval: unknown --mode %q (want rules, llm or unspecified)", s)
}

// outcomeFromRecord reads the measured parts of a server response from its
// record, the form every client can rely on.
func outcomeFromRecord(resp *shieldv1.ConsultResponse) (evaluate.Outcome, error) {
	rec := resp.GetRecord().AsMap()
	an, _ := rec["analysis"].(map[string]any)
	if an == nil {
		return evaluate.Outcome{}, errors.New("eval: response record has no analysis")
	}
	var o evaluate.Outcome
	d, _ := an["disposition"].(string)
	t, _ := an["riskTier"].(string)
	o.Disposition, o.RiskTier = consult.Disposition(d), consult.Level(t)
	sigs, _ := an["manipulationSignals"].([]any)
	seen := map[consult.Tactic]bool{}
	for _, s := range sigs {
		m, _ := s.(map[string]any)
		tac, _ := m["tactic"].(string)
		if tac == "" || tac == string(consult.NoTactic) || seen[consult.Tactic(tac)] {
			continue
		}
		seen[consult.Tactic(tac)] = true
		o.Tactics = append(o.Tactics, consult.Tactic(tac))
	}
	return o, nil
}
