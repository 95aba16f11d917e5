// Package fuzz holds fuzz targets that drive Shield's request handling as a
// whole: wire bytes in, through validation, digest, the rule engine and the
// record, to a response or an error. Run one with
//
//	go test ./test/fuzz -run '^$' -fuzz FuzzConsult -fuzztime 30s
//
// The seed corpus is committed under testdata/fuzz and runs with every
// plain `go test`.
package fuzz

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/analyze"
	"github.com/a2atrust/shield/internal/fallback"
	"github.com/a2atrust/shield/internal/record"
	"github.com/a2atrust/shield/internal/server"
)

// checkSink is a fake record log: it refuses any record whose JSON line
// does not validate against the schema, which makes Consult fail with
// UNAVAILABLE and the fuzz target report it.
type checkSink struct {
	v *record.Validator
}

func (s checkSink) Write(_ context.Context, r *record.Record) error {
	b, err := r.JSON()
	if err != nil {
		return err
	}
	return s.v.ValidateJSON(b)
}

var (
	svcOnce sync.Once
	svc     *server.Service
	svcErr  error
)

func service(t *testing.T) *server.Service {
	svcOnce.Do(func() {
		v, err := record.DefaultValidator()
		if err != nil {
			svcErr = err
			return
		}
		svc, svcErr = server.New(server.Options{
			Analyzer: analyze.New(fallback.Default(), nil),
			Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
			Sinks:    []server.Sink{checkSink{v: v}},
		})
	})
	if svcErr != nil {
		t.Fatal(svcErr)
	}
	return svc
}

// seeds are the example requests, in wire form.
func seeds(f *testing.F) [][]byte {
	paths, err := filepath.Glob(filepath.Join("..", "..", "examples", "*.json"))
	if err != nil {
		f.Fatal(err)
	}
	var out [][]byte
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		var req shieldv1.ConsultRequest
		if err := protojson.Unmarshal(data, &req); err != nil {
			f.Fatalf("%s: %v", p, err)
		}
		b, err := proto.Marshal(&req)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// FuzzConsult decodes arbitrary bytes as a ConsultRequest, as the gRPC
// server would, and consults. Whatever the input, Consult must not panic,
// must refuse only with INVALID_ARGUMENT, and every answer must carry a
// schema-valid record whose typed fields agree with it.
func FuzzConsult(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var req shieldv1.ConsultRequest
		if err := proto.Unmarshal(data, &req); err != nil {
			return // the gRPC codec refuses it before Shield sees it
		}
		s := service(t)
		resp, err := s.Consult(context.Background(), &req)
		if err != nil {
			if c := status.Code(err); c != codes.InvalidArgument {
				t.Fatalf("Consult refused with %v, want INVALID_ARGUMENT: %v", c, err)
			}
			if server.Validate(&req) == nil {
				t.Fatalf("Consult refused a request Validate accepts: %v", err)
			}
			return
		}
		if server.Validate(&req) != nil {
			t.Fatal("Consult answered a request Validate refuses")
		}
		v, _ := record.DefaultValidator()
		if err := v.ValidateValue(resp.GetRecord().AsMap()); err != nil {
			t.Fatalf("response record invalid: %v", err)
		}
		if got := resp.GetRecord().GetFields()["consultationId"].GetStringValue(); got != resp.GetConsultationId() {
			t.Fatalf("record consultationId %q, typed %q", got, resp.GetConsultationId())
		}
		if req.GetAgentId() != resp.GetAgentId() {
			t.Fatalf("agent id %q answered as %q", req.GetAgentId(), resp.GetAgentId())
		}
	})
}
