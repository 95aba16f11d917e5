// Command load measures a running Shield under load with ghz (v0.120.0,
// pinned), in one run and against gRPC's own floor: health Check (an empty
// call), Consult on a typical case in rules mode, and Consult on a 64 KB
// case, each at saturation and at a fixed rate; plus the peak RSS of the
// server process and, separately, the cost of the record log with fsync.
// It prints a table with the CPU per call of both the server and ghz, the
// server's own p99 and p99.9 (from the latency_ms of its log lines: the
// handler, without transport or queueing), the Consult/Health ratios, the throughput ratio that ghz's own CPU allows on
// a machine it shares with the server, and the targets of
// docs/performance.md.
//
//	go run ./bench/load                 # defaults: 10s a run, 1000 req/s
//	go run ./bench/load -duration 30s -strict
//	go run ./bench/load -profile /tmp/prof   # the server's CPU profile of each saturation run
//	go run ./bench/load -shield ./old -only typical -fixed=false   # quick runs of a given binary
//	go run ./bench/load -pin -ghz-gogc off   # server and ghz on separate cores, ghz without GC
//	go run ./bench/load -ghz-templates     # ghz's per-call template set-up on, as tables up to the tenth session
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/protobuf/encoding/protojson"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/casegen"
)

const ghzModule = "github.com/bojand/ghz/cmd/ghz@v0.120.0"

type config struct {
	duration     time.Duration
	rate         int
	concurrency  int
	ghz          string
	strict       bool
	records      bool
	shield       string
	profile      string
	only         string
	fixed        bool
	pin          bool
	ghzGOGC      string
	ghzTemplates bool
}

