package analyzetest_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a2atrust/shield/internal/analyze"
	"github.com/a2atrust/shield/internal/analyze/analyzetest"
	"github.com/a2atrust/shield/internal/consult"
)

// The fakes are only worth sharing if the real client accepts them: drive
// them through analyze's LLM exactly as the service does.
func TestChatServerWithTheRealClient(t *testing.T) {
	const key = "sk-analyzetest-0123456789abcdef"
	tests := []struct {
		name     string
		handle   http.HandlerFunc
		wantMode string
		wantCode string
	}{
		{"answering", analyzetest.Answering(analyzetest.AnswerJSON(t, analyzetest.Lenient())), consult.ModeAI, ""},
		{"failing", analyzetest.Failing(http.StatusServiceUnavailable), consult.ModeFallback, analyze.CodeServerError},
		{"hanging", analyzetest.Hanging(5 * time.Second), consult.ModeFallback, analyze.CodeTimeout},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			up := analyzetest.NewChatServer(t, tt.handle)
			llm, err := analyze.NewLLM(analyze.Config{
				BaseURL: up.URL + "/v1", APIKey: key, Model: "test-model",
				Timeout: 300 * time.Millisecond, Backoff: time.Millisecond,
			})
			if err != nil {
				t.Fatal(err)
			}
			rules := &analyzetest.Rules{Analysis: analyzetest.Routine()}
			res := analyze.New(rules, llm).Analyze(context.Background(), analyze.Request{
				Case: &consult.Case{Message: "Please confirm the order."}, Digest: strings.Repeat("Q", 42) + string(rune('A'+i)),
			})
			if res.Generation.Mode != tt.wantMode || res.Generation.ErrorCode != tt.wantCode {
				t.Errorf("generation = %s/%q, want %s/%q", res.Generation.Mode, res.Generation.ErrorCode, tt.wantMode, tt.wantCode)
			}
			if tt.wantMode == consult.ModeAI {
				if diff := cmp.Diff(analyzetest.Lenient().Disposition, res.Analysis.Disposition); diff != "" {
					t.Errorf("disposition (-want +got):\n%s", diff)
				}
			} else if rules.Calls() == 0 {
				t.Error("the fallback did not ask the fake rules")
			}
			if up.Calls() == 0 {
				t.Fatal("no call reached the chat server")
			}
			for _, a := range up.Auth() {
				if a != "Bearer "+key {
					t.Errorf("a call carried another Authorization header (%d bytes)", len(a))
				}
			}
			if got := up.LastBody(t)["model"]; got != "test-model" {
				t.Errorf("request model = %v, want test-model", got)
			}
		})
	}
}

// Other paths and methods are not the chat endpoint: a client pointed at
// the wrong base URL must see a 404, not an answer.
func TestChatServerOnlyServesChatCompletions(t *testing.T) {
	up := analyzetest.NewChatServer(t, analyzetest.Answering("{}"))
	for _, tc := range []struct{ method, path string }{
		{http.MethodPost, "/chat/completions"},
		{http.MethodGet, "/v1/chat/completions"},
		{http.MethodPost, "/v1/completions"},
	} {
		req, err := http.NewRequest(tc.method, up.URL+tc.path, strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s %s = %d, want 404", tc.method, tc.path, resp.StatusCode)
		}
	}
	if up.Calls() != 0 {
		t.Errorf("calls = %d, want 0: only POST /v1/chat/completions counts", up.Calls())
	}
}
