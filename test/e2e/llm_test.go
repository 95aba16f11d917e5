package e2e

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/analyze/analyzetest"
)

// fakeOpenAI is a real HTTP server speaking the chat-completions wire
// format. status, when not 200, makes it fail every call that way.
type fakeOpenAI struct {
	*analyzetest.ChatServer
	status atomic.Int64
}

func newFakeOpenAI(t *testing.T) *fakeOpenAI {
	t.Helper()
	answer := analyzetest.Lenient()
	answer.Reply, answer.SituationSummary = "Proceed: the invoice matches the record.", "A routine invoice payment."
	answer.Rationale = []string{"The invoice is approved in the ERP."}
	answer.NextSteps = []string{"Pay the invoice to the account on file."}
	ok := analyzetest.Answering(analyzetest.AnswerJSON(t, answer))
	f := &fakeOpenAI{}
	f.status.Store(http.StatusOK)
	f.ChatServer = analyzetest.NewChatServer(t, func(w http.ResponseWriter, r *http.Request) {
		if code := int(f.status.Load()); code != http.StatusOK {
			analyzetest.Failing(code)(w, r)
			return
		}
		ok(w, r)
	})
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
	if g.GetMode() != shieldv1.GenerationMode_GENERATION_MODE_AI || g.GetModel() != "e2e-model" || g.GetTokenUsage().GetTotalTokens() != 200 {
		t.Fatalf("generation = %v, want ai from e2e-model with the 200 tokens the server reported", g)
	}
	if auth := llm.Auth(); len(auth) == 0 || auth[len(auth)-1] != "Bearer "+key {
		t.Errorf("%d calls; the last did not send the configured key as its bearer token", len(auth))
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