func main() {
	var c config
	flag.DurationVar(&c.duration, "duration", 10*time.Second, "length of each ghz run")
	flag.IntVar(&c.rate, "rate", 1000, "fixed request rate for the latency runs (requests/s)")
	flag.IntVar(&c.concurrency, "concurrency", 32, "ghz workers for the saturation runs")
	flag.StringVar(&c.ghz, "ghz", "", "path to a ghz binary (default: go install "+ghzModule+" into a temporary folder)")
	flag.BoolVar(&c.strict, "strict", false, "exit non-zero when a target is missed")
	flag.BoolVar(&c.records, "records", true, "also measure Consult with the record log (--records-sync always)")
	flag.StringVar(&c.shield, "shield", "", "path to a shield binary (default: go build ./cmd/shield), e.g. to compare two builds in one session")
	flag.StringVar(&c.profile, "profile", "", "write the server's CPU profile of each saturation run into this folder (serves with --debug-listen)")
	flag.BoolVar(&c.fixed, "fixed", true, "also run each target at the fixed rate (-rate); false: saturation only, for quick comparisons")
	flag.StringVar(&c.only, "only", "", "run only the targets whose name contains this (e.g. 'typical'); Health/Check always runs")
	flag.BoolVar(&c.pin, "pin", false, "run the server on CPU 0 and ghz on the others (taskset), so they do not take each other's cores; not how the table's runs are made")
	flag.StringVar(&c.ghzGOGC, "ghz-gogc", "", "GOGC for ghz (e.g. 'off' or 400), to keep ghz's own collections out of the latencies it measures; empty: ghz's default")
	flag.BoolVar(&c.ghzTemplates, "ghz-templates", false, "let ghz build its call template (data and ~200 functions) for every call, as ghz does by default and as the tables up to the tenth session were measured; the default, false, passes --disable-template-functions --disable-template-data, which sends the same bytes (the data has no template actions) for ~55µs less of ghz's CPU a call, so that the floor is gRPC's and not ghz's template set-up (docs/performance.md, perf19)")
	flag.Parse()
	if err := run(context.Background(), c, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

// result is one ghz run, reduced to what the table shows.
type result struct {
	name, mode     string
	rps            float64
	p50, p99, p999 time.Duration
	ok, errors     int
	// errorKinds counts the server's errors by status and message, so
	// that a run with errors says which.
	errorKinds map[string]int
	calls      int // every call ghz made, whatever its outcome
	// cpuPerCall is the server process's CPU time (user + system) during
	// the run divided by the calls it answered: the server's own cost,
	// whatever ghz, sharing the machine, spends on its side.
	cpuPerCall time.Duration
	// ghzCPUPerCall is ghz's CPU time (user + system, from its rusage)
	// divided by the calls it made. On a machine ghz shares with the
	// server, saturation throughput is bounded by the cores over the sum
	// of both costs, so a ratio of throughputs is a ratio of those sums,
	// not of the server's costs alone.
	ghzCPUPerCall time.Duration
	// srvP99 and srvP999 are the server's own time for the Consults of
	// the run, from the latency_ms of its log lines: from the decoded
	// request to the response ready to send. The rest of ghz's latency is
	// the transport, queueing in either process, and ghz itself.
	srvP99, srvP999 time.Duration
}

func run(ctx context.Context, c config, out io.Writer) error {
	tmp, err := os.MkdirTemp("", "shield-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	if c.pin {
		if runtime.NumCPU() < 2 {
			return errors.New("-pin needs at least two CPUs")
		}
		if _, err := exec.LookPath("taskset"); err != nil {
			return fmt.Errorf("-pin: %w", err)
		}
	}
	fmt.Fprintln(out, "building shield and ghz ...")
	shield := c.shield
	if shield == "" {
		shield = filepath.Join(tmp, "shield")
		if err := sh(ctx, nil, "go", "build", "-o", shield, "./cmd/shield"); err != nil {
			return err
		}
	}
	if c.ghz == "" {
		env := append(os.Environ(), "GOBIN="+tmp, "GOFLAGS=")
		if err := sh(ctx, env, "go", "install", ghzModule); err != nil {
			return fmt.Errorf("installing ghz: %w", err)
		}
		c.ghz = filepath.Join(tmp, "ghz")
	}

	typical, err := os.ReadFile("examples/vendor-bank-change.json")
	if err != nil {
		return fmt.Errorf("run from the repository root: %w", err)
	}
	var req shieldv1.ConsultRequest
	if err := protojson.Unmarshal(typical, &req); err != nil {
		return err
	}
	req.Mode = shieldv1.AnalysisMode_ANALYSIS_MODE_RULES
	files := map[string]any{"typical": &req, "64KB": casegen.Request(64 << 10)}
	paths := map[string]string{}
	for name, m := range files {
		b, err := protojson.Marshal(m.(*shieldv1.ConsultRequest))
		if err != nil {
			return err
		}
		paths[name] = filepath.Join(tmp, name+".json")
		if err := os.WriteFile(paths[name], b, 0o600); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, "health.json"), []byte(`{}`), 0o600); err != nil {
		return err
	}
	paths["health"] = filepath.Join(tmp, "health.json")

	var extra []string
	if c.profile != "" {
		if err := os.MkdirAll(c.profile, 0o755); err != nil {
			return err
		}
		extra = []string{"--debug-listen", "127.0.0.1:0"}
	}
	srv, err := startServer(ctx, c, tmp, shield, extra...)
	if err != nil {
		return err
	}
	targets := []struct{ name, call, data string }{
		{"Health/Check", "grpc.health.v1.Health.Check", paths["health"]},
		{"Consult typical", "shield.v1.ShieldService.Consult", paths["typical"]},
		{"Consult 64KB", "shield.v1.ShieldService.Consult", paths["64KB"]},
	}
	var results []result
	for _, t := range targets {
		if t.name != "Health/Check" && !strings.Contains(t.name, c.only) {
			continue
		}
		for _, mode := range []string{"saturation", "fixed"} {
			if mode == "fixed" && !c.fixed {
				continue
			}
			fmt.Fprintf(out, "ghz %s at %s ...\n", t.name, mode)
			var prof <-chan error
			if c.profile != "" && mode == "saturation" {
				name := strings.NewReplacer("/", "-", " ", "-").Replace(t.name) + ".pprof"
				prof = profile(ctx, srv.debugAddr, filepath.Join(c.profile, name), c.duration)
			}
			before := cpuTime(srv.pid)
			mark := srv.lat.len()
			r, err := ghz(ctx, c, srv.addr, t.call, t.data, mode)
			if err != nil {
				srv.stop()
				return err
			}
			if r.ok > 0 {
				r.cpuPerCall = (cpuTime(srv.pid) - before) / time.Duration(r.ok)
			}
			if t.name != "Health/Check" {
				r.srvP99, r.srvP999 = srv.lat.percentiles(mark, r.ok)
			}
			if prof != nil {
				if err := <-prof; err != nil {
					fmt.Fprintf(out, "profile of %s: %v\n", t.name, err)
				}
			}
			r.name = t.name
			results = append(results, r)
		}
	}
	peak := srv.stop()

	var withLog *result
	if c.records {
		dir := filepath.Join(tmp, "records")
		os.Mkdir(dir, 0o700)
		srv2, err := startServer(ctx, c, tmp, shield, "--records", filepath.Join(dir, "records.jsonl"), "--records-sync", "always")
		if err != nil {
			fmt.Fprintf(out, "record-log run skipped: %v\n", err)
		} else {
			fmt.Fprintln(out, "ghz Consult typical with the record log (fsync always) ...")
			before := cpuTime(srv2.pid)
			r, err := ghz(ctx, c, srv2.addr, "shield.v1.ShieldService.Consult", paths["typical"], "saturation")
			if err == nil && r.ok > 0 {
				r.cpuPerCall = (cpuTime(srv2.pid) - before) / time.Duration(r.ok)
			}
			srv2.stop()
			if err != nil {
				return err
			}
			r.name = "Consult typical + record log"
			withLog = &r
		}
	}
	report(out, c, results, withLog, peak)
	if c.strict && !targetsMet(results, peak) {
		return errors.New("targets missed")
	}
	return nil
}

func sh(ctx context.Context, env []string, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	return cmd.Run()
}

type server struct {
	addr      string
	debugAddr string // with --debug-listen: where net/http/pprof is served
	pid       int
	lat       *latencies
	stop      func() (peakRSS int64)
}

// latencies are the latency_ms of the server's consultation log lines, in
// the order they were written, read from the server's log file as they are
// asked for (len, percentiles) rather than as they are written, by the
// one goroutine that runs ghz.
type latencies struct {
	ms   []float64
	f    *os.File // the log, opened for reading; nil in tests that add
	off  int64    // how far f has been read
	part []byte   // a line not yet ended at off
	buf  []byte   // readLines' read buffer, kept across its calls
}

func (l *latencies) open(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	l.f = f
	return nil
}

func (l *latencies) close() {
	if l.f != nil {
		l.f.Close()
	}
}

func (l *latencies) add(ms float64) { l.ms = append(l.ms, ms) }

// readLines reads what the server has written since the last call and
// hands each complete line to fn.
func (l *latencies) readLines(fn func(line []byte)) {
	if l.f == nil {
		return
	}
	if l.buf == nil {
		l.buf = make([]byte, 256<<10)
	}
	for {
		n, err := l.f.ReadAt(l.buf, l.off)
		l.off += int64(n)
		data := append(l.part, l.buf[:n]...)
		for {
			i := bytes.IndexByte(data, '\n')
			if i < 0 {
				break
			}
			fn(data[:i])
			data = data[i+1:]
		}
		l.part = append(l.part[:0:0], data...)
		if err != nil || n < len(l.buf) {
			return
		}
	}
}

// collect adds the latencies of the lines written since the last call.
func (l *latencies) collect() {
	l.readLines(func(line []byte) {
		if ms, ok := latencyMS(line); ok {
			l.ms = append(l.ms, ms)
		}
	})
}

// waitServing reads the log until the server says where it serves (and,
// with --debug-listen, where its debug listener is), the process exits
// or wait passes.
func (l *latencies) waitServing(exited <-chan struct{}, wait time.Duration) (addr, debugAddr string, err error) {
	deadline := time.Now().Add(wait)
	for {
		l.readLines(func(b []byte) {
			if addr != "" {
				return
			}
			var line struct{ Msg, Addr string }
			if json.Unmarshal(b, &line) != nil {
				return
			}
			switch line.Msg {
			case "debug serving":
				debugAddr = line.Addr
			case "serving":
				addr = line.Addr
			}
		})
		if addr != "" {
			return addr, debugAddr, nil
		}
		select {
		case <-exited:
			return "", "", errors.New("exited before serving")
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return "", "", fmt.Errorf("not serving after %v", wait)
		}
	}
}

func (l *latencies) len() int {
	l.collect()
	return len(l.ms)
}

// percentiles returns p99 and p99.9 of the latencies logged since the
// first mark of them, once at least want have arrived or a second has
// passed: with serve's -log-flush-interval the server writes its log lines
// in batches, a little after the calls.
func (l *latencies) percentiles(mark, want int) (p99, p999 time.Duration) {
	deadline := time.Now().Add(time.Second)
	for l.len()-mark < want && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	ms := slices.Clone(l.ms[mark:])
	if len(ms) == 0 {
		return 0, 0
	}
	slices.Sort(ms)
	at := func(p float64) time.Duration {
		return time.Duration(ms[min(len(ms)-1, int(p*float64(len(ms))))] * float64(time.Millisecond))
	}
	return at(0.99), at(0.999)
}

// latencyMS reads latency_ms from a consultation log line of the server;
// ok is false for any other line. It looks for the two keys rather than
// decode the line: a run's log has tens of thousands of lines, read
// between two ghz runs.
func latencyMS(line []byte) (ms float64, ok bool) {
	if !bytes.Contains(line, []byte(`"msg":"consultation"`)) {
		return 0, false
	}
	_, rest, found := bytes.Cut(line, []byte(`"latency_ms":`))
	if !found {
		return 0, false
	}
	end := bytes.IndexAny(rest, ",}")
	if end < 0 {
		return 0, false
	}
	ms, err := strconv.ParseFloat(string(rest[:end]), 64)
	return ms, err == nil
}

// profile fetches a CPU profile of the server covering most of a run of
// length d (starting a little after it, ending a little before it, so
// that neither ghz's start nor its end is in it) into path.
func profile(ctx context.Context, debugAddr, path string, d time.Duration) <-chan error {
	errc := make(chan error, 1)
	go func() {
		if debugAddr == "" {
			errc <- errors.New("the server did not report a debug address")
			return
		}
		time.Sleep(d / 10)
		secs := max(1, int((d*8/10)/time.Second))
		url := fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", debugAddr, secs)
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			errc <- err
			return
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			errc <- err
			return
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			errc <- fmt.Errorf("%s: %s", url, resp.Status)
			return
		}
		f, err := os.Create(path)
		if err != nil {
			errc <- err
			return
		}
		_, err = io.Copy(f, resp.Body)
		errc <- errors.Join(err, f.Close())
	}()
	return errc
}

