package main

import (
	"io"
	"sync"
	"time"
)

// logFlushBytes is how many bytes of log lines a lineBuffer holds before
// the goroutine that adds one writes them all itself: a pipe's buffer on
// Linux, so that a reader that keeps up never sees a write larger than it
// would take at once, and a slow or stuck stderr slows the callers down
// instead of letting the buffer grow.
const logFlushBytes = 64 << 10

// lineBuffer collects the log lines of serve in memory and writes them to
// w in batches: at most delay after the first line of a batch, as soon as
// logFlushBytes are waiting, and on Flush. Under load serve logs a line a
// consultation, and writing each at once cost a write(2) on the call's
// path (~4% of the server's CPU), under slog's handler lock, so one write
// that the kernel held up held up every call that logged behind it.
//
// Lines stay whole and in order: slog hands over one line a Write, and
// batches go out one at a time, in the order they were gathered. What a
// batch costs is when a line shows: up to delay later than it was logged,
// and lost if the process dies without Flush (a crash of the runtime,
// SIGKILL). The record log is not written through it.
type lineBuffer struct {
	w     io.Writer
	delay time.Duration

	mu    sync.Mutex // guards buf, spare and armed
	buf   []byte     // lines not yet handed to a flush
	spare []byte     // the buffer of the last flush, for reuse
	armed bool       // the timer will flush buf
	timer *time.Timer

	out sync.Mutex // held while a batch is written: batches go out in order
}

// newLineBuffer returns a lineBuffer writing to w at most delay after a
// line was added.
func newLineBuffer(w io.Writer, delay time.Duration) *lineBuffer {
	b := &lineBuffer{w: w, delay: delay}
	b.timer = time.AfterFunc(time.Hour, func() { b.Flush() })
	b.timer.Stop()
	return b
}

// Write adds p, one log line, to the batch. Its error is always nil: the
// write to w happens later, and slog drops a handler's write error anyway.
func (b *lineBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	b.buf = append(b.buf, p...)
	full := len(b.buf) >= logFlushBytes
	if !full && !b.armed {
		b.armed = true
		b.timer.Reset(b.delay)
	}
	b.mu.Unlock()
	if full {
		b.Flush()
	}
	return len(p), nil
}

// Flush writes every line added so far to w, and returns w's error.
func (b *lineBuffer) Flush() error {
	b.out.Lock()
	defer b.out.Unlock()
	b.mu.Lock()
	batch := b.buf
	b.buf, b.spare = b.spare[:0], nil
	if b.armed {
		b.armed = false
		b.timer.Stop()
	}
	b.mu.Unlock()
	if len(batch) == 0 {
		b.keep(batch)
		return nil
	}
	_, err := b.w.Write(batch)
	b.keep(batch)
	return err
}

// keep makes batch the spare buffer of the next flush, unless one larger
// line made it too big to be worth holding on to.
func (b *lineBuffer) keep(batch []byte) {
	if cap(batch) > 4*logFlushBytes {
		return
	}
	b.mu.Lock()
	if b.spare == nil {
		b.spare = batch[:0]
	}
	b.mu.Unlock()
}
