// Package consult holds Shield's domain types: the case an agent brings
// before it acts, and the analysis Shield gives back.
//
// These types are independent of the wire: the server converts the gRPC
// messages into them at the edge, and the rule engine, the LLM client and
// the record builder work on them only. Enumerations are kept as the exact
// strings the consultation record schema uses, so that a value never needs
// translating between the analysis and the record.
package consult

import "strings"

// Case is everything the agent knows about the situation it is about to act in.
type Case struct {
	Title            string
	Goal             string
	Brief            string
	Message          string // the counterparty's latest message; untrusted
	SituationContext string // transient context; untrusted
	Action           Action
	Counterparty     Counterparty
	Facts            []Fact
	Evidence         []Evidence
	Policies         []Policy
	History          []Turn // oldest first
	Identity         Identity
}

// Action is the step the agent proposes to take.
type Action struct {
	Description    string
	Service        string
	Action         string
	Amount         float64
	Currency       string
	Recipient      string
	Irreversible   bool
	DataCategories []string
}

// Counterparty types, as the wire enum names them without its prefix.
const (
	CounterpartyUnspecified = ""
	CounterpartyHuman       = "human"
	CounterpartyAgent       = "agent"
	CounterpartyService     = "service"
	CounterpartyUnknown     = "unknown"
)

// Counterparty is who the agent is dealing with.
type Counterparty struct {
	Type            string // one of the Counterparty* constants
	Reference       string
	ClaimedIdentity string
	Verified        bool
	TrustTier       string
	GASLLevel       int
}

// Fact sources.
const (
	SourceUnspecified    = ""
	SourceOwner          = "owner"
	SourceProtectedAgent = "protected_agent"
	SourceCounterparty   = "counterparty"
	SourceSystem         = "system"
)

// Fact statuses.
const (
	FactUnspecified  = ""
	FactAsserted     = "asserted"
	FactVerified     = "verified"
	FactDisputed     = "disputed"
	FactContradicted = "contradicted"
)

// Fact is one statement the agent knows, with where it came from.
type Fact struct {
	ID                 string
	Statement          string
	Source             string // one of the Source* constants
	Status             string // one of the Fact* status constants
	EvidenceReferences []string
}

// Evidence types.
const (
	EvidenceUnspecified   = ""
	EvidenceSystemRecord  = "system_record"
	EvidencePolicyRecord  = "policy_record"
	EvidenceOperatorNote  = "operator_note"
	EvidenceExternalClaim = "external_claim"
	EvidenceOther         = "other"
)

// Verification states of an evidence item.
const (
	VerificationUnspecified  = ""
	VerificationVerified     = "verified"
	VerificationUnverified   = "unverified"
	VerificationContradicted = "contradicted"
)

// Evidence is one item the agent can point to.
type Evidence struct {
	ID              string
	Type            string // one of the Evidence* type constants
	Summary         string
	SourceReference string
	Verification    string // one of the Verification* constants
}

// Policy is a rule that binds the agent.
type Policy struct {
	ID              string
	Title           string
	Statement       string
	SourceReference string
}

// Turn roles.
const (
	RoleUnspecified  = ""
	RoleCounterparty = "counterparty"
	RoleAgent        = "agent"
	RoleOwner        = "owner"
	RoleSystem       = "system"
)

// Turn is one earlier message of the conversation.
type Turn struct {
	Role string // one of the Role* constants
	Text string
}

// Identity is the agent's own identity declaration (AIP 0.1).
type Identity struct {
	ID      string
	Version string
	Scope   []ScopeEntry
}

// ScopeEntry grants actions on one service.
type ScopeEntry struct {
	Service string
	Actions []string
}

// Allows reports whether the declared scope grants action on service.
// Service and action names compare case-insensitively; an action of "*"
// grants every action on its service.
func (id Identity) Allows(service, action string) bool {
	for _, e := range id.Scope {
		if !strings.EqualFold(e.Service, service) {
			continue
		}
		for _, a := range e.Actions {
			if a == "*" || strings.EqualFold(a, action) {
				return true
			}
		}
	}
	return false
}

// OutOfScope reports whether a is a named service:action that a declared
// scope does not grant. With no scope declared, or no action named, nothing
// can be said to be out of scope.
func (id Identity) OutOfScope(a Action) bool {
	return len(id.Scope) > 0 && a.Service != "" && a.Action != "" && !id.Allows(a.Service, a.Action)
}
