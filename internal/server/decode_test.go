package server_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/testing/protocmp"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/casegen"
	"github.com/a2atrust/shield/internal/server"
)

// checkDecoding decodes b with the hand-written decoder, with Codec and
// with proto.Unmarshal: Codec must give protobuf-go's message or its error,
// and the hand-written decoder, when it takes the bytes, the same message.
// It reports whether the hand-written decoder took them.
func checkDecoding(t *testing.T, b []byte) bool {
	t.Helper()
	var want shieldv1.ConsultRequest
	wantErr := proto.Unmarshal(b, &want)
	var fast shieldv1.ConsultRequest
	took := server.DecodeRequest(b, &fast)
	if took && wantErr != nil {
		t.Fatalf("hand-written decoder took bytes protobuf-go refuses (%v): %x", wantErr, b)
	}
	if took && !proto.Equal(&want, &fast) {
		t.Fatalf("hand-written decoding differs from protobuf-go's (-want +got):\n%s", cmp.Diff(&want, &fast, protocmp.Transform()))
	}
	// Codec sees the bytes in one buffer and split in two, as gRPC may
	// hand them over.
	cut := len(b) / 3
	for _, data := range []mem.BufferSlice{{mem.SliceBuffer(b)}, {mem.SliceBuffer(b[:cut]), mem.SliceBuffer(b[cut:])}} {
		var got shieldv1.ConsultRequest
		err := server.Codec{}.Unmarshal(data, &got)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("Codec error %v, protobuf-go's %v", err, wantErr)
		}
		if err == nil && !proto.Equal(&want, &got) {
			t.Fatalf("Codec's decoding differs from protobuf-go's (-want +got):\n%s", cmp.Diff(&want, &got, protocmp.Transform()))
		}
	}
	return took
}

// fullRequest is a request with every field set, repeated fields more than
// once, strings of rng's choosing.
func fullRequest(rng *rand.Rand) *shieldv1.ConsultRequest {
	str := func() string { return randomString(rng) }
	strs := func() []string {
		out := make([]string, rng.IntN(4))
		for i := range out {
			out[i] = str()
		}
		return out
	}
	c := &shieldv1.Case{
		Title: str(), Goal: str(), Brief: str(), Message: str(), SituationContext: str(),
		ProposedAction: &shieldv1.ProposedAction{
			Description: str(), Service: str(), Action: str(), Amount: rng.NormFloat64() * 1e4,
			Currency: str(), Recipient: str(), Irreversible: rng.IntN(2) == 1, DataCategories: strs(),
		},
		Counterparty: &shieldv1.Counterparty{
			Type: shieldv1.CounterpartyType(rng.IntN(6) - 1), Reference: str(), ClaimedIdentity: str(),
			Verified: rng.IntN(2) == 1, TrustTier: str(), GaslLevel: int32(rng.IntN(9) - 2),
		},
		Identity: &shieldv1.AgentIdentity{Id: str(), Version: str()},
	}
	for range rng.IntN(4) {
		c.Facts = append(c.Facts, &shieldv1.Fact{Id: str(), Statement: str(), Source: shieldv1.FactSource(rng.IntN(6)),
			Status: shieldv1.FactStatus(rng.IntN(6)), EvidenceReferences: strs()})
		c.Evidence = append(c.Evidence, &shieldv1.Evidence{Id: str(), Type: shieldv1.EvidenceType(rng.IntN(7)),
			Summary: str(), SourceReference: str(), Verification: shieldv1.Verification(rng.IntN(5))})
		c.Policies = append(c.Policies, &shieldv1.Policy{Id: str(), Title: str(), Statement: str(), SourceReference: str()})
		c.History = append(c.History, &shieldv1.Turn{Role: shieldv1.Role(rng.IntN(6)), Text: str()})
		c.Identity.Scope = append(c.Identity.Scope, &shieldv1.ScopeEntry{Service: str(), Actions: strs()})
	}
	return &shieldv1.ConsultRequest{
		ConsultationId: str(), CaseId: str(), AgentId: str(), Case: c,
		Mode: shieldv1.AnalysisMode(rng.IntN(4)),
	}
}

