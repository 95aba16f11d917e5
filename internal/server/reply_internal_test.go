package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/analyze"
	"github.com/a2atrust/shield/internal/casegen"
	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/fallback"
	"github.com/a2atrust/shield/internal/record"
)

// checkReply asserts that the reply of rec, written without a Struct, has
// the bytes protobuf-go gives the response with the Struct (ToProto), both
// through append and through Codec.
func checkReply(t *testing.T, rec *record.Record) {
	t.Helper()
	full, err := ToProto(rec)
	if err != nil {
		t.Fatal(err)
	}
	want, err := proto.MarshalOptions{Deterministic: true}.Marshal(full)
	if err != nil {
		t.Fatal(err)
	}
	typed, err := typedResponse(rec)
	if err != nil {
		t.Fatal(err)
	}
	created, err := checkResponse(rec)
	if err != nil {
		t.Fatal(err)
	}
	// The server's own replies are written from the record alone; a reply
	// with a typed response writes that.
	for _, r := range []struct {
		name  string
		reply *consultReply
	}{
		{"record", &consultReply{rec: rec, created: created}},
		{"typed", &consultReply{resp: typed, rec: rec}},
	} {
		got, err := r.reply.append([]byte("prefix"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(got, []byte("prefix")) || !bytes.Equal(got[len("prefix"):], want) {
			t.Fatalf("%s: reply differs from protobuf-go's response (%d vs %d bytes)", r.name, len(got)-len("prefix"), len(want))
		}
		bs, err := Codec{}.Marshal(r.reply)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(bs.Materialize(), want) {
			t.Fatalf("%s: Codec's reply differs from protobuf-go's response", r.name)
		}
		bs.Free()
	}
}

// evalRequests returns the requests of every labelled case in
// testdata/eval, so that the codecs meet every kind of record the rules
// produce (also the black-box tests', through EvalRequests).
func evalRequests(t testing.TB) []*shieldv1.ConsultRequest {
	t.Helper()
	files, err := filepath.Glob("../../testdata/eval/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no eval cases: %v", err)
	}
	var reqs []*shieldv1.ConsultRequest
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			var line struct{ Request json.RawMessage }
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil || line.Request == nil {
				continue
			}
			req := &shieldv1.ConsultRequest{}
			if err := protojson.Unmarshal(line.Request, req); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			reqs = append(reqs, req)
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return reqs
}

// EvalRequests is evalRequests for the black-box tests.
var EvalRequests = evalRequests

// fileRequests are the requests of every labelled case and example, and
// casegen's sizes.
func fileRequests(t *testing.T) []*shieldv1.ConsultRequest {
	t.Helper()
	reqs := evalRequests(t)
	examples, _ := filepath.Glob("../../examples/*.json")
	for _, f := range examples {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		req := &shieldv1.ConsultRequest{}
		if protojson.Unmarshal(raw, req) == nil {
			reqs = append(reqs, req)
		}
	}
	for _, size := range []int{1 << 10, 64 << 10, 1000 << 10} {
		reqs = append(reqs, casegen.Request(size))
	}
	if len(reqs) < 100 {
		t.Fatalf("only %d requests", len(reqs))
	}
	return reqs
}

// TestReplyMatchesProto holds the reply of Service.consult, whose record
// Codec writes without a Struct, to protobuf-go's bytes for the response
// with the Struct: on every labelled case, example and casegen size, and on
// records of every shape with strings of every length class.
func TestReplyMatchesProto(t *testing.T) {
	svc, err := New(Options{Analyzer: analyze.New(fallback.Default(), nil), Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("service", func(t *testing.T) {
		n := 0
		for _, req := range fileRequests(t) {
			r, err := svc.consult(context.Background(), req)
			if err != nil {
				continue // refused: no reply to encode
			}
			n++
			checkReply(t, r.rec)
			// Consult's response is the reply with the Struct.
			full, err := ToProto(r.rec)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := typedResponse(r.rec)
			if err != nil {
				t.Fatal(err)
			}
			resp.Record = buildStruct(r.rec)
			if !proto.Equal(full, resp) {
				t.Fatal("the reply with its Struct is not ToProto's response")
			}
		}
		if n < 100 {
			t.Fatalf("only %d replies", n)
		}
	})
	t.Run("edges", func(t *testing.T) {
		// What protobuf-go writes or leaves out of the typed part: -0 and
		// NaN written, +0 and empty strings left out, unknown enum
		// spellings as 0, negative integers as ten-byte varints, a time
		// before 1970, empty repeated strings and messages.
		for i, f := range []func(r *record.Record){
			func(r *record.Record) {},
			func(r *record.Record) { r.Analysis.Confidence = math.Copysign(0, -1) },
			func(r *record.Record) { r.Analysis.Confidence = math.NaN() },
			func(r *record.Record) { r.Analysis.Confidence = math.Inf(-1) },
			func(r *record.Record) {
				r.Analysis.Disposition, r.Analysis.RiskTier, r.Generation.Mode = "Hold", "weird", "AI"
			},
			func(r *record.Record) { r.CreatedAt = "1969-12-31T23:59:59.500Z" },
			func(r *record.Record) { r.CreatedAt = "0001-01-01T00:00:00.000Z" },
			func(r *record.Record) {
				r.ConsultationID, r.CaseID, r.AgentID, r.InputDigest, r.Analysis.Reply = "", "", "", "", ""
				r.Analysis.Rationale = []string{"", ""}
			},
			func(r *record.Record) {
				r.Generation.TokenUsage = &consult.TokenUsage{InputTokens: -1, OutputTokens: math.MinInt64, TotalTokens: math.MaxInt64}
			},
			func(r *record.Record) {
				r.Analysis.Claims = []consult.Claim{{}, {Claim: "c", Status: "bogus", Significance: consult.Low, EvidenceReferences: []string{""}}}
				r.Analysis.Signals = []consult.Signal{{}, {Tactic: consult.Urgency, Confidence: math.Copysign(0, -1)}}
			},
		} {
			t.Run(strconv.Itoa(i), func(t *testing.T) {
				rec := &record.Record{ProtocolVersion: record.ProtocolVersion, ConsultationID: "c", CaseID: "k", AgentID: "a",
					InputDigest: "d", CreatedAt: "2026-11-30T05:00:00.123Z",
					Generation: consult.Generation{Mode: consult.ModeFallback, Model: "rules", PromptVersion: "1"},
					Analysis: consult.Analysis{Reply: "r", SituationSummary: "s", Disposition: consult.Proceed, RiskTier: consult.Low,
						Confidence: 0.5, Rationale: []string{"x"}}}
				f(rec)
				checkReply(t, rec)
			})
		}
	})
	meta := record.Meta{ConsultationID: "c", CaseID: "k", AgentID: "a", InputDigest: "d", CreatedAt: time.Date(2026, 11, 30, 5, 0, 0, 0, time.UTC)}
	for _, n := range []int{0, 1, 126, 127, 128, 300, 16383, 16384, 1 << 21} {
		long := strings.Repeat("é", n/2) + strings.Repeat("x", n%2)
		for _, g := range []consult.Generation{
			{Mode: consult.ModeFallback, Model: "rules", PromptVersion: "1"},
			{Mode: consult.ModeFallback, Model: "rules", PromptVersion: "1", ErrorCode: "rules_requested"},
			{Mode: consult.ModeAI, Model: long, PromptVersion: "p", TokenUsage: &consult.TokenUsage{InputTokens: 1 << 40, TotalTokens: 1<<40 + 7}},
		} {
			rec := &record.Record{ProtocolVersion: record.ProtocolVersion, ConsultationID: meta.ConsultationID, CaseID: meta.CaseID,
				AgentID: long, InputDigest: meta.InputDigest, CreatedAt: meta.CreatedAt.Format(record.TimeFormat), Generation: g,
				Analysis: consult.Analysis{Reply: long, SituationSummary: "s", Disposition: consult.Proceed, RiskTier: consult.Low,
					Confidence: 0.3, Rationale: []string{long, ""}, NextSteps: []string{"y"}, SuggestedResponse: long}}
			checkReply(t, rec)
			if n > 1<<14 {
				continue
			}
			many := *rec
			many.Analysis.Rationale = nil
			many.Analysis.NextSteps = []string{}
			for i := range 20 {
				many.Analysis.Claims = append(many.Analysis.Claims, consult.Claim{Claim: long, Status: consult.ClaimVerified,
					Significance: consult.High, EvidenceReferences: []string{long, "f1"}[:i%3], Explanation: "e"})
				many.Analysis.Signals = append(many.Analysis.Signals, consult.Signal{Tactic: consult.Urgency, Observation: long,
					Confidence: float64(i) / 7, Significance: consult.Low})
				many.Analysis.Safeguards = append(many.Analysis.Safeguards, long)
			}
			checkReply(t, &many)
		}
	}
}

// TestCheckUTF8 holds checkUTF8 to structpb.NewStruct on the record's map
// form: a record with any one of its strings (found by reflection, so a new
// field is covered) made invalid UTF-8 is refused by both, and only then.
func TestCheckUTF8(t *testing.T) {
	base := func() *record.Record {
		return &record.Record{ProtocolVersion: "0.1", ConsultationID: "c", CaseID: "k", AgentID: "a", InputDigest: "d",
			CreatedAt: "2026-11-30T05:00:00.000Z",
			Generation: consult.Generation{Mode: consult.ModeAI, Model: "m", PromptVersion: "p", ErrorCode: "e",
				TokenUsage: &consult.TokenUsage{InputTokens: 1}},
			Analysis: consult.Analysis{Reply: "r", SituationSummary: "s", Disposition: consult.Proceed, RiskTier: consult.Low,
				Rationale: []string{"x"}, NextSteps: []string{"y"}, MissingEvidence: []string{"m"}, QuestionsToAsk: []string{"q"},
				Safeguards: []string{"g"}, SuggestedResponse: "sr",
				Claims:  []consult.Claim{{Claim: "c", Status: consult.ClaimVerified, Significance: consult.High, EvidenceReferences: []string{"f"}, Explanation: "e"}},
				Signals: []consult.Signal{{Tactic: consult.Urgency, Observation: "o", Significance: consult.Low}}}}
	}
	var paths [][]int
	var walk func(v reflect.Value, path []int)
	walk = func(v reflect.Value, path []int) {
		switch v.Kind() {
		case reflect.String:
			paths = append(paths, append([]int(nil), path...))
		case reflect.Struct:
			for i := range v.NumField() {
				walk(v.Field(i), append(path, i))
			}
		case reflect.Slice:
			if v.Len() > 0 {
				walk(v.Index(0), append(path, -1))
			}
		}
	}
	walk(reflect.ValueOf(base()).Elem(), nil)
	if len(paths) < 25 {
		t.Fatalf("only %d strings found", len(paths))
	}
	if err := checkUTF8(base()); err != nil {
		t.Fatalf("valid record refused: %v", err)
	}
	for _, p := range paths {
		rec := base()
		v := reflect.ValueOf(rec).Elem()
		for _, i := range p {
			if i < 0 {
				v = v.Index(0)
			} else {
				v = v.Field(i)
			}
		}
		v.SetString(v.String() + "\xff")
		_, mapErr := structpb.NewStruct(rec.Map())
		if got := checkUTF8(rec); (got != nil) != (mapErr != nil) {
			t.Errorf("field %v: checkUTF8 %v, NewStruct %v", p, got, mapErr)
		}
	}
}

// BenchmarkEncodeReply compares, in one run, what the server's encoding
// of the typical case's answer costs: building the record's Struct and
// encoding the response with it (what Consult's answer cost before the
// reply), against encoding the reply, whose record is written without a
// Struct.
func BenchmarkEncodeReply(b *testing.B) {
	svc, err := New(Options{Analyzer: analyze.New(fallback.Default(), nil), Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	r, err := svc.consult(context.Background(), TypicalRequest(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("struct", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			resp, err := typedResponse(r.rec)
			if err != nil {
				b.Fatal(err)
			}
			resp.Record = buildStruct(r.rec)
			bs, err := Codec{}.Marshal(resp)
			if err != nil {
				b.Fatal(err)
			}
			bs.Free()
		}
	})
	b.Run("reply", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			bs, err := Codec{}.Marshal(r)
			if err != nil {
				b.Fatal(err)
			}
			bs.Free()
		}
	})
}

// TestCloseLen2 holds closeLen2 to protowire.AppendBytes at every width
// boundary of the length's varint, with bytes before the placeholder.
func TestCloseLen2(t *testing.T) {
	for _, n := range []int{0, 1, 126, 127, 128, 129, 16382, 16383, 16384, 16385, 1<<21 - 1, 1 << 21} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			body := make([]byte, n)
			for i := range body {
				body[i] = byte(i*7 + 3)
			}
			want := protowire.AppendBytes([]byte("head"), body)
			b := append([]byte("head"), 0, 0)
			got := closeLen2(append(b, body...), len("head"))
			if !bytes.Equal(got, want) {
				t.Errorf("closeLen2 of %d bytes: got % x..., want % x...", n, got[:min(len(got), 8)], want[:min(len(want), 8)])
			}
		})
	}
}
