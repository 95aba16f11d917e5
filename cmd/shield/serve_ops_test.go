package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/a2atrust/shield/internal/server"
)

// TestMaxConnectionAgeFlag checks that -max-connection-age (or its
// environment variable) reaches the option the gRPC server is built with,
// and that a negative age is refused.
func TestMaxConnectionAgeFlag(t *testing.T) {
	for _, tc := range []struct {
		name    string
		env     fakeEnv
		args    []string
		want    time.Duration
		wantErr string
	}{
		{name: "default is never", want: 0},
		{name: "flag", args: []string{"--max-connection-age", "5m"}, want: 5 * time.Minute},
		{name: "env", env: fakeEnv{"SHIELD_MAX_CONNECTION_AGE": "90s"}, want: 90 * time.Second},
		{name: "flag wins over env", env: fakeEnv{"SHIELD_MAX_CONNECTION_AGE": "90s"}, args: []string{"-max-connection-age", "1h"}, want: time.Hour},
		{name: "negative", args: []string{"--max-connection-age", "-1s"}, wantErr: "-max-connection-age"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.env == nil {
				tc.env = fakeEnv{}
			}
			e := &env{getenv: tc.env.get, stderr: io.Discard}
			c, err := parseServe(e, tc.args)
			if err != nil {
				if tc.wantErr != "" && strings.Contains(err.Error(), tc.wantErr) {
					return
				}
				t.Fatalf("parseServe: %v", err)
			}
			rt, err := c.ops.build(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("build error = %v, want one naming %s", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = rt.close() })
			if c.ops.maxConnectionAge != tc.want || rt.maxConnectionAge != tc.want {
				t.Errorf("max connection age: flag %v, runtime %v; want %v", c.ops.maxConnectionAge, rt.maxConnectionAge, tc.want)
			}
		})
	}
}

// TestDebugListen checks that -debug-listen (or its environment variable)
// serves the pprof profiles on a loopback address only, and that it is off
// by default.
func TestDebugListen(t *testing.T) {
	for _, tc := range []struct {
		name    string
		env     fakeEnv
		args    []string
		serves  bool
		wantErr string
	}{
		{name: "default is off"},
		{name: "flag", args: []string{"--debug-listen", "127.0.0.1:0"}, serves: true},
		{name: "env", env: fakeEnv{"SHIELD_DEBUG_LISTEN": "127.0.0.1:0"}, serves: true},
		{name: "localhost", args: []string{"--debug-listen", "localhost:0"}, serves: true},
		{name: "all interfaces", args: []string{"--debug-listen", ":6060"}, wantErr: "-debug-listen"},
		{name: "a public address", env: fakeEnv{"SHIELD_DEBUG_LISTEN": "0.0.0.0:6060"}, wantErr: "-debug-listen"},
		{name: "no port", args: []string{"--debug-listen", "127.0.0.1"}, wantErr: "-debug-listen"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vars := tc.env
			if vars == nil {
				vars = fakeEnv{}
			}
			var logs bytes.Buffer
			e := &env{getenv: vars.get, stderr: io.Discard}
			c, err := parseServe(e, tc.args)
			if err != nil {
				t.Fatalf("parseServe: %v", err)
			}
			logger := slog.New(slog.NewJSONHandler(&logs, nil))
			rt, err := c.ops.build(context.Background(), logger)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("build error = %v, want one naming %s", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = rt.close() })
			g := server.NewGRPC(nil, server.GRPCOptions{Logger: logger})
			if err := rt.start(context.Background(), g); err != nil {
				t.Fatal(err)
			}
			addr := logAddr(t, logs.Bytes(), "debug serving")
			if !tc.serves {
				if addr != "" {
					t.Fatalf("debug server on %s, want none", addr)
				}
				return
			}
			if addr == "" {
				t.Fatalf("no 'debug serving' line in the log:\n%s", logs.String())
			}
			// -1 reads the fraction without changing it.
			if got := runtime.SetMutexProfileFraction(-1); got != debugMutexFraction {
				t.Errorf("mutex profile fraction %d with profiles served, want %d", got, debugMutexFraction)
			}
			for _, path := range []string{"/debug/pprof/", "/debug/pprof/goroutine?debug=1", "/debug/pprof/profile?seconds=1"} {
				resp, err := http.Get("http://" + addr + path)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK || len(body) == 0 {
					t.Errorf("GET %s: %s, %d bytes", path, resp.Status, len(body))
				}
			}
		})
	}
}

// logAddr returns the addr attribute of the first JSON log line whose
// message is msg, or "".
func logAddr(t *testing.T, logs []byte, msg string) string {
	t.Helper()
	for _, line := range bytes.Split(logs, []byte("\n")) {
		var l struct{ Msg, Addr string }
		if json.Unmarshal(line, &l) == nil && l.Msg == msg {
			return l.Addr
		}
	}
	return ""
}
