package server

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"unicode/utf8"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/reflect/protoreflect"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
)

// Limits on a ConsultRequest, as documented in shield.proto. Text limits
// count Unicode code points.
const (
	MaxRequestBytes      = 1 << 20
	MaxAgentID           = 200
	MaxTitle             = 500
	MaxGoal              = 4000
	MaxBrief             = 4000
	MaxMessage           = 16000
	MaxSituationContext  = 32000
	MaxItemText          = 4000
	MaxShortText         = 500
	MaxIDText            = 200
	MaxCurrency          = 16
	MaxVersion           = 100
	MaxFacts             = 100
	MaxEvidence          = 100
	MaxPolicies          = 50
	MaxHistory           = 100
	MaxScope             = 200
	MaxScopeActions      = 200
	MaxDataCategories    = 50
	MaxDataCategory      = 100
	MaxEvidenceRefs      = 20
	MaxGASLLevel         = 4
	maxViolationsOneCall = 20
)

// uuidPattern is the record schema's UUID pattern: versions 1-8 in RFC 9562
// form, or the nil and max UUIDs.
var uuidPattern = regexp.MustCompile(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$`)

// trustTiers are the registry tiers a counterparty may carry.
var trustTiers = map[string]bool{"untrusted": true, "probationary": true, "registered": true, "controlled": true, "clinical": true}

// violations collects field violations. Descriptions name the rule broken,
// never the rejected value, which may be a secret or the raw message.
type violations []*errdetails.BadRequest_FieldViolation

func (v *violations) add(field, format string, args ...any) {
	if len(*v) < maxViolationsOneCall {
		*v = append(*v, &errdetails.BadRequest_FieldViolation{Field: field, Description: fmt.Sprintf(format, args...)})
	}
}

func (v *violations) text(field, s string, limit int, required bool) {
	switch {
	case required && strings.TrimSpace(s) == "":
		v.add(field, "is required")
	case len(s) > limit && utf8.RuneCountInString(s) > limit:
		v.add(field, "must be at most %d characters", limit)
	}
}

// textAt is text for the field base[i]leaf, whose name is only built when
// it is needed, to keep validation of a valid request allocation-free.
func (v *violations) textAt(base string, i int, leaf, s string, limit int, required bool) {
	if badText(s, limit, required) {
		v.text(fmt.Sprintf("%s[%d]%s", base, i, leaf), s, limit, required)
	}
}

func (v *violations) enumAt(base string, i int, leaf string, e protoreflect.Enum) {
	if e.Descriptor().Values().ByNumber(e.Number()) == nil {
		v.add(fmt.Sprintf("%s[%d]%s", base, i, leaf), "is not a known value")
	}
}

func (v *violations) count(field string, n, limit int) bool {
	if n > limit {
		v.add(field, "must have at most %d items", limit)
		return false
	}
	return true
}

func (v *violations) enum(field string, e protoreflect.Enum) {
	if e.Descriptor().Values().ByNumber(e.Number()) == nil {
		v.add(field, "is not a known value")
	}
}

// Validate checks req against the documented limits. It returns nil or an
// INVALID_ARGUMENT status whose google.rpc.BadRequest detail names every
// offending field (up to 20).
func Validate(req *shieldv1.ConsultRequest) error {
	var v violations
	v.text("agent_id", req.GetAgentId(), MaxAgentID, true)
	if id := req.GetConsultationId(); id != "" && !uuidPattern.MatchString(id) {
		v.add("consultation_id", "must be a UUID (versions 1-8)")
	}
	if id := req.GetCaseId(); id != "" && !uuidPattern.MatchString(id) {
		v.add("case_id", "must be a UUID (versions 1-8)")
	}
	v.enum("mode", req.GetMode())
	if c := req.GetCase(); c == nil {
		v.add("case", "is required")
	} else {
		validateCase(&v, c)
	}
	if len(v) == 0 {
		return nil
	}
	return invalidArgument(v)
}

func invalidArgument(v violations) error {
	fields := make([]string, len(v))
	for i, f := range v {
		fields[i] = f.Field + " " + f.Description
	}
	st := status.New(codes.InvalidArgument, "invalid request: "+strings.Join(fields, "; "))
	if d, err := st.WithDetails(&errdetails.BadRequest{FieldViolations: v}); err == nil {
		st = d
	}
	return st.Err()
}

func validateCase(v *violations, c *shieldv1.Case) {
	v.text("case.title", c.GetTitle(), MaxTitle, false)
	v.text("case.goal", c.GetGoal(), MaxGoal, false)
	v.text("case.brief", c.GetBrief(), MaxBrief, false)
	v.text("case.message", c.GetMessage(), MaxMessage, true)
	v.text("case.situation_context", c.GetSituationContext(), MaxSituationContext, false)
	if a := c.GetProposedAction(); a != nil {
		v.text("case.proposed_action.description", a.GetDescription(), MaxItemText, false)
		v.text("case.proposed_action.service", a.GetService(), MaxIDText, false)
		v.text("case.proposed_action.action", a.GetAction(), MaxIDText, false)
		v.text("case.proposed_action.currency", a.GetCurrency(), MaxCurrency, false)
		v.text("case.proposed_action.recipient", a.GetRecipient(), MaxShortText, false)
		if amt := a.GetAmount(); math.IsNaN(amt) || math.IsInf(amt, 0) || amt < 0 {
			v.add("case.proposed_action.amount", "must be a finite number, not negative")
		}
		if v.count("case.proposed_action.data_categories", len(a.GetDataCategories()), MaxDataCategories) {
			for i, d := range a.GetDataCategories() {
				v.textAt("case.proposed_action.data_categories", i, "", d, MaxDataCategory, true)
			}
		}
	}
	if cp := c.GetCounterparty(); cp != nil {
		v.enum("case.counterparty.type", cp.GetType())
		v.text("case.counterparty.reference", cp.GetReference(), MaxShortText, false)
		v.text("case.counterparty.claimed_identity", cp.GetClaimedIdentity(), MaxShortText, false)
		if t := cp.GetTrustTier(); t != "" && !trustTiers[t] {
			v.add("case.counterparty.trust_tier", "must be one of untrusted, probationary, registered, controlled, clinical")
		}
		if l := cp.GetGaslLevel(); l < 0 || l > MaxGASLLevel {
			v.add("case.counterparty.gasl_level", "must be between 0 and %d", MaxGASLLevel)
		}
	}
	if v.count("case.facts", len(c.GetFacts()), MaxFacts) {
		for i, f := range c.GetFacts() {
			const p = "case.facts"
			v.textAt(p, i, ".id", f.GetId(), MaxIDText, false)
			v.textAt(p, i, ".statement", f.GetStatement(), MaxItemText, true)
			v.enumAt(p, i, ".source", f.GetSource())
			v.enumAt(p, i, ".status", f.GetStatus())
			if rs := f.GetEvidenceReferences(); len(rs) > MaxEvidenceRefs {
				v.add(fmt.Sprintf("%s[%d].evidence_references", p, i), "must have at most %d items", MaxEvidenceRefs)
			} else {
				for j, r := range rs {
					if badText(r, MaxIDText, true) {
						v.text(fmt.Sprintf("%s[%d].evidence_references[%d]", p, i, j), r, MaxIDText, true)
					}
				}
			}
		}
	}
	if v.count("case.evidence", len(c.GetEvidence()), MaxEvidence) {
		for i, e := range c.GetEvidence() {
			const p = "case.evidence"
			v.textAt(p, i, ".id", e.GetId(), MaxIDText, false)
			v.textAt(p, i, ".summary", e.GetSummary(), MaxItemText, true)
			v.textAt(p, i, ".source_reference", e.GetSourceReference(), MaxShortText, false)
			v.enumAt(p, i, ".type", e.GetType())
			v.enumAt(p, i, ".verification", e.GetVerification())
		}
	}
	if v.count("case.policies", len(c.GetPolicies()), MaxPolicies) {
		for i, pol := range c.GetPolicies() {
			const p = "case.policies"
			v.textAt(p, i, ".id", pol.GetId(), MaxIDText, false)
			v.textAt(p, i, ".title", pol.GetTitle(), MaxShortText, false)
			v.textAt(p, i, ".statement", pol.GetStatement(), MaxItemText, true)
			v.textAt(p, i, ".source_reference", pol.GetSourceReference(), MaxShortText, false)
		}
	}
	if v.count("case.history", len(c.GetHistory()), MaxHistory) {
		for i, t := range c.GetHistory() {
			v.enumAt("case.history", i, ".role", t.GetRole())
			v.textAt("case.history", i, ".text", t.GetText(), MaxItemText, true)
		}
	}
	if id := c.GetIdentity(); id != nil {
		v.text("case.identity.id", id.GetId(), MaxIDText, false)
		v.text("case.identity.version", id.GetVersion(), MaxVersion, false)
		if v.count("case.identity.scope", len(id.GetScope()), MaxScope) {
			for i, s := range id.GetScope() {
				const p = "case.identity.scope"
				v.textAt(p, i, ".service", s.GetService(), MaxIDText, true)
				if len(s.GetActions()) > MaxScopeActions {
					v.add(fmt.Sprintf("%s[%d].actions", p, i), "must have at most %d items", MaxScopeActions)
					continue
				}
				for j, a := range s.GetActions() {
					if badText(a, MaxIDText, true) {
						v.text(fmt.Sprintf("%s[%d].actions[%d]", p, i, j), a, MaxIDText, true)
					}
				}
			}
		}
	}
}

// badText reports whether s breaks its limit or is a missing required value.
func badText(s string, limit int, required bool) bool {
	return (required && strings.TrimSpace(s) == "") || (len(s) > limit && utf8.RuneCountInString(s) > limit)
}
