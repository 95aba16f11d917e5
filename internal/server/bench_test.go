package server_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/encoding"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/protobuf/proto"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/analyze"
	"github.com/a2atrust/shield/internal/casegen"
	"github.com/a2atrust/shield/internal/fallback"
	"github.com/a2atrust/shield/internal/server"
)

func benchService(b *testing.B) *server.Service {
	b.Helper()
	svc, err := server.New(server.Options{
		Analyzer: analyze.New(fallback.Default(), nil),
		Logger:   slog.New(slog.NewJSONHandler(io.Discard, nil)),
	})
	if err != nil {
		b.Fatal(err)
	}
	return svc
}

var benchSizes = []int{1 << 10, 64 << 10, 1000 << 10}

// typicalRequest is the load test's typical case (server.TypicalRequest).
func typicalRequest(b *testing.B) *shieldv1.ConsultRequest { return server.TypicalRequest(b) }

// benchRequest is one request the benchmarks run, with its name and size.
type benchRequest struct {
	name string
	size int
	req  *shieldv1.ConsultRequest
}

// benchRequests are casegen's requests at each of sizes, then the load
// test's typical case.
func benchRequests(b *testing.B, sizes []int) []benchRequest {
	var rs []benchRequest
	for _, size := range sizes {
		rs = append(rs, benchRequest{sizeName(size), size, casegen.Request(size)})
	}
	t := typicalRequest(b)
	return append(rs, benchRequest{"typical", proto.Size(t), t})
}

func sizeName(n int) string {
	if n >= 1000<<10 {
		return "1MiB"
	}
	return fmt.Sprintf("%dKB", n>>10)
}

// BenchmarkConsultHandler is the whole consultation (validate, digest,
// analyse, build, validate the record, convert) without a transport.
func BenchmarkConsultHandler(b *testing.B) {
	svc := benchService(b)
	for _, r := range benchRequests(b, benchSizes) {
		req := r.req
		b.Run(r.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(r.size))
			for b.Loop() {
				if _, err := svc.Consult(context.Background(), req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkConsultFixedAnalysis is BenchmarkConsultHandler with the rule
// engine's analysis precomputed: what the service costs around the engine
// (validation, digest, conversion, repair, redaction, record validation,
// the response).
func BenchmarkConsultFixedAnalysis(b *testing.B) {
	engine := fallback.Default()
	for _, r := range benchRequests(b, benchSizes) {
		req := r.req
		rules := server.FixedRules(engine, server.CaseFromProto(req.GetCase()))
		svc, err := server.New(server.Options{
			Analyzer: analyze.New(rules, nil),
			Logger:   slog.New(slog.NewJSONHandler(io.Discard, nil)),
		})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(r.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(r.size))
			for b.Loop() {
				if _, err := svc.Consult(context.Background(), req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func serveOn(b *testing.B, lis net.Listener, dial func(context.Context, string) (net.Conn, error), target string) *grpc.ClientConn {
	b.Helper()
	return serveSvcOn(b, benchService(b), lis, dial, target)
}

func serveSvcOn(b *testing.B, svc *server.Service, lis net.Listener, dial func(context.Context, string) (net.Conn, error), target string) *grpc.ClientConn {
	b.Helper()
	g := server.NewGRPC(svc, server.GRPCOptions{Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))})
	go g.Serve(lis)
	opts := []grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials())}
	if dial != nil {
		opts = append(opts, grpc.WithContextDialer(dial))
	}
	conn, err := grpc.NewClient(target, opts...)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { conn.Close(); g.Shutdown(0, time.Second) })
	return conn
}

// BenchmarkRPC compares one Consult with the floor of an empty gRPC call
// (health Check) on the same server and transport: the ratio is Shield's own
// cost over gRPC's.
func BenchmarkRPC(b *testing.B) {
	transports := map[string]func(b *testing.B) *grpc.ClientConn{
		"bufconn": func(b *testing.B) *grpc.ClientConn {
			lis := bufconnListener()
			return serveOn(b, lis, func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }, "passthrough:///bufnet")
		},
		"tcp": func(b *testing.B) *grpc.ClientConn {
			lis, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				b.Fatal(err)
			}
			return serveOn(b, lis, nil, "passthrough:///"+lis.Addr().String())
		},
	}
	for _, name := range []string{"bufconn", "tcp"} {
		conn := transports[name](b)
		health := healthpb.NewHealthClient(conn)
		client := shieldv1.NewShieldServiceClient(conn)
		b.Run(name+"/health", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := health.Check(context.Background(), &healthpb.HealthCheckRequest{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		for _, r := range benchRequests(b, benchSizes[:2]) {
			req := r.req
			b.Run(name+"/consult-"+r.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := client.Consult(context.Background(), req); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkRPCFixedAnalysis is BenchmarkRPC's typical Consult over bufconn
// with the engine's analysis precomputed: the whole call, client and
// server, without the engine.
func BenchmarkRPCFixedAnalysis(b *testing.B) {
	req := typicalRequest(b)
	engine := fallback.Default()
	svc, err := server.New(server.Options{
		Analyzer: analyze.New(server.FixedRules(engine, server.CaseFromProto(req.GetCase())), nil),
		Logger:   slog.New(slog.NewJSONHandler(io.Discard, nil)),
	})
	if err != nil {
		b.Fatal(err)
	}
	lis := bufconnListener()
	conn := serveSvcOn(b, svc, lis, func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }, "passthrough:///bufnet")
	client := shieldv1.NewShieldServiceClient(conn)
	b.Run("bufconn/consult-typical", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := client.Consult(context.Background(), req); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkValidate(b *testing.B) {
	req := casegen.Request(64 << 10)
	b.ReportAllocs()
	for b.Loop() {
		if err := server.Validate(req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodeResponse compares the encoding of the typical case's
// response by gRPC's default codec (protobuf-go) with Codec's, in the same
// run.
func BenchmarkEncodeResponse(b *testing.B) {
	resp, err := benchService(b).Consult(context.Background(), typicalRequest(b))
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		codec encoding.CodecV2
	}{{"protobuf-go", encoding.GetCodecV2("proto")}, {"codec", server.Codec{}}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bs, err := c.codec.Marshal(resp)
				if err != nil {
					b.Fatal(err)
				}
				bs.Free()
			}
		})
	}
}
