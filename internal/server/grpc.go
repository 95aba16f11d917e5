package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/recovery"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	grpcproto "google.golang.org/grpc/encoding/proto"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/reflection"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/tap"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
)

// GRPCOptions configure the gRPC server around a Service.
type GRPCOptions struct {
	Logger *slog.Logger
	// MaxConcurrentStreams bounds the streams of one connection; 0 means 1024.
	MaxConcurrentStreams uint32
	// Interceptors run after panic recovery, in order, around every unary call.
	Interceptors []grpc.UnaryServerInterceptor
	// MaxConnectionAge closes client connections after this long, with a
	// 30s grace, so that clients rebalance across replicas; 0 means never.
	MaxConnectionAge time.Duration
	// ServerOptions are added last, e.g. transport credentials.
	ServerOptions []grpc.ServerOption
}

// GRPC is Shield's gRPC server: the Shield service, health and reflection on
// one port.
type GRPC struct {
	srv    *grpc.Server
	health *health.Server
	logger *slog.Logger
}

// serviceName is the name health reports for the Shield service.
var serviceName = shieldv1.ShieldService_ServiceDesc.ServiceName

// NewGRPC returns a gRPC server serving svc, health and reflection. Health
// reports SERVING for "" and shield.v1.ShieldService until Shutdown.
func NewGRPC(svc shieldv1.ShieldServiceServer, o GRPCOptions) *GRPC {
	if o.MaxConcurrentStreams == 0 {
		o.MaxConcurrentStreams = 1024
	}
	logger := o.Logger
	interceptors := append([]grpc.UnaryServerInterceptor{
		recovery.UnaryServerInterceptor(recovery.WithRecoveryHandlerContext(func(ctx context.Context, p any) error {
			logger.ErrorContext(ctx, "panic in handler", "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			return status.Error(codes.Internal, "internal error")
		})),
	}, o.Interceptors...)
	opts := append([]grpc.ServerOption{
		grpc.MaxRecvMsgSize(MaxRequestBytes),
		grpc.MaxConcurrentStreams(o.MaxConcurrentStreams),
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: 10 * time.Second, PermitWithoutStream: true}),
		grpc.KeepaliveParams(keepaliveParams(o.MaxConnectionAge)),
		grpc.ChainUnaryInterceptor(interceptors...),
		// Calls run on a fixed set of goroutines whose stacks have already
		// grown to what a consultation needs, instead of a new goroutine
		// per call that grows its stack again (runtime.newstack was ~5% of
		// the server's CPU). Beyond them gRPC still starts a goroutine, so
		// there are enough for a typical client's concurrency (32 calls in
		// flight: 3.9% -> 1.2% in newstack); idle ones cost a few KiB each.
		grpc.NumStreamWorkers(uint32(max(32, runtime.GOMAXPROCS(0)))),
		// The record of a response written by hand (see Codec).
		grpc.ForceServerCodecV2(Codec{}),
		// A forced codec serves every content type, so calls that name
		// another codec are refused before they are read (protoOnly).
		grpc.InTapHandle(protoOnly),
	}, o.ServerOptions...)
	g := &GRPC{srv: grpc.NewServer(opts...), health: health.NewServer(), logger: logger}
	if s, ok := svc.(*Service); ok {
		// Codec writes the record of Service's replies without a Struct.
		g.srv.RegisterService(serviceDesc(), s)
	} else {
		shieldv1.RegisterShieldServiceServer(g.srv, svc)
	}
	healthpb.RegisterHealthServer(g.srv, g.health)
	reflection.Register(g.srv) // v1 and v1alpha
	g.health.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
	g.health.SetServingStatus(serviceName, healthpb.HealthCheckResponse_SERVING)
	return g
}

// errForeignCodec is the answer to a call whose content type names a codec
// other than protobuf.
var errForeignCodec = status.Error(codes.Unimplemented,
	"only the protobuf codec is served: send content-type application/grpc or application/grpc+proto")

// protoOnly refuses calls whose content type names a codec other than
// protobuf ("application/grpc+json" and the like). Shield forces its own
// protobuf codec (Codec), which would otherwise read such a call's bytes as
// protobuf: a JSON body would fail with a misleading parse error, or be
// misread. grpc-go does the same for a subtype it has no codec for, with a
// warning that this will stop. A subtype given as a parameter
// ("application/grpc;charset=utf-8") names no codec and is served.
func protoOnly(ctx context.Context, info *tap.Info) (context.Context, error) {
	for _, ct := range info.Header.Get("content-type") {
		rest, ok := strings.CutPrefix(ct, "application/grpc+")
		if !ok {
			continue
		}
		if i := strings.IndexByte(rest, ';'); i >= 0 {
			rest = rest[:i]
		}
		if !strings.EqualFold(strings.TrimSpace(rest), grpcproto.Name) {
			return nil, errForeignCodec
		}
	}
	return ctx, nil
}

// keepaliveParams pings idle clients every two minutes and drops those that
// do not answer in 20s, so that dead peers do not hold streams.
func keepaliveParams(maxAge time.Duration) keepalive.ServerParameters {
	p := keepalive.ServerParameters{Time: 2 * time.Minute, Timeout: 20 * time.Second}
	if maxAge > 0 {
		p.MaxConnectionAge, p.MaxConnectionAgeGrace = maxAge, 30*time.Second
	}
	return p
}

// Server returns the underlying gRPC server, for registering more services.
func (g *GRPC) Server() *grpc.Server { return g.srv }

// Health returns the health server, for components that must take the
// service out of rotation (a failing record log).
func (g *GRPC) Health() *health.Server { return g.health }

// Serve serves on lis until Shutdown.
func (g *GRPC) Serve(lis net.Listener) error {
	if err := g.srv.Serve(lis); err != nil && !errors.Is(err, grpc.ErrServerStopped) {
		return fmt.Errorf("server: serve: %w", err)
	}
	return nil
}

// Shutdown stops in order: health reports NOT_SERVING so that balancers stop
// sending, the server waits drain for them to notice, then in-flight calls
// get up to grace to finish before the server stops hard.
func (g *GRPC) Shutdown(drain, grace time.Duration) {
	g.health.Shutdown() // every service NOT_SERVING
	time.Sleep(drain)
	done := make(chan struct{})
	go func() {
		g.srv.GracefulStop()
		close(done)
	}()
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
		g.logger.Warn("grace period over, stopping hard", "grace", grace.String())
		g.srv.Stop()
		<-done
	}
}

// Listen opens addr: host:port for TCP, or unix:///path for a Unix socket
// (a stale socket file is replaced; the socket gets mode 0660 unless
// socketMode says otherwise).
func Listen(addr string, socketMode os.FileMode) (net.Listener, error) {
	path, ok := strings.CutPrefix(addr, "unix://")
	if !ok {
		lis, err := net.Listen("tcp", addr)
		if err != nil {
			return nil, fmt.Errorf("server: listen: %w", err)
		}
		return lis, nil
	}
	if path == "" {
		return nil, errors.New("server: listen: unix:// needs a path")
	}
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&os.ModeSocket != 0 {
		if err := os.Remove(path); err != nil {
			return nil, fmt.Errorf("server: remove stale socket: %w", err)
		}
	}
	lis, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("server: listen: %w", err)
	}
	if socketMode == 0 {
		socketMode = 0o660
	}
	if err := os.Chmod(path, socketMode); err != nil {
		lis.Close()
		return nil, fmt.Errorf("server: chmod socket: %w", err)
	}
	return lis, nil
}
