package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/a2atrust/shield/internal/analyze"
	"github.com/a2atrust/shield/internal/fallback"
	"github.com/a2atrust/shield/internal/recordlog"
	"github.com/a2atrust/shield/internal/server"
)

// The parts wired together here satisfy the interfaces their users declare.
var (
	_ analyze.Rules      = (*fallback.Engine)(nil)
	_ analyze.HardFinder = (*fallback.Engine)(nil)
	_ server.Sink        = (*recordlog.Log)(nil)
)

// serveConfig is the configuration of `shield serve`.
type serveConfig struct {
	listen               string
	rules                string
	logLevel             string
	logFlush             time.Duration
	drain                time.Duration
	grace                time.Duration
	maxConcurrentStreams uint
	gcPercent            int
	memoryLimitMiB       uint
	llm                  llmFlags // serve_llm.go
	ops                  opsFlags // serve_ops.go
}

func parseServe(e *env, args []string) (*serveConfig, error) {
	var c serveConfig
	fs := newFlagSet("serve", "serve [flags]", e.stderr)
	fs.StringVar(&c.listen, "listen", "127.0.0.1:50051", "address to serve gRPC on: host:port, or unix:///path/to.sock")
	fs.StringVar(&c.rules, "rules", "", "rule pack file extending or replacing the embedded rules (docs/rules.md)")
	fs.StringVar(&c.logLevel, "log-level", "info", "log level: debug, info, warn or error")
	fs.DurationVar(&c.logFlush, "log-flush-interval", 0, "gather log lines in memory and write them to stderr together at most this long after the first (0: each line at once)")
	fs.DurationVar(&c.drain, "shutdown-drain", time.Second, "on SIGTERM, how long health reports NOT_SERVING before the server stops accepting calls")
	fs.DurationVar(&c.grace, "shutdown-grace", 10*time.Second, "on SIGTERM, how long in-flight calls may take before the server stops hard")
	fs.UintVar(&c.maxConcurrentStreams, "max-concurrent-streams", 1024, "concurrent calls allowed on one connection")
	fs.IntVar(&c.gcPercent, "gc-percent", 0, "garbage collection target as GOGC: heap growth in percent before a collection (0: GOGC, else 400, bounded by -memory-limit-mib)")
	fs.UintVar(&c.memoryLimitMiB, "memory-limit-mib", 0, "soft limit of the Go runtime's memory in MiB, as GOMEMLIMIT: the collector runs more often near it (0: GOMEMLIMIT, else 40)")
	c.llm.register(fs)
	c.ops.register(fs)
	if err := parseFlags(fs, args, e.getenv); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("serve: unexpected argument %q", fs.Arg(0))
	}
	if c.logFlush < 0 {
		return nil, errors.New("serve: -log-flush-interval must not be negative")
	}
	return &c, nil
}

func newLogger(w io.Writer, level string) (*slog.Logger, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("invalid -log-level %q", level)
	}
	// slog's JSON lines, the consultation's written by hand (jsonHandler).
	return slog.New(newJSONHandler(w, &slog.HandlerOptions{Level: l})), nil
}

func runServe(ctx context.Context, e *env, args []string) error {
	c, err := parseServe(e, args)
	if err != nil {
		return err
	}
	// Off by default: batching removes a write(2) per consultation from the
	// call's path and the wait for slog's lock behind it, but with the
	// server on one core and stderr a pipe its own p99 stayed at ~15 ms in
	// every run, against ~1 ms in most runs writing each line at once
	// (docs/performance.md, the perf13 run).
	logw := e.stderr
	if c.logFlush > 0 {
		lb := newLineBuffer(e.stderr, c.logFlush)
		// Every return, an error's too, writes what was logged before it.
		defer lb.Flush()
		logw = lb
	}
	logger, err := newLogger(logw, c.logLevel)
	if err != nil {
		return err
	}
	gcPercent, limitMiB := gcSettings(e.getenv, c.gcPercent, c.memoryLimitMiB)
	setGC(logger, gcPercent, limitMiB)
	rules := fallback.Default()
	if c.rules != "" {
		if rules, err = fallback.Load(c.rules); err != nil {
			return fmt.Errorf("serve: %w", err)
		}
	}
	llm, err := c.llm.build(e.getenv, logger)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	if llm == nil {
		logger.Info("no LLM configured: every consultation uses the rule engine", "rules_version", rules.Version())
	}
	ops, err := c.ops.build(ctx, logger)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	defer ops.close()
	svc, err := server.New(server.Options{
		Analyzer:  analyze.New(rules, llm),
		Logger:    logger,
		Sinks:     ops.sinks,
		Observers: ops.observers,
	})
	if err != nil {
		return err
	}
	g := server.NewGRPC(svc, server.GRPCOptions{
		Logger:               logger,
		MaxConcurrentStreams: uint32(min(c.maxConcurrentStreams, 1<<31)),
		Interceptors:         ops.interceptors,
		MaxConnectionAge:     ops.maxConnectionAge,
		ServerOptions:        ops.serverOptions,
	})
	lis, err := server.Listen(c.listen, 0)
	if err != nil {
		return err
	}
	if err := ops.start(ctx, g); err != nil {
		lis.Close()
		return fmt.Errorf("serve: %w", err)
	}
	logger.Info("serving", "addr", lis.Addr().String(), "network", lis.Addr().Network(), "version", version())
	errc := make(chan error, 1)
	go func() { errc <- g.Serve(lis) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down", "drain", c.drain.String(), "grace", c.grace.String())
	g.Shutdown(c.drain, c.grace)
	if err := <-errc; err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	logger.Info("stopped")
	return nil
}

// The collector's settings of serve when neither the flags nor GOGC and
// GOMEMLIMIT give them. A consultation allocates tens of kilobytes against
// a live heap of a few MiB, so at Go's default target (100) the collector
// runs often; a higher target collects less often, and the soft limit
// bounds the heap where Go's default has no bound at all: under load with
// 64 KB cases the peak RSS went from 60-74 MiB (GOGC 100, no limit) to
// 54 MiB, with the collector's background CPU from ~3% to ~2% of the
// server's (docs/performance.md, the path2 session).
const (
	defaultGCPercent      = 400
	defaultMemoryLimitMiB = 40
)

// gcSettings resolves -gc-percent and -memory-limit-mib: a flag's value
// when given; else 0 (the runtime's own setting) when GOGC or GOMEMLIMIT
// is set, which the runtime has already applied; else serve's default.
func gcSettings(getenv func(string) string, percent int, limitMiB uint) (int, uint) {
	if percent == 0 && getenv("GOGC") == "" {
		percent = defaultGCPercent
	}
	if limitMiB == 0 && getenv("GOMEMLIMIT") == "" {
		limitMiB = defaultMemoryLimitMiB
	}
	return percent, limitMiB
}

// setGC applies the collector's settings; zero leaves the runtime's alone.
func setGC(logger *slog.Logger, percent int, limitMiB uint) {
	if percent > 0 {
		debug.SetGCPercent(percent)
	}
	if limitMiB > 0 {
		debug.SetMemoryLimit(int64(min(limitMiB, 1<<20)) << 20)
	}
	if percent > 0 || limitMiB > 0 {
		logger.Info("garbage collector tuned", "gc_percent", percent, "memory_limit_mib", limitMiB)
	}
}
