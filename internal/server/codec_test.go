package server_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"google.golang.org/grpc"
	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/testing/protocmp"
	"google.golang.org/protobuf/types/known/structpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/analyze"
	"github.com/a2atrust/shield/internal/casegen"
	"github.com/a2atrust/shield/internal/fallback"
	"github.com/a2atrust/shield/internal/server"
)

// checkEncoding asserts that AppendConsultResponse and Codec.Marshal give
// protobuf-go's deterministic bytes for r, and that they decode to r.
func checkEncoding(t *testing.T, r *shieldv1.ConsultResponse) {
	t.Helper()
	want, wantErr := proto.MarshalOptions{Deterministic: true}.Marshal(r)
	got, err := server.AppendConsultResponse([]byte("prefix"), r)
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("error %v, protobuf-go's %v", err, wantErr)
	}
	if wantErr != nil {
		return
	}
	if !bytes.HasPrefix(got, []byte("prefix")) || !bytes.Equal(got[len("prefix"):], want) {
		t.Fatalf("AppendConsultResponse differs from proto.Marshal (%d vs %d bytes)", len(got)-len("prefix"), len(want))
	}
	bs, err := server.Codec{}.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	wire := bs.Materialize()
	bs.Free()
	if !bytes.Equal(wire, want) {
		t.Fatalf("Codec.Marshal differs from proto.Marshal (%d vs %d bytes)", len(wire), len(want))
	}
	var back shieldv1.ConsultResponse
	if err := (server.Codec{}).Unmarshal(mem.BufferSlice{mem.SliceBuffer(wire)}, &back); err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(r, &back) {
		t.Fatalf("decoded response (-want +got):\n%s", cmp.Diff(r, &back, protocmp.Transform()))
	}
}

