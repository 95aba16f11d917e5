// Package server is Shield's gRPC edge: the ShieldService implementation,
// request validation, conversion between wire and domain types, and the
// gRPC server around it (interceptors, health, reflection, shutdown). It
// converts and sequences; it does not judge: judgment lives in
// internal/analyze and internal/fallback.
package server

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/analyze"
	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/digest"
	"github.com/a2atrust/shield/internal/record"
)

var _ shieldv1.ShieldServiceServer = (*Service)(nil)

// Sink receives every record before its RPC returns, such as the record log.
// An error fails the RPC with UNAVAILABLE: a caller never holds a record
// that a sink did not take.
type Sink interface {
	Write(ctx context.Context, r *record.Record) error
}

// Observer is told of every consultation that produced a record, such as
// the metrics; it must not block.
type Observer func(r *record.Record, elapsed time.Duration)

// Options configure a Service. Analyzer and Logger are required.
type Options struct {
	Analyzer  *analyze.Analyzer
	Validator *record.Validator // nil: the process-wide validator
	Logger    *slog.Logger
	Sinks     []Sink
	Observers []Observer
	Now       func() time.Time // nil: time.Now
	NewID     func() string    // nil: UUIDv7
}

// Service implements shield.v1.ShieldService.
type Service struct {
	shieldv1.UnimplementedShieldServiceServer
	opts Options
}

// New returns a Service.
func New(opts Options) (*Service, error) {
	if opts.Analyzer == nil || opts.Logger == nil {
		return nil, errors.New("server: Analyzer and Logger are required")
	}
	if opts.Validator == nil {
		v, err := record.DefaultValidator()
		if err != nil {
			return nil, fmt.Errorf("server: %w", err)
		}
		opts.Validator = v
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.NewID == nil {
		opts.NewID = newUUIDv7
	}
	return &Service{opts: opts}, nil
}

// newUUIDv7 returns a UUIDv7 as github.com/google/uuid's NewV7 makes it: the
// Unix time in milliseconds, then twelve bits of the sub-millisecond time as
// a sequence that keeps the ids of this process strictly increasing, the
// rest random. The package's NewV7().String() costs two allocations an id
// and reads crypto/rand through an interface; this costs one, the string.
// TestNewUUIDv7 holds the text to the package's String.
func newUUIDv7() string {
	var u [16]byte
	rand.Read(u[8:]) // crypto/rand.Read does not fail (it crashes the program)
	milli, seq := v7Time(time.Now().UnixNano())
	u[0], u[1], u[2], u[3], u[4], u[5] = byte(milli>>40), byte(milli>>32), byte(milli>>24), byte(milli>>16), byte(milli>>8), byte(milli)
	u[6], u[7] = 0x70|byte(seq>>8)&0x0f, byte(seq)
	u[8] = u[8]&0x3f | 0x80 // the RFC 9562 variant
	return formatUUID(u)
}

// lastV7 is the last id's time and sequence, milliseconds << 12 | seq.
var lastV7 struct {
	sync.Mutex
	t int64
}

// v7Time returns the milliseconds and sequence of an id made at nano, one
// step past the last id's when the clock has not moved past it.
func v7Time(nano int64) (milli, seq int64) {
	const nanoPerMilli = 1_000_000
	milli = nano / nanoPerMilli
	now := milli<<12 + (nano-milli*nanoPerMilli)>>8
	lastV7.Lock()
	if now <= lastV7.t {
		now = lastV7.t + 1
	}
	lastV7.t = now
	lastV7.Unlock()
	return now >> 12, now & 0xfff
}

// formatUUID writes u in its 36-character form, lower-case hex.
func formatUUID(u [16]byte) string {
	const hex = "0123456789abcdef"
	var b [36]byte
	j := 0
	for i, c := range u {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			b[j] = '-'
			j++
		}
		b[j], b[j+1] = hex[c>>4], hex[c&0x0f]
		j += 2
	}
	return string(b[:])
}

// Consult validates the request, digests its case, analyses it and returns
// the schema-valid record in both its typed and its JSON form.
func (s *Service) Consult(ctx context.Context, req *shieldv1.ConsultRequest) (*shieldv1.ConsultResponse, error) {
	r, err := s.consult(ctx, req)
	if err != nil {
		return nil, err
	}
	resp := typedOf(r.rec, r.created)
	resp.Record = buildStruct(r.rec) // consult has checked its strings
	return resp, nil
}

// consultReply is a response on its way out through gRPC: the record it is
// made of (and the time of its createdAt), or a typed response without its
// record's Struct and the record the Struct is made from. Codec writes the
// response's bytes straight from the record, so a call served over gRPC
// builds neither the typed response nor the Struct's ~20 maps and ~100
// values. It is deliberately not a proto.Message: a codec other than Codec
// fails on it instead of sending a response without its record.
type consultReply struct {
	resp    *shieldv1.ConsultResponse // nil: written from rec
	rec     *record.Record
	created time.Time // rec's createdAt, when resp is nil
}

