package server

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

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
			Type:            counterpartyTypes[int32(cp.GetType())],
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
				Source:             factSources[int32(f.GetSource())],
				Status:             factStatuses[int32(f.GetStatus())],
				EvidenceReferences: f.GetEvidenceReferences(),
			}
		}
	}
	if n := len(p.GetEvidence()); n > 0 {
		c.Evidence = make([]consult.Evidence, n)
		for i, e := range p.GetEvidence() {
			c.Evidence[i] = consult.Evidence{
				ID:              e.GetId(),
				Type:            evidenceTypes[int32(e.GetType())],
				Summary:         e.GetSummary(),
				SourceReference: e.GetSourceReference(),
				Verification:    verifications[int32(e.GetVerification())],
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
			c.History[i] = consult.Turn{Role: roles[int32(t.GetRole())], Text: t.GetText()}
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

// The schema's spelling of each value of the case's wire enums, by number:
// enumSuffix of every name, worked out once. A number the enum does not
// define is not in the map, and reads as "", as the zero value does.
var (
	counterpartyTypes = lowerNames(shieldv1.CounterpartyType_name, "COUNTERPARTY_TYPE_")
	factSources       = lowerNames(shieldv1.FactSource_name, "FACT_SOURCE_")
	factStatuses      = lowerNames(shieldv1.FactStatus_name, "FACT_STATUS_")
	evidenceTypes     = lowerNames(shieldv1.EvidenceType_name, "EVIDENCE_TYPE_")
	verifications     = lowerNames(shieldv1.Verification_name, "VERIFICATION_")
	roles             = lowerNames(shieldv1.Role_name, "ROLE_")
)

// lowerNames maps each number of a wire enum to enumSuffix of its name.
func lowerNames(names map[int32]string, prefix string) map[int32]string {
	t := make(map[int32]string, len(names))
	for n, name := range names {
		t[n] = enumSuffix(name, prefix)
	}
	return t
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
	resp, err := typedResponse(r)
	if err != nil {
		return nil, err
	}
	resp.Record = buildStruct(r)
	return resp, nil
}

// typedResponse is ToProto without the record's Struct. It fails where
// ToProto fails: on a string that is not valid UTF-8 (checkUTF8) or a
// createdAt it cannot read.
func typedResponse(r *record.Record) (*shieldv1.ConsultResponse, error) {
	created, err := checkResponse(r)
	if err != nil {
		return nil, err
	}
	return typedOf(r, created), nil
}

// checkResponse returns the time of r's createdAt, or the error that makes
// r impossible to answer with: a string that is not UTF-8, or a createdAt
// that is not a time.
func checkResponse(r *record.Record) (time.Time, error) {
	if err := checkUTF8(r); err != nil {
		return time.Time{}, err
	}
	created, err := record.ParseTime(r.CreatedAt)
	if err != nil {
		return time.Time{}, fmt.Errorf("server: createdAt: %w", err)
	}
	return created, nil
}

// typedOf is typedResponse of a record that checkResponse passed, whose
// createdAt is created.
func typedOf(r *record.Record, created time.Time) *shieldv1.ConsultResponse {
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
	}
}

// errRecordUTF8 is recordStruct's refusal of a string that is not UTF-8,
// as structpb.NewStruct refuses it, without the string: it may quote the
// case.
var errRecordUTF8 = errors.New("server: record to struct: invalid UTF-8 in a string")

// checkUTF8 returns errRecordUTF8 when a string of the record's Struct (the
// strings recordStruct writes) is not valid UTF-8.
func checkUTF8(r *record.Record) error {
	a := &r.Analysis
	g := &r.Generation
	ok := utf8.ValidString(r.ProtocolVersion) && utf8.ValidString(r.ConsultationID) && utf8.ValidString(r.CaseID) &&
		utf8.ValidString(r.AgentID) && utf8.ValidString(r.InputDigest) && utf8.ValidString(r.CreatedAt) &&
		utf8.ValidString(a.Reply) && utf8.ValidString(a.SituationSummary) && utf8.ValidString(string(a.Disposition)) &&
		utf8.ValidString(string(a.RiskTier)) && utf8.ValidString(a.SuggestedResponse) &&
		validStrings(a.Rationale) && validStrings(a.MissingEvidence) && validStrings(a.QuestionsToAsk) &&
		validStrings(a.NextSteps) && validStrings(a.Safeguards) &&
		utf8.ValidString(g.Mode) && utf8.ValidString(g.Model) && utf8.ValidString(g.PromptVersion) && utf8.ValidString(g.ErrorCode)
	for i := range a.Claims {
		c := &a.Claims[i]
		ok = ok && utf8.ValidString(c.Claim) && utf8.ValidString(string(c.Status)) && utf8.ValidString(string(c.Significance)) &&
			validStrings(c.EvidenceReferences) && utf8.ValidString(c.Explanation)
	}
	for i := range a.Signals {
		s := &a.Signals[i]
		ok = ok && utf8.ValidString(string(s.Tactic)) && utf8.ValidString(s.Observation) && utf8.ValidString(string(s.Significance))
	}
	if !ok {
		return errRecordUTF8
	}
	return nil
}

func validStrings(l []string) bool {
	for _, s := range l {
		if !utf8.ValidString(s) {
			return false
		}
	}
	return true
}

func levelToProto(l consult.Level) shieldv1.RiskTier {
	return enumValue[shieldv1.RiskTier](shieldv1.RiskTier_value, "RISK_TIER_", string(l))
}

// enumValue returns the wire enum whose name is prefix + upper(value), or
// the zero (UNSPECIFIED) value when there is none. The schema's spellings
// are looked up in a table made once (wireNumbers); any other value, which a
// repaired record does not have, is looked up by its upper-cased name.
func enumValue[E ~int32](values map[string]int32, prefix, value string) E {
	if v, ok := wireNumbers[prefix][value]; ok {
		return E(v)
	}
	return E(values[prefix+strings.ToUpper(value)])
}

// wireNumbers maps each prefix enumValue is called with, then the lower-case
// spelling of each name's suffix, to the name's number: the value whose
// upper-case form, after the prefix, is the name.
var wireNumbers = map[string]map[string]int32{
	"DISPOSITION_":     lowerNumbers(shieldv1.Disposition_value, "DISPOSITION_"),
	"RISK_TIER_":       lowerNumbers(shieldv1.RiskTier_value, "RISK_TIER_"),
	"CLAIM_STATUS_":    lowerNumbers(shieldv1.ClaimStatus_value, "CLAIM_STATUS_"),
	"TACTIC_":          lowerNumbers(shieldv1.Tactic_value, "TACTIC_"),
	"GENERATION_MODE_": lowerNumbers(shieldv1.GenerationMode_value, "GENERATION_MODE_"),
}

// lowerNumbers maps the lower-cased suffix of each name of a wire enum that
// has prefix to its number. Names are ASCII capitals, digits and '_', so
// upper-casing the key gives the suffix back.
func lowerNumbers(values map[string]int32, prefix string) map[string]int32 {
	t := make(map[string]int32, len(values))
	for name, v := range values {
		if s, ok := strings.CutPrefix(name, prefix); ok {
			t[strings.ToLower(s)] = v
		}
	}
	return t
}

// recordStruct returns the record's JSON object as a Struct, equal to
// structpb.NewStruct(r.Map()) (TestRecordStructMatchesMap) but built
// directly: without the map form, without NewValue's type switch on every
// value, and with the record's ~100 values and their oneof wrappers taken
// from a few slabs instead of two allocations each. Like NewStruct it
// refuses a string that is not valid UTF-8.
func recordStruct(r *record.Record) (*structpb.Struct, error) {
	if err := checkUTF8(r); err != nil {
		return nil, err
	}
	return buildStruct(r), nil
}

// buildStruct is recordStruct for a record whose strings are valid UTF-8.
func buildStruct(r *record.Record) *structpb.Struct {
	a := &r.Analysis
	g := &r.Generation
	b := newStructBuilder(r)
	analysis := b.object(13)
	b.str(analysis, "reply", a.Reply)
	b.str(analysis, "situationSummary", a.SituationSummary)
	b.str(analysis, "disposition", string(a.Disposition))
	b.str(analysis, "riskTier", string(a.RiskTier))
	b.num(analysis, "confidence", a.Confidence)
	b.strList(analysis, "rationale", a.Rationale)
	claims := make([]*structpb.Value, len(a.Claims))
	for i := range a.Claims {
		c := &a.Claims[i]
		o := b.object(5)
		b.str(o, "claim", c.Claim)
		b.str(o, "status", string(c.Status))
		b.str(o, "significance", string(c.Significance))
		b.strList(o, "evidenceReferences", c.EvidenceReferences)
		b.str(o, "explanation", c.Explanation)
		claims[i] = b.structValue(o)
	}
	b.list(analysis, "claims", claims)
	signals := make([]*structpb.Value, len(a.Signals))
	for i := range a.Signals {
		s := &a.Signals[i]
		o := b.object(4)
		b.str(o, "tactic", string(s.Tactic))
		b.str(o, "observation", s.Observation)
		b.num(o, "confidence", s.Confidence)
		b.str(o, "significance", string(s.Significance))
		signals[i] = b.structValue(o)
	}
	b.list(analysis, "manipulationSignals", signals)
	b.strList(analysis, "missingEvidence", a.MissingEvidence)
	b.strList(analysis, "questionsToAsk", a.QuestionsToAsk)
	b.strList(analysis, "nextSteps", a.NextSteps)
	b.strList(analysis, "safeguards", a.Safeguards)
	if a.SuggestedResponse != "" {
		b.str(analysis, "suggestedResponse", a.SuggestedResponse)
	}

	generation := b.object(5)
	b.str(generation, "mode", g.Mode)
	b.str(generation, "model", g.Model)
	b.str(generation, "promptVersion", g.PromptVersion)
	if u := g.TokenUsage; u != nil {
		// int64 values become JSON numbers (float64), as in NewValue.
		tu := b.object(3)
		b.num(tu, "inputTokens", float64(u.InputTokens))
		b.num(tu, "outputTokens", float64(u.OutputTokens))
		b.num(tu, "totalTokens", float64(u.TotalTokens))
		generation.Fields["tokenUsage"] = b.structValue(tu)
	}
	if g.ErrorCode != "" {
		b.str(generation, "errorCode", g.ErrorCode)
	}

	root := b.object(8)
	b.str(root, "protocolVersion", r.ProtocolVersion)
	b.str(root, "consultationId", r.ConsultationID)
	b.str(root, "caseId", r.CaseID)
	b.str(root, "agentId", r.AgentID)
	b.str(root, "inputDigest", r.InputDigest)
	root.Fields["analysis"] = b.structValue(analysis)
	root.Fields["generation"] = b.structValue(generation)
	b.str(root, "createdAt", r.CreatedAt)
	return root
}

// structBuilder builds the Struct of one record. Its values come from slabs
// sized for the record; a miscount only costs another slab.
type structBuilder struct {
	vals    []structpb.Value
	strs    []structpb.Value_StringValue
	nums    []structpb.Value_NumberValue
	structs []structpb.Value_StructValue
	lists   []structpb.Value_ListValue
	lvals   []structpb.ListValue
}

func newStructBuilder(r *record.Record) *structBuilder {
	a := &r.Analysis
	strs := 6 + 5 + 5 + len(a.Rationale) + len(a.MissingEvidence) + len(a.QuestionsToAsk) + len(a.NextSteps) +
		len(a.Safeguards) + 3*len(a.Signals)
	for i := range a.Claims {
		strs += 4 + len(a.Claims[i].EvidenceReferences)
	}
	nums := 4 + len(a.Signals)
	structs := 3 + len(a.Claims) + len(a.Signals)
	lists := 7 + len(a.Claims)
	return &structBuilder{
		vals:    make([]structpb.Value, strs+nums+structs+lists),
		strs:    make([]structpb.Value_StringValue, strs),
		nums:    make([]structpb.Value_NumberValue, nums),
		structs: make([]structpb.Value_StructValue, structs),
		lists:   make([]structpb.Value_ListValue, lists),
		lvals:   make([]structpb.ListValue, lists),
	}
}

// take returns the next element of a slab, starting a new slab when it is
// used up.
func take[T any](slab *[]T) *T {
	if len(*slab) == 0 {
		*slab = make([]T, 8)
	}
	p := &(*slab)[0]
	*slab = (*slab)[1:]
	return p
}

func (b *structBuilder) object(n int) *structpb.Struct {
	return &structpb.Struct{Fields: make(map[string]*structpb.Value, n)}
}

func (b *structBuilder) strValue(s string) *structpb.Value {
	w := take(&b.strs)
	w.StringValue = s
	v := take(&b.vals)
	v.Kind = w
	return v
}

func (b *structBuilder) structValue(o *structpb.Struct) *structpb.Value {
	w := take(&b.structs)
	w.StructValue = o
	v := take(&b.vals)
	v.Kind = w
	return v
}

func (b *structBuilder) str(o *structpb.Struct, key, s string) {
	o.Fields[key] = b.strValue(s)
}

func (b *structBuilder) num(o *structpb.Struct, key string, f float64) {
	w := take(&b.nums)
	w.NumberValue = f
	v := take(&b.vals)
	v.Kind = w
	o.Fields[key] = v
}

func (b *structBuilder) list(o *structpb.Struct, key string, vals []*structpb.Value) {
	lv := take(&b.lvals)
	lv.Values = vals
	w := take(&b.lists)
	w.ListValue = lv
	v := take(&b.vals)
	v.Kind = w
	o.Fields[key] = v
}

func (b *structBuilder) strList(o *structpb.Struct, key string, l []string) {
	vals := make([]*structpb.Value, len(l))
	for i, s := range l {
		vals[i] = b.strValue(s)
	}
	b.list(o, key, vals)
}
