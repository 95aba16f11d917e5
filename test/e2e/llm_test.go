package e2e

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
)

// fakeOpenAI is a real HTTP server speaking the chat-completions wire
// format. status, when not 200, makes it fail every call that way.
type fakeOpenAI struct {
	*httptest.Server
	calls  atomic.Int64
	status atomic.Int64
	auth   atomic.Value // the last Authorization header
}

func newFakeOpenAI(t *testing.T) *fakeOpenAI {
	t.Helper()
	f := &fakeOpenAI{}
	f.status.Store(http.StatusOK)
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.calls.Add(1)
		f.auth.Store(r.Header.Get("Authorization"))
		if r.URL.Path != "/v1/chat/completions" {
			http.NotFound(w, r)
			return
		}
		if code := int(f.status.Load()); code != http.StatusOK {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(code)
			w.Write([]byte(`{"error":{"message":"upstream trouble","type":"server_error"}}`))
			return
		}
		analysis := map[string]any{
			"reply": "Proceed: the invoice matches the record.", "situationSummary": "A routine invoice payment.",
			"disposition": "proceed", "riskTier": "low", "confidence": 0.8,
			"rationale": []string{"The invoice is approved in the ERP."}, "claims": []any{},
			"manipulationSignals": []any{}, "missingEvidence": []any{}, "questionsToAsk": []any{},
			"nextSteps": []string{"Pay the invoice to the account on file."}, "safeguards": []any{},
			"suggestedResponse": "",
		}
		content, _ := json.Marshal(analysis)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-e2e", "object": "chat.completion", "created": 1, "model": "e2e-model",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": string(content)}}},
			"usage": map[string]any{"prompt_tokens": 900, "completion_tokens": 150, "total_tokens": 1050},
		})
	}))
	t.Cleanup(f.Close)
	return f
}

// The shield process talks to an OpenAI-compatible endpoint configured
// from the environment, records mode "ai", and falls back with a reason
// when the endpoint fails; the key never shows.
func TestLLMEndToEnd(t *testing.T) {
	const key = "sk-e2e-LLMKEY-0123456789abcdef"
	llm := newFakeOpenAI(t)
	s, err := tryStartEnv(t, []string{"SHIELD_LLM_API_KEY=" + key}, "--llm-base-url="+llm.URL+"/v1", "--llm-model=e2e-model", "--records=-")
	if err != nil {
		t.Fatal(err)
	}
	conn := s.dial()
	// request asks for rules; these calls leave the choice to the server.
	auto := func(msg string) *shieldv1.ConsultRequest {
		r := request("agent-a", msg)
		r.Mode = shieldv1.AnalysisMode_ANALYSIS_MODE_UNSPECIFIED
		return r
	}
	resp, err := consult(conn, auto("Please pay invoice INV-7 as agreed."))
	if err != nil {
		t.Fatal(err)
	}
	g := resp.GetGeneration()
	if g.GetMode() != shieldv1.GenerationMode_GENERATION_MODE_AI || g.GetModel() != "e2e-model" || g.GetTokenUsage().GetTotalTokens() != 1050 {
		t.Fatalf("generation = %v, want ai from e2e-model with 1050 tokens", g)
	}
	if got := llm.auth.Load(); got != "Bearer "+key {
		t.Errorf("Authorization sent = %v", got)
	}

	// The endpoint fails: the caller still gets a record, in time, that
	// says why. A fresh case, so that the cache does not answer.
	llm.status.Store(http.StatusServiceUnavailable)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	resp, err = shieldv1.NewShieldServiceClient(conn).Consult(ctx, auto("Please pay invoice INV-8 as agreed."))
	if err != nil {
		t.Fatalf("an LLM failure became the caller's error: %v", err)
	}
	if g := resp.GetGeneration(); g.GetMode() != shieldv1.GenerationMode_GENERATION_MODE_FALLBACK || g.GetErrorCode() != "llm_server_error" {
		t.Errorf("generation = %v, want fallback with llm_server_error", g)
	}

	s.stop()
	for name, out := range map[string]string{"stderr": s.stderr.String(), "record log": s.stdout.String()} {
		if strings.Contains(out, key) {
			t.Errorf("%s holds the API key", name)
		}
	}
	if !strings.Contains(s.stderr.String(), `"msg":"LLM configured"`) {
		t.Errorf("startup did not say an LLM is configured:\n%s", s.stderr.String())
	}
}