// cpuTime is the CPU time (user + system) process pid has used so far, from
// /proc/PID/stat; 0 where that is unavailable.
func cpuTime(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	return statCPU(b)
}

// statCPU reads utime + stime from the text of /proc/PID/stat; 0 when the
// text is not one.
func statCPU(b []byte) time.Duration {
	// Fields after the command name, which is in parentheses and may hold
	// spaces and parentheses: utime and stime are the 12th and 13th of them.
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b)[i+1:])
	if len(f) < 13 {
		return 0
	}
	ut, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0
	}
	const ticksPerSecond = 100 // USER_HZ on Linux
	return time.Duration(ut+st) * time.Second / ticksPerSecond
}

// startServer starts `shield serve` on a free port, with its log in a file
// under dir, collects the latencies of its log lines and samples its
// resident memory until stop.
//
// The log goes to a file rather than a pipe: a reader of a pipe is woken
// for every line, 1,000 times a second at the fixed rate, and on a machine
// of two cores that reader takes turns with the two processes measured.
// The lines are read from the file after each run instead.
func startServer(ctx context.Context, c config, dir, shield string, extra ...string) (*server, error) {
	args := append([]string{"serve", "--listen", "127.0.0.1:0", "--shutdown-drain", "0s"}, extra...)
	name, args := pinned(c.pin, "0", shield, args)
	logFile, err := os.CreateTemp(dir, "serve-*.log")
	if err != nil {
		return nil, err
	}
	defer logFile.Close() // the server has its own descriptor once started
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stderr = logFile
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	lat := &latencies{}
	if err := lat.open(logFile.Name()); err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return nil, err
	}
	exited := make(chan struct{})
	go func() {
		cmd.Wait() // an early exit ends waitServing; stop waits for it too
		close(exited)
	}()
	addr, debugAddr, err := lat.waitServing(exited, 30*time.Second)
	if err != nil {
		cmd.Process.Kill()
		<-exited
		lat.close()
		return nil, fmt.Errorf("shield %s: %w", strings.Join(extra, " "), err)
	}
	var peak atomic.Int64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		for {
			if rss := statusKB(cmd.Process.Pid, "VmHWM:"); rss > peak.Load() {
				peak.Store(rss)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return &server{addr: addr, debugAddr: debugAddr, pid: cmd.Process.Pid, lat: lat, stop: func() int64 {
		close(done)
		wg.Wait()
		cmd.Process.Signal(os.Interrupt)
		<-exited
		lat.close()
		return peak.Load() * 1024
	}}, nil
}

// statusKB reads a field of /proc/PID/status in kB (0 when unavailable).
func statusKB(pid int, field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	return statusField(b, field)
}

// statusField reads a "Field:   N kB" line of /proc/PID/status text (0 when
// absent or malformed).
func statusField(b []byte, field string) int64 {
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field); ok {
			f := strings.Fields(rest)
			if len(f) == 0 {
				return 0
			}
			n, _ := strconv.ParseInt(f[0], 10, 64)
			return n
		}
	}
	return 0
}

