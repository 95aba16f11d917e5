// Package analyze chooses how each consultation is judged and combines the
// results: the deterministic rule engine always, and the LLM when one is
// configured and the request allows it. It returns an analysis together
// with the generation metadata that says what produced it, and it never
// fails the caller for an LLM problem: every LLM failure becomes the rule
// engine's analysis with a stable error code.
package analyze

import (
	"context"

	"github.com/a2atrust/shield/internal/consult"
)

// Mode is what the caller asked for.
type Mode int

// Modes, matching the wire's AnalysisMode.
const (
	// ModeAuto uses the LLM when one is configured, else the rules.
	ModeAuto Mode = iota
	// ModeRules never calls the LLM.
	ModeRules
	// ModeLLM calls the LLM, falling back to the rules on failure.
	ModeLLM
)

// Error codes of fallback records that are not LLM failures. The LLM's own
// failure codes are listed with the LLM client.
const (
	// CodeRulesRequested: the caller asked for the rule engine.
	CodeRulesRequested = "rules_requested"
	// CodeNotConfigured: no LLM is configured on this server.
	CodeNotConfigured = "llm_not_configured"
	// CodeRecordInvalid: the analysis could not be made to fit the record
	// schema, so the rule engine's analysis was used instead.
	CodeRecordInvalid = "analysis_invalid"
)

// Rules is the deterministic rule engine every consultation rests on.
type Rules interface {
	// Name identifies the engine in generation.model.
	Name() string
	// Version identifies the rule pack in generation.promptVersion.
	Version() string
	// Analyze judges a case; it is pure and never fails.
	Analyze(c *consult.Case) consult.Analysis
}

// Request is one case to analyse.
type Request struct {
	Case   *consult.Case
	Digest string // the case's inputDigest, the LLM cache key
	Mode   Mode
}

// Result is an analysis and what produced it. Besides the record's
// content it says how the answer was reached, for logs and metrics, since
// this package does not log.
type Result struct {
	Analysis   consult.Analysis
	Generation consult.Generation
	// Cached reports an LLM answer served from the cache.
	Cached bool
	// Shared reports an LLM answer from another consultation's identical
	// call in flight.
	Shared bool
	// Floored reports that the rules' hard findings raised the LLM's
	// analysis (see Merge).
	Floored bool
	// Repaired reports an LLM answer that broke the analysis schema and
	// was repaired (clamped, invalid items dropped).
	Repaired bool
	// Err is why the LLM did not answer, for the log, when the record is
	// a fallback for an LLM failure. It never contains the API key.
	Err error
}

// Analyzer judges cases. It is safe for concurrent use.
type Analyzer struct {
	rules Rules
	llm   *LLM // nil when no LLM is configured
}

// New returns an analyzer over rules, and over llm when it is not nil.
func New(rules Rules, llm *LLM) *Analyzer {
	return &Analyzer{rules: rules, llm: llm}
}

// LLMConfigured reports whether an LLM is configured.
func (a *Analyzer) LLMConfigured() bool { return a.llm != nil }

// Analyze judges req.Case. It always returns a result; ctx bounds only the
// LLM call, and the rules answer when it ends. The rules judge every case,
// also when the LLM answers: their hard findings are the floor the LLM's
// analysis is raised to (see Merge).
func (a *Analyzer) Analyze(ctx context.Context, req Request) Result {
	switch {
	case req.Mode == ModeRules:
		return a.Rules(req.Case, CodeRulesRequested)
	case a.llm == nil:
		return a.Rules(req.Case, CodeNotConfigured)
	}
	return a.llm.analyze(ctx, req, a.rules)
}

// Rules returns the rule engine's analysis of c as a fallback record's
// content, with errorCode saying why the rules answered.
func (a *Analyzer) Rules(c *consult.Case, errorCode string) Result {
	return rulesResult(a.rules, a.rules.Analyze(c), errorCode)
}

func rulesResult(r Rules, an consult.Analysis, errorCode string) Result {
	return Result{
		Analysis: an,
		Generation: consult.Generation{
			Mode:          consult.ModeFallback,
			Model:         r.Name(),
			PromptVersion: r.Version(),
			ErrorCode:     errorCode,
		},
	}
}
