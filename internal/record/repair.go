package record

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/redact"
)

// Limits of the record schema, in characters (Unicode code points, as JSON
// Schema counts them) and items.
const (
	MaxReply             = 5000
	MaxSituationSummary  = 2000
	MaxRationaleItem     = 1000
	MaxSuggestedResponse = 3000
	MaxListItem          = 500
	MaxClaimText         = 1000
	MaxEvidenceRef       = 200
	MaxErrorCode         = 100
	MaxListItems         = 12
	MaxClaims            = 20
	MaxEvidenceRefs      = 20
)

// Truncate returns s cut to at most n characters, at a rune boundary.
// A cut string ends with "…" so that a reader sees it was cut.
func Truncate(s string, n int) string {
	// A character has at least one byte, so a string of at most n bytes
	// needs no counting.
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	if n <= 1 {
		return string([]rune(s)[:n])
	}
	i, count := 0, 0
	for i < len(s) && count < n-1 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		count++
	}
	return strings.TrimRightFunc(s[:i], func(r rune) bool { return r == ' ' }) + "…"
}

// Repair makes a fit the record schema where that can be done without
// inventing judgment: it masks secrets in every string (internal/redact),
// since analyses quote the untrusted case, then trims and cuts strings at
// rune boundaries, drops
// empty list items and list items beyond the schema's maximum, drops claims
// and signals with values outside the schema's enums, clamps confidences
// into [0, 1] and turns nil lists into empty ones. It returns an error
// wrapping ErrUnrepairable when a required judgment is missing or invalid:
// the disposition, the risk tier, a confidence that is not a number, an
// empty reply or summary, no rationale or no next step.
func Repair(a *consult.Analysis) error {
	if !a.Disposition.Valid() {
		return fmt.Errorf("%w: disposition %q", ErrUnrepairable, a.Disposition)
	}
	if !a.RiskTier.Valid() {
		return fmt.Errorf("%w: riskTier %q", ErrUnrepairable, a.RiskTier)
	}
	if math.IsNaN(a.Confidence) {
		return fmt.Errorf("%w: confidence is not a number", ErrUnrepairable)
	}
	a.Confidence = clamp01(a.Confidence)
	var ok bool
	if a.Reply, ok = requiredText(a.Reply, MaxReply); !ok {
		return fmt.Errorf("%w: empty reply", ErrUnrepairable)
	}
	if a.SituationSummary, ok = requiredText(a.SituationSummary, MaxSituationSummary); !ok {
		return fmt.Errorf("%w: empty situationSummary", ErrUnrepairable)
	}
	a.SuggestedResponse = Truncate(strings.TrimSpace(redact.String(a.SuggestedResponse)), MaxSuggestedResponse)
	// The five lists share one backing array, each capped at its own
	// part, so that appending to one later cannot write into the next.
	lists := make([]string, min(len(a.Rationale), MaxListItems)+min(len(a.NextSteps), MaxListItems)+
		min(len(a.MissingEvidence), MaxListItems)+min(len(a.QuestionsToAsk), MaxListItems)+
		min(len(a.Safeguards), MaxListItems))
	a.Rationale, lists = repairListInto(lists, a.Rationale, MaxListItems, MaxRationaleItem)
	if len(a.Rationale) == 0 {
		return fmt.Errorf("%w: no rationale", ErrUnrepairable)
	}
	a.NextSteps, lists = repairListInto(lists, a.NextSteps, MaxListItems, MaxListItem)
	if len(a.NextSteps) == 0 {
		return fmt.Errorf("%w: no next step", ErrUnrepairable)
	}
	a.MissingEvidence, lists = repairListInto(lists, a.MissingEvidence, MaxListItems, MaxListItem)
	a.QuestionsToAsk, lists = repairListInto(lists, a.QuestionsToAsk, MaxListItems, MaxListItem)
	a.Safeguards, _ = repairListInto(lists, a.Safeguards, MaxListItems, MaxListItem)
	a.Claims = repairClaims(a.Claims)
	a.Signals = repairSignals(a.Signals)
	return nil
}

func clamp01(f float64) float64 {
	switch {
	case f < 0:
		return 0
	case f > 1:
		return 1
	}
	return f
}

// requiredText masks secrets in s, trims it and cuts it to n characters; it
// reports whether anything was left.
func requiredText(s string, n int) (string, bool) {
	s = strings.TrimSpace(redact.String(s))
	return Truncate(s, n), s != ""
}

// repairList returns the non-empty items of in, each with its secrets
// masked and cut to itemMax, at most maxItems of them. It never returns nil, so that the record says [] rather
// than null.
func repairList(in []string, maxItems, itemMax int) []string {
	out, _ := repairListInto(make([]string, min(len(in), maxItems)), in, maxItems, itemMax)
	return out
}

// repairListInto is repairList writing into the front of space, which has
// room for min(len(in), maxItems) items; it returns the list, capped at
// that room, and the rest of space.
func repairListInto(space, in []string, maxItems, itemMax int) (list, rest []string) {
	n := min(len(in), maxItems)
	out := space[:0:n]
	for _, s := range in {
		if len(out) == maxItems {
			break
		}
		if s = strings.TrimSpace(redact.String(s)); s != "" {
			out = append(out, Truncate(s, itemMax))
		}
	}
	return out, space[n:]
}

func repairClaims(in []consult.Claim) []consult.Claim {
	out := make([]consult.Claim, 0, min(len(in), MaxClaims))
	for _, c := range in {
		if len(out) == MaxClaims {
			break
		}
		text, ok := requiredText(c.Claim, MaxClaimText)
		if !ok || !c.Status.Valid() {
			continue
		}
		if !c.Significance.Valid() {
			c.Significance = consult.Medium
		}
		c.Claim = text
		if c.Explanation, ok = requiredText(c.Explanation, MaxClaimText); !ok {
			c.Explanation = "No explanation given."
		}
		c.EvidenceReferences = repairList(c.EvidenceReferences, MaxEvidenceRefs, MaxEvidenceRef)
		out = append(out, c)
	}
	return out
}

func repairSignals(in []consult.Signal) []consult.Signal {
	out := make([]consult.Signal, 0, min(len(in), MaxListItems))
	for _, s := range in {
		if len(out) == MaxListItems {
			break
		}
		text, ok := requiredText(s.Observation, MaxClaimText)
		if !ok || !s.Tactic.Valid() || math.IsNaN(s.Confidence) {
			continue
		}
		if !s.Significance.Valid() {
			s.Significance = consult.Medium
		}
		s.Observation = text
		s.Confidence = clamp01(s.Confidence)
		out = append(out, s)
	}
	return out
}