// TestUnmarshalRequestMatchesProto holds the hand-written decoding of a
// ConsultRequest to protobuf-go's: on every example and labelled case and
// generated requests, which it must take; on requests with every field set;
// on wire forms protobuf-go reads in its own way (fields out of order,
// repeated singular fields, the case twice, non-minimal varints, unknown
// fields, wrong wire types, invalid UTF-8, truncations); and on random
// mutations of all of them.
func TestUnmarshalRequestMatchesProto(t *testing.T) {
	var reqs []*shieldv1.ConsultRequest
	reqs = append(reqs, server.EvalRequests(t)...)
	for _, req := range loadExamples(t) {
		reqs = append(reqs, req)
	}
	for _, size := range []int{0, 1 << 10, 64 << 10, 1000 << 10} {
		reqs = append(reqs, casegen.Request(size))
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		reqs = append(reqs, fullRequest(rng))
	}
	var wires [][]byte
	t.Run("requests", func(t *testing.T) {
		for _, req := range reqs {
			for _, det := range []bool{false, true} {
				b, err := proto.MarshalOptions{Deterministic: det}.Marshal(req)
				if err != nil {
					t.Fatal(err)
				}
				wires = append(wires, b)
				if !checkDecoding(t, b) {
					t.Fatalf("hand-written decoder did not take a request protobuf-go wrote (%d bytes)", len(b))
				}
			}
		}
	})

	str := func(num protowire.Number, s string) []byte {
		return protowire.AppendString(protowire.AppendTag(nil, num, protowire.BytesType), s)
	}
	msg := func(num protowire.Number, parts ...[]byte) []byte {
		return protowire.AppendBytes(protowire.AppendTag(nil, num, protowire.BytesType), cat(parts...))
	}
	varint := func(num protowire.Number, v uint64) []byte {
		return protowire.AppendVarint(protowire.AppendTag(nil, num, protowire.VarintType), v)
	}
	fixed64 := func(num protowire.Number, v uint64) []byte {
		return protowire.AppendFixed64(protowire.AppendTag(nil, num, protowire.Fixed64Type), v)
	}
	message := str(4, "hello")
	for _, tc := range []struct {
		name string
		wire []byte
		took bool
	}{
		{"empty", nil, true},
		{"empty case", msg(4), true},
		{"fields out of order", cat(varint(5, 1), msg(4, message), str(3, "agent"), str(1, "x")), true},
		{"repeated singular string: the last wins", cat(str(3, "a"), str(3, "b")), true},
		{"the case twice: merged", cat(msg(4, str(1, "t"), msg(8, str(1, "f1"))), msg(4, message, msg(8, str(1, "f2")), msg(6, str(2, "svc")))), true},
		{"a sub-message twice: merged", msg(4, msg(6, str(1, "d"), str(8, "a")), msg(6, str(2, "s"), str(8, "b")), msg(7, varint(1, 2)), msg(7, str(2, "r"))), true},
		{"repeated fields interleaved", msg(4, msg(8, str(1, "a")), msg(9, str(1, "e")), msg(8, str(1, "b")), msg(11), msg(8), msg(12, msg(3, str(2, "x"), str(1, "s"), str(2, "y")), msg(3))), true},
		{"enum beyond the known values", cat(varint(5, 99), msg(4, msg(7, varint(1, 7)), msg(8, varint(3, 1<<31), varint(4, math.MaxUint64)))), true},
		{"negative int32 as ten bytes", msg(4, msg(7, varint(6, uint64(math.MaxUint64-4)))), true},
		{"int32 from a wider varint", msg(4, msg(7, varint(6, 1<<40|3))), true},
		{"bool from 2", msg(4, msg(6, varint(7, 2)), msg(7, varint(4, 1<<35))), true},
		{"amounts", msg(4, msg(6, fixed64(4, math.Float64bits(math.NaN())))), true},
		{"negative zero amount", msg(4, msg(6, fixed64(4, math.Float64bits(math.Copysign(0, -1))))), true},
		{"zero values on the wire", cat(str(1, ""), varint(5, 0), msg(4, msg(7, varint(1, 0), varint(4, 0)))), true},
		{"non-minimal varints", cat([]byte{0x9a, 0x00, 0x01, 'a'}, []byte{0x28, 0x81, 0x80, 0x00}), true},
		{"a long non-minimal length", cat([]byte{0x1a, 0x83, 0x80, 0x80, 0x80, 0x00}, []byte("abc")), true},
		{"unknown field", cat(str(3, "a"), str(9, "unknown")), false},
		{"unknown field in a fact", msg(4, msg(8, str(1, "a"), varint(77, 1))), false},
		{"unknown field in scope", msg(4, msg(12, msg(3, fixed64(3, 1)))), false},
		{"string as varint", varint(3, 1), false},
		{"case as varint", varint(4, 1), false},
		{"facts as varint", msg(4, varint(8, 1)), false},
		{"enum as bytes", str(5, "x"), false},
		{"amount as varint", msg(4, msg(6, varint(4, 1))), false},
		{"fixed32 field", protowire.AppendFixed32(protowire.AppendTag(nil, 3, protowire.Fixed32Type), 1), false},
		{"group", cat(protowire.AppendTag(nil, 3, protowire.StartGroupType), protowire.AppendTag(nil, 3, protowire.EndGroupType)), false},
		{"invalid UTF-8", str(3, "a\xffb"), false},
		{"invalid UTF-8 deep", msg(4, msg(12, msg(3, str(2, "\xc3")))), false},
		{"surrogate half", str(3, "\xed\xa0\x80"), false},
		{"field number 0", []byte{0x02, 0x00}, false},
		{"huge field number", cat(protowire.AppendVarint(nil, 1<<35|3<<3|2), []byte{0}), false},
		{"truncated length", []byte{0x1a, 0x05, 'a'}, false},
		{"truncated varint", []byte{0x28, 0x80}, false},
		{"truncated tag", []byte{0x80}, false},
		{"truncated fixed64", msg(4, msg(6, []byte{0x21, 1, 2, 3})), false},
		{"overflowing varint", []byte{0x28, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}, false},
		{"length beyond the message", cat(msg(4, []byte{0x0a, 0x09, 'a'}), str(3, "padding")), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := checkDecoding(t, tc.wire); got != tc.took {
				t.Errorf("hand-written decoder took the bytes: %v, want %v", got, tc.took)
			}
			wires = append(wires, tc.wire)
		})
	}

	t.Run("mutations", func(t *testing.T) {
		mrng := rand.New(rand.NewPCG(5, 6))
		n := 20000
		if testing.Short() {
			n = 2000
		}
		for range n {
			w := wires[mrng.IntN(len(wires))]
			if len(w) > 4<<10 {
				continue
			}
			checkDecoding(t, mutate(mrng, w, wires))
		}
	})
}

