package server

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"google.golang.org/protobuf/types/known/structpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/record"
)

// CaseFromProto converts a wire case into the domain case. A nil case gives
// an empty one.
func CaseFromProto(p *shieldv1.Case) *consult.Case {
	c := &consult.Case{
		Title:            p.GetTitle(),
		Goal:             p.GetGoal(),
		Brief:            p.GetBrief(),
		Message:          p.GetMessage(),
		SituationContext: p.GetSituationContext(),
	}
	if a := p.GetProposedAction(); a != nil {
		c.Action = consult.Action{
			Description:    a.GetDescription(),
			Service:        a.GetService(),
			Action:         a.GetAction(),
			Amount:         a.GetAmount(),
			Currency:       a.GetCurrency(),
			Recipient:      a.GetRecipient(),
			Irreversible:   a.GetIrreversible(),
			DataCategories: a.GetDataCategories(),
		}
	}
	if cp := p.GetCounterparty(); cp != nil {
		c.Counterparty = consult.Counterparty{
			Type:            enumSuffix(cp.GetType().String(), "COUNTERPARTY_TYPE_"),
			Reference:       cp.GetReference(),
			ClaimedIdentity: cp.GetClaimedIdentity(),
			Verified:        cp.GetVerified(),
			TrustTier:       cp.GetTrustTier(),
			GASLLevel:       int(cp.GetGaslLevel()),
		}
	}
	if n := len(p.GetFacts()); n > 0 {
		c.Facts = make([]consult.Fact, n)
		for i, f := range p.GetFacts() {
			c.Facts[i] = consult.Fact{
				ID:                 f.GetId(),
				Statement:          f.GetStatement(),
				Source:             enumSuffix(f.GetSource().String(), "FACT_SOURCE_"),
				Status:             enumSuffix(f.GetStatus().String(), "FACT_STATUS_"),
				EvidenceReferences: f.GetEvidenceReferences(),
			}
		}
	}
	if n := len(p.GetEvidence()); n > 0 {
		c.Evidence = make([]consult.Evidence, n)
		for i, e := range p.GetEvidence() {
			c.Evidence[i] = consult.Evidence{
				ID:              e.GetId(),
				Type:            enumSuffix(e.GetType().String(), "EVIDENCE_TYPE_"),
				Summary:         e.GetSummary(),
				SourceReference: e.GetSourceReference(),
				Verification:    enumSuffix(e.GetVerification().String(), "VERIFICATION_"),
			}
		}
	}
	if n := len(p.GetPolicies()); n > 0 {
		c.Policies = make([]consult.Policy, n)
		for i, pol := range p.GetPolicies() {
			c.Policies[i] = consult.Policy{
				ID:              pol.GetId(),
				Title:           pol.GetTitle(),
				Statement:       pol.GetStatement(),
				SourceReference: pol.GetSourceReference(),
			}
		}
	}
	if n := len(p.GetHistory()); n > 0 {
		c.History = make([]consult.Turn, n)
		for i, t := range p.GetHistory() {
			c.History[i] = consult.Turn{Role: enumSuffix(t.GetRole().String(), "ROLE_"), Text: t.GetText()}
		}
	}
	if id := p.GetIdentity(); id != nil {
		c.Identity = consult.Identity{ID: id.GetId(), Version: id.GetVersion()}
		if n := len(id.GetScope()); n > 0 {
			c.Identity.Scope = make([]consult.ScopeEntry, n)
			for i, s := range id.GetScope() {
				c.Identity.Scope[i] = consult.ScopeEntry{Service: s.GetService(), Actions: s.GetActions()}
			}
		}
	}
	return c
}

// enumSuffix maps a wire enum name such as "FACT_SOURCE_SYSTEM" to the
// domain's "system"; the zero value (and any unknown number) maps to "".
func enumSuffix(name, prefix string) string {
	s, ok := strings.CutPrefix(name, prefix)
	if !ok || s == "UNSPECIFIED" {
		return ""
	}
	return strings.ToLower(s)
}

// ToProto converts a record into the response, in its typed form and as the
// schema's JSON object, both from the same record so they always agree.
func ToProto(r *record.Record) (*shieldv1.ConsultResponse, error) {
	return toProto(r, r.Map())
}

