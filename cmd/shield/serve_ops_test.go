package main

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"
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
