package server

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"unicode/utf8"

	"google.golang.org/grpc/encoding"
	grpcproto "google.golang.org/grpc/encoding/proto"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
)

// Codec is gRPC's protobuf codec with a faster encoding of ConsultResponse:
// its record (a google.protobuf.Struct of about a hundred values) is
// written by hand instead of by protobuf-go, whose map encoder walks every
// map twice through reflection (once to size it, once to write it) and
// allocates for every key; that was most of the cost of sending a response
// (~75 µs of ~85 µs for the typical case). The bytes are those of
// proto.MarshalOptions{Deterministic: true}: map keys in sorted order
// (TestCodecMatchesProto, FuzzCodecMatchesProto). The reply of the server's
// own Consult handler carries the record itself rather than its Struct,
// and its Struct's bytes are written straight from the record
// (TestReplyMatchesProto). A ConsultRequest is decoded by hand
// (TestUnmarshalRequestMatchesProto). Everything else is the default
// codec's.
type Codec struct{}

var _ encoding.CodecV2 = Codec{}

// protoCodec is the default codec that Codec falls back to.
var protoCodec = encoding.GetCodecV2(grpcproto.Name)

// Name is the default codec's, so that Codec serves the content type
// clients send ("application/grpc" or "application/grpc+proto").
func (Codec) Name() string { return grpcproto.Name }

// Unmarshal is the default codec's, except that a ConsultRequest is decoded
// by unmarshalRequest when it can: the same message with a few allocations
// instead of one for every string and message.
func (Codec) Unmarshal(data mem.BufferSlice, v any) error {
	if m, ok := v.(*shieldv1.ConsultRequest); ok && unmarshalRequest(data, m) {
		return nil
	}
	return protoCodec.Unmarshal(data, v)
}

// Marshal encodes v; a ConsultResponse with its record, or the reply of the
// service's own Consult handler, goes the fast way.
func (Codec) Marshal(v any) (mem.BufferSlice, error) {
	var reply *consultReply
	switch r := v.(type) {
	case *consultReply:
		reply = r
	case *shieldv1.ConsultResponse:
		if r.GetRecord() == nil {
			return protoCodec.Marshal(v)
		}
		reply = &consultReply{resp: r}
	default:
		return protoCodec.Marshal(v)
	}
	bp := scratch.Get().(*[]byte)
	defer scratch.Put(bp)
	b, err := reply.append((*bp)[:0])
	if err != nil {
		return nil, err
	}
	if cap(b) <= maxScratch {
		*bp = b
	}
	if mem.IsBelowBufferPoolingThreshold(len(b)) {
		return mem.BufferSlice{mem.SliceBuffer(slices.Clone(b))}, nil
	}
	pool := mem.DefaultBufferPool()
	buf := pool.Get(len(b))
	copy(*buf, b)
	return mem.BufferSlice{mem.NewBuffer(buf, pool)}, nil
}

// scratch holds the buffers responses are encoded into before they are
// copied, at their exact size, into a buffer of gRPC's pool: the size is
// only known once the record is written.
var scratch = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// maxScratch is the largest buffer kept for reuse; a larger response (a
// record quoting a large case) allocates its own.
const maxScratch = 256 << 10

// errUnknownFields sends a message with unknown fields, which a response
// built by the server never has, to protobuf-go, which keeps them.
var errUnknownFields = errors.New("server: message has unknown fields")

// AppendConsultResponse appends the wire encoding of r to b: the bytes of
// proto.MarshalOptions{Deterministic: true}.MarshalAppend(b, r).
func AppendConsultResponse(b []byte, r *shieldv1.ConsultResponse) ([]byte, error) {
	out, err := appendConsultResponse(b, r)
	if errors.Is(err, errUnknownFields) {
		return proto.MarshalOptions{Deterministic: true}.MarshalAppend(b, r)
	}
	return out, err
}

func appendConsultResponse(b []byte, r *shieldv1.ConsultResponse) ([]byte, error) {
	if len(r.ProtoReflect().GetUnknown()) > 0 {
		return b, errUnknownFields
	}
	// Fields 1 to 7 are small and typed, and protobuf-go's encoder does
	// them well; the record, field 8, is the last field, so appending it
	// after them gives protobuf-go's field order.
	head := &shieldv1.ConsultResponse{
		ConsultationId: r.ConsultationId,
		CaseId:         r.CaseId,
		AgentId:        r.AgentId,
		InputDigest:    r.InputDigest,
		Analysis:       r.Analysis,
		Generation:     r.Generation,
		CreatedAt:      r.CreatedAt,
	}
	b, err := proto.MarshalOptions{Deterministic: true}.MarshalAppend(b, head)
	if err != nil {
		return b, err
	}
	if r.Record == nil {
		return b, nil
	}
	b = appendTag(b, 8, protowire.BytesType)
	at := len(b)
	b = append(b, 0)
	b, err = appendStruct(b, r.Record)
	return closeLen(b, at), err
}

// closeLen writes the length of what follows b[at], a one-byte placeholder,
// into it, making room when the length needs more than one byte. Writing
// first and moving the (rare, short) long contents afterwards saves the
// separate sizing pass that a length-prefixed encoding otherwise needs.
func closeLen(b []byte, at int) []byte {
	n := len(b) - at - 1
	if n < 0x80 {
		b[at] = byte(n)
		return b
	}
	w := protowire.SizeVarint(uint64(n))
	b = append(b, make([]byte, w-1)...)
	copy(b[at+w:], b[at+1:at+1+n])
	protowire.AppendVarint(b[:at], uint64(n))
	return b
}

