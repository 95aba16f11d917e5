package server_test

import (
	"context"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/encoding"
	grpcproto "google.golang.org/grpc/encoding/proto"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
)

// namedCodec is the protobuf codec under another name, so that a client
// sends "application/grpc+NAME" with protobuf bytes: what a client that
// believes the server speaks NAME would send, minus the body's format
// (the server must refuse on the content type alone).
type namedCodec struct {
	encoding.CodecV2
	name string
}

func (c namedCodec) Name() string { return c.name }

func TestForeignCodecIsRefused(t *testing.T) {
	h := start(t, options{})
	proto := encoding.GetCodecV2(grpcproto.Name)
	for _, tc := range []struct {
		subtype string
		want    codes.Code
	}{
		{"proto", codes.OK},
		{"PROTO", codes.OK},
		{"json", codes.Unimplemented},
		{"cbor", codes.Unimplemented},
	} {
		t.Run(tc.subtype, func(t *testing.T) {
			_, err := healthpb.NewHealthClient(h.conn).Check(context.Background(), &healthpb.HealthCheckRequest{},
				grpc.ForceCodecV2(namedCodec{proto, tc.subtype}))
			if got := status.Code(err); got != tc.want {
				t.Fatalf("Check with content-type application/grpc+%s: code %v (%v), want %v", tc.subtype, got, err, tc.want)
			}
			if tc.want != codes.OK && status.Convert(err).Message() != "only the protobuf codec is served: send content-type application/grpc or application/grpc+proto" {
				t.Errorf("message %q does not say what to send", status.Convert(err).Message())
			}
		})
	}
	// The plain content type (no subtype), what grpcurl and most clients
	// send, is served: every other test in this package relies on it.
	if _, err := h.client.Consult(context.Background(), validRequest()); err != nil {
		t.Fatalf("Consult with application/grpc: %v", err)
	}
}
