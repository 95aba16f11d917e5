package analyze

import (
	"context"
)

// TEMPORARY: the LLM client (issue 4) replaces this file.

// LLM is the OpenAI-compatible LLM client.
type LLM struct{}

func (l *LLM) analyze(ctx context.Context, req Request, rules Rules) Result {
	return rulesResult(rules, rules.Analyze(req.Case), CodeNotConfigured)
}
