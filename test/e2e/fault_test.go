package e2e

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protowire"
)

// TestKill9UnderLoad kills the server with SIGKILL while clients consult
// as fast as they can, then checks that every consultation answered OK is
// in the record log.
func TestKill9UnderLoad(t *testing.T) {
	load := 1500 * time.Millisecond
	if testing.Short() {
		load = 400 * time.Millisecond
	}
	for _, mode := range []string{"always", "interval"} {
		t.Run(mode, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "records.jsonl")
			s := start(t, "--records="+path, "--records-sync="+mode)
			conn := s.dial()
			var (
				mu       sync.Mutex
				answered []string
				wg       sync.WaitGroup
			)
			stop := make(chan struct{})
			for w := range 16 {
				wg.Go(func() {
					for i := 0; ; i++ {
						select {
						case <-stop:
							return
						default:
						}
						resp, err := consult(conn, request(fmt.Sprintf("agent-%d", w), fmt.Sprintf("urgent: pay invoice %d now", i)))
						if err != nil {
							continue // the server died mid-call: no record was promised
						}
						mu.Lock()
						answered = append(answered, resp.GetConsultationId())
						mu.Unlock()
					}
				})
			}
			time.Sleep(load)
			s.kill()
			close(stop)
			wg.Wait()
			if len(answered) == 0 {
				t.Fatal("no call answered before the kill")
			}
			logged := recordLines(t, path)
			missing := 0
			for _, id := range answered {
				if _, ok := logged[id]; !ok {
					missing++
				}
			}
			if missing > 0 {
				t.Fatalf("%d of %d answered consultations missing from the record log", missing, len(answered))
			}
			t.Logf("%d answered, all %d in the log (%d lines)", len(answered), len(answered), len(logged))
		})
	}
}

// TestOverloadIsResourceExhausted floods a server that admits two calls
// at once: every call is either answered or refused at once with
// RESOURCE_EXHAUSTED, and each answered one is logged.
func TestOverloadIsResourceExhausted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "records.jsonl")
	s := start(t, "--max-in-flight=2", "--records="+path)
	conn := s.dial()
	var ok, exhausted, other atomic.Int64
	var ids sync.Map
	var wg sync.WaitGroup
	for w := range 64 {
		wg.Go(func() {
			for i := range 10 {
				resp, err := consult(conn, request("agent-a", fmt.Sprintf("pay %d-%d now", w, i)))
				switch status.Code(err) {
				case codes.OK:
					ok.Add(1)
					ids.Store(resp.GetConsultationId(), true)
				case codes.ResourceExhausted:
					exhausted.Add(1)
				default:
					other.Add(1)
					t.Errorf("unexpected %v", err)
				}
			}
		})
	}
	wg.Wait()
	t.Logf("ok %d, resource exhausted %d", ok.Load(), exhausted.Load())
	if ok.Load() == 0 {
		t.Fatal("nothing answered")
	}
	logged := recordLines(t, path)
	ids.Range(func(k, _ any) bool {
		if _, found := logged[k.(string)]; !found {
			t.Errorf("%v answered but not logged", k)
		}
		return true
	})
	s.alive()
}

// rawCodec sends bytes as they are, so that a test can put anything on the
// wire as a ConsultRequest.
type rawCodec struct{}

func (rawCodec) Marshal(v any) ([]byte, error)      { return v.([]byte), nil }
func (rawCodec) Unmarshal(data []byte, v any) error { *(v.(*[]byte)) = data; return nil }
func (rawCodec) Name() string                       { return "proto" }

func invokeRaw(conn *grpc.ClientConn, payload []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var out []byte
	return conn.Invoke(ctx, "/shield.v1.ShieldService/Consult", payload, &out, grpc.ForceCodec(rawCodec{}))
}

// validRequestBytes is a minimal valid ConsultRequest on the wire.
func validRequestBytes(agent, message []byte) []byte {
	var c []byte
	c = protowire.AppendTag(c, 4, protowire.BytesType) // case.message
	c = protowire.AppendBytes(c, message)
	var b []byte
	b = protowire.AppendTag(b, 3, protowire.BytesType) // agent_id
	b = protowire.AppendBytes(b, agent)
	b = protowire.AppendTag(b, 4, protowire.BytesType) // case
	b = protowire.AppendBytes(b, c)
	return b
}

