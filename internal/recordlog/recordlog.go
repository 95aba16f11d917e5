// Package recordlog appends consultation records to a file as JSON lines,
// one record a line, durably enough that no record a caller received is
// missing from the log.
//
// A Log is a server.Sink: Write returns only once the record's line has
// been written (and, with SyncAlways, fsynced), so the RPC that carries the
// record fails rather than answers when the log cannot take it. Concurrent
// writers are grouped: while one goroutine writes and syncs, the lines of
// the others gather into the next batch, which is written and synced once
// for all of them. Lines never interleave.
package recordlog

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/a2atrust/shield/internal/record"
)

// SyncMode says when the log is fsynced.
type SyncMode string

// Sync modes.
const (
	// SyncAlways fsyncs every batch before its writers return: a record a
	// caller received survives a power loss.
	SyncAlways SyncMode = "always"
	// SyncInterval fsyncs every Options.Interval: a record a caller received
	// survives a crash of the process (it is in the kernel's page cache),
	// but the last interval's records may be lost with the machine.
	SyncInterval SyncMode = "interval"
)

// ParseSyncMode parses "always" or "interval".
func ParseSyncMode(s string) (SyncMode, error) {
	switch m := SyncMode(s); m {
	case SyncAlways, SyncInterval:
		return m, nil
	}
	return "", fmt.Errorf("recordlog: sync mode %q is not always or interval", s)
}

// Options configure a Log.
type Options struct {
	// Path is the file appended to; "-" is Stdout.
	Path string
	// Stdout is written to when Path is "-"; nil means os.Stdout.
	Stdout io.Writer
	// Sync is when the file is fsynced; "" means SyncAlways.
	Sync SyncMode
	// Interval is the fsync period of SyncInterval; 0 means one second.
	Interval time.Duration
	// Logger receives write failures. Required.
	Logger *slog.Logger
	// OnFailure, if set, is called (outside any lock) after every failed
	// write or sync, e.g. to take the server out of rotation.
	OnFailure func(error)
	// OnWrite, if set, is called after every batch with the number of
	// records in it, how long writing (and syncing) took, and the error.
	OnWrite func(records int, elapsed time.Duration, err error)
}

// Log is an append-only JSON-lines record log. It is safe for concurrent
// use.
type Log struct {
	opts Options

	// mu guards the batching state.
	mu      sync.Mutex
	pending *batch // lines waiting for the next write
	writing bool   // a leader is writing batches

	// fileMu guards the file: writes, syncs, reopen and close.
	fileMu  sync.Mutex
	w       io.Writer
	f       *os.File // nil for stdout
	canSync bool     // f is a regular file (a pipe or device cannot fsync)
	partial bool     // the last write stopped inside a line
	dirty   bool     // written since the last sync
	closed  bool

	stop chan struct{}
	done chan struct{}
}

// batch is the lines of one group commit.
type batch struct {
	buf  []byte
	n    int
	done chan struct{}
	err  error
}

// ErrClosed is returned by Write after Close.
var ErrClosed = errors.New("recordlog: closed")

// Open opens (creating it if need be, mode 0640) the log at o.Path for
// appending.
func Open(o Options) (*Log, error) {
	if o.Logger == nil {
		return nil, errors.New("recordlog: Logger is required")
	}
	if o.Path == "" {
		return nil, errors.New("recordlog: empty path")
	}
	if o.Sync == "" {
		o.Sync = SyncAlways
	}
	if _, err := ParseSyncMode(string(o.Sync)); err != nil {
		return nil, err
	}
	if o.Interval <= 0 {
		o.Interval = time.Second
	}
	if o.Stdout == nil {
		o.Stdout = os.Stdout
	}
	l := &Log{opts: o, stop: make(chan struct{}), done: make(chan struct{})}
	if o.Path == "-" {
		l.w = o.Stdout
	} else {
		f, canSync, err := openFile(o.Path)
		if err != nil {
			return nil, err
		}
		l.f, l.w, l.canSync = f, f, canSync
	}
	if o.Sync == SyncInterval && l.f != nil {
		go l.syncLoop()
	} else {
		close(l.done)
	}
	return l, nil
}

// openFile opens path for appending and reports whether it is a regular
// file, the only kind fsync means anything for.
func openFile(path string) (*os.File, bool, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o640)
	if err != nil {
		return nil, false, fmt.Errorf("recordlog: open: %w", err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, false, fmt.Errorf("recordlog: stat: %w", err)
	}
	return f, fi.Mode().IsRegular(), nil
}

