package server

import (
	"os"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
)

// DecodeRequest is decodeRequest, for the differential tests of the
// external test package: it reports whether the hand-written decoder took
// the bytes, which Codec.Unmarshal does not say.
func DecodeRequest(b []byte, m *shieldv1.ConsultRequest) bool { return decodeRequest(b, m) }

// TypicalRequest is the load test's typical case (bench/load): the
// vendor-bank-change example in rules mode, for the benchmarks of both test
// packages.
func TypicalRequest(tb testing.TB) *shieldv1.ConsultRequest {
	tb.Helper()
	raw, err := os.ReadFile("../../examples/vendor-bank-change.json")
	if err != nil {
		tb.Fatal(err)
	}
	var req shieldv1.ConsultRequest
	if err := protojson.Unmarshal(raw, &req); err != nil {
		tb.Fatal(err)
	}
	req.Mode = shieldv1.AnalysisMode_ANALYSIS_MODE_RULES
	return &req
}
