package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/auth"
	"github.com/a2atrust/shield/internal/metrics"
	"github.com/a2atrust/shield/internal/overload"
	"github.com/a2atrust/shield/internal/recordlog"
	"github.com/a2atrust/shield/internal/server"
	"github.com/a2atrust/shield/internal/tlsutil"
)

// opsFlags configure how `shield serve` runs in production: record log,
// metrics and probes, authentication, TLS and overload protection. They
// are documented in docs/operations.md.
type opsFlags struct {
	records             string
	recordsSync         string
	recordsSyncInterval time.Duration
	metricsListen       string
	authTokens          string
	tlsCert             string
	tlsKey              string
	tlsClientCA         string
	maxCallTime         time.Duration
	maxInFlight         int
	maxConnectionAge    time.Duration
	debugListen         string
}

func (f *opsFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.records, "records", "", "append every record as one JSON line to this file ('-' for standard output); reopened on SIGHUP")
	fs.StringVar(&f.recordsSync, "records-sync", "always", "when the record log is fsynced: always (before each call returns) or interval")
	fs.DurationVar(&f.recordsSyncInterval, "records-sync-interval", time.Second, "fsync period of -records-sync=interval")
	fs.StringVar(&f.metricsListen, "metrics-listen", "", "host:port to serve Prometheus /metrics, /healthz and /readyz on (off when empty)")
	fs.StringVar(&f.authTokens, "auth-tokens", "", "file of bearer tokens and the agent ids each may consult for (off when empty); re-read on SIGHUP")
	fs.StringVar(&f.tlsCert, "tls-cert", "", "PEM certificate (chain) to serve TLS with; reloaded when the file changes")
	fs.StringVar(&f.tlsKey, "tls-key", "", "PEM private key of -tls-cert")
	fs.StringVar(&f.tlsClientCA, "tls-client-ca", "", "PEM CA certificates; when set, clients must present a certificate they signed (mutual TLS)")
	fs.DurationVar(&f.maxCallTime, "max-call-time", 30*time.Second, "longest a call may take on the server, whatever the client's deadline (0: no ceiling)")
	fs.IntVar(&f.maxInFlight, "max-in-flight", 4096, "calls handled at once across all connections; more are refused with RESOURCE_EXHAUSTED (0: no limit)")
	fs.DurationVar(&f.maxConnectionAge, "max-connection-age", 0, "close client connections after this long (with a 30s grace), so that clients rebalance across replicas (0: never)")
	fs.StringVar(&f.debugListen, "debug-listen", "", "loopback host:port to serve Go's net/http/pprof profiles on, under /debug/pprof/ (off when empty)")
}

// opsRuntime is what the operations flags add to the server.
type opsRuntime struct {
	sinks         []server.Sink
	observers     []server.Observer
	interceptors  []grpc.UnaryServerInterceptor
	serverOptions []grpc.ServerOption
	// maxConnectionAge closes client connections after this long (0: never).
	maxConnectionAge time.Duration
	// start runs once the gRPC server exists, before it serves.
	start func(ctx context.Context, g *server.GRPC) error
	close func() error
}

// ops is the state behind an opsRuntime.
type ops struct {
	f       *opsFlags
	logger  *slog.Logger
	records *recordlog.Log
	metrics *metrics.Metrics
	auth    *auth.Authenticator
	tls     *tlsutil.Reloader

	grpc   atomic.Pointer[server.GRPC]
	failed atomic.Bool // the record log failed; health is NOT_SERVING

	httpSrv  *http.Server
	debugSrv *http.Server
	sighup   chan os.Signal
	quit     chan struct{} // closed by close: stops the reload loop
	wg       sync.WaitGroup
	closeOne sync.Once
}

func (f *opsFlags) validate() error {
	if _, err := recordlog.ParseSyncMode(f.recordsSync); err != nil {
		return fmt.Errorf("-records-sync: %w", err)
	}
	if f.recordsSyncInterval <= 0 {
		return errors.New("-records-sync-interval must be positive")
	}
	if (f.tlsCert == "") != (f.tlsKey == "") {
		return errors.New("-tls-cert and -tls-key go together")
	}
	if f.tlsClientCA != "" && f.tlsCert == "" {
		return errors.New("-tls-client-ca needs -tls-cert and -tls-key")
	}
	if f.maxCallTime < 0 || f.maxInFlight < 0 || f.maxConnectionAge < 0 {
		return errors.New("-max-call-time, -max-in-flight and -max-connection-age must not be negative")
	}
	if f.debugListen != "" {
		if err := loopbackOnly(f.debugListen); err != nil {
			return fmt.Errorf("-debug-listen: %w", err)
		}
	}
	return nil
}

