package main

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// lines returns what slog.NewJSONHandler and newJSONHandler write for the
// same calls of use, with the same options.
func lines(t testing.TB, opts *slog.HandlerOptions, use func(l *slog.Logger)) (want, got string) {
	t.Helper()
	var ref, fast bytes.Buffer
	use(slog.New(slog.NewJSONHandler(&ref, opts)))
	use(slog.New(newJSONHandler(&fast, opts)))
	return ref.String(), fast.String()
}

// logRecord writes a record of the given time, level, message and
// attributes through l's handler, as Logger does but with a time of the
// test's choosing.
func logRecord(l *slog.Logger, tm time.Time, level slog.Level, msg string, attrs ...slog.Attr) {
	ctx := context.Background()
	if !l.Enabled(ctx, level) {
		return
	}
	r := slog.NewRecord(tm, level, msg, 0)
	r.AddAttrs(attrs...)
	_ = l.Handler().Handle(ctx, r)
}

// consultationAttrs are the attributes of the server's consultation line.
func consultationAttrs(id, disposition string, signals int, latency float64) []slog.Attr {
	return []slog.Attr{
		slog.String("consultation_id", id),
		slog.String("case_id", "019ad5a2-8c1e-7f3a-9b2c-1234567890ac"),
		slog.String("agent_id", "agent-7"),
		slog.String("input_digest", "sha256:0123456789abcdef"),
		slog.String("disposition", disposition),
		slog.String("risk_tier", "high"),
		slog.String("mode", "fallback"),
		slog.String("error_code", ""),
		slog.Int("signals", signals),
		slog.Float64("latency_ms", latency),
		slog.Bool("llm_cached", true),
	}
}

func TestJSONHandlerMatchesSlog(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		ny = time.FixedZone("EST", -5*3600)
	}
	now := time.Date(2026, 11, 30, 14, 3, 7, 123456789, time.UTC)
	var allBytes strings.Builder
	for c := range 256 {
		allBytes.WriteByte(byte(c))
	}
	strs := []string{"", "plain", `quote " and \ backslash`, "<tag>&amp;", "tab\tnl\ncr\r", "\x00\x1f\x7f",
		"é ü 日本", "\u2028\u2029", "bad \xff\xfe utf8 \xc3", allBytes.String()}
	floats := []float64{0, math.Copysign(0, -1), 1, -1, 0.412, 1e-6, 9.99e-7, 1e-7, 1e20, 1e21, 123456789.125,
		math.MaxFloat64, math.SmallestNonzeroFloat64, 1.0 / 3, math.NaN(), math.Inf(1), math.Inf(-1)}
	times := []time.Time{now, {}, now.In(ny), now.In(time.FixedZone("", 5*3600+1800)), time.Now(),
		time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 1, 1, 0, 0, 0, 1000, time.UTC)}
	levels := []slog.Level{slog.LevelDebug, slog.LevelInfo, slog.LevelWarn, slog.LevelError, slog.LevelInfo + 2, slog.Level(-9), slog.LevelError + 100}

	for _, tc := range []struct {
		name string
		opts *slog.HandlerOptions
		use  func(l *slog.Logger)
	}{
		{"consultation", nil, func(l *slog.Logger) {
			logRecord(l, now, slog.LevelInfo, "consultation", consultationAttrs("c1", "escalate", 4, 0.412)...)
		}},
		{"strings", nil, func(l *slog.Logger) {
			for _, s := range strs {
				logRecord(l, now, slog.LevelInfo, s, slog.String(s+"k", s), slog.String("k", s))
			}
		}},
		{"floats", nil, func(l *slog.Logger) {
			for _, f := range floats {
				logRecord(l, now, slog.LevelInfo, "f", slog.Float64("f", f), slog.Float64("neg", -f))
			}
		}},
		{"integers and booleans", nil, func(l *slog.Logger) {
			for _, n := range []int64{0, 1, -1, math.MaxInt64, math.MinInt64} {
				logRecord(l, now, slog.LevelInfo, "n", slog.Int64("i", n), slog.Uint64("u", uint64(n)), slog.Bool("b", n > 0))
			}
		}},
		{"times", nil, func(l *slog.Logger) {
			for _, tm := range times {
				logRecord(l, tm, slog.LevelInfo, "t", slog.Int("n", 1))
			}
		}},
		{"levels", &slog.HandlerOptions{Level: slog.Level(-20)}, func(l *slog.Logger) {
			for _, lv := range levels {
				logRecord(l, now, lv, "lv", slog.String("k", "v"))
			}
		}},
		{"level filter", &slog.HandlerOptions{Level: slog.LevelWarn}, func(l *slog.Logger) {
			for _, lv := range levels {
				logRecord(l, now, lv, "lv", slog.String("k", "v"))
			}
		}},
		{"other kinds", nil, func(l *slog.Logger) {
			logRecord(l, now, slog.LevelInfo, "m", slog.String("first", "x"), slog.Duration("d", 1500*time.Millisecond))
			logRecord(l, now, slog.LevelInfo, "m", slog.Time("at", now.In(ny)))
			logRecord(l, now, slog.LevelInfo, "m", slog.Any("err", errors.New("boom")), slog.Any("list", []int{1, 2}))
			logRecord(l, now, slog.LevelInfo, "m", slog.Group("g", slog.String("a", "b"), slog.Int("n", 2)), slog.Group("empty"))
			logRecord(l, now, slog.LevelInfo, "m", slog.Any("", nil), slog.String("", "empty key"), slog.String("k", "v"))
			logRecord(l, now, slog.LevelInfo, "m", slog.Any("v", slog.IntValue(3)), slog.Any("s", "str"))
		}},
		{"with attrs and groups", nil, func(l *slog.Logger) {
			l = l.With("svc", "shield")
			logRecord(l, now, slog.LevelInfo, "m", slog.String("k", "v"))
			logRecord(l.WithGroup("g"), now, slog.LevelWarn, "m", slog.String("k", "v"))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, got := lines(t, tc.opts, tc.use)
			if want == "" {
				t.Fatal("slog wrote nothing")
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("lines differ from slog's (-want +got):\n%s", diff)
			}
		})
	}

	t.Run("random", func(t *testing.T) {
		want, got := lines(t, nil, func(l *slog.Logger) {
			rng := rand.New(rand.NewPCG(1, 2)) // the same draws for both
			for range 2000 {
				b := make([]byte, rng.IntN(40))
				for i := range b {
					b[i] = byte(rng.IntN(256))
				}
				f := math.Float64frombits(rng.Uint64())
				tm := time.Unix(rng.Int64N(1<<35)-1<<34, rng.Int64N(1e9))
				logRecord(l, tm, slog.Level(rng.IntN(20)-10), string(b), slog.String("s", string(b)),
					slog.Float64("f", f), slog.Float64("g", float64(rng.IntN(1e6))/1e3), slog.Int64("i", int64(rng.Uint64())))
			}
		})
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("lines differ from slog's (-want +got):\n%s", diff)
		}
	})
}