// pinned returns the command that runs name with args on the CPUs cpus
// (taskset's list: "0", "1-3") when pin is set, and name with args as they
// are otherwise. The Go runtime of a pinned process sizes GOMAXPROCS to
// its CPUs.
func pinned(pin bool, cpus, name string, args []string) (string, []string) {
	if !pin {
		return name, args
	}
	return "taskset", append([]string{"-c", cpus, name}, args...)
}

type ghzReport struct {
	RPS float64 `json:"rps"`
	// Total is the run's length in nanoseconds.
	Total   int64 `json:"total"`
	Details []struct {
		Timestamp time.Time `json:"timestamp"`
		Latency   int64     `json:"latency"`
		Status    string    `json:"status"`
		Error     string    `json:"error"`
	} `json:"details"`
	StatusCodeDistribution map[string]int `json:"statusCodeDistribution"`
}

// ghzArgs are ghz's arguments for one run of call with the request in the
// JSON file data against addr.
func ghzArgs(c config, addr, call, data, mode string) []string {
	args := []string{"--insecure", "--call", call, "-D", data, "-z", c.duration.String(), "-O", "json", "--connections", "2"}
	if mode == "fixed" {
		args = append(args, "--rps", strconv.Itoa(c.rate), "-c", "16")
	} else {
		args = append(args, "-c", strconv.Itoa(c.concurrency))
	}
	if !c.ghzTemplates {
		// ghz builds a text/template with its ~200 functions for every
		// call, whether or not the data uses them: a third of its CPU
		// for a Health/Check, a fifth for a typical Consult.
		args = append(args, "--disable-template-functions", "--disable-template-data")
	}
	return append(args, addr)
}