// mutate returns a copy of w with a few random changes: bytes set, cut,
// inserted, or another wire appended (which protobuf-go merges).
func mutate(rng *rand.Rand, w []byte, others [][]byte) []byte {
	b := append([]byte(nil), w...)
	for range 1 + rng.IntN(3) {
		switch rng.IntN(5) {
		case 0:
			if len(b) > 0 {
				b[rng.IntN(len(b))] = byte(rng.IntN(256))
			}
		case 1:
			if len(b) > 0 {
				b = b[:rng.IntN(len(b))]
			}
		case 2:
			i := rng.IntN(len(b) + 1)
			b = append(b[:i], append([]byte{byte(rng.IntN(256))}, b[i:]...)...)
		case 3:
			if o := others[rng.IntN(len(others))]; len(o) < 4<<10 {
				b = append(b, o...)
			}
		case 4:
			if len(b) > 0 {
				i := rng.IntN(len(b))
				b[i] ^= 1 << rng.IntN(8)
			}
		}
	}
	return b
}

func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

// FuzzUnmarshalRequestMatchesProto holds the hand-written decoding of a
// ConsultRequest to protobuf-go's on arbitrary bytes.
func FuzzUnmarshalRequestMatchesProto(f *testing.F) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 8 {
		b, err := proto.Marshal(fullRequest(rng))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	if b, err := proto.Marshal(casegen.Request(1 << 10)); err == nil {
		f.Add(b)
	}
	f.Add([]byte(strings.Repeat("\x22\x00", 3)))
	f.Fuzz(func(t *testing.T, b []byte) {
		checkDecoding(t, b)
	})
}

// BenchmarkDecodeRequest is the decoding of the typical request (the
// vendor-bank-change example) by protobuf-go and by Codec.
func BenchmarkDecodeRequest(b *testing.B) {
	wire, err := proto.Marshal(server.TypicalRequest(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("protobuf-go", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := proto.Unmarshal(wire, new(shieldv1.ConsultRequest)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("codec", func(b *testing.B) {
		b.ReportAllocs()
		data := mem.BufferSlice{mem.SliceBuffer(wire)}
		for b.Loop() {
			if err := (server.Codec{}).Unmarshal(data, new(shieldv1.ConsultRequest)); err != nil {
				b.Fatal(err)
			}
		}
	})
}
