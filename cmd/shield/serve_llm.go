package main

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/a2atrust/shield/internal/analyze"
)

// llmFlags configure the LLM client of `shield serve` (docs/llm.md). The API
// key has no flag, so that it never shows in a process list or in -h: it is
// read from SHIELD_LLM_API_KEY, else OPENAI_API_KEY, else the file named by
// --llm-api-key-file.
type llmFlags struct {
	baseURL        string
	model          string
	timeout        time.Duration
	maxTokens      int
	maxConcurrency int
	responseFormat string
	apiKeyFile     string
	cacheSize      int
	cacheTTL       time.Duration
}

func (f *llmFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.baseURL, "llm-base-url", "", "OpenAI-compatible API root, e.g. http://localhost:8000/v1 (empty: OpenAI's when a key is set)")
	fs.StringVar(&f.model, "llm-model", "", "model name sent to the LLM and recorded as generation.model (required with an LLM)")
	fs.DurationVar(&f.timeout, "llm-timeout", analyze.DefaultTimeout, "longest an LLM call may take, retries included; a caller's shorter deadline wins")
	fs.IntVar(&f.maxTokens, "llm-max-tokens", analyze.DefaultMaxTokens, "most tokens the LLM may answer with")
	fs.IntVar(&f.maxConcurrency, "llm-max-concurrency", analyze.DefaultMaxConcurrency, "most LLM calls in flight; beyond it consultations fall back at once (llm_overloaded)")
	fs.StringVar(&f.responseFormat, "llm-response-format", string(analyze.FormatJSONSchema), "json_schema (strict structured outputs) or json_object (servers without them)")
	fs.StringVar(&f.apiKeyFile, "llm-api-key-file", "", "file holding the LLM API key, used when SHIELD_LLM_API_KEY and OPENAI_API_KEY are unset")
	fs.IntVar(&f.cacheSize, "llm-cache-size", 1024, "LLM answers kept in memory, by input digest, model and prompt version (0: none)")
	fs.DurationVar(&f.cacheTTL, "llm-cache-ttl", 10*time.Minute, "how long an LLM answer is kept (0: until evicted)")
}

// build returns the LLM client, or nil when neither a key nor a base URL is
// configured. The key is read through getenv (and the key file), never
// logged, and never part of an error.
func (f *llmFlags) build(getenv func(string) string, logger *slog.Logger) (*analyze.LLM, error) {
	key, keySource, err := f.apiKey(getenv)
	if err != nil {
		return nil, err
	}
	if key == "" && f.baseURL == "" {
		return nil, nil
	}
	if strings.TrimSpace(f.model) == "" && keySource == "OPENAI_API_KEY" && f.baseURL == "" {
		// OPENAI_API_KEY is often set for other tools: on its own it must
		// not stop the service from starting on its rules.
		logger.Warn("OPENAI_API_KEY is set but -llm-model is not: the LLM stays off", "model_env", EnvName("llm-model"))
		return nil, nil
	}
	if strings.TrimSpace(f.model) == "" {
		return nil, fmt.Errorf("an LLM is configured (%s) but -llm-model (%s) is not set", configuredBy(keySource, f.baseURL), EnvName("llm-model"))
	}
	format, err := analyze.ParseResponseFormat(f.responseFormat)
	if err != nil {
		return nil, fmt.Errorf("-llm-response-format: %w", err)
	}
	if f.maxConcurrency < 1 || f.maxTokens < 1 || f.timeout <= 0 || f.cacheSize < 0 || f.cacheTTL < 0 {
		return nil, errors.New("-llm-max-concurrency, -llm-max-tokens and -llm-timeout must be positive; -llm-cache-size and -llm-cache-ttl not negative")
	}
	llm, err := analyze.NewLLM(analyze.Config{
		BaseURL:        f.baseURL,
		APIKey:         key,
		Model:          f.model,
		Timeout:        f.timeout,
		MaxTokens:      f.maxTokens,
		MaxConcurrency: f.maxConcurrency,
		ResponseFormat: format,
		CacheSize:      f.cacheSize,
		CacheTTL:       f.cacheTTL,
	})
	if err != nil {
		return nil, err
	}
	logger.Info("LLM configured",
		"base_url", redactURL(f.baseURL),
		"model", f.model,
		"response_format", string(format),
		"prompt_version", analyze.PromptVersion,
		"timeout", f.timeout.String(),
		"max_tokens", f.maxTokens,
		"max_concurrency", f.maxConcurrency,
		"cache_size", f.cacheSize,
		"cache_ttl", f.cacheTTL.String(),
		"api_key_from", keySource,
	)
	return llm, nil
}

// apiKey returns the key and where it came from: SHIELD_LLM_API_KEY, else
// OPENAI_API_KEY, else the key file.
func (f *llmFlags) apiKey(getenv func(string) string) (key, source string, err error) {
	for _, name := range []string{"SHIELD_LLM_API_KEY", "OPENAI_API_KEY"} {
		if k := strings.TrimSpace(getenv(name)); k != "" {
			return k, name, nil
		}
	}
	if f.apiKeyFile == "" {
		return "", "none", nil
	}
	b, err := os.ReadFile(f.apiKeyFile)
	if err != nil {
		// The path is the operator's; the error from ReadFile names only it.
		return "", "", fmt.Errorf("-llm-api-key-file: %w", err)
	}
	k := strings.TrimSpace(string(b))
	if k == "" {
		return "", "", fmt.Errorf("-llm-api-key-file %s is empty", f.apiKeyFile)
	}
	return k, "-llm-api-key-file", nil
}

func configuredBy(keySource, baseURL string) string {
	if keySource != "none" {
		return "key from " + keySource
	}
	return "-llm-base-url " + redactURL(baseURL)
}

// redactURL hides a password in the URL's user info; "" is OpenAI's.
func redactURL(s string) string {
	if s == "" {
		return "(OpenAI)"
	}
	u, err := url.Parse(s)
	if err != nil {
		return "(unparsable)"
	}
	return u.Redacted()
}
