package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a2atrust/shield/internal/record"
)

// fakeEnv is an environment for run: no real variables, captured streams.
type fakeEnv map[string]string

func (f fakeEnv) get(k string) string { return f[k] }

func runCmd(t *testing.T, env fakeEnv, stdin string, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), args, env.get, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), err
}

func TestUsage(t *testing.T) {
	_, stderr, err := runCmd(t, nil, "")
	if err == nil || !strings.Contains(stderr, "serve") || !strings.Contains(stderr, "consult") {
		t.Errorf("no args: err %v, usage %q", err, stderr)
	}
	if _, _, err := runCmd(t, nil, "", "bogus"); err == nil || !strings.Contains(err.Error(), "bogus") {
		t.Errorf("unknown command: %v", err)
	}
	for _, c := range commands {
		t.Run(c.name+" -h", func(t *testing.T) {
			_, stderr, err := runCmd(t, nil, "", c.name, "-h")
			if !errors.Is(err, flag.ErrHelp) {
				t.Errorf("err = %v, want flag.ErrHelp", err)
			}
			if !strings.Contains(stderr, "Usage: shield "+c.name) {
				t.Errorf("help output: %q", stderr)
			}
		})
	}
}

func TestServeFlagsFromEnv(t *testing.T) {
	e := &env{getenv: fakeEnv{
		"SHIELD_LISTEN":           "unix:///tmp/x.sock",
		"SHIELD_SHUTDOWN_GRACE":   "3s",
		"SHIELD_LOG_LEVEL":        "debug",
		"SHIELD_GC_PERCENT":       "400",
		"SHIELD_MEMORY_LIMIT_MIB": "48",
	}.get, stderr: io.Discard}
	c, err := parseServe(e, []string{"--log-level", "warn"})
	if err != nil {
		t.Fatal(err)
	}
	if c.listen != "unix:///tmp/x.sock" || c.grace != 3*time.Second || c.gcPercent != 400 || c.memoryLimitMiB != 48 {
		t.Errorf("env not applied: %+v", c)
	}
	if c.logLevel != "warn" {
		t.Errorf("command line should win over env, got %q", c.logLevel)
	}
	e.getenv = fakeEnv{"SHIELD_SHUTDOWN_GRACE": "soon"}.get
	_, err = parseServe(e, nil)
	if err == nil || !strings.Contains(err.Error(), "SHIELD_SHUTDOWN_GRACE") || strings.Contains(err.Error(), "soon") {
		t.Errorf("bad env value error = %v; want the variable named, not the value", err)
	}
}

func TestEnvName(t *testing.T) {
	for flagName, want := range map[string]string{"listen": "SHIELD_LISTEN", "llm-base-url": "SHIELD_LLM_BASE_URL"} {
		if got := EnvName(flagName); got != want {
			t.Errorf("EnvName(%q) = %q, want %q", flagName, got, want)
		}
	}
}

func TestDigestCommand(t *testing.T) {
	const want = "a3GSWtMiVvUolWYhRTtWi8fN-J6AqZ-kirswwCjcHS4\n"
	for name, in := range map[string]string{
		"case":    `{"message": "Please pay the attached invoice."}`,
		"request": `{"agentId": "a", "consultationId": "0192f0c1-7a3b-7c4d-8e5f-00000000000a", "case": {"message": "Please pay the attached invoice.", "title": ""}}`,
	} {
		t.Run(name, func(t *testing.T) {
			out, _, err := runCmd(t, nil, in, "digest")
			if err != nil {
				t.Fatal(err)
			}
			if out != want {
				t.Errorf("digest = %q, want %q", out, want)
			}
		})
	}
	if _, _, err := runCmd(t, nil, `{"message": 5}`, "digest"); err == nil {
		t.Error("digest accepted a non-Case")
	}
	if _, _, err := runCmd(t, nil, "", "digest", filepath.Join(t.TempDir(), "missing.json")); err == nil {
		t.Error("digest accepted a missing file")
	}
}

