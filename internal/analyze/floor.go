package analyze

import (
	"fmt"
	"slices"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/record"
)

// HardTactics are the tactics whose rule findings are structural facts about
// a case rather than readings of its tone: secrets or bulk data leaving
// (data_extraction), an action outside the declared scope (scope_expansion),
// a stated policy limit broken (policy_bypass) and a contradiction with a
// system fact (inconsistent_claims). No LLM answer may go below them.
var HardTactics = []consult.Tactic{
	consult.DataExtraction,
	consult.ScopeExpansion,
	consult.PolicyBypass,
	consult.InconsistentClaims,
}

// HardConfidence is the confidence from which a rule signal of a hard tactic
// is a hard finding. The rule engine gives its structural findings at least
// this confidence and its lexical hunches less.
const HardConfidence = 0.85

// HardFinder is implemented by rule engines that say themselves which
// tactics of their analysis are hard findings. When the Rules given to New
// implement it, its answer replaces the HardTactics and HardConfidence test.
type HardFinder interface {
	HardFindings(a consult.Analysis) []consult.Tactic
}

// HardSignals returns the signals of a rule analysis that are hard findings:
// a hard tactic at HardConfidence or more.
func HardSignals(rules consult.Analysis) []consult.Signal {
	var out []consult.Signal
	for _, s := range rules.Signals {
		if slices.Contains(HardTactics, s.Tactic) && s.Confidence >= HardConfidence {
			out = append(out, s)
		}
	}
	return out
}

// hardSignals asks r for its hard findings in an.
func hardSignals(r Rules, an consult.Analysis) []consult.Signal {
	hf, ok := r.(HardFinder)
	if !ok {
		return HardSignals(an)
	}
	tactics := hf.HardFindings(an)
	var out []consult.Signal
	for _, s := range an.Signals {
		if slices.Contains(tactics, s.Tactic) {
			out = append(out, s)
		}
	}
	return out
}

// Merge lays the rules' analysis under the LLM's as a floor. With no hard
// signal, the LLM's analysis is returned as it is. With hard signals:
//
//   - the risk tier is at least the rules' tier and at least the highest
//     significance of a hard signal;
//   - the disposition is at least the rules' disposition, and never proceed
//     or proceed_with_caution;
//   - every hard signal's tactic is present: a rule signal is added where the
//     LLM reported no signal of that tactic, and "none" signals are dropped;
//   - when the disposition was raised, the texts that tell the agent what to
//     do follow the floor: the reply states the override and gives the
//     rules' reply, the rules' next steps and safeguards come first, the
//     suggested response and the confidence are the rules', and the first
//     rationale item says why. When only the tier was raised, the first
//     rationale item says so.
//
// Everything else (the summary, claims, the LLM's own signals, missing
// evidence, questions) stays the LLM's. raised reports whether the floor
// changed anything. Neither input is modified.
func Merge(ai, rules consult.Analysis, hard []consult.Signal) (merged consult.Analysis, raised bool) {
	if len(hard) == 0 {
		return ai, false
	}
	out := cloneAnalysis(ai)

	floorTier := rules.RiskTier
	for _, s := range hard {
		floorTier = consult.MaxLevel(floorTier, s.Significance)
	}
	floorDisp := rules.Disposition
	if floorDisp.Rank() < consult.GatherEvidence.Rank() {
		floorDisp = consult.GatherEvidence
	}

	// Signals: the LLM's, minus "none", plus the hard ones it lacked.
	var sig []consult.Signal
	for _, s := range out.Signals {
		if s.Tactic != consult.NoTactic {
			sig = append(sig, s)
		}
	}
	added := false
	for _, h := range hard {
		if !slices.ContainsFunc(sig, func(s consult.Signal) bool { return s.Tactic == h.Tactic }) {
			sig = append(sig, h)
			added = true
		}
	}
	// Over the schema's limit, the LLM's soft signals give way, latest first.
	for i := len(sig) - 1; i >= 0 && len(sig) > record.MaxListItems; i-- {
		if !slices.ContainsFunc(hard, func(h consult.Signal) bool { return h.Tactic == sig[i].Tactic }) {
			sig = slices.Delete(sig, i, i+1)
		}
	}
	raised = added || len(sig) != len(out.Signals)
	out.Signals = sig

	tactics := make([]string, 0, len(hard))
	for _, h := range hard {
		if t := string(h.Tactic); !slices.Contains(tactics, t) {
			tactics = append(tactics, t)
		}
	}
	found := strings.Join(tactics, ", ")

	dispRaised := out.Disposition.Rank() < floorDisp.Rank()
	tierRaised := out.RiskTier.Rank() < floorTier.Rank()
	if dispRaised || tierRaised {
		out.Rationale = prepend(fmt.Sprintf(
			"Shield's rules found %s: a hard finding that sets a floor of at least %s at %s risk, so the model's answer (%s, %s risk) was raised to it.",
			found, floorDisp, floorTier, orUnknown(string(out.Disposition)), orUnknown(string(out.RiskTier))), out.Rationale)
		raised = true
	}
	if dispRaised {
		out.Reply = fmt.Sprintf("Rule floor: %s (the model said %s). %s", floorDisp, orUnknown(string(out.Disposition)), rules.Reply)
		out.Disposition = floorDisp
		out.Confidence = rules.Confidence
		out.NextSteps = union(rules.NextSteps, out.NextSteps)
		out.Safeguards = union(rules.Safeguards, out.Safeguards)
		out.SuggestedResponse = rules.SuggestedResponse
	}
	if tierRaised {
		out.RiskTier = floorTier
	}
	return out, raised
}

func orUnknown(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func prepend(s string, list []string) []string {
	return append([]string{s}, list...)
}

// union returns a's items followed by b's that a lacks, in order.
func union(a, b []string) []string {
	out := make([]string, 0, len(a)+len(b))
	for _, s := range slices.Concat(a, b) {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// cloneAnalysis copies a deeply enough that changing the copy's lists never
// changes a's (a cached analysis is shared between consultations).
func cloneAnalysis(a consult.Analysis) consult.Analysis {
	a.Rationale = slices.Clone(a.Rationale)
	a.Signals = slices.Clone(a.Signals)
	a.MissingEvidence = slices.Clone(a.MissingEvidence)
	a.QuestionsToAsk = slices.Clone(a.QuestionsToAsk)
	a.NextSteps = slices.Clone(a.NextSteps)
	a.Safeguards = slices.Clone(a.Safeguards)
	claims := make([]consult.Claim, len(a.Claims))
	for i, c := range a.Claims {
		c.EvidenceReferences = slices.Clone(c.EvidenceReferences)
		claims[i] = c
	}
	if a.Claims != nil {
		a.Claims = claims
	}
	return a
}
