package metrics

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/record"
)

func get(t *testing.T, h http.Handler, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	b, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(b)
}

func TestObserveAndHandler(t *testing.T) {
	m := New()
	rec := func(mode, code string, tactics ...consult.Tactic) *record.Record {
		r := &record.Record{Generation: consult.Generation{Mode: mode, ErrorCode: code}}
		r.Analysis.Disposition, r.Analysis.RiskTier = "do_not_proceed", "high"
		for _, tc := range tactics {
			r.Analysis.Signals = append(r.Analysis.Signals, consult.Signal{Tactic: tc})
		}
		return r
	}
	ai := rec(consult.ModeAI, "", consult.Urgency)
	ai.Generation.TokenUsage = &consult.TokenUsage{InputTokens: 100, OutputTokens: 20}
	m.Observe(ai, 2*time.Second)
	m.Observe(rec(consult.ModeFallback, "llm_timeout", consult.Urgency, consult.DataExtraction), time.Second)
	m.Observe(rec(consult.ModeFallback, "rules_requested"), time.Millisecond)
	m.Observe(rec(consult.ModeFallback, "Weird Code!"), time.Millisecond)
	m.RecordWrite(3, time.Millisecond, nil)
	m.RecordWrite(1, time.Millisecond, io.ErrShortWrite)
	m.Rejected("overloaded")

	ready := true
	h := m.Handler(func(context.Context) bool { return ready })
	code, body := get(t, h, "/metrics")
	if code != 200 {
		t.Fatalf("/metrics %d", code)
	}
	for _, want := range []string{
		`shield_consultations_total{disposition="do_not_proceed",mode="ai",risk_tier="high"} 1`,
		`shield_consultations_total{disposition="do_not_proceed",mode="fallback",risk_tier="high"} 3`,
		`shield_tactics_total{tactic="urgency"} 2`,
		`shield_tactics_total{tactic="scarcity"} 0`,
		`shield_llm_calls_total{outcome="ok"} 1`,
		`shield_llm_calls_total{outcome="llm_timeout"} 1`,
		`shield_llm_calls_total{outcome="other"} 1`,
		`shield_llm_tokens_total{kind="input"} 100`,
		`shield_llm_consultation_seconds_count{outcome="ok"} 1`,
		`shield_analysis_seconds_count{mode="fallback"} 3`,
		`shield_record_log_records_total 3`,
		`shield_record_log_failures_total 1`,
		`shield_rejected_calls_total{reason="overloaded"} 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if strings.Contains(body, `outcome="rules_requested"`) {
		t.Error("a consultation that asked for the rules counted as an LLM call")
	}
	tests := []struct {
		path  string
		ready bool
		want  int
	}{
		{"/healthz", false, 200},
		{"/readyz", true, 200},
		{"/readyz", false, 503},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			ready = tc.ready
			if code, _ := get(t, h, tc.path); code != tc.want {
				t.Errorf("%s = %d, want %d", tc.path, code, tc.want)
			}
		})
	}
}