func TestSchemaAndVersion(t *testing.T) {
	out, _, err := runCmd(t, nil, "", "schema")
	if err != nil || out != string(record.SchemaJSON) {
		t.Errorf("schema printed %d bytes, err %v", len(out), err)
	}
	out, _, err = runCmd(t, nil, "", "version")
	if err != nil || !strings.HasPrefix(out, "shield ") || !strings.Contains(out, "protocol 0.1") {
		t.Errorf("version = %q, %v", out, err)
	}
}

// serveInProcess runs `shield serve` on a free port and returns its address
// and a function that stops it and returns serve's error.
func serveInProcess(t *testing.T, env fakeEnv, args ...string) (string, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := run(ctx, append([]string{"serve", "--listen", "127.0.0.1:0", "--shutdown-drain", "0s"}, args...), env.get, nil, io.Discard, pw)
		pw.Close()
		done <- err
	}()
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			var line map[string]any
			if json.Unmarshal(sc.Bytes(), &line) == nil && line["msg"] == "serving" {
				addr <- line["addr"].(string)
			}
		}
	}()
	select {
	case a := <-addr:
		return a, func() error { cancel(); return <-done }
	case err := <-done:
		t.Fatalf("serve exited: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not start")
	}
	return "", nil
}

func TestServeConsultValidate(t *testing.T) {
	addr, stop := serveInProcess(t, nil)
	example, err := os.ReadFile("../../examples/vendor-bank-change.json")
	if err != nil {
		t.Fatal(err)
	}
	out, stderr, err := runCmd(t, nil, string(example), "consult", "--addr", addr)
	if err != nil {
		t.Fatalf("consult: %v\n%s", err, stderr)
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("consult printed no JSON record: %v\n%s", err, out)
	}
	digestOut, _, err := runCmd(t, nil, string(example), "digest")
	if err != nil || rec["inputDigest"] != strings.TrimSpace(digestOut) {
		t.Errorf("record digest %v, shield digest %q, %v", rec["inputDigest"], digestOut, err)
	}

	// The record validates with `shield validate`, alone and as JSON lines.
	dir := t.TempDir()
	one := filepath.Join(dir, "record.json")
	os.WriteFile(one, []byte(out), 0o644)
	compact, _ := json.Marshal(rec)
	lines := filepath.Join(dir, "records.jsonl")
	os.WriteFile(lines, append(append(compact, '\n'), append(compact, '\n')...), 0o644)
	vout, _, err := runCmd(t, nil, "", "validate", one, lines)
	if err != nil || strings.Count(vout, ": ok") != 3 {
		t.Errorf("validate: %v\n%s", err, vout)
	}

	// A broken record fails validation and says why.
	rec["inputDigest"] = "short"
	delete(rec, "createdAt")
	bad, _ := json.Marshal(rec)
	badFile := filepath.Join(dir, "bad.json")
	os.WriteFile(badFile, bad, 0o644)
	vout, _, err = runCmd(t, nil, "", "validate", badFile)
	if err == nil || !strings.Contains(vout, "INVALID") || !strings.Contains(vout, "createdAt") || !strings.Contains(vout, "inputDigest") {
		t.Errorf("validate of a bad record: err %v\n%s", err, vout)
	}

	// A bad request is an error, with a non-zero exit in main.
	_, _, err = runCmd(t, nil, `{"agentId": "x", "case": {}}`, "consult", "--addr", addr)
	if err == nil || !strings.Contains(err.Error(), "InvalidArgument") || !strings.Contains(err.Error(), "case.message") {
		t.Errorf("bad request: %v", err)
	}
	// So is an unreachable server.
	_, _, err = runCmd(t, nil, string(example), "consult", "--addr", "127.0.0.1:1", "--timeout", "2s")
	if err == nil {
		t.Error("consult to a closed port succeeded")
	}
	if err := stop(); err != nil {
		t.Errorf("serve returned %v on shutdown, want nil", err)
	}
}

