package server

import (
	"context"
	"errors"
	"math"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/encoding/protowire"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/record"
)

// serviceDesc is the generated service description with Consult's handler
// replaced by consultHandler; every other method is the generated one's.
func serviceDesc() *grpc.ServiceDesc {
	desc := shieldv1.ShieldService_ServiceDesc
	desc.Methods = append([]grpc.MethodDesc(nil), desc.Methods...)
	for i := range desc.Methods {
		if desc.Methods[i].MethodName == "Consult" {
			desc.Methods[i].Handler = consultHandler
		}
	}
	return &desc
}

// consultHandler is the generated Consult handler, except that it answers
// with Service.consult's reply, whose record Codec writes without building
// its Struct.
func consultHandler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(shieldv1.ConsultRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	s := srv.(*Service)
	if interceptor == nil {
		return s.reply(ctx, in)
	}
	info := &grpc.UnaryServerInfo{Server: srv, FullMethod: shieldv1.ShieldService_Consult_FullMethodName}
	handler := func(ctx context.Context, req any) (any, error) {
		return s.reply(ctx, req.(*shieldv1.ConsultRequest))
	}
	return interceptor(ctx, in, info, handler)
}

// reply is consult with its reply as an interface value, nil on error (not
// a nil *consultReply, which would not compare equal to nil).
func (s *Service) reply(ctx context.Context, req *shieldv1.ConsultRequest) (any, error) {
	r, err := s.consult(ctx, req)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// append appends the wire encoding of r: the bytes of
// proto.MarshalOptions{Deterministic: true} for r's response with the
// record's Struct in it (TestReplyMatchesProto). A reply without a record
// is a response that has its Struct already.
func (r *consultReply) append(b []byte) ([]byte, error) {
	if r.rec == nil {
		return AppendConsultResponse(b, r.resp)
	}
	if r.resp == nil {
		b = appendTypedHead(b, r.rec, r.created)
	} else {
		start := len(b)
		var err error
		b, err = appendConsultResponse(b, r.resp)
		if errors.Is(err, errUnknownFields) {
			// Never so for a response the service built; protobuf-go keeps
			// unknown fields.
			r.resp.Record = buildStruct(r.rec)
			return AppendConsultResponse(b[:start], r.resp)
		}
		if err != nil {
			return b, err
		}
	}
	b = appendTag(b, 8, protowire.BytesType)
	at := len(b)
	b = append(b, 0, 0)
	b = appendRecordStruct(b, r.rec)
	return closeLen2(b, at), nil
}

// appendTypedHead appends fields 1 to 7 of the response typedResponse
// makes of rec, whose createdAt is created, as protobuf-go writes them:
// fields in number order, zero scalars and empty strings left out, -0 and
// NaN confidences written. The server's replies are written this way, so
// that a call served over gRPC builds no typed response (a dozen messages
// and their slices) only to encode it. The strings were checked by
// consult (checkUTF8); protobuf-go would refuse the same ones.
func appendTypedHead(b []byte, r *record.Record, created time.Time) []byte {
	w := structWriter{b: b}
	w.optStr(1, r.ConsultationID)
	w.optStr(2, r.CaseID)
	w.optStr(3, r.AgentID)
	w.optStr(4, r.InputDigest)
	a := &r.Analysis
	w.openField(5)
	{
		w.optStr(1, a.Reply)
		w.optStr(2, a.SituationSummary)
		w.optVarint(3, uint64(enumValue[shieldv1.Disposition](shieldv1.Disposition_value, "DISPOSITION_", string(a.Disposition))))
		w.optVarint(4, uint64(levelToProto(a.RiskTier)))
		w.optDouble(5, a.Confidence)
		w.strs(6, a.Rationale)
		for i := range a.Claims {
			c := &a.Claims[i]
			w.openField(7)
			w.optStr(1, c.Claim)
			w.optVarint(2, uint64(enumValue[shieldv1.ClaimStatus](shieldv1.ClaimStatus_value, "CLAIM_STATUS_", string(c.Status))))
			w.optVarint(3, uint64(levelToProto(c.Significance)))
			w.strs(4, c.EvidenceReferences)
			w.optStr(5, c.Explanation)
			w.pop()
		}
		for i := range a.Signals {
			s := &a.Signals[i]
			w.openField(8)
			w.optVarint(1, uint64(enumValue[shieldv1.Tactic](shieldv1.Tactic_value, "TACTIC_", string(s.Tactic))))
			w.optStr(2, s.Observation)
			w.optDouble(3, s.Confidence)
			w.optVarint(4, uint64(levelToProto(s.Significance)))
			w.pop()
		}
		w.strs(9, a.MissingEvidence)
		w.strs(10, a.QuestionsToAsk)
		w.strs(11, a.NextSteps)
		w.strs(12, a.Safeguards)
		w.optStr(13, a.SuggestedResponse)
	}
	w.pop()
	g := &r.Generation
	w.openField(6)
	{
		w.optVarint(1, uint64(enumValue[shieldv1.GenerationMode](shieldv1.GenerationMode_value, "GENERATION_MODE_", g.Mode)))
		w.optStr(2, g.Model)
		w.optStr(3, g.PromptVersion)
		if u := g.TokenUsage; u != nil {
			w.openField(4)
			w.optVarint(1, uint64(u.InputTokens))
			w.optVarint(2, uint64(u.OutputTokens))
			w.optVarint(3, uint64(u.TotalTokens))
			w.pop()
		}
		w.optStr(5, g.ErrorCode)
	}
	w.pop()
	// timestamppb.New: seconds and nanoseconds; a negative int32 is
	// sign-extended to 64 bits, as protobuf-go writes it.
	w.openField(7)
	w.optVarint(1, uint64(created.Unix()))
	w.optVarint(2, uint64(int64(int32(created.Nanosecond()))))
	w.pop()
	return w.b
}

// optStr appends the string field num unless s is empty.
func (w *structWriter) optStr(num protowire.Number, s string) {
	if s == "" {
		return
	}
	w.b = appendTag(w.b, num, protowire.BytesType)
	w.b = appendString(w.b, s)
}

// strs appends the repeated string field num, empty strings included.
func (w *structWriter) strs(num protowire.Number, l []string) {
	for _, s := range l {
		w.b = appendTag(w.b, num, protowire.BytesType)
		w.b = appendString(w.b, s)
	}
}

// optVarint appends the varint field num unless v is 0.
func (w *structWriter) optVarint(num protowire.Number, v uint64) {
	if v == 0 {
		return
	}
	w.b = appendTag(w.b, num, protowire.VarintType)
	w.b = appendVarint(w.b, v)
}

// optDouble appends the double field num unless f is +0 (-0 is written).
func (w *structWriter) optDouble(num protowire.Number, f float64) {
	bits := math.Float64bits(f)
	if bits == 0 {
		return
	}
	w.b = appendTag(w.b, num, protowire.Fixed64Type)
	w.b = protowire.AppendFixed64(w.b, bits)
}

// openField starts the message field num; pop ends it.
func (w *structWriter) openField(num protowire.Number) {
	w.b = appendTag(w.b, num, protowire.BytesType)
	w.placeholder()
}

// appendRecordStruct appends the fields of the Struct that buildStruct
// makes of rec, as appendStruct would write that Struct: map entries in
// key order, which here is fixed. The strings were checked by consult
// (checkUTF8).
func appendRecordStruct(b []byte, r *record.Record) []byte {
	a := &r.Analysis
	g := &r.Generation
	var w structWriter
	w.b = b
	w.str("agentId", r.AgentID)
	w.open("analysis")
	{
		w.openList("claims")
		for i := range a.Claims {
			c := &a.Claims[i]
			w.openItemStruct()
			w.str("claim", c.Claim)
			w.strList("evidenceReferences", c.EvidenceReferences)
			w.str("explanation", c.Explanation)
			w.str("significance", string(c.Significance))
			w.str("status", string(c.Status))
			w.closeItemStruct()
		}
		w.closeList()
		w.num("confidence", a.Confidence)
		w.str("disposition", string(a.Disposition))
		w.openList("manipulationSignals")
		for i := range a.Signals {
			s := &a.Signals[i]
			w.openItemStruct()
			w.num("confidence", s.Confidence)
			w.str("observation", s.Observation)
			w.str("significance", string(s.Significance))
			w.str("tactic", string(s.Tactic))
			w.closeItemStruct()
		}
		w.closeList()
		w.strList("missingEvidence", a.MissingEvidence)
		w.strList("nextSteps", a.NextSteps)
		w.strList("questionsToAsk", a.QuestionsToAsk)
		w.strList("rationale", a.Rationale)
		w.str("reply", a.Reply)
		w.str("riskTier", string(a.RiskTier))
		w.strList("safeguards", a.Safeguards)
		w.str("situationSummary", a.SituationSummary)
		if a.SuggestedResponse != "" {
			w.str("suggestedResponse", a.SuggestedResponse)
		}
	}
	w.close()
	w.str("caseId", r.CaseID)
	w.str("consultationId", r.ConsultationID)
	w.str("createdAt", r.CreatedAt)
	w.open("generation")
	{
		if g.ErrorCode != "" {
			w.str("errorCode", g.ErrorCode)
		}
		w.str("mode", g.Mode)
		w.str("model", g.Model)
		w.str("promptVersion", g.PromptVersion)
		if u := g.TokenUsage; u != nil {
			// int64 values are JSON numbers (float64) in the Struct.
			w.open("tokenUsage")
			w.num("inputTokens", float64(u.InputTokens))
			w.num("outputTokens", float64(u.OutputTokens))
			w.num("totalTokens", float64(u.TotalTokens))
			w.close()
		}
	}
	w.close()
	w.str("inputDigest", r.InputDigest)
	w.str("protocolVersion", r.ProtocolVersion)
	return w.b
}

// structWriter writes a Struct's fields in the order they are given. A
// string or number entry is written with its lengths computed up front. A
// container (an entry whose Value is a Struct or a ListValue, and a list
// item that is a Struct) gets a two-byte length placeholder that closeLen2
// settles, and the stack holds the placeholders of what is open. Two bytes
// is what a container of 128 to 16,383 bytes needs, so most are settled in
// place; a smaller one moves back by one byte, which is cheap because it is
// small. With one-byte placeholders every container and string longer than
// 127 bytes moved its whole contents, at every level of nesting: about
// 2% of the server's CPU per typical Consult under load, in memmove.
type structWriter struct {
	b     []byte
	stack [16]int
	n     int
}

func (w *structWriter) push(at int) {
	w.stack[w.n] = at
	w.n++
}

func (w *structWriter) pop() {
	w.n--
	w.b = closeLen2(w.b, w.stack[w.n])
}

// placeholder appends a two-byte length placeholder and pushes it.
func (w *structWriter) placeholder() {
	w.push(len(w.b))
	w.b = append(w.b, 0, 0)
}

// keySize is the size of a map entry's key field.
func keySize(key string) int {
	return 1 + protowire.SizeBytes(len(key))
}

// entryHead appends the head of the map entry of key whose Value's
// encoding is valueLen bytes long: the entry's tag and length, the key,
// and the Value's tag and length.
func (w *structWriter) entryHead(key string, valueLen int) {
	w.b = append(w.b, 1<<3|byte(protowire.BytesType))
	w.b = appendVarint(w.b, uint64(keySize(key)+1+protowire.SizeBytes(valueLen)))
	w.b = append(w.b, 1<<3|byte(protowire.BytesType))
	w.b = appendString(w.b, key)
	w.b = append(w.b, 2<<3|byte(protowire.BytesType))
	w.b = appendVarint(w.b, uint64(valueLen))
}

// entry starts the map entry of key and its Value, whose lengths are not
// known yet.
func (w *structWriter) entry(key string) {
	w.b = append(w.b, 1<<3|byte(protowire.BytesType))
	w.placeholder()
	w.b = appendTag(w.b, 1, protowire.BytesType)
	w.b = appendString(w.b, key)
	w.b = append(w.b, 2<<3|byte(protowire.BytesType))
	w.placeholder()
}

// endEntry closes the Value and the entry.
func (w *structWriter) endEntry() {
	w.pop()
	w.pop()
}

// strValueSize is the size of a Value holding s.
func strValueSize(s string) int {
	return 1 + protowire.SizeBytes(len(s))
}

func (w *structWriter) strValue(s string) {
	w.b = appendTag(w.b, 3, protowire.BytesType)
	w.b = appendString(w.b, s)
}

func (w *structWriter) str(key, s string) {
	w.entryHead(key, strValueSize(s))
	w.strValue(s)
}

func (w *structWriter) num(key string, f float64) {
	w.entryHead(key, 1+8)
	w.b = appendTag(w.b, 2, protowire.Fixed64Type)
	w.b = protowire.AppendFixed64(w.b, math.Float64bits(f))
}

// open starts the entry of key whose Value is a Struct; close ends it.
func (w *structWriter) open(key string) {
	w.entry(key)
	w.b = appendTag(w.b, 5, protowire.BytesType)
	w.placeholder()
}

func (w *structWriter) close() {
	w.pop()
	w.endEntry()
}

// openList starts the entry of key whose Value is a ListValue; closeList
// ends it.
func (w *structWriter) openList(key string) {
	w.entry(key)
	w.b = appendTag(w.b, 6, protowire.BytesType)
	w.placeholder()
}

func (w *structWriter) closeList() {
	w.pop()
	w.endEntry()
}

// openItemStruct starts a list item whose Value is a Struct;
// closeItemStruct ends it.
func (w *structWriter) openItemStruct() {
	w.b = append(w.b, 1<<3|byte(protowire.BytesType))
	w.placeholder()
	w.b = appendTag(w.b, 5, protowire.BytesType)
	w.placeholder()
}

func (w *structWriter) closeItemStruct() {
	w.pop()
	w.pop()
}

func (w *structWriter) strList(key string, l []string) {
	w.openList(key)
	for _, s := range l {
		w.b = append(w.b, 1<<3|byte(protowire.BytesType))
		w.b = appendVarint(w.b, uint64(strValueSize(s)))
		w.strValue(s)
	}
	w.closeList()
}
