// Package overload keeps Shield answering under load: a ceiling on the
// time one call may take on the server, and a global bound on calls in
// flight beyond which new calls are refused at once with
// RESOURCE_EXHAUSTED, so that a saturated server sheds load instead of
// queueing it without bound (and callers can retry elsewhere or back off).
package overload

import (
	"context"
	"strings"
	"sync/atomic"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// exempt reports whether method bypasses the limits: health checks must
// answer even when the server is saturated, or the orchestrator would kill
// a busy server rather than a broken one.
func exempt(method string) bool {
	return strings.HasPrefix(method, "/grpc.health.v1.Health/")
}

// Deadline returns an interceptor that gives every call at most d on the
// server, whatever deadline its client set (or did not set). d <= 0
// disables it.
func Deadline(d time.Duration) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if d <= 0 || exempt(info.FullMethod) {
			return handler(ctx, req)
		}
		// A client deadline that comes first already bounds the call: a
		// second timer would cost a context, a timer and their allocations
		// on every call for nothing.
		if dl, ok := ctx.Deadline(); ok && !dl.After(time.Now().Add(d)) {
			return handler(ctx, req)
		}
		ctx, cancel := context.WithTimeout(ctx, d)
		defer cancel()
		return handler(ctx, req)
	}
}

// Limiter bounds the calls in flight across all connections.
type Limiter struct {
	max      int64
	inFlight atomic.Int64
	// OnReject, if set, is called for every refused call.
	OnReject func()
}

// NewLimiter returns a limiter admitting at most max calls at once; max
// <= 0 admits any number.
func NewLimiter(max int) *Limiter { return &Limiter{max: int64(max)} }

// InFlight returns the number of calls being handled.
func (l *Limiter) InFlight() int64 { return l.inFlight.Load() }

// UnaryInterceptor refuses a call with RESOURCE_EXHAUSTED when max calls
// are already in flight.
func (l *Limiter) UnaryInterceptor() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if l.max <= 0 || exempt(info.FullMethod) {
			return handler(ctx, req)
		}
		if l.inFlight.Add(1) > l.max {
			l.inFlight.Add(-1)
			if l.OnReject != nil {
				l.OnReject()
			}
			return nil, status.Error(codes.ResourceExhausted, "server saturated; retry with backoff")
		}
		defer l.inFlight.Add(-1)
		return handler(ctx, req)
	}
}
