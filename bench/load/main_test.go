package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestParseReport(t *testing.T) {
	for _, tc := range []struct {
		file string
		want result
	}{
		// Real ghz v0.120.0 reports: twelve Health/Checks, three refused
		// Consults, and the first with four calls rewritten to the ways a
		// call can end that are not a success.
		{"ghz-health.json", result{mode: "fixed", rps: 1441.1004242839833, ok: 12, calls: 12,
			p50: 517014, p99: 2627892, p999: 2627892}},
		{"ghz-invalid.json", result{mode: "fixed", rps: 878.8975811859668, errors: 3, calls: 3, errorKinds: map[string]int{
			"InvalidArgument: rpc error: code = InvalidArgument desc = invalid request: agent_id is required; case is required": 3}}},
		// Canceled (cut off at the end) and "use of closed network
		// connection" (ghz closing) are not the server's errors; a
		// connection closed before the preface and ResourceExhausted are.
		{"ghz-mixed.json", result{mode: "fixed", rps: 1441.1004242839833, ok: 8, errors: 2, calls: 12,
			p50: 430784, p99: 786828, p999: 786828, errorKinds: map[string]int{
				"ResourceExhausted: rpc error: code = ResourceExhausted desc = overloaded":                           1,
				"Unavailable: rpc error: code = Unavailable desc = connection closed before server preface received": 1}}},
		// "transport is closing" on a call that ended in the run's last
		// 50 ms is ghz closing its connections; one at 300 ms of a 1 s run
		// is a connection the server closed.
		{"ghz-closing.json", result{mode: "fixed", rps: 1441.1004242839833, ok: 2, errors: 1, calls: 4,
			p50: 400000, p99: 400000, p999: 400000, errorKinds: map[string]int{
				"Unavailable: rpc error: code = Unavailable desc = transport is closing": 1}}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			got, err := parseReport(raw, "fixed")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(result{})); diff != "" {
				t.Errorf("parseReport (-want +got):\n%s", diff)
			}
		})
	}
	if _, err := parseReport([]byte("Summary:\n  Count: 12\n"), "fixed"); err == nil {
		t.Error("parseReport accepted ghz's text summary; want an error")
	}
}

func TestStatCPU(t *testing.T) {
	for _, tc := range []struct {
		name, stat string
		want       time.Duration
	}{
		// utime 250 and stime 50 ticks: 3 s at USER_HZ 100. The command
		// name holds a space and a ")" to show the fields are counted from
		// the last ")".
		{"command with ) and space", "4242 (shield (x) y) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 50 0 0 20 0 9 0 100 0 0", 3 * time.Second},
		{"too few fields", "4242 (shield) S 1 2 3", 0},
		{"not a number", "4242 (shield) S 1 4242 4242 0 -1 4194560 1000 0 0 0 x 50 0 0 20 0 9 0 100 0 0", 0},
		{"no command", "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := statCPU([]byte(tc.stat)); got != tc.want {
				t.Errorf("statCPU = %v, want %v", got, tc.want)
			}
		})
	}
	// This process's own /proc entry: spin until the kernel has charged
	// it at least one tick, which must then show.
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc on this system")
	}
	deadline := time.Now().Add(5 * time.Second)
	for cpuTime(os.Getpid()) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("cpuTime of this process stayed 0 after 5 s of spinning")
		}
		for i := 0; i < 1e6; i++ {
			_ = strings.Repeat("x", i%3)
		}
	}
}

func TestStatusField(t *testing.T) {
	status := "Name:\tshield\nVmPeak:\t  812345 kB\nVmHWM:\t   56320 kB\nVmRSS:\t\n"
	for _, tc := range []struct {
		field string
		want  int64
	}{
		{"VmHWM:", 56320},
		{"VmPeak:", 812345},
		{"VmRSS:", 0},  // present but empty
		{"VmSwap:", 0}, // absent
	} {
		if got := statusField([]byte(status), tc.field); got != tc.want {
			t.Errorf("statusField(%s) = %d, want %d", tc.field, got, tc.want)
		}
	}
	if _, err := os.Stat("/proc/self/status"); err == nil {
		if got := statusKB(os.Getpid(), "VmHWM:"); got <= 0 {
			t.Errorf("VmHWM of this process = %d kB, want > 0", got)
		}
	}
}

