// Package analyzetest provides working stand-ins for what the analyzer talks
// to, for tests in any package: a rule engine with a fixed answer, and a real
// HTTP server speaking the OpenAI chat-completions wire format. They are
// fakes, not mocks: the server is a real httptest.Server that go-openai
// talks to over loopback, so a test exercises the client, the wire format
// and the timeouts exactly as production does.
package analyzetest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/a2atrust/shield/internal/analyze"
	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/record"
)

// Rules is a rule engine that answers every case with Analysis and counts
// the calls. The zero value answers an empty analysis.
type Rules struct {
	Analysis consult.Analysis
	calls    atomic.Int64
}

var _ analyze.Rules = (*Rules)(nil)

// Name identifies the fake in generation.model.
func (r *Rules) Name() string { return "fake-rules" }

// Version identifies the fake in generation.promptVersion.
func (r *Rules) Version() string { return "fake-1" }

// Analyze returns r.Analysis.
func (r *Rules) Analyze(*consult.Case) consult.Analysis {
	r.calls.Add(1)
	return r.Analysis
}

// Calls reports how many cases r has analysed.
func (r *Rules) Calls() int64 { return r.calls.Load() }

// Routine is a valid analysis that finds nothing of concern: what a lenient
// rule engine or model says about a routine request.
func Routine() consult.Analysis {
	return consult.Analysis{
		Reply:            "Rules: proceed with caution.",
		SituationSummary: "A routine request.",
		Disposition:      consult.ProceedWithCaution,
		RiskTier:         consult.Low,
		Confidence:       0.4,
		Rationale:        []string{"No rule matched strongly."},
		Claims:           []consult.Claim{},
		Signals:          []consult.Signal{},
		MissingEvidence:  []string{},
		QuestionsToAsk:   []string{},
		NextSteps:        []string{"Go ahead with ordinary care."},
		Safeguards:       []string{},
	}
}

// Lenient is a valid analysis that says proceed: the answer of a model that
// sees nothing wrong, which a floor must be able to overrule.
func Lenient() consult.Analysis {
	return consult.Analysis{
		Reply:            "Proceed: the request is routine.",
		SituationSummary: "The counterparty asks for a routine change.",
		Disposition:      consult.Proceed,
		RiskTier:         consult.Low,
		Confidence:       0.8,
		Rationale:        []string{"Nothing in the case is of concern."},
		Claims:           []consult.Claim{},
		Signals:          []consult.Signal{},
		MissingEvidence:  []string{},
		QuestionsToAsk:   []string{},
		NextSteps:        []string{"Make the change."},
		Safeguards:       []string{},
	}
}

// AnswerJSON is a as a model writes it in strict json_schema mode: the
// record's analysis object with every property present (suggestedResponse
// empty when there is none).
func AnswerJSON(t testing.TB, a consult.Analysis) string {
	t.Helper()
	m := (&record.Record{Analysis: a}).Map()["analysis"].(map[string]any)
	if _, ok := m["suggestedResponse"]; !ok {
		m["suggestedResponse"] = ""
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// ChatServer is a real OpenAI-compatible server on loopback. It serves
// POST /v1/chat/completions with its handler, counts the calls and keeps
// each request's body and Authorization header; every other path is 404.
type ChatServer struct {
	*httptest.Server
	calls  atomic.Int64
	mu     sync.Mutex
	bodies [][]byte
	auth   []string
}

// NewChatServer starts a ChatServer answering with handle; it is closed
// when the test ends. Point a client at its URL + "/v1".
func NewChatServer(t testing.TB, handle http.HandlerFunc) *ChatServer {
	t.Helper()
	s := &ChatServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
			http.NotFound(w, r)
			return
		}
		body, _ := io.ReadAll(r.Body)
		s.calls.Add(1)
		s.mu.Lock()
		s.bodies = append(s.bodies, body)
		s.auth = append(s.auth, r.Header.Get("Authorization"))
		s.mu.Unlock()
		handle(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// Calls reports how many chat-completions requests reached s.
func (s *ChatServer) Calls() int64 { return s.calls.Load() }

// Auth returns the Authorization header of each request, in order.
func (s *ChatServer) Auth() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.auth...)
}

// LastBody returns the last request's JSON body; it fails the test when no
// request arrived or the body is not JSON.
func (s *ChatServer) LastBody(t testing.TB) map[string]any {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.bodies) == 0 {
		t.Fatal("no request reached the chat server")
	}
	var m map[string]any
	if err := json.Unmarshal(s.bodies[len(s.bodies)-1], &m); err != nil {
		t.Fatalf("request body is not JSON: %v", err)
	}
	return m
}

// Completion is a chat-completions response body whose one choice says
// content and ends with finish ("stop", "length", ...).
func Completion(content, finish string) map[string]any {
	return map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "test-model",
		"choices": []any{map[string]any{
			"index":         0,
			"message":       map[string]any{"role": "assistant", "content": content},
			"finish_reason": finish,
		}},
		"usage": map[string]any{"prompt_tokens": 120, "completion_tokens": 80, "total_tokens": 200},
	}
}

// WriteJSON writes v as the JSON body of a response with status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// Answering is a handler that answers every call with content.
func Answering(content string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		WriteJSON(w, http.StatusOK, Completion(content, "stop"))
	}
}

// Failing is a handler that fails every call with status and an
// OpenAI-style error body.
func Failing(status int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		WriteJSON(w, status, map[string]any{"error": map[string]any{"message": "upstream trouble", "type": "server_error"}})
	}
}

// Hanging is a handler that answers only when the client gives up or after
// d, whichever is first.
func Hanging(d time.Duration) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(d):
		}
	}
}
