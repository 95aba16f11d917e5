package overload

import (
	"context"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

var consultInfo = &grpc.UnaryServerInfo{FullMethod: "/shield.v1.ShieldService/Consult"}

func TestLimiterRefusesBeyondMax(t *testing.T) {
	l := NewLimiter(2)
	rejected := 0
	l.OnReject = func() { rejected++ }
	release := make(chan struct{})
	started := make(chan struct{}, 2)
	blocking := func(context.Context, any) (any, error) { started <- struct{}{}; <-release; return "ok", nil }
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			if _, err := l.UnaryInterceptor()(context.Background(), nil, consultInfo, blocking); err != nil {
				t.Error(err)
			}
		})
	}
	<-started
	<-started
	_, err := l.UnaryInterceptor()(context.Background(), nil, consultInfo, blocking)
	if status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("third call: %v, want RESOURCE_EXHAUSTED", err)
	}
	health := &grpc.UnaryServerInfo{FullMethod: "/grpc.health.v1.Health/Check"}
	if _, err := l.UnaryInterceptor()(context.Background(), nil, health, func(context.Context, any) (any, error) { return "ok", nil }); err != nil {
		t.Fatalf("health refused when saturated: %v", err)
	}
	close(release)
	wg.Wait()
	if l.InFlight() != 0 || rejected != 1 {
		t.Fatalf("in flight %d, rejected %d", l.InFlight(), rejected)
	}
}

func TestDeadline(t *testing.T) {
	tests := []struct {
		name    string
		ceiling time.Duration
		client  time.Duration // 0: none
		want    time.Duration // 0: no deadline
	}{
		{"no client deadline", time.Second, 0, time.Second},
		{"client shorter", time.Second, 100 * time.Millisecond, 100 * time.Millisecond},
		{"client longer", time.Second, time.Hour, time.Second},
		{"off", 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			if tc.client > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.client)
				defer cancel()
			}
			outer := ctx
			_, err := Deadline(tc.ceiling)(ctx, nil, consultInfo, func(ctx context.Context, _ any) (any, error) {
				// A client deadline inside the ceiling is left as it is,
				// without a context of the interceptor's own.
				if kept := tc.client > 0 && tc.client <= tc.ceiling; kept != (ctx == outer) && tc.ceiling > 0 {
					t.Errorf("handler's context is the caller's: %v, want %v", ctx == outer, kept)
				}
				dl, ok := ctx.Deadline()
				if tc.want == 0 {
					if ok {
						t.Errorf("deadline set")
					}
					return nil, nil
				}
				if left := time.Until(dl); !ok || left > tc.want || left < tc.want-50*time.Millisecond {
					t.Errorf("deadline in %v, want about %v", left, tc.want)
				}
				return nil, nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
