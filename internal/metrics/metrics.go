// Package metrics exposes Shield's Prometheus metrics and its HTTP probes.
//
// The gRPC server metrics (grpc_server_*) come from go-grpc-middleware's
// Prometheus provider. Shield's own (shield_*) are derived from the
// records themselves, through a server.Observer, so that they count
// exactly what callers received: consultations by disposition, risk tier
// and mode, tactics seen, LLM calls by outcome with their latency and
// tokens, analysis latency, and the record log's writes and failures.
package metrics

import (
	"context"
	"net/http"
	"regexp"
	"time"

	grpcprom "github.com/grpc-ecosystem/go-grpc-middleware/providers/prometheus"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"google.golang.org/grpc"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/record"
)

// latencyBuckets cover a rules-only answer (well under a millisecond) up
// to a slow LLM call (tens of seconds).
var latencyBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 20, 30, 60}

// Metrics holds Shield's collectors in their own registry. It is safe for
// concurrent use.
type Metrics struct {
	reg  *prometheus.Registry
	grpc *grpcprom.ServerMetrics

	consultations   *prometheus.CounterVec
	tactics         *prometheus.CounterVec
	llmCalls        *prometheus.CounterVec
	llmLatency      *prometheus.HistogramVec
	llmTokens       *prometheus.CounterVec
	analysisLatency *prometheus.HistogramVec
	recordWrites    prometheus.Counter
	recordRecords   prometheus.Counter
	recordFailures  prometheus.Counter
	recordLatency   prometheus.Histogram
	rejected        *prometheus.CounterVec
}

// New returns Shield's metrics, registered with a new registry together
// with the Go runtime and process collectors.
func New() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		grpc: grpcprom.NewServerMetrics(grpcprom.WithServerHandlingTimeHistogram(
			grpcprom.WithHistogramBuckets(latencyBuckets))),
		consultations: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "shield_consultations_total",
			Help: "Consultations answered with a record, by disposition, risk tier and generation mode (ai or fallback).",
		}, []string{"disposition", "risk_tier", "mode"}),
		tactics: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "shield_tactics_total",
			Help: "Manipulation signals in answered records, by tactic.",
		}, []string{"tactic"}),
		llmCalls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "shield_llm_calls_total",
			Help: "Consultations that called the LLM, by outcome: ok, or the record's error code when the rules answered instead.",
		}, []string{"outcome"}),
		llmLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "shield_llm_consultation_seconds",
			Help:    "Time to answer consultations that called the LLM, by outcome.",
			Buckets: latencyBuckets,
		}, []string{"outcome"}),
		llmTokens: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "shield_llm_tokens_total",
			Help: "LLM tokens used, by kind (input or output).",
		}, []string{"kind"}),
		analysisLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "shield_analysis_seconds",
			Help:    "Time from request to record (validation, analysis, record log), by generation mode.",
			Buckets: latencyBuckets,
		}, []string{"mode"}),
		recordWrites: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "shield_record_log_writes_total",
			Help: "Successful record-log batch writes (each one write and, with --records-sync=always, one fsync).",
		}),
		recordRecords: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "shield_record_log_records_total",
			Help: "Records written to the record log.",
		}),
		recordFailures: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "shield_record_log_failures_total",
			Help: "Failed record-log writes or syncs; each failed the calls whose records were in the batch.",
		}),
		recordLatency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "shield_record_log_write_seconds",
			Help:    "Time to write (and sync) one record-log batch.",
			Buckets: latencyBuckets,
		}),
		rejected: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "shield_rejected_calls_total",
			Help: "Calls refused before analysis, by reason (unauthenticated, permission_denied, overloaded).",
		}, []string{"reason"}),
	}
	m.reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.grpc, m.consultations, m.tactics, m.llmCalls, m.llmLatency, m.llmTokens,
		m.analysisLatency, m.recordWrites, m.recordRecords, m.recordFailures, m.recordLatency, m.rejected,
	)
	for _, t := range consult.Tactics {
		m.tactics.WithLabelValues(string(t))
	}
	for _, r := range []string{"unauthenticated", "permission_denied", "overloaded"} {
		m.rejected.WithLabelValues(r)
	}
	return m
}