// consult is Consult up to the record's Struct.
func (s *Service) consult(ctx context.Context, req *shieldv1.ConsultRequest) (*consultReply, error) {
	start := s.opts.Now()
	if err := Validate(req); err != nil {
		return nil, err
	}
	dg, err := digest.OfMessage(req.GetCase())
	if err != nil {
		s.opts.Logger.ErrorContext(ctx, "digest failed", "err", err)
		return nil, status.Error(codes.Internal, "could not digest the case")
	}
	meta := record.Meta{
		ConsultationID: orNew(req.GetConsultationId(), s.opts.NewID),
		CaseID:         orNew(req.GetCaseId(), s.opts.NewID),
		AgentID:        req.GetAgentId(),
		InputDigest:    dg,
	}
	c := CaseFromProto(req.GetCase())
	res := s.opts.Analyzer.Analyze(ctx, analyze.Request{Case: c, Digest: dg, Mode: modeFromProto(req.GetMode())})
	meta.CreatedAt = s.opts.Now()
	rec, err := s.build(meta, res)
	if err != nil && res.Generation.Mode != consult.ModeFallback {
		// The LLM's analysis could not be made valid: the rules answer.
		s.opts.Logger.WarnContext(ctx, "analysis rejected, using rules", "consultation_id", meta.ConsultationID, errAttr(err))
		res = s.opts.Analyzer.Rules(c, analyze.CodeRecordInvalid)
		rec, err = s.build(meta, res)
	}
	if err != nil {
		s.opts.Logger.ErrorContext(ctx, "no valid record", "consultation_id", meta.ConsultationID, errAttr(err))
		return nil, status.Error(codes.Internal, "could not produce a valid record")
	}
	for _, sink := range s.opts.Sinks {
		if err := sink.Write(ctx, rec); err != nil {
			s.opts.Logger.ErrorContext(ctx, "record sink failed", "consultation_id", rec.ConsultationID, "err", err)
			return nil, status.Error(codes.Unavailable, "the record could not be stored; retry later")
		}
	}
	created, err := checkResponse(rec)
	if err != nil {
		s.opts.Logger.ErrorContext(ctx, "record conversion failed", "consultation_id", rec.ConsultationID, "err", err)
		return nil, status.Error(codes.Internal, "could not encode the record")
	}
	elapsed := s.opts.Now().Sub(start)
	for _, o := range s.opts.Observers {
		o(rec, elapsed)
	}
	attrs := []slog.Attr{
		slog.String("consultation_id", rec.ConsultationID),
		slog.String("case_id", rec.CaseID),
		slog.String("agent_id", rec.AgentID),
		slog.String("input_digest", rec.InputDigest),
		slog.String("disposition", string(rec.Analysis.Disposition)),
		slog.String("risk_tier", string(rec.Analysis.RiskTier)),
		slog.String("mode", rec.Generation.Mode),
		slog.String("error_code", rec.Generation.ErrorCode),
		slog.Int("signals", len(rec.Analysis.Signals)),
		slog.Float64("latency_ms", float64(elapsed.Microseconds())/1000),
	}
	// How an LLM answer was reached; the LLM's error text is left out, as
	// it may quote the model's answer and through it the message.
	for _, f := range []struct {
		key string
		on  bool
	}{{"llm_cached", res.Cached}, {"llm_shared", res.Shared}, {"floored", res.Floored}, {"repaired", res.Repaired}} {
		if f.on {
			attrs = append(attrs, slog.Bool(f.key, true))
		}
	}
	s.opts.Logger.LogAttrs(ctx, slog.LevelInfo, "consultation", attrs...)
	return &consultReply{rec: rec, created: created}, nil
}

// build makes the record and validates it.
func (s *Service) build(m record.Meta, res analyze.Result) (*record.Record, error) {
	rec, err := record.Build(m, res.Analysis, res.Generation)
	if err != nil {
		return nil, err
	}
	if err := s.opts.Validator.Validate(rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// errAttr describes a record that failed: what repair refused (its messages
// name fields, not case text), or where the schema broke, without the
// values, which may quote the untrusted case.
func errAttr(err error) slog.Attr {
	if locs := record.Locations(err); locs != nil {
		return slog.Any("schema_violations", locs)
	}
	return slog.String("err", err.Error())
}

func orNew(id string, gen func() string) string {
	if id != "" {
		return id
	}
	return gen()
}

func modeFromProto(m shieldv1.AnalysisMode) analyze.Mode {
	switch m {
	case shieldv1.AnalysisMode_ANALYSIS_MODE_RULES:
		return analyze.ModeRules
	case shieldv1.AnalysisMode_ANALYSIS_MODE_LLM:
		return analyze.ModeLLM
	}
	return analyze.ModeAuto
}