// TestCodecMatchesProto holds the hand-written encoding of a response to
// protobuf-go's on the response to every example and labelled case, and on
// responses around generated records of every shape.
func TestCodecMatchesProto(t *testing.T) {
	svc, err := server.New(server.Options{
		Analyzer: analyze.New(fallback.Default(), nil),
		Logger:   slog.New(slog.NewJSONHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	reqs := server.EvalRequests(t)
	for _, req := range loadExamples(t) {
		reqs = append(reqs, req)
	}
	for _, size := range []int{1 << 10, 64 << 10, 1000 << 10} {
		reqs = append(reqs, casegen.Request(size))
	}
	t.Run("service responses", func(t *testing.T) {
		for _, req := range reqs {
			resp, err := svc.Consult(context.Background(), req)
			if err != nil {
				continue // refused requests have no response to encode
			}
			checkEncoding(t, resp)
		}
	})
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name   string
		record func() *structpb.Struct
	}{
		{"no record", func() *structpb.Struct { return nil }},
		{"empty record", func() *structpb.Struct { return &structpb.Struct{} }},
		{"nil fields", func() *structpb.Struct {
			return &structpb.Struct{Fields: map[string]*structpb.Value{"": nil, "kind": {}, "s": {Kind: &structpb.Value_StructValue{}},
				"l": {Kind: &structpb.Value_ListValue{}}, "nils": structpb.NewListValue(&structpb.ListValue{Values: []*structpb.Value{nil, {}}})}}
		}},
		{"numbers", func() *structpb.Struct {
			m := map[string]*structpb.Value{}
			for i, f := range []float64{0, math.Copysign(0, -1), 1, -1.5, math.MaxFloat64, math.SmallestNonzeroFloat64, math.Inf(1), math.Inf(-1), math.NaN()} {
				m[string(rune('a'+i))] = structpb.NewNumberValue(f)
			}
			m["null"], m["t"], m["f"] = structpb.NewNullValue(), structpb.NewBoolValue(true), structpb.NewBoolValue(false)
			return &structpb.Struct{Fields: m}
		}},
		{"long strings", func() *structpb.Struct {
			m := map[string]*structpb.Value{}
			for _, n := range []int{0, 1, 126, 127, 128, 16383, 16384, 1 << 21} {
				m[strings.Repeat("k", n%300)] = structpb.NewStringValue(strings.Repeat("é", n/2) + strings.Repeat("x", n%2))
			}
			return &structpb.Struct{Fields: m}
		}},
		{"random", func() *structpb.Struct { return randomStruct(rng, 4) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for range 50 {
				checkEncoding(t, responseWith(tc.record()))
			}
		})
	}
	t.Run("invalid UTF-8", func(t *testing.T) {
		for _, st := range []*structpb.Struct{
			{Fields: map[string]*structpb.Value{"a": structpb.NewStringValue("\xff")}},
			{Fields: map[string]*structpb.Value{"\xfe": structpb.NewBoolValue(true)}},
		} {
			if _, err := server.AppendConsultResponse(nil, responseWith(st)); err == nil {
				t.Error("invalid UTF-8 encoded")
			}
			checkEncoding(t, responseWith(st))
		}
	})
	t.Run("unknown fields", func(t *testing.T) {
		st := randomStruct(rng, 3)
		for _, v := range st.Fields {
			v.ProtoReflect().SetUnknown(protowire.AppendVarint(protowire.AppendTag(nil, 99, protowire.VarintType), 7))
			break
		}
		checkEncoding(t, responseWith(st))
		r := responseWith(nil)
		r.ProtoReflect().SetUnknown(protowire.AppendVarint(protowire.AppendTag(nil, 99, protowire.VarintType), 7))
		r.Record = randomStruct(rng, 2)
		checkEncoding(t, r)
	})
}

// responseWith is a response around record, with every typed field set.
func responseWith(record *structpb.Struct) *shieldv1.ConsultResponse {
	return &shieldv1.ConsultResponse{
		ConsultationId: "0192f0c1-7a3b-7c4d-8e5f-00000000000a",
		CaseId:         "0192f0c1-7a3b-7c4d-8e5f-00000000000b",
		AgentId:        "agent",
		InputDigest:    "a3GSWtMiVvUolWYhRTtWi8fN-J6AqZ-kirswwCjcHS4",
		Analysis: &shieldv1.Analysis{Reply: "Stop.", Disposition: shieldv1.Disposition_DISPOSITION_DO_NOT_PROCEED, Confidence: 0.8,
			ManipulationSignals: []*shieldv1.ManipulationSignal{{Tactic: shieldv1.Tactic_TACTIC_URGENCY, Observation: "today"}}},
		Generation: &shieldv1.Generation{Mode: shieldv1.GenerationMode_GENERATION_MODE_FALLBACK, ErrorCode: "rules_requested"},
		CreatedAt:  timestamppb.New(timestamppb.Now().AsTime()),
		Record:     record,
	}
}

// randomStruct is a Struct of up to depth levels with values of every
// kind, keys and strings of every length class.
func randomStruct(rng *rand.Rand, depth int) *structpb.Struct {
	n := rng.IntN(20)
	m := make(map[string]*structpb.Value, n)
	for range n {
		m[randomString(rng)] = randomValue(rng, depth-1)
	}
	return &structpb.Struct{Fields: m}
}

func randomValue(rng *rand.Rand, depth int) *structpb.Value {
	k := rng.IntN(8)
	if depth <= 0 {
		k %= 4
	}
	switch k {
	case 0:
		return structpb.NewNullValue()
	case 1:
		return structpb.NewNumberValue(rng.NormFloat64() * math.Pow(10, float64(rng.IntN(40)-20)))
	case 2:
		return structpb.NewBoolValue(rng.IntN(2) == 0)
	case 3, 4:
		return structpb.NewStringValue(randomString(rng))
	case 5:
		return structpb.NewStructValue(randomStruct(rng, depth))
	default:
		l := make([]*structpb.Value, rng.IntN(12))
		for i := range l {
			l[i] = randomValue(rng, depth-1)
		}
		return structpb.NewListValue(&structpb.ListValue{Values: l})
	}
}

func randomString(rng *rand.Rand) string {
	alphabet := []string{"a", "Z", " ", "é", "€", "𝄞", "\x00", "\n", "\""}
	n := []int{0, 1, 5, 60, 130, 300}[rng.IntN(6)]
	var sb strings.Builder
	for range n {
		sb.WriteString(alphabet[rng.IntN(len(alphabet))])
	}
	return sb.String()
}

// FuzzCodecMatchesProto holds the encoding to protobuf-go's on records read
// from fuzzed JSON: any object protojson accepts as a Struct.
func FuzzCodecMatchesProto(f *testing.F) {
	golden, _ := filepath.Glob("testdata/*.record.json")
	for _, g := range golden {
		if b, err := os.ReadFile(g); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"a": [1, "x", null, true, {"b": []}], "": {}}`))
	f.Fuzz(func(t *testing.T, js []byte) {
		var st structpb.Struct
		if err := protojson.Unmarshal(js, &st); err != nil {
			return
		}
		checkEncoding(t, responseWith(&st))
	})
}

// rawCodec decodes as the default codec does and keeps the last bytes it
// decoded, so that a test sees what the server put on the wire.
type rawCodec struct {
	mu   sync.Mutex
	last []byte
}

func (c *rawCodec) Name() string { return "proto" }

func (c *rawCodec) Marshal(v any) (mem.BufferSlice, error) {
	return encoding.GetCodecV2("proto").Marshal(v)
}

func (c *rawCodec) Unmarshal(data mem.BufferSlice, v any) error {
	c.mu.Lock()
	c.last = data.Materialize()
	c.mu.Unlock()
	return encoding.GetCodecV2("proto").Unmarshal(data, v)
}

// TestServerSendsCodecBytes checks that the gRPC server encodes responses
// with Codec: what arrives is the deterministic encoding of the response,
// which protobuf-go's default encoder, iterating maps in random order,
// would give only by chance for a record of dozens of keys.
func TestServerSendsCodecBytes(t *testing.T) {
	h := start(t, options{})
	for name, req := range loadExamples(t) {
		t.Run(name, func(t *testing.T) {
			rc := &rawCodec{}
			for range 3 {
				resp, err := h.client.Consult(context.Background(), req, grpc.ForceCodecV2(rc))
				if err != nil {
					t.Fatal(err)
				}
				want, err := proto.MarshalOptions{Deterministic: true}.Marshal(resp)
				if err != nil {
					t.Fatal(err)
				}
				rc.mu.Lock()
				got := rc.last
				rc.mu.Unlock()
				if !bytes.Equal(got, want) {
					t.Fatalf("the server sent %d bytes that are not the deterministic encoding of the response (%d bytes)", len(got), len(want))
				}
			}
		})
	}
}
