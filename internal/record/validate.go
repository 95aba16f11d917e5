package record

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	stdstrings "strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/a2atrust/shield/internal/consult"
)

// SchemaJSON is the consultation record schema (protocol 0.1), draft 2020-12,
// exactly as published.
//
//go:embed schema/shield_consultation.schema.json
var SchemaJSON []byte

const schemaURL = "https://shield.invalid/schema/shield_consultation.schema.json"

// Validator checks records against the embedded schema with format
// assertions on. It is compiled once and safe for concurrent use.
type Validator struct {
	schema *jsonschema.Schema
	// fast checks a Record directly with the schema's constraints (see
	// structValidator); nil when the schema uses a keyword it does not
	// model, and then every record goes through schema.
	fast *structValidator
}

var (
	defaultOnce sync.Once
	defaultV    *Validator
	defaultErr  error
)

// DefaultValidator returns the process-wide validator, compiling the embedded
// schema on first use.
func DefaultValidator() (*Validator, error) {
	defaultOnce.Do(func() { defaultV, defaultErr = NewValidator() })
	return defaultV, defaultErr
}

// NewValidator compiles the embedded schema.
func NewValidator() (*Validator, error) {
	return newValidator(SchemaJSON)
}

// newValidator compiles schema, the embedded one but for tests.
func newValidator(schema []byte) (*Validator, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, fmt.Errorf("record: parse schema: %w", err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, fmt.Errorf("record: add schema: %w", err)
	}
	s, err := c.Compile(schemaURL)
	if err != nil {
		return nil, fmt.Errorf("record: compile schema: %w", err)
	}
	fast, err := newStructValidator(s)
	if err != nil {
		fast = nil // not modeled: the general validator does all the work
	}
	return &Validator{schema: s, fast: fast}, nil
}

// Validate checks r against the schema. A valid record is checked on the
// struct, without its map form; an invalid one is checked again by the
// general validator for an error that says where (see Locations).
func (v *Validator) Validate(r *Record) error {
	var ferr error
	if v.fast != nil {
		if ferr = v.fast.validate(r); ferr == nil {
			return nil
		}
	}
	if err := v.ValidateValue(r.Map()); err != nil {
		return err
	}
	if ferr != nil {
		// Only a number JSON cannot carry (NaN, ±Inf) gets here.
		return fmt.Errorf("record: invalid: %w", ferr)
	}
	return nil
}

// ValidateValue checks a decoded JSON value (maps, slices, strings, numbers,
// bools, nil) against the schema.
func (v *Validator) ValidateValue(doc any) error {
	if err := v.schema.Validate(doc); err != nil {
		return fmt.Errorf("record: invalid: %w", err)
	}
	return nil
}

// ValidateJSON checks JSON text against the schema.
func (v *Validator) ValidateJSON(data []byte) error {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("record: not JSON: %w", err)
	}
	return v.ValidateValue(doc)
}

// JSON returns the record's JSON text, keys in the schema's order.
func (r *Record) JSON() ([]byte, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("record: marshal: %w", err)
	}
	return b, nil
}

// Map returns the record as a tree of map[string]any, []any, string,
// float64 and int64 values, the shape structpb and the schema validator take,
// built directly rather than through a JSON round trip.
func (r *Record) Map() map[string]any {
	a := &r.Analysis
	analysis := map[string]any{
		"reply":               a.Reply,
		"situationSummary":    a.SituationSummary,
		"disposition":         string(a.Disposition),
		"riskTier":            string(a.RiskTier),
		"confidence":          a.Confidence,
		"rationale":           anyList(a.Rationale),
		"claims":              claims(a.Claims),
		"manipulationSignals": signals(a.Signals),
		"missingEvidence":     anyList(a.MissingEvidence),
		"questionsToAsk":      anyList(a.QuestionsToAsk),
		"nextSteps":           anyList(a.NextSteps),
		"safeguards":          anyList(a.Safeguards),
	}
	if a.SuggestedResponse != "" {
		analysis["suggestedResponse"] = a.SuggestedResponse
	}
	return map[string]any{
		"protocolVersion": r.ProtocolVersion,
		"consultationId":  r.ConsultationID,
		"caseId":          r.CaseID,
		"agentId":         r.AgentID,
		"inputDigest":     r.InputDigest,
		"analysis":        analysis,
		"generation":      generation(&r.Generation),
		"createdAt":       r.CreatedAt,
	}
}

func generation(g *consult.Generation) map[string]any {
	m := map[string]any{
		"mode":          g.Mode,
		"model":         g.Model,
		"promptVersion": g.PromptVersion,
	}
	if u := g.TokenUsage; u != nil {
		m["tokenUsage"] = map[string]any{
			"inputTokens":  u.InputTokens,
			"outputTokens": u.OutputTokens,
			"totalTokens":  u.TotalTokens,
		}
	}
	if g.ErrorCode != "" {
		m["errorCode"] = g.ErrorCode
	}
	return m
}

func anyList(in []string) []any {
	out := make([]any, len(in))
	for i, s := range in {
		out[i] = s
	}
	return out
}

func claims(in []consult.Claim) []any {
	out := make([]any, len(in))
	for i, c := range in {
		out[i] = map[string]any{
			"claim":              c.Claim,
			"status":             string(c.Status),
			"significance":       string(c.Significance),
			"evidenceReferences": anyList(c.EvidenceReferences),
			"explanation":        c.Explanation,
		}
	}
	return out
}

func signals(in []consult.Signal) []any {
	out := make([]any, len(in))
	for i, s := range in {
		out[i] = map[string]any{
			"tactic":       string(s.Tactic),
			"observation":  s.Observation,
			"confidence":   s.Confidence,
			"significance": string(s.Significance),
		}
	}
	return out
}

// Locations returns the places in a record (JSON pointers such as
// "/analysis/rationale/0") where err, an error from Validate, found the
// schema broken. Unlike the error's text it never carries a value, so it
// is safe to log: record strings quote the untrusted case.
func Locations(err error) []string {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil
	}
	var out []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			out = append(out, "/"+stdstrings.Join(e.InstanceLocation, "/"))
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	return out
}
