// Package fallback is Shield's deterministic rule engine: a case in, an
// analysis out, with no network, no clock and no randomness.
//
// The engine reads a case in two ways. Lexically, it folds the untrusted
// texts (the counterparty's message, the situation context and the
// counterparty's earlier turns) into a canonical form that defeats common
// obfuscation, and finds the phrases of a rule pack in them with one
// Aho-Corasick pass. Structurally, it checks the case itself: the proposed
// action against the agent's declared scope, the counterparty's claimed
// identity against what is known and verified, the message against system
// facts and verified evidence, the proposed amount against numeric limits in
// the policies, and the data categories against the recipient. Lexical cues
// that are weak on their own only count when the structure of the case gives
// cause for concern, which keeps ordinary pressure ("my flight boards in 40
// minutes") from raising false alarms.
//
// The rule pack is data: an embedded default (rules/default.rules) that an
// operator may extend or replace with Load. Its format is documented in
// docs/rules.md.
package fallback

import (
	"fmt"
	"sync"

	"github.com/a2atrust/shield/internal/consult"
)

// Engine analyses cases with a compiled rule pack. An Engine is immutable
// after construction and safe for concurrent use.
type Engine struct {
	version string
	lx      *lexicon
	// threshold and contextBoost are the pack's settings of those names
	// (defaultParams), kept as fields: the checks read them in every
	// analysis, and a map read hashed the name each time.
	threshold    float64
	contextBoost float64
}

var (
	defaultOnce sync.Once
	defaultEng  *Engine
	defaultErr  error
)

// Default returns the engine with the embedded default rule pack. The pack is
// parsed once; a broken embedded pack is a programming error caught by the
// package tests, so Default panics rather than return an error.
func Default() *Engine {
	defaultOnce.Do(func() {
		p, err := parsePack(defaultPack, "default.rules")
		if err != nil {
			defaultErr = err
			return
		}
		defaultEng, defaultErr = newEngine(p)
	})
	if defaultErr != nil {
		panic(fmt.Sprintf("fallback: embedded default rule pack is broken: %v", defaultErr))
	}
	return defaultEng
}

func newEngine(p *pack) (*Engine, error) {
	lx, err := p.compile()
	if err != nil {
		return nil, err
	}
	params := make(map[string]float64, len(defaultParams))
	for k, v := range defaultParams {
		params[k] = v
	}
	for k, v := range p.params {
		params[k] = v
	}
	v := p.version
	if v == "" {
		v = "rules-unversioned"
	}
	return &Engine{version: v, lx: lx, threshold: params["threshold"], contextBoost: params["context_boost"]}, nil
}

// Name is the engine's name, used as generation.model in records.
func (e *Engine) Name() string { return "shield-rules" }

// Version is the rule pack's version, used as generation.promptVersion. An
// operator pack adds "+" and a short hash of its file, so records say exactly
// which rules judged them.
func (e *Engine) Version() string { return e.version }

// Analyze judges c. It is pure and deterministic (the same case always gives
// a byte-identical analysis), safe for concurrent use, and never panics: a
// nil case is judged as an empty one. The result satisfies the record
// schema's limits on its own.
func (e *Engine) Analyze(c *consult.Case) (a consult.Analysis) {
	defer func() {
		if r := recover(); r != nil {
			// A bug in a rule must not take the service down; the answer is
			// the cautious "could not judge" analysis.
			a = failSafe(c)
		}
	}()
	if c == nil {
		c = &consult.Case{}
	}
	st := e.inspect(c)
	a = st.compose()
	// A state left behind by a panic is not pooled: it may be half built.
	st.release()
	return a
}

// HardFindings returns the tactics of an analysis that the engine treats as
// hard findings: structural facts about the case (a contradiction with a
// system record, an out-of-scope action, an unverified identity that differs
// from the one claimed, a policy limit exceeded, secrets requested) rather
// than tone. An LLM analysis layered above the rules should not drop them.
// It reads the signals' confidence: the engine gives hard findings 0.85 or
// more.
func HardFindings(a consult.Analysis) []consult.Tactic {
	var out []consult.Tactic
	seen := map[consult.Tactic]bool{}
	for _, s := range a.Signals {
		if s.Confidence >= hardConfidence && !seen[s.Tactic] {
			seen[s.Tactic] = true
			out = append(out, s.Tactic)
		}
	}
	return out
}

const hardConfidence = 0.85

// HardFindings is the package function HardFindings as a method, so that an
// Engine given to analyze.New sets the LLM's floor by its own definition of a
// hard finding (analyze.HardFinder) rather than by a fixed list of tactics:
// an identity check that reads the registry is as structural as a scope check.
func (e *Engine) HardFindings(a consult.Analysis) []consult.Tactic { return HardFindings(a) }