// closeLen2 is closeLen for a two-byte placeholder at b[at:at+2]: what
// follows it is settled in place when its length needs two bytes, moved
// back by one byte when it needs one (it is then shorter than 128 bytes),
// and moved forward only when it needs more than two.
func closeLen2(b []byte, at int) []byte {
	n := len(b) - at - 2
	switch {
	case n < 1<<7:
		b[at] = byte(n)
		copy(b[at+1:], b[at+2:])
		return b[:len(b)-1]
	case n < 1<<14:
		b[at] = byte(n) | 0x80
		b[at+1] = byte(n >> 7)
		return b
	}
	w := protowire.SizeVarint(uint64(n))
	b = append(b, make([]byte, w-2)...)
	copy(b[at+w:], b[at+2:at+2+n])
	protowire.AppendVarint(b[:at], uint64(n))
	return b
}

// appendStruct appends the fields of s (without its own tag and length):
// one map entry (key 1, value 2) per field, in key order.
func appendStruct(b []byte, s *structpb.Struct) ([]byte, error) {
	if len(s.ProtoReflect().GetUnknown()) > 0 {
		return b, errUnknownFields
	}
	var arr [16]string
	keys := arr[:0]
	for k := range s.Fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var err error
	for _, k := range keys {
		if !utf8.ValidString(k) {
			return b, invalidUTF8("Struct.fields key")
		}
		b = append(b, 1<<3|byte(protowire.BytesType))
		entry := len(b)
		b = append(b, 0)
		b = appendTag(b, 1, protowire.BytesType)
		b = appendString(b, k)
		b = append(b, 2<<3|byte(protowire.BytesType))
		val := len(b)
		b = append(b, 0)
		if b, err = appendValue(b, s.Fields[k]); err != nil {
			return b, err
		}
		b = closeLen(b, val)
		b = closeLen(b, entry)
	}
	return b, nil
}

// appendValue appends the fields of v: the one field of its kind; nothing
// for a nil value or kind, as protobuf-go writes for them.
func appendValue(b []byte, v *structpb.Value) ([]byte, error) {
	if v == nil {
		return b, nil
	}
	if len(v.ProtoReflect().GetUnknown()) > 0 {
		return b, errUnknownFields
	}
	var err error
	switch k := v.Kind.(type) {
	case *structpb.Value_NullValue:
		b = appendTag(b, 1, protowire.VarintType)
		b = appendVarint(b, uint64(int64(k.NullValue)))
	case *structpb.Value_NumberValue:
		b = appendTag(b, 2, protowire.Fixed64Type)
		b = protowire.AppendFixed64(b, math.Float64bits(k.NumberValue))
	case *structpb.Value_StringValue:
		if !utf8.ValidString(k.StringValue) {
			return b, invalidUTF8("Value.string_value")
		}
		b = appendTag(b, 3, protowire.BytesType)
		b = appendString(b, k.StringValue)
	case *structpb.Value_BoolValue:
		b = appendTag(b, 4, protowire.VarintType)
		b = appendVarint(b, protowire.EncodeBool(k.BoolValue))
	case *structpb.Value_StructValue:
		b = appendTag(b, 5, protowire.BytesType)
		at := len(b)
		b = append(b, 0)
		if k.StructValue != nil {
			if b, err = appendStruct(b, k.StructValue); err != nil {
				return b, err
			}
		}
		b = closeLen(b, at)
	case *structpb.Value_ListValue:
		b = appendTag(b, 6, protowire.BytesType)
		at := len(b)
		b = append(b, 0)
		if k.ListValue != nil {
			if b, err = appendList(b, k.ListValue); err != nil {
				return b, err
			}
		}
		b = closeLen(b, at)
	}
	return b, nil
}

// appendList appends the fields of l: one field 1 per value.
func appendList(b []byte, l *structpb.ListValue) ([]byte, error) {
	if len(l.ProtoReflect().GetUnknown()) > 0 {
		return b, errUnknownFields
	}
	var err error
	for _, v := range l.Values {
		b = append(b, 1<<3|byte(protowire.BytesType))
		at := len(b)
		b = append(b, 0)
		if b, err = appendValue(b, v); err != nil {
			return b, err
		}
		b = closeLen(b, at)
	}
	return b, nil
}

// invalidUTF8 is protobuf-go's refusal of a string that is not UTF-8,
// without the string, which may quote the case.
func invalidUTF8(field string) error {
	return fmt.Errorf("server: encoding the record: %s: string field contains invalid UTF-8", field)
}

// appendVarint is protowire.AppendVarint with its one-byte case inlined:
// the tags and most lengths of a reply are below 128, and the call cost
// more than the byte (about 400 of them a typical reply).
func appendVarint(b []byte, v uint64) []byte {
	if v < 0x80 {
		return append(b, byte(v))
	}
	return protowire.AppendVarint(b, v)
}

// appendTag is protowire.AppendTag through appendVarint.
func appendTag(b []byte, num protowire.Number, typ protowire.Type) []byte {
	return appendVarint(b, protowire.EncodeTag(num, typ))
}

// appendString is protowire.AppendString through appendVarint.
func appendString(b []byte, s string) []byte {
	return append(appendVarint(b, uint64(len(s))), s...)
}