func TestServeUnixSocket(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "shield.sock")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--listen", "unix://" + sock, "--shutdown-drain", "0s"}, fakeEnv{}.get, nil, io.Discard, io.Discard)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if fi, err := os.Stat(sock); err == nil {
			if fi.Mode().Perm() != 0o660 {
				t.Errorf("socket mode %v, want 0660", fi.Mode().Perm())
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("socket never appeared")
		}
		time.Sleep(20 * time.Millisecond)
	}
	out, stderr, err := runCmd(t, nil, `{"agentId":"a","case":{"message":"hello"}}`, "consult", "--addr", "unix://"+sock)
	if err != nil || !strings.Contains(out, "inputDigest") {
		t.Errorf("consult over unix socket: %v %s %s", err, out, stderr)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("serve: %v", err)
	}
}

func TestServeBadConfig(t *testing.T) {
	for name, args := range map[string][]string{
		"bad log level":  {"serve", "--log-level", "loud"},
		"busy address":   {"serve", "--listen", "256.0.0.1:1"},
		"stray argument": {"serve", "now"},
	} {
		t.Run(name, func(t *testing.T) {
			if _, _, err := runCmd(t, fakeEnv{}, "", args...); err == nil {
				t.Error("serve started with a bad configuration")
			}
		})
	}
}

// The README's configuration table must list every flag of serve, so that
// a newcomer never has to read the source to configure it.
func TestReadmeDocumentsEveryServeFlag(t *testing.T) {
	_, help, _ := runCmd(t, nil, "", "serve", "-h")
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(help, "\n") {
		name, ok := strings.CutPrefix(line, "  -")
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(name, " ")
		n++
		row := "| `--" + name + "` | `" + EnvName(name) + "` |"
		if !strings.Contains(string(readme), row) {
			t.Errorf("README lacks a configuration row for --%s (%s)", name, EnvName(name))
		}
	}
	if n < 10 {
		t.Fatalf("found only %d flags in serve -h:\n%s", n, help)
	}
}

// TestGCSettings checks how the collector's settings of serve are resolved:
// a flag wins, GOGC and GOMEMLIMIT (already applied by the runtime) come
// next, and serve's defaults fill the rest.
func TestGCSettings(t *testing.T) {
	for _, tc := range []struct {
		name        string
		env         fakeEnv
		args        []string
		wantPercent int
		wantLimit   uint
	}{
		{name: "defaults", wantPercent: 400, wantLimit: 40},
		{name: "flags", args: []string{"--gc-percent", "150", "--memory-limit-mib", "200"}, wantPercent: 150, wantLimit: 200},
		{name: "shield env", env: fakeEnv{"SHIELD_GC_PERCENT": "300", "SHIELD_MEMORY_LIMIT_MIB": "48"}, wantPercent: 300, wantLimit: 48},
		{name: "runtime env", env: fakeEnv{"GOGC": "100", "GOMEMLIMIT": "off"}, wantPercent: 0, wantLimit: 0},
		{name: "GOGC only", env: fakeEnv{"GOGC": "50"}, wantPercent: 0, wantLimit: 40},
		{name: "flag over runtime env", env: fakeEnv{"GOGC": "50", "GOMEMLIMIT": "1GiB"}, args: []string{"--gc-percent", "200"}, wantPercent: 200, wantLimit: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vars := tc.env
			if vars == nil {
				vars = fakeEnv{}
			}
			c, err := parseServe(&env{getenv: vars.get, stderr: io.Discard}, tc.args)
			if err != nil {
				t.Fatal(err)
			}
			percent, limit := gcSettings(vars.get, c.gcPercent, c.memoryLimitMiB)
			if diff := cmp.Diff([2]int{tc.wantPercent, int(tc.wantLimit)}, [2]int{percent, int(limit)}); diff != "" {
				t.Errorf("(gc percent, limit MiB) (-want +got):\n%s", diff)
			}
		})
	}
}