func TestAbuse(t *testing.T) {
	s := start(t, "--records="+filepath.Join(t.TempDir(), "records.jsonl"))
	conn := s.dial()

	nestedGroups := bytes.Repeat(protowire.AppendTag(nil, 99, protowire.StartGroupType), 200000)
	var balanced []byte
	balanced = append(balanced, bytes.Repeat(protowire.AppendTag(nil, 99, protowire.StartGroupType), 20000)...)
	balanced = append(balanced, bytes.Repeat(protowire.AppendTag(nil, 99, protowire.EndGroupType), 20000)...)
	var nestedCase []byte // a length-delimited field nested inside itself, as deep as fits
	for range 2000 {
		nestedCase = protowire.AppendBytes(protowire.AppendTag(nil, 4, protowire.BytesType), nestedCase)
	}

	tests := []struct {
		name    string
		payload []byte
		want    []codes.Code // any of these
	}{
		{"garbage", []byte{0xff, 0xff, 0xff, 0xff, 0x0f, 0x01, 0x02}, []codes.Code{codes.Internal, codes.InvalidArgument}},
		{"truncated", validRequestBytes([]byte("agent-a"), []byte("hello"))[:9], []codes.Code{codes.Internal, codes.InvalidArgument}},
		{"invalid UTF-8 agent id", validRequestBytes([]byte{0xff, 0xfe, 'a'}, []byte("hello")), []codes.Code{codes.Internal, codes.InvalidArgument}},
		{"invalid UTF-8 message", validRequestBytes([]byte("agent-a"), []byte{'h', 0xc3, 0x28, 0xa0}), []codes.Code{codes.Internal, codes.InvalidArgument}},
		{"unclosed groups", nestedGroups, []codes.Code{codes.Internal, codes.InvalidArgument}},
		{"deeply nested groups", balanced, []codes.Code{codes.Internal, codes.InvalidArgument, codes.OK}},
		{"deeply nested messages", nestedCase, []codes.Code{codes.Internal, codes.InvalidArgument}},
		{"over-size", validRequestBytes([]byte("agent-a"), bytes.Repeat([]byte("a"), 2<<20)), []codes.Code{codes.ResourceExhausted}},
		{"long message", validRequestBytes([]byte("agent-a"), bytes.Repeat([]byte("é"), 200000)), []codes.Code{codes.InvalidArgument}},
		{"valid", validRequestBytes([]byte("agent-a"), []byte("hello")), []codes.Code{codes.OK}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := invokeRaw(conn, tc.payload)
			got := status.Code(err)
			for _, w := range tc.want {
				if got == w {
					return
				}
			}
			t.Errorf("code %v (%v), want one of %v", got, err, tc.want)
		})
	}
	s.alive()
	if _, err := consult(conn, request("agent-a", "still there?")); err != nil {
		t.Fatalf("server stopped serving after abuse: %v", err)
	}
	if strings.Contains(s.stderr.String(), "panic") {
		t.Errorf("a handler panicked:\n%s", s.stderr.String())
	}
}

// TestSlowClients opens many connections that never finish a call (some
// send nothing, some only the HTTP/2 preface, some start a call and never
// end it) and checks that other clients are served promptly.
func TestSlowClients(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 200
	}
	s := start(t)
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	preface := []byte("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
	for i := range n {
		c, err := net.DialTimeout("tcp", s.addr, 5*time.Second)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		conns = append(conns, c)
		switch i % 3 {
		case 1:
			c.Write(preface)
		case 2:
			// A preface, an empty SETTINGS frame and half a HEADERS frame.
			c.Write(preface)
			c.Write([]byte{0, 0, 0, 4, 0, 0, 0, 0, 0})
			c.Write([]byte{0, 0, 100, 1, 4, 0, 0, 0, 1, 0x82})
		}
	}
	// Calls that start but never send their message: a stream held open.
	stalled := s.dial()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range 50 {
		desc := &grpc.StreamDesc{ClientStreams: true, ServerStreams: true}
		if _, err := stalled.NewStream(ctx, desc, "/shield.v1.ShieldService/Consult"); err != nil {
			t.Fatal(err)
		}
	}
	conn := s.dial()
	for i := range 20 {
		begin := time.Now()
		if _, err := consult(conn, request("agent-a", fmt.Sprintf("hello %d", i))); err != nil {
			t.Fatalf("call %d with %d slow clients: %v", i, n, err)
		}
		if d := time.Since(begin); d > 2*time.Second {
			t.Errorf("call %d took %v with %d slow clients", i, d, n)
		}
	}
	s.alive()
}
