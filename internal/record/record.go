// Package record builds Shield's consultation records (protocol 0.1),
// repairs analyses that would break the record schema, and validates every
// record against the embedded schema before it leaves the process.
package record

import (
	"errors"
	"fmt"
	"time"

	"github.com/a2atrust/shield/internal/consult"
)

// ProtocolVersion is the record protocol this package emits.
const ProtocolVersion = "0.1"

// Record is one consultation record, field for field as
// shield_consultation.schema.json defines it. Marshalled with encoding/json
// it gives the schema's JSON with a fixed key order.
type Record struct {
	ProtocolVersion string             `json:"protocolVersion"`
	ConsultationID  string             `json:"consultationId"`
	CaseID          string             `json:"caseId"`
	AgentID         string             `json:"agentId"`
	InputDigest     string             `json:"inputDigest"`
	Analysis        consult.Analysis   `json:"analysis"`
	Generation      consult.Generation `json:"generation"`
	CreatedAt       string             `json:"createdAt"`
}

// Meta is what a record carries besides its analysis and generation.
type Meta struct {
	ConsultationID string
	CaseID         string
	AgentID        string
	InputDigest    string
	CreatedAt      time.Time
}

// TimeFormat is the layout of createdAt: RFC 3339, UTC, millisecond
// precision, literal Z.
const TimeFormat = "2006-01-02T15:04:05.000Z"

// ErrUnrepairable reports an analysis that clamping cannot make valid.
var ErrUnrepairable = errors.New("record: analysis cannot be repaired")

// Build assembles a record from meta, an analysis and its generation. It
// repairs the analysis and generation in place of copies (see Repair) and
// returns ErrUnrepairable, wrapped with the reason, when they cannot be made
// to fit the schema. It does not validate: call Validator.Validate.
func Build(m Meta, a consult.Analysis, g consult.Generation) (*Record, error) {
	if err := Repair(&a); err != nil {
		return nil, err
	}
	if err := repairGeneration(&g); err != nil {
		return nil, err
	}
	return &Record{
		ProtocolVersion: ProtocolVersion,
		ConsultationID:  m.ConsultationID,
		CaseID:          m.CaseID,
		AgentID:         m.AgentID,
		InputDigest:     m.InputDigest,
		Analysis:        a,
		Generation:      g,
		CreatedAt:       m.CreatedAt.UTC().Format(TimeFormat),
	}, nil
}

func repairGeneration(g *consult.Generation) error {
	if g.Mode != consult.ModeAI && g.Mode != consult.ModeFallback {
		return fmt.Errorf("%w: generation mode %q", ErrUnrepairable, g.Mode)
	}
	if g.Model == "" {
		g.Model = "unknown"
	}
	if g.PromptVersion == "" {
		g.PromptVersion = "unknown"
	}
	g.ErrorCode = Truncate(g.ErrorCode, MaxErrorCode)
	if u := g.TokenUsage; u != nil {
		u.InputTokens = max(u.InputTokens, 0)
		u.OutputTokens = max(u.OutputTokens, 0)
		u.TotalTokens = max(u.TotalTokens, 0)
	}
	return nil
}
