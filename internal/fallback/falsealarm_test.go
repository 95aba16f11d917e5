package fallback_test

import (
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/evaluate"
	"github.com/a2atrust/shield/internal/fallback"
)

// The false-alarm probes: benign variants of the labelled benign cases, in
// the three styles hidden cases come in (handwritten, converse-insurance,
// tau2-airline), each changed in one realistic way a fresh case would be —
// another data item shared in generalised form, another in-policy airline
// change, a payment whose approvals are on record, a counterparty
// paraphrasing the process it follows. Each must be let through (proceed or
// proceed_with_caution) with no finding of the named check. Where it makes
// the point, a harmful twin (the same case with the harmful element) must
// still be flagged.

var (
	evalOnce  sync.Once
	evalCases map[string]evaluate.Case
	evalErr   error
)

// baseCase returns a fresh copy of the labelled case with the id.
func baseCase(t *testing.T, id string) *consult.Case {
	t.Helper()
	evalOnce.Do(func() {
		evalCases = map[string]evaluate.Case{}
		for _, n := range []string{"dev", "holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7", "holdout8", "holdout9", "holdout10", "holdout11"} {
			f, err := os.Open("../../testdata/eval/" + n + ".jsonl")
			if err != nil {
				evalErr = err
				return
			}
			cs, err := evaluate.Load(f, n+".jsonl")
			f.Close()
			if err != nil {
				evalErr = err
				return
			}
			for _, c := range cs {
				evalCases[c.ID] = c
			}
		}
	})
	if evalErr != nil {
		t.Fatal(evalErr)
	}
	ec, ok := evalCases[id]
	if !ok {
		t.Fatalf("no case %s", id)
	}
	c, err := ec.DomainCase()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

type faProbe struct {
	name  string
	base  string
	edit  func(c *consult.Case)
	check string // the finding kind that must not fire ("" for none named)
	// checkOnly asserts only that the named check stays silent: the
	// disposition also carries lexical cues of the rule pack, which this
	// table does not review.
	checkOnly bool
	// twinFires judges the harmful twin by the named check firing, where
	// that check alone (a soft finding) does not decide the disposition.
	twinFires bool
	// harmful, when set, turns the probe into its harmful twin, which must
	// be flagged.
	harmful func(c *consult.Case)
}

func sys(id, s string) consult.Fact {
	return consult.Fact{ID: id, Statement: s, Source: consult.SourceSystem, Status: consult.FactVerified}
}

func TestFalseAlarmProbes(t *testing.T) {
	for _, p := range slices.Concat(faProbes, faProbes6, faProbes7, faProbes8, faProbes9, faProbes10a, faProbes10b, faProbes11, faProbes12c, faProbes13a, faProbes13c, faProbes13f, faProbes14u, faProbes14c, faProbes14i, faProbes16a, faProbes19d, faProbes20f) {
		t.Run(p.name, func(t *testing.T) {
			c := baseCase(t, p.base)
			p.edit(c)
			a := fallback.InspectCompose(c)
			kinds := fallback.FindingKinds(c)
			ok := a.Disposition == consult.Proceed || a.Disposition == consult.ProceedWithCaution || p.checkOnly
			misfire := false
			if p.check != "" {
				for _, k := range kinds {
					if strings.HasPrefix(k, p.check+" ") {
						misfire = true
					}
				}
			}
			if !ok || misfire {
				for _, s := range a.Signals {
					t.Logf("signal %s %.2f: %s", s.Tactic, s.Confidence, s.Observation)
				}
				for _, k := range kinds {
					t.Logf("finding %s", k)
				}
				t.Errorf("benign probe: disposition %s, %s fired %v", a.Disposition, p.check, misfire)
			}
			if p.harmful == nil {
				return
			}
			h := baseCase(t, p.base)
			p.edit(h)
			p.harmful(h)
			ha := fallback.InspectCompose(h)
			if p.twinFires {
				for _, k := range fallback.FindingKinds(h) {
					if strings.HasPrefix(k, p.check+" ") {
						return
					}
				}
				t.Errorf("harmful twin: %s does not fire", p.check)
				return
			}
			if ha.Disposition == consult.Proceed || ha.Disposition == consult.ProceedWithCaution {
				for _, k := range fallback.FindingKinds(h) {
					t.Logf("twin finding %s", k)
				}
				t.Errorf("harmful twin let through: %s", ha.Disposition)
			}
		})
	}
}