// results is a run in which Consult reaches 0.2 of Health/Check's
// throughput with p99 of 12 ms at the fixed rate and the record log keeps
// 0.75 of it.
func results() ([]result, *result) {
	ms := time.Millisecond
	rs := []result{
		{name: "Health/Check", mode: "saturation", rps: 10000, ok: 100000, p50: 2 * ms, p99: 8 * ms, p999: 12 * ms, cpuPerCall: 50 * time.Microsecond, ghzCPUPerCall: 150 * time.Microsecond},
		{name: "Health/Check", mode: "fixed", rps: 1000, ok: 10000, p50: ms / 2, p99: 2 * ms, p999: 6 * ms},
		{name: "Consult typical", mode: "saturation", rps: 2000, ok: 20000, p50: 15 * ms, p99: 40 * ms, p999: 60 * ms, cpuPerCall: 600 * time.Microsecond, ghzCPUPerCall: 400 * time.Microsecond},
		{name: "Consult typical", mode: "fixed", rps: 1000, ok: 10000, p50: 2 * ms, p99: 12 * ms, p999: 20 * ms, srvP99: 3 * ms, srvP999: 7 * ms},
	}
	log := &result{name: "Consult typical + record log", mode: "saturation", rps: 1500, ok: 15000, cpuPerCall: 900 * time.Microsecond}
	return rs, log
}

func TestReport(t *testing.T) {
	rs, log := results()
	var b bytes.Buffer
	report(&b, config{rate: 1000}, rs, log, 50<<20)
	out := b.String()
	if strings.Contains(out, "not the table's method") {
		t.Errorf("report of the default method says it is not the table's:\n%s", out)
	}
	for _, want := range []string{
		"Consult typical  throughput 0.20 x, p99 6.00 x, server CPU per call 12.00 x",
		// (50+150) / (600+400) µs, and 200 / 400 µs with a free server.
		"Health/Check 200µs (ghz 75%), Consult typical 1000µs (ghz 40%): throughput ratio bound 0.20 x; with a free server, ghz alone allows 0.50 x",
		"record log (fsync always) keeps 0.75 x of Consult typical's throughput",
		// The server's own p99 and p99.9 where there are any, "-" for Health/Check.
		"3.000          7.000        0\n",
		"           -              -        0\n",
		"peak RSS of the server: 50.0 MiB",
		"MISS  Consult throughput >= 0.7 x Health/Check (0.20)",
		"MISS  p99 at fixed rate < 2 ms (12.000 ms)",
		"MISS  p99.9 at fixed rate < 5 ms (20.000 ms)",
		"PASS  peak RSS < 64 MiB (50.0 MiB)",
		"PASS  no errors",
		"(inside the server, the same calls: p99 3.000 ms, p99.9 7.000 ms; the rest is transport, queueing and ghz on the same cores)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q; it is:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Consult 64KB  throughput") {
		t.Errorf("report has a ratio for a target that did not run:\n%s", out)
	}
	b.Reset()
	report(&b, config{rate: 1000}, rs[:3], log, 50<<20) // no fixed-rate Consult
	if strings.Contains(b.String(), "inside the server") {
		t.Errorf("report without a fixed-rate Consult speaks of the server's own latencies:\n%s", b.String())
	}
	b.Reset()
	report(&b, config{rate: 1000, ghzTemplates: true}, rs, log, 50<<20)
	if want := "not the table's method: -pin=false -ghz-gogc=\"\" -ghz-templates=true"; !strings.Contains(b.String(), want) {
		t.Errorf("report with ghz's templates lacks %q; it is:\n%s", want, b.String())
	}
}

