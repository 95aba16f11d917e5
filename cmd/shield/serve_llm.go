package main

import (
	"flag"
	"log/slog"

	"github.com/a2atrust/shield/internal/analyze"
)

// TEMPORARY: the LLM issue fills these in.

// llmFlags configure the LLM client of `shield serve`.
type llmFlags struct{}

func (f *llmFlags) register(fs *flag.FlagSet) {}

// build returns the LLM client, or nil when none is configured.
func (f *llmFlags) build(getenv func(string) string, logger *slog.Logger) (*analyze.LLM, error) {
	return nil, nil
}
