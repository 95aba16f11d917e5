// Package e2e runs the shield binary as a real process and tests it from
// outside: the record log, privacy, metrics, authentication, TLS,
// overload, abuse and crashes, and the deployment files that run it.
//
// TestMain builds the binary once with `go build`; every test starts its
// own server on an ephemeral port, read back from the server's log.
package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
)

// shieldBin is the binary under test, built by TestMain.
var shieldBin string

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "shield-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	shieldBin = filepath.Join(dir, "shield")
	build := exec.Command("go", "build", "-o", shieldBin, "github.com/a2atrust/shield/cmd/shield")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: go build:", err)
		return 1
	}
	return m.Run()
}

// syncBuffer is a buffer safe for a process to write while a test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// server is a running `shield serve`.
type server struct {
	t           *testing.T
	cmd         *exec.Cmd
	addr        string // gRPC address as dialled
	metricsAddr string
	stderr      *syncBuffer
	stdout      *syncBuffer
	exited      chan struct{}
	exitErr     error
}

// start runs `shield serve` with args (plus a listen address on an
// ephemeral port unless args give one) and waits until it serves.
func start(t *testing.T, args ...string) *server {
	t.Helper()
	s, err := tryStart(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func tryStart(t *testing.T, args ...string) (*server, error) {
	t.Helper()
	return tryStartEnv(t, nil, args...)
}

// tryStartEnv is tryStart with extra environment variables (KEY=VALUE).
func tryStartEnv(t *testing.T, env []string, args ...string) (*server, error) {
	t.Helper()
	hasListen := false
	for _, a := range args {
		if strings.HasPrefix(a, "--listen") || strings.HasPrefix(a, "-listen") {
			hasListen = true
		}
	}
	full := append([]string{"serve", "--shutdown-drain=0s", "--shutdown-grace=2s"}, args...)
	if !hasListen {
		full = append(full, "--listen=127.0.0.1:0")
	}
	s := &server{t: t, stderr: &syncBuffer{}, stdout: &syncBuffer{}, exited: make(chan struct{})}
	s.cmd = exec.Command(shieldBin, full...)
	s.cmd.Env = append(cleanEnv(), env...)
	s.cmd.Stdout = s.stdout
	s.cmd.Stderr = s.stderr
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		s.exitErr = s.cmd.Wait()
		close(s.exited)
	}()
	t.Cleanup(s.stop)
	deadline := time.After(20 * time.Second)
	for {
		if addr := s.logValue("serving", "addr"); addr != "" {
			s.addr = addr
			if s.logValue("serving", "network") == "unix" {
				s.addr = "unix://" + addr
			}
			s.metricsAddr = s.logValue("metrics serving", "addr")
			return s, nil
		}
		select {
		case <-s.exited:
			return nil, fmt.Errorf("shield serve exited: %v\n%s", s.exitErr, s.stderr.String())
		case <-deadline:
			return nil, fmt.Errorf("shield serve did not start:\n%s", s.stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// cleanEnv is the test's environment without SHIELD_* variables, so that a
// developer's settings do not change the server under test.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SHIELD_") {
			env = append(env, kv)
		}
	}
	return env
}

// logs returns the server's JSON log lines, decoded.
func (s *server) logs() []map[string]any {
	var out []map[string]any
	sc := bufio.NewScanner(strings.NewReader(s.stderr.String()))
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	for sc.Scan() {
		var m map[string]any
		if json.Unmarshal(sc.Bytes(), &m) == nil {
			out = append(out, m)
		}
	}
	return out
}

// logValue returns the string key of the first log line with message msg.
func (s *server) logValue(msg, key string) string {
	for _, m := range s.logs() {
		if m["msg"] == msg {
			v, _ := m[key].(string)
			return v
		}
	}
	return ""
}

// waitLog waits until a log line with message msg appears after the
// first skip such lines.
func (s *server) waitLog(msg string, skip int) {
	s.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		n := 0
		for _, m := range s.logs() {
			if m["msg"] == msg {
				n++
			}
		}
		if n > skip {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.t.Fatalf("no log %q:\n%s", msg, s.stderr.String())
}

func (s *server) signal(sig syscall.Signal) {
	s.t.Helper()
	if err := s.cmd.Process.Signal(sig); err != nil {
		s.t.Fatal(err)
	}
}

// stop ends the server with SIGTERM (SIGKILL after 10s) and reports a
// crash: any exit other than a clean one after SIGTERM or a SIGKILL the
// test sent.
func (s *server) stop() {
	select {
	case <-s.exited:
		return
	default:
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
		if s.exitErr != nil {
			s.t.Errorf("shield serve exited with %v after SIGTERM\n%s", s.exitErr, s.stderr.String())
		}
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
		s.t.Errorf("shield serve ignored SIGTERM")
	}
}

// kill sends SIGKILL and waits for the process to die.
func (s *server) kill() {
	_ = s.cmd.Process.Kill()
	<-s.exited
}

// alive fails the test if the server has exited.
func (s *server) alive() {
	s.t.Helper()
	select {
	case <-s.exited:
		s.t.Fatalf("shield serve died: %v\n%s", s.exitErr, s.stderr.String())
	default:
	}
}

// dial connects to the server in plaintext, with extra options.
func (s *server) dial(opts ...grpc.DialOption) *grpc.ClientConn {
	s.t.Helper()
	target := s.addr
	if !strings.HasPrefix(target, "unix://") {
		target = "passthrough:///" + target
	}
	if len(opts) == 0 {
		opts = []grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials())}
	}
	conn, err := grpc.NewClient(target, opts...)
	if err != nil {
		s.t.Fatal(err)
	}
	s.t.Cleanup(func() { conn.Close() })
	return conn
}

// consult sends req on conn with a deadline.
func consult(conn *grpc.ClientConn, req *shieldv1.ConsultRequest, opts ...grpc.CallOption) (*shieldv1.ConsultResponse, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return shieldv1.NewShieldServiceClient(conn).Consult(ctx, req, opts...)
}

// request returns a valid ConsultRequest for agent.
func request(agent, message string) *shieldv1.ConsultRequest {
	return &shieldv1.ConsultRequest{
		AgentId: agent,
		Case: &shieldv1.Case{
			Title:   "Supplier bank change",
			Goal:    "Pay approved invoices only to verified accounts",
			Message: message,
			ProposedAction: &shieldv1.ProposedAction{
				Description: "pay invoice INV-1 to a new account",
				Service:     "bank",
				Action:      "payments:create",
				Amount:      48250,
				Currency:    "USD",
			},
		},
		Mode: shieldv1.AnalysisMode_ANALYSIS_MODE_RULES,
	}
}

// recordLines reads a record log, skipping blank lines and a torn last
// line, and returns the records by consultation id.
func recordLines(t *testing.T, path string) map[string]map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return parseRecords(t, f)
}

func parseRecords(t *testing.T, r io.Reader) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			continue // a line torn by a crash; its caller got no answer
		}
		id, _ := m["consultationId"].(string)
		out[id] = m
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