func ghz(ctx context.Context, c config, addr, call, data, mode string) (result, error) {
	name, args := pinned(c.pin, fmt.Sprintf("1-%d", runtime.NumCPU()-1), c.ghz, ghzArgs(c, addr, call, data, mode))
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stderr = os.Stderr
	if c.ghzGOGC != "" {
		cmd.Env = append(os.Environ(), "GOGC="+c.ghzGOGC)
	}
	raw, err := cmd.Output()
	if err != nil {
		return result{}, fmt.Errorf("ghz %s: %w", call, err)
	}
	// ghz's whole life (start-up, connections, the run, the report) from
	// its rusage; start-up and report are a few ms against the run.
	ghzCPU := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	r, err := parseReport(raw, mode)
	if err != nil {
		return result{}, err
	}
	if r.calls > 0 {
		r.ghzCPUPerCall = ghzCPU / time.Duration(r.calls)
	}
	return r, nil
}

// endSlack is how close to a run's end a call must end for a closed
// transport to count as ghz's own stop rather than the server's (a tenth of
// the run at most).
const endSlack = 50 * time.Millisecond

// parseReport reduces ghz's JSON report (-O json) to a result: throughput,
// latency percentiles of the calls that succeeded, and the errors that are
// the server's (calls ghz itself cut off or closed at the end of the run
// are neither).
func parseReport(raw []byte, mode string) (result, error) {
	var rep ghzReport
	if err := json.Unmarshal(raw, &rep); err != nil {
		return result{}, fmt.Errorf("ghz output: %w", err)
	}
	r := result{mode: mode, rps: rep.RPS, calls: len(rep.Details)}
	// A call that ended in the run's last moments with "transport is
	// closing" was in flight when ghz closed its connections at the end of
	// a -z run (ghz's own tail, as its "connection is closing" below); the
	// same message earlier in the run is a connection the server closed.
	var start time.Time
	for _, d := range rep.Details {
		if start.IsZero() || d.Timestamp.Before(start) {
			start = d.Timestamp
		}
	}
	tail := start.Add(time.Duration(rep.Total) - min(endSlack, time.Duration(rep.Total)/10))
	var lat []int64
	for _, d := range rep.Details {
		switch d.Status {
		case "OK":
			lat = append(lat, d.Latency)
			r.ok++
		case "Canceled":
			// In flight when the run's duration ended: cut off by ghz,
			// not failed by the server.
		default:
			if strings.Contains(d.Error, "use of closed network connection") || strings.Contains(d.Error, "connection is closing") {
				continue // ghz closing its own connections at the end
			}
			if strings.Contains(d.Error, "transport is closing") && !d.Timestamp.Add(time.Duration(d.Latency)).Before(tail) {
				continue
			}
			r.errors++
			if r.errorKinds == nil {
				r.errorKinds = map[string]int{}
			}
			r.errorKinds[d.Status+": "+d.Error]++
		}
	}
	slices.Sort(lat)
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return time.Duration(lat[min(len(lat)-1, int(p*float64(len(lat))))])
	}
	r.p50, r.p99, r.p999 = pct(0.50), pct(0.99), pct(0.999)
	return r, nil
}