// Write appends r as one JSON line and returns once it is written, and
// with SyncAlways synced. ctx is not consulted: a record that was built is
// written even when its caller has gone, so that the log never misses a
// record the caller might have received.
func (l *Log) Write(_ context.Context, r *record.Record) error {
	line, err := r.JSON()
	if err != nil {
		return fmt.Errorf("recordlog: %w", err)
	}
	return l.WriteLine(line)
}

// WriteLine appends line (a newline is added) as Write does.
func (l *Log) WriteLine(line []byte) error {
	l.mu.Lock()
	b := l.pending
	if b == nil {
		b = &batch{done: make(chan struct{})}
		l.pending = b
	}
	b.buf = append(append(b.buf, line...), '\n')
	b.n++
	if l.writing {
		// A leader is at work; it will write this batch next.
		l.mu.Unlock()
		<-b.done
		return b.err
	}
	// Lead: write batches until none is waiting, so that no line waits for
	// a leader that has gone.
	l.writing = true
	for l.pending != nil {
		next := l.pending
		l.pending = nil
		l.mu.Unlock()
		next.err = l.flush(next)
		close(next.done)
		l.mu.Lock()
	}
	l.writing = false
	l.mu.Unlock()
	return b.err
}

// flush writes and, with SyncAlways, syncs one batch.
func (l *Log) flush(b *batch) error {
	start := time.Now()
	err := l.writeBatch(b.buf)
	if l.opts.OnWrite != nil {
		l.opts.OnWrite(b.n, time.Since(start), err)
	}
	if err != nil {
		l.fail(err)
	}
	return err
}

func (l *Log) writeBatch(buf []byte) error {
	l.fileMu.Lock()
	defer l.fileMu.Unlock()
	if l.closed {
		return ErrClosed
	}
	if l.partial {
		// A failed write left half a line: end it, so that the lines that
		// follow parse. The half line is garbage a reader skips.
		buf = append([]byte{'\n'}, buf...)
	}
	n, err := l.w.Write(buf)
	if err != nil {
		l.partial = l.partial && n == 0 || n > 0
		return fmt.Errorf("recordlog: write: %w", err)
	}
	l.partial = false
	l.dirty = true
	if l.opts.Sync == SyncAlways && l.canSync {
		if err := l.f.Sync(); err != nil {
			return fmt.Errorf("recordlog: sync: %w", err)
		}
		l.dirty = false
	}
	return nil
}

func (l *Log) fail(err error) {
	l.opts.Logger.Error("record log write failed", "path", l.opts.Path, "err", err)
	if l.opts.OnFailure != nil {
		l.opts.OnFailure(err)
	}
}

// syncLoop fsyncs the file every interval while there is something to
// sync.
func (l *Log) syncLoop() {
	defer close(l.done)
	t := time.NewTicker(l.opts.Interval)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
			if err := l.Sync(); err != nil {
				l.fail(err)
			}
		}
	}
}

// Sync fsyncs the file if anything was written since the last sync.
func (l *Log) Sync() error {
	l.fileMu.Lock()
	defer l.fileMu.Unlock()
	if !l.canSync || !l.dirty || l.closed {
		return nil
	}
	if err := l.f.Sync(); err != nil {
		return fmt.Errorf("recordlog: sync: %w", err)
	}
	l.dirty = false
	return nil
}

// Reopen closes and reopens the file at the same path, for log rotation:
// after the old file is renamed, Reopen starts a new one. If the new file
// cannot be opened the log keeps writing to the old one and returns the
// error. Reopen does nothing for stdout.
func (l *Log) Reopen() error {
	if l.opts.Path == "-" {
		return nil
	}
	f, canSync, err := openFile(l.opts.Path)
	if err != nil {
		return err
	}
	l.fileMu.Lock()
	defer l.fileMu.Unlock()
	if l.closed {
		f.Close()
		return ErrClosed
	}
	old := l.f
	// Sync the old file before leaving it, so that a record written with
	// SyncInterval is not left unsynced in a file no one writes any more.
	var syncErr error
	if l.canSync {
		syncErr = old.Sync()
	}
	l.f, l.w, l.canSync, l.partial, l.dirty = f, f, canSync, false, false
	if err := errors.Join(syncErr, old.Close()); err != nil {
		return fmt.Errorf("recordlog: close rotated file: %w", err)
	}
	return nil
}

// Close syncs and closes the file; later writes fail with ErrClosed.
func (l *Log) Close() error {
	l.fileMu.Lock()
	if l.closed {
		l.fileMu.Unlock()
		return nil
	}
	l.closed = true
	var err error
	if l.canSync {
		err = l.f.Sync()
	}
	if l.f != nil {
		err = errors.Join(err, l.f.Close())
	}
	l.fileMu.Unlock()
	close(l.stop)
	<-l.done
	if err != nil {
		return fmt.Errorf("recordlog: close: %w", err)
	}
	return nil
}
