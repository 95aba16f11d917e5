package recordlog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func discard() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// lines returns the non-blank lines of path, each checked to be JSON.
func lines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if l := sc.Text(); l != "" {
			out = append(out, l)
		}
	}
	return out
}

func TestConcurrentWritesNeverInterleave(t *testing.T) {
	for _, mode := range []SyncMode{SyncAlways, SyncInterval} {
		t.Run(string(mode), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "records.jsonl")
			var batches, records atomic.Int64
			l, err := Open(Options{Path: path, Sync: mode, Interval: 10 * time.Millisecond, Logger: discard(),
				OnWrite: func(n int, _ time.Duration, err error) {
					if err == nil {
						batches.Add(1)
						records.Add(int64(n))
					}
				}})
			if err != nil {
				t.Fatal(err)
			}
			const writers, each = 16, 50
			var wg sync.WaitGroup
			for w := range writers {
				wg.Go(func() {
					for i := range each {
						line := fmt.Sprintf(`{"w":%d,"i":%d,"pad":%q}`, w, i, strings.Repeat("x", 3000))
						if err := l.WriteLine([]byte(line)); err != nil {
							t.Error(err)
						}
					}
				})
			}
			wg.Wait()
			if err := l.Close(); err != nil {
				t.Fatal(err)
			}
			got := lines(t, path)
			if len(got) != writers*each {
				t.Fatalf("%d lines, want %d", len(got), writers*each)
			}
			for _, g := range got {
				if !json.Valid([]byte(g)) {
					t.Fatalf("line is not JSON: %.80q", g)
				}
			}
			if records.Load() != writers*each {
				t.Errorf("OnWrite counted %d records, want %d", records.Load(), writers*each)
			}
			t.Logf("%d records in %d batches", records.Load(), batches.Load())
		})
	}
}

// failingWriter, once fail is set, fails every write, writing half of the
// failing buffer first, as a full disk does.
type failingWriter struct {
	mu   sync.Mutex
	fail bool
	buf  bytes.Buffer
}

func (w *failingWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.fail {
		w.buf.Write(p[:len(p)/2])
		return len(p) / 2, errors.New("no space left on device")
	}
	return w.buf.Write(p)
}

func TestWriteFailureIsReportedAndRecovers(t *testing.T) {
	fw := &failingWriter{}
	var failures atomic.Int64
	l, err := Open(Options{Path: "-", Stdout: fw, Logger: discard(), OnFailure: func(error) { failures.Add(1) }})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if err := l.WriteLine([]byte(`{"n":1}`)); err != nil {
		t.Fatal(err)
	}
	fw.mu.Lock()
	fw.fail = true
	fw.mu.Unlock()
	if err := l.WriteLine([]byte(`{"n":2}`)); err == nil {
		t.Fatal("write to a full disk succeeded")
	}
	if failures.Load() != 1 {
		t.Fatalf("OnFailure called %d times, want 1", failures.Load())
	}
	fw.mu.Lock()
	fw.fail = false
	fw.mu.Unlock()
	if err := l.WriteLine([]byte(`{"n":3}`)); err != nil {
		t.Fatal(err)
	}
	// The half line of the failed write is ended, so the next line parses.
	var valid []string
	for _, line := range strings.Split(fw.buf.String(), "\n") {
		if json.Valid([]byte(line)) {
			valid = append(valid, line)
		}
	}
	if want := []string{`{"n":1}`, `{"n":3}`}; strings.Join(valid, ",") != strings.Join(want, ",") {
		t.Fatalf("valid lines %q, want %q", valid, want)
	}
}

func TestDevFull(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	l, err := Open(Options{Path: "/dev/full", Logger: discard()})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if err := l.WriteLine([]byte(`{}`)); err == nil {
		t.Fatal("write to /dev/full succeeded")
	}
}

func TestReopenAfterRotation(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "records.jsonl")
	l, err := Open(Options{Path: path, Logger: discard()})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.WriteLine([]byte(`{"n":1}`)); err != nil {
		t.Fatal(err)
	}
	rotated := path + ".1"
	if err := os.Rename(path, rotated); err != nil {
		t.Fatal(err)
	}
	if err := l.WriteLine([]byte(`{"n":2}`)); err != nil { // still the old file
		t.Fatal(err)
	}
	if err := l.Reopen(); err != nil {
		t.Fatal(err)
	}
	if err := l.WriteLine([]byte(`{"n":3}`)); err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(lines(t, rotated), ","); got != `{"n":1},{"n":2}` {
		t.Errorf("rotated file %s", got)
	}
	if got := strings.Join(lines(t, path), ","); got != `{"n":3}` {
		t.Errorf("new file %s", got)
	}
	if err := l.WriteLine([]byte(`{}`)); !errors.Is(err, ErrClosed) {
		t.Errorf("write after close: %v, want ErrClosed", err)
	}
}

func TestReopenFailureKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "records.jsonl")
	if err := os.Mkdir(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	l, err := Open(Options{Path: path, Logger: discard()})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if err := os.Rename(filepath.Dir(path), filepath.Join(dir, "moved")); err != nil {
		t.Fatal(err)
	}
	if err := l.Reopen(); err == nil {
		t.Fatal("reopen into a missing directory succeeded")
	}
	if err := l.WriteLine([]byte(`{"n":1}`)); err != nil {
		t.Fatalf("old file no longer written: %v", err)
	}
	if got := lines(t, filepath.Join(dir, "moved", "records.jsonl")); len(got) != 1 {
		t.Errorf("old file has %d lines, want 1", len(got))
	}
}

func TestOptions(t *testing.T) {
	tests := []struct {
		name string
		o    Options
	}{
		{"no logger", Options{Path: "x"}},
		{"no path", Options{Logger: discard()}},
		{"bad sync", Options{Path: filepath.Join(t.TempDir(), "x"), Logger: discard(), Sync: "sometimes"}},
		{"missing dir", Options{Path: filepath.Join(t.TempDir(), "no", "x"), Logger: discard()}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if l, err := Open(tc.o); err == nil {
				l.Close()
				t.Fatal("Open succeeded")
			}
		})
	}
}

func BenchmarkWriteParallel(b *testing.B) {
	l, err := Open(Options{Path: filepath.Join(b.TempDir(), "r.jsonl"), Logger: discard()})
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	line := []byte(`{"consultationId":"x","pad":"` + strings.Repeat("x", 2000) + `"}`)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := l.WriteLine(line); err != nil {
				b.Error(err)
			}
		}
	})
}
