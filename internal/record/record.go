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

// ParseTime returns the time of a createdAt, as time.Parse(TimeFormat, s)
// does: the same time or the same error. A string of exactly TimeFormat's
// shape, with its fields in range, is read by hand, which costs a fraction
// of time.Parse's layout walk; the server reads the createdAt of every
// record it answers with.
func ParseTime(s string) (time.Time, error) {
	if len(s) == len(TimeFormat) && s[4] == '-' && s[7] == '-' && s[10] == 'T' && s[13] == ':' &&
		s[16] == ':' && s[19] == '.' && s[23] == 'Z' {
		year, ok1 := digits(s[0:4])
		month, ok2 := digits(s[5:7])
		day, ok3 := digits(s[8:10])
		hour, ok4 := digits(s[11:13])
		minute, ok5 := digits(s[14:16])
		sec, ok6 := digits(s[17:19])
		milli, ok7 := digits(s[20:23])
		if ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7 && month >= 1 && month <= 12 && day >= 1 &&
			day <= daysIn(month, year) && hour < 24 && minute < 60 && sec < 60 {
			return time.Date(year, time.Month(month), day, hour, minute, sec, milli*1e6, time.UTC), nil
		}
	}
	// Anything else, valid or not (time.Parse also takes a comma before
	// the milliseconds), is time.Parse's to read or refuse.
	return time.Parse(TimeFormat, s)
}

// digits is the number that s, ASCII digits only, spells.
func digits(s string) (int, bool) {
	n := 0
	for i := range len(s) {
		c := s[i] - '0'
		if c > 9 {
			return 0, false
		}
		n = n*10 + int(c)
	}
	return n, true
}

// daysIn is the number of days in the month of the year, Gregorian.
func daysIn(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

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
