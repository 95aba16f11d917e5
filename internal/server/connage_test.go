package server_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/connectivity"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/analyze"
	"github.com/a2atrust/shield/internal/fallback"
	"github.com/a2atrust/shield/internal/server"
)

// countingListener is a real listener that counts the connections it
// accepts and those that have been closed on the server side.
type countingListener struct {
	net.Listener
	accepted, closed atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	l.accepted.Add(1)
	return &countingConn{Conn: c, l: l}, nil
}

type countingConn struct {
	net.Conn
	l    *countingListener
	once sync.Once
}

func (c *countingConn) Close() error {
	c.once.Do(func() { c.l.closed.Add(1) })
	return c.Conn.Close()
}

// TestMaxConnectionAge checks that a server with MaxConnectionAge sends its
// clients away once a connection is that old: the client's connection
// leaves READY, the server closes it, and the next call succeeds on a new
// connection.
func TestMaxConnectionAge(t *testing.T) {
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc, err := server.New(server.Options{Analyzer: analyze.New(fallback.Default(), nil), Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	// gRPC adds up to ±10% jitter. The call after the age must finish on
	// its new connection before that one ages in turn: at 300 ms a call
	// under -race on a loaded machine did not (the state was CONNECTING).
	const age = time.Second
	g := server.NewGRPC(svc, server.GRPCOptions{Logger: logger, MaxConnectionAge: age})
	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	lis := &countingListener{Listener: tcp}
	served := make(chan error, 1)
	go func() { served <- g.Serve(lis) }()
	conn, err := grpc.NewClient(tcp.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn.Close()
		g.Shutdown(0, time.Second)
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	health := healthpb.NewHealthClient(conn)
	shield := shieldv1.NewShieldServiceClient(conn)
	call := func(what string) {
		t.Helper()
		if _, err := health.Check(ctx, &healthpb.HealthCheckRequest{}); err != nil {
			t.Fatalf("%s: health: %v", what, err)
		}
		req := validRequest()
		req.Mode = shieldv1.AnalysisMode_ANALYSIS_MODE_RULES
		if _, err := shield.Consult(ctx, req); err != nil {
			t.Fatalf("%s: consult: %v", what, err)
		}
	}

	call("first call")
	// Past the age the server sends GOAWAY: the client's connection leaves
	// READY (for IDLE: it reconnects at the next call) and, with no call in
	// flight, the server closes it. Nothing here assumes the first call
	// finished within the age, so a slow machine cannot fail the test.
	if !conn.WaitForStateChange(ctx, connectivity.Ready) {
		t.Fatalf("connection still READY at the deadline: no GOAWAY after %v", age)
	}
	for lis.closed.Load() < 1 {
		if ctx.Err() != nil {
			t.Fatal("the server never closed the aged connection")
		}
		time.Sleep(5 * time.Millisecond)
	}

	start := time.Now()
	call("call after the age")
	took := time.Since(start)
	if got := lis.accepted.Load(); got < 2 {
		t.Errorf("accepted %d connections, want a new one after the age", got)
	}
	// The new connection ages too, 0.9 to 1.1 times age after it opened:
	// only a call that finished well inside that says the connection must
	// still be READY. Under -race on a busy machine the call can take
	// longer (CI saw CONNECTING once); the new connection and the call's
	// success above are what the test is about.
	if s := conn.GetState(); s != connectivity.Ready && took < age/2 {
		t.Errorf("state %v after a call of %v, want READY", s, took)
	}
}
