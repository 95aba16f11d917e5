package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// syncBuffer is a bytes.Buffer safe for the timer's goroutine, counting
// the writes it receives.
type syncBuffer struct {
	mu     sync.Mutex
	b      bytes.Buffer
	writes int
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.writes++
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func (s *syncBuffer) Writes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.writes
}

// TestLineBufferKeepsLinesWholeAndInOrder logs from many goroutines at once,
// with lines long enough to fill several batches, and checks that every
// line arrives whole, once, and after the lines its goroutine logged
// before it.
func TestLineBufferKeepsLinesWholeAndInOrder(t *testing.T) {
	for _, tc := range []struct {
		name           string
		delay          time.Duration
		writers, lines int
		pad            int
	}{
		{name: "short lines, timer", delay: time.Millisecond, writers: 8, lines: 500, pad: 10},
		{name: "long lines, size", delay: time.Hour, writers: 8, lines: 200, pad: 3000},
		{name: "one writer", delay: 50 * time.Microsecond, writers: 1, lines: 2000, pad: 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out syncBuffer
			lb := newLineBuffer(&out, tc.delay)
			var wg sync.WaitGroup
			for w := range tc.writers {
				wg.Go(func() {
					for i := range tc.lines {
						line := fmt.Sprintf("%d %d %s\n", w, i, strings.Repeat("x", tc.pad))
						if n, err := lb.Write([]byte(line)); n != len(line) || err != nil {
							t.Errorf("Write = %d, %v", n, err)
						}
					}
				})
			}
			wg.Wait()
			if err := lb.Flush(); err != nil {
				t.Fatal(err)
			}
			next := make([]int, tc.writers)
			for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
				var w, i int
				var pad string
				if _, err := fmt.Sscanf(line, "%d %d %s", &w, &i, &pad); err != nil || len(pad) != tc.pad {
					t.Fatalf("line not whole: %.60q (%v)", line, err)
				}
				if i != next[w] {
					t.Fatalf("writer %d: line %d after line %d", w, i, next[w]-1)
				}
				next[w]++
			}
			want := make([]int, tc.writers)
			for w := range want {
				want[w] = tc.lines
			}
			if diff := cmp.Diff(want, next); diff != "" {
				t.Errorf("lines per writer (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLineBufferWritesWithoutFlush checks the two ways a batch leaves
// without Flush: the timer, and a batch reaching logFlushBytes, which the
// goroutine that filled it writes before it returns.
func TestLineBufferWritesWithoutFlush(t *testing.T) {
	t.Run("timer", func(t *testing.T) {
		var out syncBuffer
		lb := newLineBuffer(&out, 5*time.Millisecond)
		lb.Write([]byte("a\n"))
		lb.Write([]byte("b\n"))
		deadline := time.Now().Add(10 * time.Second)
		for out.String() == "" && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		if diff := cmp.Diff("a\nb\n", out.String()); diff != "" {
			t.Errorf("written by the timer (-want +got):\n%s", diff)
		}
		if got := out.Writes(); got != 1 {
			t.Errorf("%d writes for one batch, want 1", got)
		}
		// The timer rearms for the next batch.
		lb.Write([]byte("c\n"))
		for out.Writes() < 2 && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		if diff := cmp.Diff("a\nb\nc\n", out.String()); diff != "" {
			t.Errorf("second batch (-want +got):\n%s", diff)
		}
	})
	t.Run("size", func(t *testing.T) {
		var out syncBuffer
		lb := newLineBuffer(&out, time.Hour)
		line := strings.Repeat("y", 1023) + "\n"
		for range logFlushBytes/len(line) - 1 {
			lb.Write([]byte(line))
		}
		if got := out.Writes(); got != 0 {
			t.Fatalf("%d writes before the batch was full", got)
		}
		lb.Write([]byte(line))
		if got, want := len(out.String()), logFlushBytes; got != want {
			t.Errorf("%d bytes written once the batch was full, want %d", got, want)
		}
	})
	t.Run("empty flush", func(t *testing.T) {
		var out syncBuffer
		lb := newLineBuffer(&out, time.Hour)
		if err := lb.Flush(); err != nil || out.Writes() != 0 {
			t.Errorf("Flush of nothing: %v, %d writes", err, out.Writes())
		}
	})
}

// TestServeLogFlushInterval checks the flag and its environment fallback.
func TestServeLogFlushInterval(t *testing.T) {
	for _, tc := range []struct {
		name    string
		env     fakeEnv
		args    []string
		want    time.Duration
		wantErr bool
	}{
		{name: "default is off", want: 0},
		{name: "flag", args: []string{"--log-flush-interval", "100ms"}, want: 100 * time.Millisecond},
		{name: "off", args: []string{"--log-flush-interval", "0"}, want: 0},
		{name: "env", env: fakeEnv{"SHIELD_LOG_FLUSH_INTERVAL": "5ms"}, want: 5 * time.Millisecond},
		{name: "negative", args: []string{"--log-flush-interval", "-1ms"}, wantErr: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vars := tc.env
			if vars == nil {
				vars = fakeEnv{}
			}
			c, err := parseServe(&env{getenv: vars.get, stderr: &bytes.Buffer{}}, tc.args)
			if tc.wantErr {
				if err == nil {
					t.Fatal("accepted")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.logFlush != tc.want {
				t.Errorf("log flush interval = %v, want %v", c.logFlush, tc.want)
			}
		})
	}
}

// TestServeFlushesLogOnReturn runs serve with a flush interval no test
// waits for, already told to stop: every line it logged must be on stderr
// when it returns.
func TestServeFlushesLogOnReturn(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stderr syncBuffer
	err := run(ctx, []string{"serve", "--listen", "127.0.0.1:0", "--shutdown-drain", "0s", "--log-flush-interval", "1h"},
		fakeEnv{}.get, nil, io.Discard, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, line := range strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n") {
		var l struct{ Msg string }
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("not a JSON line: %q", line)
		}
		msgs = append(msgs, l.Msg)
	}
	if !slices.Contains(msgs, "serving") || msgs[len(msgs)-1] != "stopped" {
		t.Errorf("log on return: %q, want serving ... stopped", msgs)
	}
}
