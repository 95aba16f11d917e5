package consult

// Disposition is Shield's recommendation, as the record schema spells it.
type Disposition string

// Dispositions, from least to most cautious.
const (
	Proceed            Disposition = "proceed"
	ProceedWithCaution Disposition = "proceed_with_caution"
	GatherEvidence     Disposition = "gather_evidence"
	ModifyPlan         Disposition = "modify_plan"
	SeekApproval       Disposition = "seek_approval"
	DoNotProceed       Disposition = "do_not_proceed"
)

// Dispositions lists every disposition from least to most cautious.
var Dispositions = []Disposition{Proceed, ProceedWithCaution, GatherEvidence, ModifyPlan, SeekApproval, DoNotProceed}

// Rank orders dispositions by caution: Proceed is 0, DoNotProceed is 5, and
// an unknown value is -1.
func (d Disposition) Rank() int {
	for i, v := range Dispositions {
		if v == d {
			return i
		}
	}
	return -1
}

// Valid reports whether d is one of the schema's dispositions.
func (d Disposition) Valid() bool { return d.Rank() >= 0 }

// Level grades risk and significance, as the record schema spells it.
type Level string

// Levels, from lowest to highest.
const (
	Low      Level = "low"
	Medium   Level = "medium"
	High     Level = "high"
	Critical Level = "critical"
)

// Levels lists every level from lowest to highest.
var Levels = []Level{Low, Medium, High, Critical}

// Rank orders levels: Low is 0, Critical is 3, and an unknown value is -1.
func (l Level) Rank() int {
	for i, v := range Levels {
		if v == l {
			return i
		}
	}
	return -1
}

// Valid reports whether l is one of the schema's levels.
func (l Level) Valid() bool { return l.Rank() >= 0 }

// MaxLevel returns the higher of a and b.
func MaxLevel(a, b Level) Level {
	if b.Rank() > a.Rank() {
		return b
	}
	return a
}

// Tactic is a manipulation tactic, as the record schema spells it.
type Tactic string

// Tactics.
const (
	Urgency            Tactic = "urgency"
	AuthorityClaim     Tactic = "authority_claim"
	EmotionalPressure  Tactic = "emotional_pressure"
	Reciprocity        Tactic = "reciprocity"
	Scarcity           Tactic = "scarcity"
	PolicyBypass       Tactic = "policy_bypass"
	IdentityDeception  Tactic = "identity_deception"
	ScopeExpansion     Tactic = "scope_expansion"
	DataExtraction     Tactic = "data_extraction"
	InconsistentClaims Tactic = "inconsistent_claims"
	NoTactic           Tactic = "none"
	OtherTactic        Tactic = "other"
)

// Tactics lists every tactic in the schema's order.
var Tactics = []Tactic{Urgency, AuthorityClaim, EmotionalPressure, Reciprocity, Scarcity, PolicyBypass,
	IdentityDeception, ScopeExpansion, DataExtraction, InconsistentClaims, NoTactic, OtherTactic}

// Valid reports whether t is one of the schema's tactics.
func (t Tactic) Valid() bool {
	for _, v := range Tactics {
		if v == t {
			return true
		}
	}
	return false
}

// ClaimStatus grades a claim, as the record schema spells it.
type ClaimStatus string

// Claim statuses.
const (
	ClaimVerified     ClaimStatus = "verified"
	ClaimSupported    ClaimStatus = "supported"
	ClaimUnverified   ClaimStatus = "unverified"
	ClaimContradicted ClaimStatus = "contradicted"
	ClaimNotCheckable ClaimStatus = "not_checkable"
)

// ClaimStatuses lists every claim status in the schema's order.
var ClaimStatuses = []ClaimStatus{ClaimVerified, ClaimSupported, ClaimUnverified, ClaimContradicted, ClaimNotCheckable}

// Valid reports whether s is one of the schema's claim statuses.
func (s ClaimStatus) Valid() bool {
	for _, v := range ClaimStatuses {
		if v == s {
			return true
		}
	}
	return false
}

// Analysis is Shield's judgment of a case: the record's "analysis" object.
type Analysis struct {
	Reply             string      `json:"reply"`
	SituationSummary  string      `json:"situationSummary"`
	Disposition       Disposition `json:"disposition"`
	RiskTier          Level       `json:"riskTier"`
	Confidence        float64     `json:"confidence"`
	Rationale         []string    `json:"rationale"`
	Claims            []Claim     `json:"claims"`
	Signals           []Signal    `json:"manipulationSignals"`
	MissingEvidence   []string    `json:"missingEvidence"`
	QuestionsToAsk    []string    `json:"questionsToAsk"`
	NextSteps         []string    `json:"nextSteps"`
	Safeguards        []string    `json:"safeguards"`
	SuggestedResponse string      `json:"suggestedResponse,omitempty"`
}

// Claim is one checkable assertion of the counterparty, graded.
type Claim struct {
	Claim              string      `json:"claim"`
	Status             ClaimStatus `json:"status"`
	Significance       Level       `json:"significance"`
	EvidenceReferences []string    `json:"evidenceReferences"`
	Explanation        string      `json:"explanation"`
}

// Signal is one manipulation tactic seen, with what triggered it.
type Signal struct {
	Tactic       Tactic  `json:"tactic"`
	Observation  string  `json:"observation"`
	Confidence   float64 `json:"confidence"`
	Significance Level   `json:"significance"`
}

// HasTactic reports whether the analysis carries a signal of tactic t.
func (a *Analysis) HasTactic(t Tactic) bool {
	for _, s := range a.Signals {
		if s.Tactic == t {
			return true
		}
	}
	return false
}

// Generation modes, as the record schema spells them.
const (
	ModeAI       = "ai"
	ModeFallback = "fallback"
)

// Generation says what produced an analysis: the record's "generation" object.
type Generation struct {
	Mode          string      `json:"mode"`
	Model         string      `json:"model"`
	PromptVersion string      `json:"promptVersion"`
	TokenUsage    *TokenUsage `json:"tokenUsage,omitempty"`
	ErrorCode     string      `json:"errorCode,omitempty"`
}

// TokenUsage counts an LLM call's tokens.
type TokenUsage struct {
	InputTokens  int64 `json:"inputTokens"`
	OutputTokens int64 `json:"outputTokens"`
	TotalTokens  int64 `json:"totalTokens"`
}
