// Package fallback is Shield's deterministic rule engine: a case in, an
// analysis out, with no network and no clock.
package fallback

import (
	"fmt"

	"github.com/a2atrust/shield/internal/consult"
)

// TEMPORARY: replaced by the full rule engine (issue 3).

// Engine analyses cases with a rule pack.
type Engine struct{ version string }

// Default returns the engine with the embedded default rule pack.
func Default() *Engine { return &Engine{version: "rules-0"} }

// Load returns an engine with the rule pack in the file at path.
func Load(path string) (*Engine, error) { return nil, fmt.Errorf("fallback: rule files not supported yet") }

// Name is the engine's name, used as generation.model in records.
func (e *Engine) Name() string { return "shield-rules" }

// Version is the rule pack's version, used as generation.promptVersion.
func (e *Engine) Version() string { return e.version }

// Analyze judges c.
func (e *Engine) Analyze(c *consult.Case) consult.Analysis {
	return consult.Analysis{
		Reply:            "Placeholder analysis of " + c.Title,
		SituationSummary: "placeholder",
		Disposition:      consult.ProceedWithCaution,
		RiskTier:         consult.Medium,
		Confidence:       0.3,
		Rationale:        []string{"placeholder"},
		NextSteps:        []string{"placeholder"},
	}
}
