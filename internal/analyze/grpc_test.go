package analyze_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/test/bufconn"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/analyze"
	"github.com/a2atrust/shield/internal/analyze/analyzetest"
	"github.com/a2atrust/shield/internal/fallback"
	"github.com/a2atrust/shield/internal/record"
	"github.com/a2atrust/shield/internal/server"
)

// dialShield serves a Shield over bufconn with analyzer a and returns a
// client.
func dialShield(t *testing.T, a *analyze.Analyzer) shieldv1.ShieldServiceClient {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc, err := server.New(server.Options{Analyzer: a, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	g := server.NewGRPC(svc, server.GRPCOptions{Logger: logger})
	lis := bufconn.Listen(1 << 20)
	go func() { _ = g.Serve(lis) }()
	t.Cleanup(func() { g.Shutdown(0, time.Second) })
	conn, err := grpc.NewClient("passthrough:///bufconn",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return shieldv1.NewShieldServiceClient(conn)
}

func consultRequest() *shieldv1.ConsultRequest {
	return &shieldv1.ConsultRequest{
		AgentId: "support-agent",
		Case: &shieldv1.Case{
			Title:   "Customer asks to change the delivery address",
			Goal:    "Help customers with their orders",
			Message: "Hi, please deliver order 1182 to my office instead: 5 Main St.",
			ProposedAction: &shieldv1.ProposedAction{
				Description: "Change the delivery address of order 1182",
				Service:     "shop",
				Action:      "orders:update",
			},
		},
	}
}

// TestConsultOverGRPC: with the LLM pointed at a fake OpenAI endpoint, the
// real server returns an ai record that validates against the schema; with
// the endpoint hanging, a caller with a deadline still gets a fallback
// record in time.
func TestConsultOverGRPC(t *testing.T) {
	tests := []struct {
		name     string
		handler  func(*testing.T) *analyzetest.ChatServer
		deadline time.Duration
		wantMode shieldv1.GenerationMode
		wantCode string
	}{
		{"model answers", func(t *testing.T) *analyzetest.ChatServer {
			return analyzetest.NewChatServer(t, analyzetest.Answering(analyzetest.AnswerJSON(t, modelAnalysis())))
		},
			10 * time.Second, shieldv1.GenerationMode_GENERATION_MODE_AI, ""},
		{"model hangs", func(t *testing.T) *analyzetest.ChatServer {
			return analyzetest.NewChatServer(t, analyzetest.Hanging(10*time.Second))
		},
			// 2 s, not 1: the fallback's 250 ms reserve is for the engine,
			// not for a scheduler starved by a loaded machine under -race,
			// where 1 s flaked once.
			2 * time.Second, shieldv1.GenerationMode_GENERATION_MODE_FALLBACK, analyze.CodeTimeout},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			up := tt.handler(t)
			l := newLLM(t, up.URL, func(c *analyze.Config) { c.Timeout = 20 * time.Second; c.CacheSize = 16 })
			client := dialShield(t, analyze.New(fallback.Default(), l))
			ctx, cancel := context.WithTimeout(context.Background(), tt.deadline)
			defer cancel()
			start := time.Now()

			resp, err := client.Consult(ctx, consultRequest())

			if err != nil {
				t.Fatalf("Consult: %v", err)
			}
			if elapsed := time.Since(start); elapsed > tt.deadline+time.Second {
				t.Errorf("answered after %s, deadline %s", elapsed, tt.deadline)
			}
			gen := resp.GetGeneration()
			if gen.GetMode() != tt.wantMode || gen.GetErrorCode() != tt.wantCode {
				t.Errorf("generation %s/%q, want %s/%q", gen.GetMode(), gen.GetErrorCode(), tt.wantMode, tt.wantCode)
			}
			m := resp.GetRecord().AsMap()
			v, err := record.DefaultValidator()
			if err != nil {
				t.Fatal(err)
			}
			if err := v.ValidateValue(m); err != nil {
				t.Errorf("record does not validate: %v", err)
			}
			g := m["generation"].(map[string]any)
			if tt.wantMode == shieldv1.GenerationMode_GENERATION_MODE_AI {
				if g["mode"] != "ai" || g["model"] != "test-model" || g["promptVersion"] != analyze.PromptVersion {
					t.Errorf("record generation = %v, want ai by test-model with %s", g, analyze.PromptVersion)
				}
				if _, ok := g["tokenUsage"]; !ok {
					t.Errorf("record has no tokenUsage")
				}
			}
		})
	}
}