// loopbackOnly refuses an address that other hosts could reach: profiles
// show the server's goroutines, command line and allocation sites, and a
// CPU profile on demand costs the server CPU, so they are for whoever is
// already on the machine (or comes in through a port-forward).
func loopbackOnly(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("%q is not a loopback address (127.0.0.1, ::1 or localhost)", addr)
}

func (f *opsFlags) build(ctx context.Context, logger *slog.Logger) (*opsRuntime, error) {
	if err := f.validate(); err != nil {
		return nil, err
	}
	o := &ops{f: f, logger: logger}
	rt := &opsRuntime{start: o.start, close: o.close}
	var streams []grpc.StreamServerInterceptor

	if f.metricsListen != "" {
		o.metrics = metrics.New()
		rt.observers = append(rt.observers, o.metrics.Observe)
		// First, so that refused calls are counted too.
		rt.interceptors = append(rt.interceptors, o.metrics.UnaryInterceptor())
		streams = append(streams, o.metrics.StreamInterceptor())
	}

	limiter := overload.NewLimiter(f.maxInFlight)
	if o.metrics != nil {
		limiter.OnReject = func() { o.metrics.Rejected("overloaded") }
	}
	rt.interceptors = append(rt.interceptors, limiter.UnaryInterceptor())

	if f.authTokens != "" {
		a, err := auth.New(f.authTokens)
		if err != nil {
			return nil, err
		}
		if o.metrics != nil {
			a.OnReject = o.metrics.Rejected
		}
		o.auth = a
		rt.interceptors = append(rt.interceptors, a.UnaryInterceptor())
		streams = append(streams, a.StreamInterceptor())
		logger.Info("bearer-token authentication on", "tokens", a.Len(), "file", f.authTokens)
	} else {
		logger.Warn("no -auth-tokens: any caller that reaches the listener may consult for any agent id")
	}

	rt.interceptors = append(rt.interceptors, overload.Deadline(f.maxCallTime))
	if len(streams) > 0 {
		rt.serverOptions = append(rt.serverOptions, grpc.ChainStreamInterceptor(streams...))
	}

	rt.maxConnectionAge = f.maxConnectionAge

	if f.tlsCert != "" {
		r, err := tlsutil.NewServer(tlsutil.ServerOptions{CertFile: f.tlsCert, KeyFile: f.tlsKey, ClientCAFile: f.tlsClientCA, Logger: logger})
		if err != nil {
			return nil, err
		}
		o.tls = r
		rt.serverOptions = append(rt.serverOptions, grpc.Creds(credentials.NewTLS(r.Config())))
		logger.Info("TLS on", "cert", f.tlsCert, "mutual", f.tlsClientCA != "")
	}

	if f.records != "" {
		opts := recordlog.Options{
			Path:      f.records,
			Sync:      recordlog.SyncMode(f.recordsSync),
			Interval:  f.recordsSyncInterval,
			Logger:    logger,
			OnFailure: o.recordLogFailed,
		}
		if o.metrics != nil {
			opts.OnWrite = o.metrics.RecordWrite
		}
		l, err := recordlog.Open(opts)
		if err != nil {
			return nil, err
		}
		o.records = l
		rt.sinks = append(rt.sinks, l)
		logger.Info("record log on", "path", f.records, "sync", f.recordsSync)
	}
	// Opening the signal channel here rather than in start means a SIGHUP
	// that arrives while the server is being set up is not fatal.
	o.quit = make(chan struct{})
	o.sighup = make(chan os.Signal, 1)
	signal.Notify(o.sighup, syscall.SIGHUP)
	return rt, nil
}

// recordLogFailed takes the server out of rotation: health goes
// NOT_SERVING until a SIGHUP reopens the log. Calls are still answered
// while their records can be written; a call whose record cannot be is
// refused with UNAVAILABLE by the server.
func (o *ops) recordLogFailed(error) {
	o.failed.Store(true)
	if g := o.grpc.Load(); g != nil {
		o.setServing(g, false)
	}
}

func (o *ops) setServing(g *server.GRPC, serving bool) {
	st := healthpb.HealthCheckResponse_NOT_SERVING
	if serving {
		st = healthpb.HealthCheckResponse_SERVING
	}
	g.Health().SetServingStatus("", st)
	g.Health().SetServingStatus(shieldv1.ShieldService_ServiceDesc.ServiceName, st)
}