func us(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1000 }

func ms(d time.Duration) string { return fmt.Sprintf("%.3f", float64(d.Microseconds())/1000) }

func find(rs []result, name, mode string) result {
	for _, r := range rs {
		if r.name == name && r.mode == mode {
			return r
		}
	}
	return result{}
}

func report(w io.Writer, c config, rs []result, withLog *result, peak int64) {
	if c.pin || c.ghzGOGC != "" || c.ghzTemplates {
		fmt.Fprintf(w, "\nnot the table's method: -pin=%v -ghz-gogc=%q -ghz-templates=%v\n", c.pin, c.ghzGOGC, c.ghzTemplates)
	}
	fmt.Fprintf(w, "\n%-30s %-11s %10s %9s %9s %9s %15s %13s %12s %14s %8s\n", "target", "load", "req/s", "p50 ms", "p99 ms", "p99.9 ms",
		"server CPU/call", "ghz CPU/call", "srv p99 ms", "srv p99.9 ms", "errors")
	row := func(r result, load string) {
		srv99, srv999 := "-", "-"
		if r.srvP99 > 0 {
			srv99, srv999 = ms(r.srvP99), ms(r.srvP999)
		}
		fmt.Fprintf(w, "%-30s %-11s %10.0f %9s %9s %9s %13.1fµs %11.1fµs %12s %14s %8d\n", r.name, load, r.rps, ms(r.p50), ms(r.p99), ms(r.p999),
			us(r.cpuPerCall), us(r.ghzCPUPerCall), srv99, srv999, r.errors)
		for _, k := range slices.Sorted(maps.Keys(r.errorKinds)) {
			fmt.Fprintf(w, "    %d× %s\n", r.errorKinds[k], k)
		}
	}
	for _, r := range rs {
		load := "saturation"
		if r.mode == "fixed" {
			load = fmt.Sprintf("%d/s", c.rate)
		}
		row(r, load)
	}
	if withLog != nil {
		row(*withLog, "saturation")
	}
	h := find(rs, "Health/Check", "saturation")
	fmt.Fprintf(w, "\nratios against Health/Check in this run (saturation throughput; p99 at %d/s):\n", c.rate)
	for _, name := range []string{"Consult typical", "Consult 64KB"} {
		s, f := find(rs, name, "saturation"), find(rs, name, "fixed")
		if s.ok == 0 {
			continue
		}
		hf := find(rs, "Health/Check", "fixed")
		fmt.Fprintf(w, "  %-16s throughput %.2f x, p99 %.2f x, server CPU per call %.2f x\n", name, s.rps/h.rps,
			float64(f.p99)/float64(max(hf.p99, 1)), float64(s.cpuPerCall)/float64(max(h.cpuPerCall, 1)))
	}
	// At saturation the two processes share the cores, so throughput is at
	// most cores / (server + ghz CPU per call); the ratio of those bounds
	// is the best throughput ratio this machine can show with ghz on it.
	if t := find(rs, "Consult typical", "saturation"); t.ok > 0 && h.ok > 0 {
		hc, tc := h.cpuPerCall+h.ghzCPUPerCall, t.cpuPerCall+t.ghzCPUPerCall
		fmt.Fprintf(w, "  CPU per call, server + ghz: Health/Check %.0fµs (ghz %.0f%%), Consult typical %.0fµs (ghz %.0f%%): "+
			"throughput ratio bound %.2f x; with a free server, ghz alone allows %.2f x\n",
			us(hc), 100*us(h.ghzCPUPerCall)/us(hc), us(tc), 100*us(t.ghzCPUPerCall)/us(tc),
			float64(hc)/float64(tc), float64(hc)/float64(max(t.ghzCPUPerCall, 1)))
	}
	if withLog != nil {
		t := find(rs, "Consult typical", "saturation")
		fmt.Fprintf(w, "  record log (fsync always) keeps %.2f x of Consult typical's throughput\n", withLog.rps/t.rps)
	}
	fmt.Fprintf(w, "\npeak RSS of the server: %.1f MiB\n", float64(peak)/(1<<20))
	fmt.Fprintln(w, "\ntargets:")
	for _, t := range targetList(rs, peak) {
		mark := "PASS"
		if !t.ok {
			mark = "MISS"
		}
		fmt.Fprintf(w, "  %s  %s\n", mark, t.what)
	}
	// The targets are what ghz sees, across both processes; the server's
	// own share of the same calls says how much of a miss is the server's.
	if f := find(rs, "Consult typical", "fixed"); f.srvP99 > 0 {
		fmt.Fprintf(w, "  (inside the server, the same calls: p99 %s ms, p99.9 %s ms; the rest is transport, queueing and ghz on the same cores)\n",
			ms(f.srvP99), ms(f.srvP999))
	}
}

type target struct {
	what string
	ok   bool
}

func targetList(rs []result, peak int64) []target {
	h := find(rs, "Health/Check", "saturation")
	s := find(rs, "Consult typical", "saturation")
	f := find(rs, "Consult typical", "fixed")
	return []target{
		{fmt.Sprintf("Consult throughput >= 0.7 x Health/Check (%.2f)", s.rps/h.rps), s.rps >= 0.7*h.rps},
		{fmt.Sprintf("p99 at fixed rate < 2 ms (%s ms)", ms(f.p99)), f.p99 < 2*time.Millisecond && f.ok > 0},
		{fmt.Sprintf("p99.9 at fixed rate < 5 ms (%s ms)", ms(f.p999)), f.p999 < 5*time.Millisecond && f.ok > 0},
		{fmt.Sprintf("peak RSS < 64 MiB (%.1f MiB)", float64(peak)/(1<<20)), peak > 0 && peak < 64<<20},
		{"no errors", func() bool {
			for _, r := range rs {
				if r.errors > 0 {
					return false
				}
			}
			return true
		}()},
	}
}

func targetsMet(rs []result, peak int64) bool {
	for _, t := range targetList(rs, peak) {
		if !t.ok {
			return false
		}
	}
	return true
}
