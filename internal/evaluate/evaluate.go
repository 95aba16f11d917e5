// Package evaluate loads labelled evaluation cases (the JSON Lines format of
// the project's eval corpus) and computes the measures Shield is judged by:
// catch rate, false-alarm rate, tactic precision/recall/F1 (micro-averaged),
// tier floor and disposition accuracy, overall, per tactic and per source.
//
// It knows nothing about how an analysis is produced: callers run each case
// through the rule engine or a server and hand back an Outcome per case.
package evaluate

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"google.golang.org/protobuf/encoding/protojson"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/server"
)

// Expect is the label of a case.
type Expect struct {
	Harmful      bool     `json:"harmful"`
	Tactics      []string `json:"tactics"`
	MinRiskTier  string   `json:"minRiskTier,omitempty"`
	MaxRiskTier  string   `json:"maxRiskTier,omitempty"`
	Dispositions []string `json:"dispositions"`
}

// Case is one labelled line of an eval file.
type Case struct {
	ID      string          `json:"id"`
	Source  string          `json:"source"`
	Request json.RawMessage `json:"request"`
	Expect  Expect          `json:"expect"`

	// File and Line locate the case for error messages.
	File string `json:"-"`
	Line int    `json:"-"`
}

// Load reads labelled cases, one JSON object per line; blank lines are
// skipped. Errors name the file and line.
func Load(r io.Reader, name string) ([]Case, error) {
	var out []Case
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1024*1024), 8*1024*1024)
	line := 0
	for sc.Scan() {
		line++
		b := sc.Bytes()
		if len(strings.TrimSpace(string(b))) == 0 {
			continue
		}
		var c Case
		if err := json.Unmarshal(b, &c); err != nil {
			return nil, fmt.Errorf("evaluate: %s:%d: %w", name, line, err)
		}
		if c.ID == "" {
			return nil, fmt.Errorf("evaluate: %s:%d: case has no id", name, line)
		}
		if len(c.Request) == 0 {
			return nil, fmt.Errorf("evaluate: %s:%d: case %s has no request", name, line, c.ID)
		}
		c.File, c.Line = name, line
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("evaluate: %s: %w", name, err)
	}
	return out, nil
}

// Decode decodes the case's request (proto3 JSON) into the wire message.
func (c Case) Decode() (*shieldv1.ConsultRequest, error) {
	req := &shieldv1.ConsultRequest{}
	if err := protojson.Unmarshal(c.Request, req); err != nil {
		return nil, fmt.Errorf("evaluate: %s:%d: case %s: %w", c.File, c.Line, c.ID, err)
	}
	return req, nil
}

// DomainCase decodes the case's request into the domain case the engine reads.
func (c Case) DomainCase() (*consult.Case, error) {
	req, err := c.Decode()
	if err != nil {
		return nil, err
	}
	return server.CaseFromProto(req.GetCase()), nil
}

// Outcome is what a judge said about a case.
type Outcome struct {
	Disposition consult.Disposition
	RiskTier    consult.Level
	Tactics     []consult.Tactic
}

// OutcomeOf extracts the measured parts of an analysis.
func OutcomeOf(a consult.Analysis) Outcome {
	o := Outcome{Disposition: a.Disposition, RiskTier: a.RiskTier}
	seen := map[consult.Tactic]bool{}
	for _, s := range a.Signals {
		if s.Tactic == consult.NoTactic || seen[s.Tactic] {
			continue
		}
		seen[s.Tactic] = true
		o.Tactics = append(o.Tactics, s.Tactic)
	}
	return o
}

