package analyze_test

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/a2atrust/shield/internal/analyze"
	"github.com/a2atrust/shield/internal/analyze/analyzetest"
	"github.com/a2atrust/shield/internal/consult"
)

// clock is a settable clock for the cache's TTL.
type clock struct{ t atomic.Int64 }

func (c *clock) now() time.Time          { return time.Unix(0, c.t.Load()) }
func (c *clock) advance(d time.Duration) { c.t.Add(int64(d)) }

func TestCache(t *testing.T) {
	tests := []struct {
		name      string
		size      int
		steps     []int // digests consulted in order; -1 advances the clock 2m
		wantCalls int64
		// wantLastCached is whether the last consultation was a cache hit.
		wantLastCached bool
	}{
		{"repeat costs no call", 8, []int{1, 1}, 1, true},
		{"many repeats", 8, []int{1, 1, 1, 1, 1}, 1, true},
		{"distinct cases", 8, []int{1, 2}, 2, false},
		{"expired after TTL", 8, []int{1, -1, 1}, 2, false},
		{"LRU evicts the oldest", 1, []int{1, 2, 1}, 3, false},
		{"LRU keeps the recent", 2, []int{1, 2, 1, 2}, 2, true},
		{"cache off", 0, []int{1, 1}, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			up := analyzetest.NewChatServer(t, analyzetest.Answering(analyzetest.AnswerJSON(t, modelAnalysis())))
			var clk clock
			l := newLLM(t, up.URL, func(c *analyze.Config) {
				c.CacheSize = tt.size
				c.CacheTTL = time.Minute
				c.Now = clk.now
			})
			a := analyze.New(&analyzetest.Rules{Analysis: analyzetest.Routine()}, l)
			var last analyze.Result
			for _, d := range tt.steps {
				if d < 0 {
					clk.advance(2 * time.Minute)
					continue
				}
				last = a.Analyze(context.Background(), analyze.Request{Case: injectionCase(), Digest: digestN(d)})
				if last.Generation.Mode != consult.ModeAI {
					t.Fatalf("mode = %s (%s), want ai", last.Generation.Mode, last.Generation.ErrorCode)
				}
			}
			if n := up.Calls(); n != tt.wantCalls {
				t.Errorf("upstream calls = %d, want %d", n, tt.wantCalls)
			}
			if last.Cached != tt.wantLastCached {
				t.Errorf("last Cached = %v, want %v", last.Cached, tt.wantLastCached)
			}
			if last.Cached && last.Generation.TokenUsage != nil {
				t.Errorf("a cache hit reports tokens it did not spend: %+v", last.Generation.TokenUsage)
			}
		})
	}
}

func TestFailuresAreNotCached(t *testing.T) {
	var n atomic.Int64
	body := analyzetest.AnswerJSON(t, modelAnalysis())
	up := analyzetest.NewChatServer(t, func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			analyzetest.WriteJSON(w, http.StatusTooManyRequests, map[string]any{"error": map[string]any{"message": "slow down"}})
			return
		}
		analyzetest.WriteJSON(w, http.StatusOK, analyzetest.Completion(body, "stop"))
	})
	a := analyze.New(&analyzetest.Rules{Analysis: analyzetest.Routine()}, newLLM(t, up.URL, func(c *analyze.Config) { c.CacheSize = 8 }))
	req := analyze.Request{Case: injectionCase(), Digest: digestN(1)}
	if res := a.Analyze(context.Background(), req); res.Generation.ErrorCode != analyze.CodeRateLimited {
		t.Fatalf("first errorCode = %q, want %q", res.Generation.ErrorCode, analyze.CodeRateLimited)
	}
	if res := a.Analyze(context.Background(), req); res.Generation.Mode != consult.ModeAI || res.Cached {
		t.Errorf("second: mode %s cached %v, want a fresh ai answer", res.Generation.Mode, res.Cached)
	}
}

// waitFor polls cond until it holds, failing t after a generous limit. It
// waits for a state, never for a duration to pass.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	limit := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(limit) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func TestIdenticalCasesShareOneCall(t *testing.T) {
	release := make(chan struct{})
	body := analyzetest.AnswerJSON(t, modelAnalysis())
	up := analyzetest.NewChatServer(t, func(w http.ResponseWriter, r *http.Request) {
		<-release
		analyzetest.WriteJSON(w, http.StatusOK, analyzetest.Completion(body, "stop"))
	})
	// No cache, one slot: only sharing can keep the others from failing.
	l := newLLM(t, up.URL, func(c *analyze.Config) { c.MaxConcurrency = 1 })
	a := analyze.New(&analyzetest.Rules{Analysis: analyzetest.Routine()}, l)

	const n = 8
	results := make([]analyze.Result, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			results[i] = a.Analyze(ctxTimeout(t, 20*time.Second), analyze.Request{Case: injectionCase(), Digest: digestN(1)})
		})
	}
	waitFor(t, "every consultation to join the call", func() bool {
		return up.Calls() == 1 && l.Stats().Sharing == n-1
	})
	close(release)
	wg.Wait()

	if got := up.Calls(); got != 1 {
		t.Errorf("upstream calls = %d, want 1", got)
	}
	shared, withTokens := 0, 0
	for i, r := range results {
		if r.Generation.Mode != consult.ModeAI {
			t.Errorf("consultation %d: mode %s (%s), want ai", i, r.Generation.Mode, r.Generation.ErrorCode)
		}
		if r.Shared {
			shared++
		}
		if r.Generation.TokenUsage != nil {
			withTokens++
		}
	}
	if shared != n-1 || withTokens != 1 {
		t.Errorf("shared = %d, with tokens = %d; want %d and 1", shared, withTokens, n-1)
	}
}

func TestOverloadedFallsBackAtOnce(t *testing.T) {
	release := make(chan struct{})
	body := analyzetest.AnswerJSON(t, modelAnalysis())
	up := analyzetest.NewChatServer(t, func(w http.ResponseWriter, r *http.Request) {
		<-release
		analyzetest.WriteJSON(w, http.StatusOK, analyzetest.Completion(body, "stop"))
	})
	l := newLLM(t, up.URL, func(c *analyze.Config) { c.MaxConcurrency = 1 })
	a := analyze.New(&analyzetest.Rules{Analysis: analyzetest.Routine()}, l)

	first := make(chan analyze.Result, 1)
	go func() {
		first <- a.Analyze(ctxTimeout(t, 20*time.Second), analyze.Request{Case: injectionCase(), Digest: digestN(1)})
	}()
	waitFor(t, "the first call to be in flight", func() bool { return up.Calls() == 1 })

	// A different case finds the only slot taken and does not queue.
	res := a.Analyze(ctxTimeout(t, 20*time.Second), analyze.Request{Case: injectionCase(), Digest: digestN(2)})
	if res.Generation.Mode != consult.ModeFallback || res.Generation.ErrorCode != analyze.CodeOverloaded {
		t.Errorf("second: %s/%s, want fallback/%s", res.Generation.Mode, res.Generation.ErrorCode, analyze.CodeOverloaded)
	}
	if got := l.Stats().InFlight; got != 1 {
		t.Errorf("in flight = %d, want 1", got)
	}

	close(release)
	if r := <-first; r.Generation.Mode != consult.ModeAI {
		t.Errorf("first: mode %s (%s), want ai", r.Generation.Mode, r.Generation.ErrorCode)
	}
	if got := up.Calls(); got != 1 {
		t.Errorf("upstream calls = %d, want 1", got)
	}
}