// toProto is ToProto with the record's map form already built (it was, to
// validate the record).
func toProto(r *record.Record, m map[string]any) (*shieldv1.ConsultResponse, error) {
	st, err := structpb.NewStruct(m)
	if err != nil {
		return nil, fmt.Errorf("server: record to struct: %w", err)
	}
	created, err := time.Parse(record.TimeFormat, r.CreatedAt)
	if err != nil {
		return nil, fmt.Errorf("server: createdAt: %w", err)
	}
	a := &r.Analysis
	pa := &shieldv1.Analysis{
		Reply:             a.Reply,
		SituationSummary:  a.SituationSummary,
		Disposition:       enumValue[shieldv1.Disposition](shieldv1.Disposition_value, "DISPOSITION_", string(a.Disposition)),
		RiskTier:          levelToProto(a.RiskTier),
		Confidence:        a.Confidence,
		Rationale:         a.Rationale,
		MissingEvidence:   a.MissingEvidence,
		QuestionsToAsk:    a.QuestionsToAsk,
		NextSteps:         a.NextSteps,
		Safeguards:        a.Safeguards,
		SuggestedResponse: a.SuggestedResponse,
	}
	if len(a.Claims) > 0 {
		pa.Claims = make([]*shieldv1.Claim, len(a.Claims))
		for i, c := range a.Claims {
			pa.Claims[i] = &shieldv1.Claim{
				Claim:              c.Claim,
				Status:             enumValue[shieldv1.ClaimStatus](shieldv1.ClaimStatus_value, "CLAIM_STATUS_", string(c.Status)),
				Significance:       levelToProto(c.Significance),
				EvidenceReferences: c.EvidenceReferences,
				Explanation:        c.Explanation,
			}
		}
	}
	if len(a.Signals) > 0 {
		pa.ManipulationSignals = make([]*shieldv1.ManipulationSignal, len(a.Signals))
		for i, s := range a.Signals {
			pa.ManipulationSignals[i] = &shieldv1.ManipulationSignal{
				Tactic:       enumValue[shieldv1.Tactic](shieldv1.Tactic_value, "TACTIC_", string(s.Tactic)),
				Observation:  s.Observation,
				Confidence:   s.Confidence,
				Significance: levelToProto(s.Significance),
			}
		}
	}
	g := &r.Generation
	pg := &shieldv1.Generation{
		Mode:          enumValue[shieldv1.GenerationMode](shieldv1.GenerationMode_value, "GENERATION_MODE_", g.Mode),
		Model:         g.Model,
		PromptVersion: g.PromptVersion,
		ErrorCode:     g.ErrorCode,
	}
	if u := g.TokenUsage; u != nil {
		pg.TokenUsage = &shieldv1.TokenUsage{InputTokens: u.InputTokens, OutputTokens: u.OutputTokens, TotalTokens: u.TotalTokens}
	}
	return &shieldv1.ConsultResponse{
		ConsultationId: r.ConsultationID,
		CaseId:         r.CaseID,
		AgentId:        r.AgentID,
		InputDigest:    r.InputDigest,
		Analysis:       pa,
		Generation:     pg,
		CreatedAt:      timestamppb.New(created),
		Record:         st,
	}, nil
}

func levelToProto(l consult.Level) shieldv1.RiskTier {
	return enumValue[shieldv1.RiskTier](shieldv1.RiskTier_value, "RISK_TIER_", string(l))
}

// enumIndex maps (wire prefix, schema spelling) to the wire enum number, so
// that converting a record allocates no upper-cased names.
var enumIndex sync.Map // [2]string -> int32

// enumValue returns the wire enum whose name is prefix + upper(value), or
// the zero (UNSPECIFIED) value when there is none.
func enumValue[E ~int32](values map[string]int32, prefix, value string) E {
	key := [2]string{prefix, value}
	if v, ok := enumIndex.Load(key); ok {
		return E(v.(int32))
	}
	v := values[prefix+strings.ToUpper(value)]
	enumIndex.Store(key, v)
	return E(v)
}