// PRF is precision, recall and F1 with the counts behind them.
type PRF struct {
	TP        int     `json:"tp"`
	FP        int     `json:"fp"`
	FN        int     `json:"fn"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
}

func (p *PRF) finish() {
	p.Precision = ratio(p.TP, p.TP+p.FP)
	p.Recall = ratio(p.TP, p.TP+p.FN)
	if p.Precision+p.Recall > 0 {
		p.F1 = 2 * p.Precision * p.Recall / (p.Precision + p.Recall)
	}
}

// ratio is a/b, or 1 when there is nothing to count (no harmful cases means
// nothing was missed).
func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// Measures are the README's measures over a set of cases.
type Measures struct {
	Cases               int     `json:"cases"`
	Harmful             int     `json:"harmful"`
	Benign              int     `json:"benign"`
	Caught              int     `json:"caught"`
	FalseAlarms         int     `json:"falseAlarms"`
	TierFloorMet        int     `json:"tierFloorMet"`
	DispositionOK       int     `json:"dispositionOk"`
	CatchRate           float64 `json:"catchRate"`
	FalseAlarmRate      float64 `json:"falseAlarmRate"`
	TierFloor           float64 `json:"tierFloor"`
	DispositionAccuracy float64 `json:"dispositionAccuracy"`
	Tactics             PRF     `json:"tactics"`
}

// Miss is a case the judge got wrong in at least one measured way.
type Miss struct {
	ID       string   `json:"id"`
	Source   string   `json:"source"`
	Want     string   `json:"want"`
	Got      string   `json:"got"`
	Problems []string `json:"problems"`
}

// Report is the full evaluation.
type Report struct {
	Overall   Measures               `json:"overall"`
	PerTactic map[consult.Tactic]PRF `json:"perTactic"`
	PerSource map[string]Measures    `json:"perSource"`
	Wrong     []Miss                 `json:"wrong,omitempty"`
}

// Sources returns the report's sources in sorted order.
func (r Report) Sources() []string {
	out := make([]string, 0, len(r.PerSource))
	for s := range r.PerSource {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// measured tactics: the schema's, without "none" and "other".
var measured = []consult.Tactic{
	consult.Urgency, consult.AuthorityClaim, consult.EmotionalPressure, consult.Reciprocity,
	consult.Scarcity, consult.PolicyBypass, consult.IdentityDeception, consult.ScopeExpansion,
	consult.DataExtraction, consult.InconsistentClaims,
}

// Score measures outcomes against labels; outs[i] is the outcome of cases[i].
func Score(cases []Case, outs []Outcome) (Report, error) {
	if len(cases) != len(outs) {
		return Report{}, errors.New("evaluate: cases and outcomes differ in number")
	}
	r := Report{PerTactic: map[consult.Tactic]PRF{}, PerSource: map[string]Measures{}}
	for _, t := range measured {
		r.PerTactic[t] = PRF{}
	}
	for i, c := range cases {
		o := outs[i]
		problems := addCase(&r.Overall, c, o)
		m := r.PerSource[c.Source]
		addCase(&m, c, o)
		r.PerSource[c.Source] = m
		// Per tactic.
		exp := map[consult.Tactic]bool{}
		for _, t := range c.Expect.Tactics {
			exp[consult.Tactic(t)] = true
		}
		got := map[consult.Tactic]bool{}
		for _, t := range o.Tactics {
			if t != consult.NoTactic {
				got[t] = true
			}
		}
		for t := range union(exp, got) {
			p := r.PerTactic[t]
			switch {
			case exp[t] && got[t]:
				p.TP++
			case got[t]:
				p.FP++
			default:
				p.FN++
			}
			r.PerTactic[t] = p
		}
		if len(problems) > 0 {
			r.Wrong = append(r.Wrong, Miss{ID: c.ID, Source: c.Source, Want: describeWant(c.Expect), Got: describeGot(o), Problems: problems})
		}
	}
	finishMeasures(&r.Overall)
	for s, m := range r.PerSource {
		finishMeasures(&m)
		r.PerSource[s] = m
	}
	for t, p := range r.PerTactic {
		p.finish()
		r.PerTactic[t] = p
	}
	return r, nil
}

func describeWant(e Expect) string {
	tier := ""
	if e.MinRiskTier != "" {
		tier = " tier>=" + e.MinRiskTier
	}
	return fmt.Sprintf("harmful=%v disposition in [%s]%s tactics [%s]", e.Harmful, strings.Join(e.Dispositions, " "), tier, strings.Join(e.Tactics, " "))
}

func describeGot(o Outcome) string {
	ts := make([]string, len(o.Tactics))
	for i, t := range o.Tactics {
		ts[i] = string(t)
	}
	return fmt.Sprintf("disposition %s tier %s tactics [%s]", o.Disposition, o.RiskTier, strings.Join(ts, " "))
}

func union(a, b map[consult.Tactic]bool) map[consult.Tactic]bool {
	out := map[consult.Tactic]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

func flagged(d consult.Disposition) bool {
	return d != consult.Proceed && d != consult.ProceedWithCaution
}

// addCase counts one case into m and returns what was wrong with it.
func addCase(m *Measures, c Case, o Outcome) []string {
	var problems []string
	m.Cases++
	if c.Expect.Harmful {
		m.Harmful++
		if flagged(o.Disposition) {
			m.Caught++
		} else {
			problems = append(problems, fmt.Sprintf("missed: harmful but %s", o.Disposition))
		}
		if c.Expect.MinRiskTier != "" {
			if consult.Level(c.Expect.MinRiskTier).Rank() <= o.RiskTier.Rank() {
				m.TierFloorMet++
			} else {
				problems = append(problems, fmt.Sprintf("tier %s below floor %s", o.RiskTier, c.Expect.MinRiskTier))
			}
		} else {
			m.TierFloorMet++
		}
	} else {
		m.Benign++
		if flagged(o.Disposition) {
			m.FalseAlarms++
			problems = append(problems, fmt.Sprintf("false alarm: benign but %s", o.Disposition))
		}
	}
	ok := false
	for _, d := range c.Expect.Dispositions {
		if consult.Disposition(d) == o.Disposition {
			ok = true
		}
	}
	if ok {
		m.DispositionOK++
	} else {
		problems = append(problems, fmt.Sprintf("disposition %s not in [%s]", o.Disposition, strings.Join(c.Expect.Dispositions, " ")))
	}
	exp := map[consult.Tactic]bool{}
	for _, t := range c.Expect.Tactics {
		exp[consult.Tactic(t)] = true
	}
	got := map[consult.Tactic]bool{}
	for _, t := range o.Tactics {
		if t != consult.NoTactic {
			got[t] = true
		}
	}
	var missing, extra []string
	for _, t := range measuredOrder(exp) {
		if got[t] {
			m.Tactics.TP++
		} else {
			m.Tactics.FN++
			missing = append(missing, string(t))
		}
	}
	for _, t := range measuredOrder(got) {
		if !exp[t] {
			m.Tactics.FP++
			extra = append(extra, string(t))
		}
	}
	if len(missing) > 0 {
		problems = append(problems, "missing tactics: "+strings.Join(missing, ", "))
	}
	if len(extra) > 0 {
		problems = append(problems, "extra tactics: "+strings.Join(extra, ", "))
	}
	return problems
}

func measuredOrder(set map[consult.Tactic]bool) []consult.Tactic {
	var out []consult.Tactic
	for t := range set {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func finishMeasures(m *Measures) {
	m.CatchRate = ratio(m.Caught, m.Harmful)
	if m.Benign == 0 {
		m.FalseAlarmRate = 0
	} else {
		m.FalseAlarmRate = float64(m.FalseAlarms) / float64(m.Benign)
	}
	m.TierFloor = ratio(m.TierFloorMet, m.Harmful)
	m.DispositionAccuracy = ratio(m.DispositionOK, m.Cases)
	m.Tactics.finish()
}

// Thresholds are the minimum (or, for false alarms, maximum) acceptable
// measures; zero means no threshold.
type Thresholds struct {
	MinCatch      float64
	MaxFalseAlarm float64
	MinF1         float64
	MinTierFloor  float64
}

// Check returns an error naming every measure that misses its threshold.
func (r Report) Check(t Thresholds) error {
	var errs []string
	m := r.Overall
	if t.MinCatch > 0 && m.CatchRate < t.MinCatch {
		errs = append(errs, fmt.Sprintf("catch rate %.3f < %.3f", m.CatchRate, t.MinCatch))
	}
	if t.MaxFalseAlarm > 0 && m.FalseAlarmRate > t.MaxFalseAlarm {
		errs = append(errs, fmt.Sprintf("false-alarm rate %.3f > %.3f", m.FalseAlarmRate, t.MaxFalseAlarm))
	}
	if t.MinF1 > 0 && m.Tactics.F1 < t.MinF1 {
		errs = append(errs, fmt.Sprintf("tactic F1 %.3f < %.3f", m.Tactics.F1, t.MinF1))
	}
	if t.MinTierFloor > 0 && m.TierFloor < t.MinTierFloor {
		errs = append(errs, fmt.Sprintf("tier floor %.3f < %.3f", m.TierFloor, t.MinTierFloor))
	}
	if len(errs) > 0 {
		return fmt.Errorf("evaluate: thresholds missed: %s", strings.Join(errs, "; "))
	}
	return nil
}

// Format writes a human-readable report.
func (r Report) Format(w io.Writer, verbose bool) error {
	var b strings.Builder
	m := r.Overall
	fmt.Fprintf(&b, "cases %d (harmful %d, benign %d)\n", m.Cases, m.Harmful, m.Benign)
	fmt.Fprintf(&b, "  catch rate           %.3f  (%d/%d)\n", m.CatchRate, m.Caught, m.Harmful)
	fmt.Fprintf(&b, "  false-alarm rate     %.3f  (%d/%d)\n", m.FalseAlarmRate, m.FalseAlarms, m.Benign)
	fmt.Fprintf(&b, "  tactic P/R/F1        %.3f / %.3f / %.3f  (tp %d, fp %d, fn %d)\n", m.Tactics.Precision, m.Tactics.Recall, m.Tactics.F1, m.Tactics.TP, m.Tactics.FP, m.Tactics.FN)
	fmt.Fprintf(&b, "  tier floor           %.3f  (%d/%d)\n", m.TierFloor, m.TierFloorMet, m.Harmful)
	fmt.Fprintf(&b, "  disposition accuracy %.3f  (%d/%d)\n", m.DispositionAccuracy, m.DispositionOK, m.Cases)
	b.WriteString("\nper tactic            P      R      F1     tp  fp  fn\n")
	for _, t := range measured {
		p := r.PerTactic[t]
		fmt.Fprintf(&b, "  %-20s %.3f  %.3f  %.3f  %3d %3d %3d\n", t, p.Precision, p.Recall, p.F1, p.TP, p.FP, p.FN)
	}
	b.WriteString("\nper source           cases  catch  false-alarm  F1     tier   disposition\n")
	for _, s := range r.Sources() {
		ms := r.PerSource[s]
		fmt.Fprintf(&b, "  %-20s %4d  %.3f  %.3f        %.3f  %.3f  %.3f\n", s, ms.Cases, ms.CatchRate, ms.FalseAlarmRate, ms.Tactics.F1, ms.TierFloor, ms.DispositionAccuracy)
	}
	if verbose && len(r.Wrong) > 0 {
		b.WriteString("\nwrong cases\n")
		for _, w := range r.Wrong {
			fmt.Fprintf(&b, "  %s (%s): %s\n      want: %s\n      got:  %s\n", w.ID, w.Source, strings.Join(w.Problems, "; "), w.Want, w.Got)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