func (o *ops) start(ctx context.Context, g *server.GRPC) error {
	o.grpc.Store(g)
	if o.failed.Load() {
		o.setServing(g, false)
	}
	if o.metrics != nil {
		o.metrics.InitializeGRPC(g.Server())
		lis, err := net.Listen("tcp", o.f.metricsListen)
		if err != nil {
			return fmt.Errorf("metrics: listen: %w", err)
		}
		o.httpSrv = &http.Server{
			Handler:           o.metrics.Handler(func(ctx context.Context) bool { return ready(ctx, g) }),
			ReadHeaderTimeout: 5 * time.Second,
			ReadTimeout:       10 * time.Second,
			WriteTimeout:      30 * time.Second,
			IdleTimeout:       2 * time.Minute,
		}
		o.logger.Info("metrics serving", "addr", lis.Addr().String())
		o.wg.Go(func() {
			if err := o.httpSrv.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
				o.logger.Error("metrics server failed", "err", err)
			}
		})
	}
	if o.f.debugListen != "" {
		if err := o.startDebug(); err != nil {
			return err
		}
	}
	o.wg.Go(func() { o.reloadLoop(ctx, g) })
	return nil
}

// Sampling rates of the mutex and block profiles served on -debug-listen.
const (
	debugMutexFraction = 10
	debugBlockRate     = 100 * time.Microsecond
)

// startDebug serves net/http/pprof on -debug-listen, on a mux of its own:
// importing net/http/pprof registers on http.DefaultServeMux, which no
// server here uses, so the profiles appear nowhere else.
func (o *ops) startDebug() error {
	lis, err := net.Listen("tcp", o.f.debugListen)
	if err != nil {
		return fmt.Errorf("debug: listen: %w", err)
	}
	// The mutex and block profiles stay empty unless the runtime samples
	// them, so with profiles on it samples lock contention (one event in
	// debugMutexFraction) and blocking (every wait of debugBlockRate or
	// more, a shorter one in proportion): little enough to leave on.
	runtime.SetMutexProfileFraction(debugMutexFraction)
	runtime.SetBlockProfileRate(int(debugBlockRate))
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	// No write timeout: a CPU profile or trace takes as long as asked.
	o.debugSrv = &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, IdleTimeout: 2 * time.Minute}
	o.logger.Info("debug serving", "addr", lis.Addr().String())
	o.wg.Go(func() {
		if err := o.debugSrv.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
			o.logger.Error("debug server failed", "err", err)
		}
	})
	return nil
}

// ready reports whether the gRPC health of the whole server is SERVING,
// asking the health service in-process, as a gRPC probe would.
func ready(ctx context.Context, g *server.GRPC) bool {
	resp, err := g.Health().Check(ctx, &healthpb.HealthCheckRequest{})
	return err == nil && resp.GetStatus() == healthpb.HealthCheckResponse_SERVING
}

// reloadLoop handles SIGHUP until ctx ends: the record log is reopened
// (log rotation), the token file re-read and the TLS files re-read.
func (o *ops) reloadLoop(ctx context.Context, g *server.GRPC) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-o.quit:
			return
		case <-o.sighup:
			o.reload(ctx, g)
		}
	}
}

func (o *ops) reload(ctx context.Context, g *server.GRPC) {
	o.logger.Info("SIGHUP: reloading")
	if o.records != nil {
		if err := o.records.Reopen(); err != nil {
			o.logger.Error("record log reopen failed; still writing to the old file", "err", err)
		} else {
			o.logger.Info("record log reopened", "path", o.f.records)
			// A fresh file is the operator's answer to a failing log:
			// back into rotation, unless the server is shutting down.
			if o.failed.Swap(false) && ctx.Err() == nil {
				o.setServing(g, true)
			}
		}
	}
	if o.auth != nil {
		n, err := o.auth.Reload()
		if err != nil {
			o.logger.Error("token file reload failed; the tokens loaded before stay in force", "err", err, "tokens", n)
		} else {
			o.logger.Info("token file reloaded", "tokens", n)
		}
	}
	if o.tls != nil {
		if err := o.tls.Reload(); err != nil {
			o.logger.Error("TLS reload failed; the certificate loaded before stays in use", "err", err)
		}
	}
}

func (o *ops) close() error {
	var err error
	o.closeOne.Do(func() {
		signal.Stop(o.sighup)
		close(o.quit)
		if o.httpSrv != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			err = o.httpSrv.Shutdown(ctx)
			cancel()
		}
		if o.debugSrv != nil {
			// A profile being taken is not worth delaying the exit for.
			err = errors.Join(err, o.debugSrv.Close())
		}
		o.wg.Wait()
		if o.records != nil {
			err = errors.Join(err, o.records.Close())
		}
	})
	return err
}
