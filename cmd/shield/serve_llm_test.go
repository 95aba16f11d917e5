package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a2atrust/shield/internal/analyze"
	"github.com/a2atrust/shield/internal/analyze/analyzetest"
	"github.com/a2atrust/shield/internal/consult"
)

// llmEnv is a fake environment for the LLM flags.
type llmEnv map[string]string

func (e llmEnv) get(k string) string { return e[k] }

func TestLLMFlagsParse(t *testing.T) {
	e := &env{getenv: llmEnv{
		"SHIELD_LLM_MODEL":           "gpt-test",
		"SHIELD_LLM_TIMEOUT":         "7s",
		"SHIELD_LLM_RESPONSE_FORMAT": "json_object",
		"SHIELD_LLM_CACHE_SIZE":      "5",
	}.get, stderr: io.Discard}
	c, err := parseServe(e, []string{"--llm-base-url", "http://localhost:8000/v1", "--llm-max-concurrency", "3", "--llm-cache-ttl", "1m"})
	if err != nil {
		t.Fatal(err)
	}
	want := llmFlags{
		baseURL: "http://localhost:8000/v1", model: "gpt-test", timeout: 7 * time.Second,
		maxTokens: analyze.DefaultMaxTokens, maxConcurrency: 3, responseFormat: "json_object",
		cacheSize: 5, cacheTTL: time.Minute,
	}
	if diff := cmp.Diff(want, c.llm, cmp.AllowUnexported(llmFlags{})); diff != "" {
		t.Errorf("llm flags (-want +got):\n%s", diff)
	}
}

func TestLLMFlagsDefaults(t *testing.T) {
	c, err := parseServe(&env{getenv: llmEnv{}.get, stderr: io.Discard}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.llm.timeout != 20*time.Second || c.llm.responseFormat != "json_schema" || c.llm.cacheSize <= 0 || c.llm.maxConcurrency <= 0 {
		t.Errorf("defaults = %+v", c.llm)
	}
}

func TestLLMBuild(t *testing.T) {
	const (
		shieldKey = "sk-shield-0000000000000001"
		openaiKey = "sk-openai-0000000000000002"
		fileKey   = "sk-file-0000000000000003"
	)
	keyFile := filepath.Join(t.TempDir(), "key")
	if err := os.WriteFile(keyFile, []byte(fileKey+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	emptyFile := filepath.Join(t.TempDir(), "empty")
	if err := os.WriteFile(emptyFile, nil, 0o600); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name     string
		env      llmEnv
		flags    llmFlags
		noURL    bool   // leave the base URL empty
		wantNil  bool   // rules only
		wantErr  string // substring of the error
		wantAuth string // Authorization header sent upstream
	}{
		{name: "nothing configured", noURL: true, wantNil: true},
		{name: "key file alone needs no URL but a model", noURL: true, flags: llmFlags{apiKeyFile: keyFile}, wantErr: "-llm-model"},
		{name: "SHIELD_LLM_API_KEY wins", env: llmEnv{"SHIELD_LLM_API_KEY": shieldKey, "OPENAI_API_KEY": openaiKey},
			flags: llmFlags{model: "m", apiKeyFile: keyFile}, wantAuth: "Bearer " + shieldKey},
		{name: "OPENAI_API_KEY next", env: llmEnv{"OPENAI_API_KEY": openaiKey},
			flags: llmFlags{model: "m", apiKeyFile: keyFile}, wantAuth: "Bearer " + openaiKey},
		{name: "key file last", flags: llmFlags{model: "m", apiKeyFile: keyFile}, wantAuth: "Bearer " + fileKey},
		{name: "base URL without key", flags: llmFlags{model: "m"}, wantAuth: ""},
		{name: "missing key file", flags: llmFlags{model: "m", apiKeyFile: filepath.Join(t.TempDir(), "nope")}, wantErr: "-llm-api-key-file"},
		{name: "empty key file", flags: llmFlags{model: "m", apiKeyFile: emptyFile}, wantErr: "is empty"},
		{name: "model missing", env: llmEnv{"OPENAI_API_KEY": openaiKey}, wantErr: "SHIELD_LLM_MODEL"},
		{name: "stray OPENAI_API_KEY alone keeps rules only", env: llmEnv{"OPENAI_API_KEY": openaiKey}, noURL: true, wantNil: true},
		{name: "SHIELD_LLM_API_KEY without a model is an error", env: llmEnv{"SHIELD_LLM_API_KEY": shieldKey}, noURL: true, wantErr: "SHIELD_LLM_MODEL"},
		{name: "bad response format", env: llmEnv{"OPENAI_API_KEY": openaiKey}, flags: llmFlags{model: "m", responseFormat: "yaml"}, wantErr: "json_schema or json_object"},
		{name: "bad concurrency", flags: llmFlags{model: "m", maxConcurrency: -1}, wantErr: "positive"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			up := analyzetest.NewChatServer(t, analyzetest.Failing(http.StatusUnauthorized))
			f := tt.flags
			if !tt.noURL {
				f.baseURL = up.URL + "/v1"
			}
			if f.responseFormat == "" {
				f.responseFormat = "json_schema"
			}
			if f.timeout == 0 {
				f.timeout = 10 * time.Second
			}
			if f.maxTokens == 0 {
				f.maxTokens = 100
			}
			if f.maxConcurrency == 0 {
				f.maxConcurrency = 2
			}
			var logs bytes.Buffer
			logger := slog.New(slog.NewJSONHandler(&logs, nil))

			llm, err := f.build(tt.env.get, logger)

			for _, k := range []string{shieldKey, openaiKey, fileKey} {
				if err != nil && strings.Contains(err.Error(), k) {
					t.Errorf("the key is in the error: %v", err)
				}
				if strings.Contains(logs.String(), k) {
					t.Errorf("the key is in the log: %s", logs.String())
				}
			}
			switch {
			case tt.wantErr != "":
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one mentioning %q", err, tt.wantErr)
				}
				return
			case err != nil:
				t.Fatalf("build: %v", err)
			case tt.wantNil:
				if llm != nil {
					t.Fatalf("build = %v, want nil (rules only)", llm)
				}
				return
			case llm == nil:
				t.Fatal("build = nil, want an LLM")
			}
			if !strings.Contains(logs.String(), "LLM configured") {
				t.Errorf("startup does not say an LLM is configured: %s", logs.String())
			}
			res := analyze.New(&analyzetest.Rules{Analysis: analyzetest.Routine()}, llm).Analyze(context.Background(), analyze.Request{
				Case: &consult.Case{Message: "hello"}, Digest: strings.Repeat("A", 42) + string(rune('A'+i)),
			})
			if res.Generation.ErrorCode != analyze.CodeError {
				t.Errorf("errorCode = %q, want %q from the 401", res.Generation.ErrorCode, analyze.CodeError)
			}
			if diff := cmp.Diff([]string{tt.wantAuth}, up.Auth()); diff != "" {
				t.Errorf("Authorization sent (-want +got):\n%s", diff)
			}
		})
	}
}
