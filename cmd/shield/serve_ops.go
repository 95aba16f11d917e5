package main

import (
	"context"
	"flag"
	"log/slog"

	"google.golang.org/grpc"

	"github.com/a2atrust/shield/internal/server"
)

// TEMPORARY: the operations issue fills these in.

// opsFlags configure how `shield serve` runs in production: record log,
// metrics, authentication, TLS.
type opsFlags struct{}

func (f *opsFlags) register(fs *flag.FlagSet) {}

// opsRuntime is what the operations flags add to the server.
type opsRuntime struct {
	sinks         []server.Sink
	observers     []server.Observer
	interceptors  []grpc.UnaryServerInterceptor
	serverOptions []grpc.ServerOption
	// start runs once the gRPC server exists, before it serves.
	start func(ctx context.Context, g *server.GRPC) error
	close func() error
}

func (f *opsFlags) build(ctx context.Context, logger *slog.Logger) (*opsRuntime, error) {
	return &opsRuntime{
		start: func(context.Context, *server.GRPC) error { return nil },
		close: func() error { return nil },
	}, nil
}
