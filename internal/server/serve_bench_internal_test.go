package server

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/proto"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/analyze"
	"github.com/a2atrust/shield/internal/casegen"
	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/fallback"
)

// precomputed answers every case with one analysis of the real engine, to
// leave the engine's cost out of a benchmark while keeping a realistic
// record (signals, claims, quoted text) for everything around it.
type precomputed struct {
	analyze.Rules
	an consult.Analysis
}

func (p precomputed) Analyze(*consult.Case) consult.Analysis { return p.an }

// FixedRules returns rules that answer every case with engine's analysis
// of c, for the benchmarks of the external test package (this file is
// compiled only with the tests).
func FixedRules(engine analyze.Rules, c *consult.Case) analyze.Rules {
	return precomputed{Rules: engine, an: engine.Analyze(c)}
}

// BenchmarkServeFixedAnalysis is what the server does for one Consult
// served over gRPC, without the transport and with the engine's analysis
// precomputed: decode the request's bytes with Codec, run the registered
// Consult handler (validation, digest, record, its checks, the log line,
// as JSON to io.Discard) and encode its reply with Codec. BenchmarkConsultFixedAnalysis
// measures Service.Consult, the in-process path, which builds the typed
// response and the Struct that a call over gRPC does not.
func BenchmarkServeFixedAnalysis(b *testing.B) {
	typical := TypicalRequest(b)
	engine := fallback.Default()
	for _, c := range []struct {
		name string
		req  *shieldv1.ConsultRequest
	}{{"typical", typical}, {"1KB", casegen.Request(1 << 10)}} {
		svc, err := New(Options{
			Analyzer: analyze.New(FixedRules(engine, CaseFromProto(c.req.GetCase())), nil),
			Logger:   slog.New(slog.NewJSONHandler(io.Discard, nil)),
		})
		if err != nil {
			b.Fatal(err)
		}
		in, err := proto.Marshal(c.req)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				dec := func(v any) error { return Codec{}.Unmarshal(mem.BufferSlice{mem.SliceBuffer(in)}, v) }
				out, err := consultHandler(svc, context.Background(), dec, nil)
				if err != nil {
					b.Fatal(err)
				}
				bs, err := Codec{}.Marshal(out)
				if err != nil {
					b.Fatal(err)
				}
				bs.Free()
			}
		})
	}
}