func TestTargets(t *testing.T) {
	met := func(mutate func([]result), peak int64) []bool {
		rs, _ := results()
		mutate(rs)
		var got []bool
		for _, tg := range targetList(rs, peak) {
			got = append(got, tg.ok)
		}
		return got
	}
	fast := func(rs []result) {
		rs[2].rps = 8000
		rs[3].p99, rs[3].p999 = time.Millisecond, 4*time.Millisecond
	}
	for _, tc := range []struct {
		name   string
		mutate func([]result)
		peak   int64
		want   []bool // throughput, p99, p99.9, RSS, no errors
	}{
		{"as measured", func([]result) {}, 50 << 20, []bool{false, false, false, true, true}},
		{"all met", fast, 50 << 20, []bool{true, true, true, true, true}},
		{"RSS over", fast, 65 << 20, []bool{true, true, true, false, true}},
		{"RSS unknown", fast, 0, []bool{true, true, true, false, true}},
		{"an error", func(rs []result) { fast(rs); rs[1].errors = 1 }, 50 << 20, []bool{true, true, true, true, false}},
		// A fixed-rate run with no successful call has no latency to meet.
		{"no fixed-rate calls", func(rs []result) { fast(rs); rs[3] = result{name: "Consult typical", mode: "fixed"} }, 50 << 20, []bool{true, false, false, true, true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, met(tc.mutate, tc.peak)); diff != "" {
				t.Errorf("targets met (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLoadScript runs the script itself, briefly, the way the README says:
// it builds shield, installs the pinned ghz (unless one is on PATH), starts
// real servers and drives them. It checks the script works end to end, not
// the figures.
func TestLoadScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds shield and ghz and runs ghz for about 15 s")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	t.Chdir(filepath.Join("..", ".."))
	c := config{duration: time.Second, rate: 100, concurrency: 4, records: true, fixed: true, only: "typical"}
	if p, err := exec.LookPath("ghz"); err == nil {
		c.ghz = p
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	var out bytes.Buffer
	if err := run(ctx, c, &out); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^Health/Check +saturation +\d+`),
		regexp.MustCompile(`(?m)^Health/Check +100/s +\d+`),
		regexp.MustCompile(`(?m)^Consult typical +saturation +\d+ .* 0$`),
		regexp.MustCompile(`(?m)^Consult typical +100/s +\d+ .* 0$`),
		// The server's own p99 and p99.9, read from its log file.
		regexp.MustCompile(`(?m)^Consult typical +100/s .*µs +\d+\.\d{3} +\d+\.\d{3} +0$`),
		regexp.MustCompile(`(?m)^Consult typical \+ record log +saturation +\d+ .* 0$`),
		regexp.MustCompile(`Consult typical +throughput \d+\.\d\d x`),
		regexp.MustCompile(`peak RSS of the server: \d+\.\d MiB`),
		regexp.MustCompile(`PASS  no errors`),
	} {
		if !want.MatchString(out.String()) {
			t.Errorf("output lacks %v:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "Consult 64KB") {
		t.Errorf("-only typical ran the 64 KB target:\n%s", out.String())
	}
}

func TestLatencyMS(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		want       float64
		ok         bool
	}{
		// A line as serve writes it.
		{"consultation", `{"time":"2026-11-30T08:14:02.216Z","level":"INFO","msg":"consultation","consultation_id":"01a2","signals":3,"latency_ms":2.136}`, 2.136, true},
		{"latency not last", `{"msg":"consultation","latency_ms":0.5,"llm_cached":true}`, 0.5, true},
		{"another message", `{"msg":"serving","latency_ms":3}`, 0, false},
		{"no latency", `{"msg":"consultation","signals":3}`, 0, false},
		{"not a number", `{"msg":"consultation","latency_ms":"x"}`, 0, false},
		{"cut short", `{"msg":"consultation","latency_ms":1.5`, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := latencyMS([]byte(tc.line))
			if got != tc.want || ok != tc.ok {
				t.Errorf("latencyMS = %v, %v; want %v, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestLatenciesPercentiles(t *testing.T) {
	var l latencies
	l.add(1000) // before the mark: not the run's
	mark := l.len()
	for i := 1000; i >= 1; i-- {
		l.add(float64(i) / 100) // 0.01 .. 10 ms, out of order
	}
	p99, p999 := l.percentiles(mark, 1000)
	if diff := cmp.Diff([2]time.Duration{9910 * time.Microsecond, 10 * time.Millisecond}, [2]time.Duration{p99, p999}); diff != "" {
		t.Errorf("p99, p99.9 (-want +got):\n%s", diff)
	}
	if p99, p999 := l.percentiles(l.len(), 0); p99 != 0 || p999 != 0 {
		t.Errorf("no latencies: %v, %v; want 0, 0", p99, p999)
	}
}

// TestLatenciesFromLog checks that the latencies are read from a log file
// as it grows, a line written in two parts counted once, when complete, and
// lines other than consultations skipped.
func TestLatenciesFromLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "serve.log")
	w, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	var l latencies
	if err := l.open(path); err != nil {
		t.Fatal(err)
	}
	defer l.close()
	write := func(s string) {
		if _, err := w.WriteString(s); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"level":"INFO","msg":"serving","addr":"127.0.0.1:1"}` + "\n")
	if got := l.len(); got != 0 {
		t.Errorf("after the serving line: %d latencies; want 0", got)
	}
	write(`{"level":"INFO","msg":"consultation","latency_ms":0.5}` + "\n" + `{"level":"INFO","msg":"consultation","lat`)
	if got := l.len(); got != 1 {
		t.Errorf("after one line and a half: %d latencies; want 1", got)
	}
	write(`ency_ms":2.25}` + "\n")
	if got := l.len(); got != 2 {
		t.Errorf("after the second line's end: %d latencies; want 2", got)
	}
	if diff := cmp.Diff([]float64{0.5, 2.25}, l.ms); diff != "" {
		t.Errorf("latencies (-want +got):\n%s", diff)
	}
}

func TestWaitServing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "serve.log")
	log := `{"msg":"garbage collector tuned"}` + "\n" + `{"msg":"debug serving","addr":"127.0.0.1:6060"}` + "\n" +
		`{"msg":"serving","addr":"127.0.0.1:50051"}` + "\n"
	if err := os.WriteFile(path, []byte(log), 0o600); err != nil {
		t.Fatal(err)
	}
	var l latencies
	if err := l.open(path); err != nil {
		t.Fatal(err)
	}
	defer l.close()
	addr, debugAddr, err := l.waitServing(nil, time.Second)
	if err != nil || addr != "127.0.0.1:50051" || debugAddr != "127.0.0.1:6060" {
		t.Errorf("waitServing = %q, %q, %v; want 127.0.0.1:50051, 127.0.0.1:6060, nil", addr, debugAddr, err)
	}

	exited := make(chan struct{})
	close(exited)
	var quiet latencies
	if err := quiet.open(path + ".missing"); err == nil {
		t.Fatal("opened a missing log")
	}
	empty := filepath.Join(t.TempDir(), "empty.log")
	os.WriteFile(empty, nil, 0o600)
	if err := quiet.open(empty); err != nil {
		t.Fatal(err)
	}
	defer quiet.close()
	if _, _, err := quiet.waitServing(exited, time.Minute); err == nil {
		t.Error("waitServing on a server that exited: no error")
	}
}

func TestPinned(t *testing.T) {
	for _, tc := range []struct {
		name string
		pin  bool
		want []string
	}{
		{"off", false, []string{"ghz", "--insecure", "addr"}},
		{"on", true, []string{"taskset", "-c", "1-3", "ghz", "--insecure", "addr"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			name, args := pinned(tc.pin, "1-3", "ghz", []string{"--insecure", "addr"})
			if diff := cmp.Diff(tc.want, append([]string{name}, args...)); diff != "" {
				t.Errorf("command (-want +got):\n%s", diff)
			}
		})
	}
}

func TestGhzArgs(t *testing.T) {
	c := config{duration: 10 * time.Second, rate: 1000, concurrency: 32}
	templates := c
	templates.ghzTemplates = true
	base := []string{"--insecure", "--call", "m", "-D", "d.json", "-z", "10s", "-O", "json", "--connections", "2"}
	lean := []string{"--disable-template-functions", "--disable-template-data", "addr"}
	for _, tc := range []struct {
		name string
		c    config
		mode string
		want []string
	}{
		{"saturation", c, "saturation", append(slices.Clone(base), append([]string{"-c", "32"}, lean...)...)},
		{"fixed", c, "fixed", append(slices.Clone(base), append([]string{"--rps", "1000", "-c", "16"}, lean...)...)},
		{"with templates", templates, "saturation", append(slices.Clone(base), "-c", "32", "addr")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, ghzArgs(tc.c, "addr", "m", "d.json", tc.mode)); diff != "" {
				t.Errorf("ghz arguments (-want +got):\n%s", diff)
			}
		})
	}
}