// Registry returns the registry the metrics are in.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// UnaryInterceptor returns the gRPC server metrics' interceptor; it should
// run first, so that refused calls are counted too.
func (m *Metrics) UnaryInterceptor() grpc.UnaryServerInterceptor {
	return m.grpc.UnaryServerInterceptor()
}

// StreamInterceptor returns the gRPC server metrics' stream interceptor.
func (m *Metrics) StreamInterceptor() grpc.StreamServerInterceptor {
	return m.grpc.StreamServerInterceptor()
}

// InitializeGRPC pre-creates the gRPC metrics of every method of s, so that
// they read 0 rather than being absent before the first call.
func (m *Metrics) InitializeGRPC(s *grpc.Server) { m.grpc.InitializeMetrics(s) }

// errorCodePattern is what an error code must look like to become a label
// value; anything else is counted as "other", to bound the cardinality.
var errorCodePattern = regexp.MustCompile(`^[a-z][a-z0-9_]{0,47}$`)

// noLLMCodes are the fallback error codes that mean the LLM was not called
// (analyze.CodeRulesRequested and analyze.CodeNotConfigured). They are
// spelled out rather than imported so that metrics depends on the record
// alone, as every reader of the record log must.
var noLLMCodes = map[string]bool{"rules_requested": true, "llm_not_configured": true}

// Observe counts one answered consultation; it is a server.Observer.
func (m *Metrics) Observe(r *record.Record, elapsed time.Duration) {
	g := &r.Generation
	mode := label(g.Mode, "other")
	m.consultations.WithLabelValues(label(string(r.Analysis.Disposition), "other"), label(string(r.Analysis.RiskTier), "other"), mode).Inc()
	for _, s := range r.Analysis.Signals {
		m.tactics.WithLabelValues(label(string(s.Tactic), "other")).Inc()
	}
	seconds := elapsed.Seconds()
	m.analysisLatency.WithLabelValues(mode).Observe(seconds)
	outcome := ""
	switch {
	case g.Mode == consult.ModeAI:
		outcome = "ok"
	case noLLMCodes[g.ErrorCode]:
		// The rules were asked for, or no LLM is configured: no call.
	case g.ErrorCode == "":
		outcome = "unknown"
	default:
		outcome = label(g.ErrorCode, "other")
	}
	if outcome != "" {
		m.llmCalls.WithLabelValues(outcome).Inc()
		m.llmLatency.WithLabelValues(outcome).Observe(seconds)
	}
	if u := g.TokenUsage; u != nil {
		m.llmTokens.WithLabelValues("input").Add(float64(max(u.InputTokens, 0)))
		m.llmTokens.WithLabelValues("output").Add(float64(max(u.OutputTokens, 0)))
	}
}

func label(s, otherwise string) string {
	if errorCodePattern.MatchString(s) {
		return s
	}
	return otherwise
}

// RecordWrite counts one record-log batch; its signature is
// recordlog.Options.OnWrite.
func (m *Metrics) RecordWrite(records int, elapsed time.Duration, err error) {
	if err != nil {
		m.recordFailures.Inc()
		return
	}
	m.recordWrites.Inc()
	m.recordRecords.Add(float64(records))
	m.recordLatency.Observe(elapsed.Seconds())
}

// Rejected counts a call refused before analysis for reason.
func (m *Metrics) Rejected(reason string) { m.rejected.WithLabelValues(reason).Inc() }

// Handler serves /metrics, /healthz (the process is up) and /readyz (200
// only while ready reports true, 503 otherwise).
func (m *Metrics) Handler(ready func(context.Context) bool) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if ready(r.Context()) {
			w.Write([]byte("ready\n"))
			return
		}
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte("not ready\n"))
	})
	return mux
}
