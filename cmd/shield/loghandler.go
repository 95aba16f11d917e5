package main

import (
	"context"
	"io"
	"log/slog"
	"math"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"
)

// jsonHandler writes the lines of slog.NewJSONHandler, byte for byte
// (TestJSONHandlerMatchesSlog, FuzzJSONHandlerMatchesSlog). A line whose
// attributes are all strings, integers, finite floats and booleans, with
// non-empty keys, and whose handler has no attributes or groups of its own
// (the server's "consultation" line, written once per call) is appended by
// hand into a pooled buffer: slog's handler builds a state per line, walks
// each attribute through its generic path and formats floats through
// encoding/json's reflection, about four times the work. Every other line
// is slog's own handler's.
type jsonHandler struct {
	// mu serialises the writes of the hand-written lines and of slog's
	// handler (and of the handlers derived from it), which writes through
	// lockedWriter.
	mu   *sync.Mutex
	w    io.Writer
	slow slog.Handler
}

// newJSONHandler returns a handler that writes what
// slog.NewJSONHandler(w, opts) writes. opts must not set ReplaceAttr or
// AddSource, which the hand-written lines do not honour; the server sets
// neither.
func newJSONHandler(w io.Writer, opts *slog.HandlerOptions) *jsonHandler {
	mu := new(sync.Mutex)
	return &jsonHandler{mu: mu, w: w, slow: slog.NewJSONHandler(lockedWriter{mu: mu, w: w}, opts)}
}

// lockedWriter writes to w under mu.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (h *jsonHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.slow.Enabled(ctx, l)
}

// WithAttrs and WithGroup return slog's handler: their lines are rare.
func (h *jsonHandler) WithAttrs(as []slog.Attr) slog.Handler { return h.slow.WithAttrs(as) }
func (h *jsonHandler) WithGroup(name string) slog.Handler    { return h.slow.WithGroup(name) }

// lineBufs holds the buffers lines are appended into.
var lineBufs = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// maxLineBuf is the largest buffer kept for reuse.
const maxLineBuf = 16 << 10

func (h *jsonHandler) Handle(ctx context.Context, r slog.Record) error {
	bp := lineBufs.Get().(*[]byte)
	b, ok := appendJSONLine((*bp)[:0], r)
	if !ok {
		lineBufs.Put(bp)
		return h.slow.Handle(ctx, r)
	}
	h.mu.Lock()
	_, err := h.w.Write(b)
	h.mu.Unlock()
	if cap(b) <= maxLineBuf {
		*bp = b[:0]
		lineBufs.Put(bp)
	}
	return err
}

// appendJSONLine appends r's line as slog's JSON handler without
// attributes, groups or options writes it; false when r has something
// that this does not write as slog does (an attribute of another kind, an
// empty key, a time slog reports as an error), which slog's handler then
// writes.
func appendJSONLine(b []byte, r slog.Record) ([]byte, bool) {
	b = append(b, '{')
	if !r.Time.IsZero() {
		t := r.Time.Round(0) // as slog: no monotonic reading
		if y := t.Year(); y < 0 || y >= 10000 {
			return b, false
		}
		b = append(b, `"time":"`...)
		b = t.AppendFormat(b, time.RFC3339Nano)
		b = append(b, `",`...)
	}
	b = append(b, `"level":`...)
	b = appendJSONString(b, r.Level.String())
	b = append(b, `,"msg":`...)
	b = appendJSONString(b, r.Message)
	ok := true
	r.Attrs(func(a slog.Attr) bool {
		if a.Key == "" {
			ok = false
			return false
		}
		at := len(b)
		b = append(b, ',')
		b = appendJSONString(b, a.Key)
		b = append(b, ':')
		switch v := a.Value; v.Kind() {
		case slog.KindString:
			b = appendJSONString(b, v.String())
		case slog.KindInt64:
			b = strconv.AppendInt(b, v.Int64(), 10)
		case slog.KindUint64:
			b = strconv.AppendUint(b, v.Uint64(), 10)
		case slog.KindBool:
			b = strconv.AppendBool(b, v.Bool())
		case slog.KindFloat64:
			f := v.Float64()
			if math.IsInf(f, 0) || math.IsNaN(f) {
				ok = false
				return false
			}
			b = appendJSONFloat(b, f)
		default:
			b = b[:at]
			ok = false
			return false
		}
		return true
	})
	if !ok {
		return b, false
	}
	return append(b, '}', '\n'), true
}

// appendJSONFloat appends f as encoding/json writes a float64, which is
// what slog's JSON handler calls for one: the shortest decimal that reads
// back as f, in exponent form below 1e-6 and from 1e21, with the
// exponent's leading zero dropped (e-7, not e-07).
func appendJSONFloat(b []byte, f float64) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// appendJSONString appends s quoted as slog's JSON handler quotes it:
// encoding/json's escaping without the HTML escapes, invalid UTF-8 as
// \ufffd, and U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if jsonSafe[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case c == '\u2028' || c == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

const hexDigits = "0123456789abcdef"

// jsonSafe marks the ASCII bytes written into a JSON string as they are:
// printable ASCII but '"' and '\\' (encoding/json's safeSet).
var jsonSafe = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()
