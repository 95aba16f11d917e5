package server

import shieldv1 "github.com/a2atrust/shield/gen/shield/v1"

// DecodeRequest is decodeRequest, for the differential tests of the
// external test package: it reports whether the hand-written decoder took
// the bytes, which Codec.Unmarshal does not say.
func DecodeRequest(b []byte, m *shieldv1.ConsultRequest) bool { return decodeRequest(b, m) }