// TestJSONHandlerWholeLines checks that lines written at once, by hand and
// by slog's handler for a derived logger, are never interleaved.
func TestJSONHandlerWholeLines(t *testing.T) {
	var buf bytes.Buffer
	l := slog.New(newJSONHandler(&buf, nil))
	derived := l.With("svc", "shield")
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				if g%2 == 0 {
					l.LogAttrs(context.Background(), slog.LevelInfo, "consultation", consultationAttrs("c", "proceed", i, 1.5)...)
				} else {
					derived.Info("other", "n", i)
				}
			}
		})
	}
	wg.Wait()
	for i, line := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
		if !strings.HasPrefix(line, `{"time":"`) || !strings.HasSuffix(line, "}") || strings.Count(line, `"time"`) != 1 {
			t.Fatalf("line %d is not one whole line: %q", i, line)
		}
	}
}

func FuzzJSONHandlerMatchesSlog(f *testing.F) {
	f.Add("consultation", "019ad5a2", 0.412, int64(4), int64(1764511387123456789), 0)
	f.Add("a\"b\\c\n\u2028\xff", "\x00<>&", 1e-7, int64(-1), int64(0), 8)
	f.Add("", "", math.Inf(1), int64(math.MinInt64), int64(-1<<62), -4)
	f.Fuzz(func(t *testing.T, msg, s string, fl float64, n, unixNano int64, level int) {
		want, got := lines(t, nil, func(l *slog.Logger) {
			logRecord(l, time.Unix(0, unixNano), slog.Level(level), msg,
				slog.String("s", s), slog.String(s+"k", msg), slog.Float64("f", fl), slog.Int64("n", n), slog.Bool("b", n > 0))
		})
		if want != got {
			t.Errorf("lines differ from slog's:\nwant %q\n got %q", want, got)
		}
	})
}

// BenchmarkConsultationLine compares, in one run, the server's
// consultation line written by slog's JSON handler and by jsonHandler.
func BenchmarkConsultationLine(b *testing.B) {
	for _, h := range []struct {
		name string
		h    slog.Handler
	}{
		{"slog", slog.NewJSONHandler(discard{}, nil)},
		{"jsonHandler", newJSONHandler(discard{}, nil)},
	} {
		l := slog.New(h.h)
		attrs := consultationAttrs("019ad5a2-8c1e-7f3a-9b2c-1234567890ab", "escalate", 4, 0.412)[:10]
		b.Run(h.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				l.LogAttrs(context.Background(), slog.LevelInfo, "consultation", attrs...)
			}
		})
	}
}

// discard is io.Discard without its ReadFrom, so that both handlers take
// the same Write.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
