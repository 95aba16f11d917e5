package digest

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/gowebpki/jcs"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
)

// AppendCanonical appends the RFC 8785 canonical form of m's proto3 JSON to
// buf, without building the proto3 JSON text first. The output is byte for
// byte what Canonicalize(protojson.Marshal(m)) gives; tests and a
// differential fuzz target hold it to that. It supports what proto3 JSON of
// plain messages uses (scalars, enums, strings, bytes, repeated and nested
// messages, maps); messages with well-known types, whose JSON forms are
// special, are refused with an error, and OfMessage then takes the slow path.
func AppendCanonical(buf []byte, m proto.Message) ([]byte, error) {
	return appendMessage(buf, m.ProtoReflect())
}

var errWellKnown = errors.New("digest: well-known types need the protojson path")

// sortedFields caches, per message type, its fields in JSON-name order as
// JCS sorts keys (by UTF-16 code units; proto JSON names are ASCII, so a
// byte-wise sort is the same).
var sortedFields sync.Map // protoreflect.FullName -> []protoreflect.FieldDescriptor

func fieldsOf(md protoreflect.MessageDescriptor) []protoreflect.FieldDescriptor {
	if v, ok := sortedFields.Load(md.FullName()); ok {
		return v.([]protoreflect.FieldDescriptor)
	}
	fs := md.Fields()
	out := make([]protoreflect.FieldDescriptor, fs.Len())
	for i := range out {
		out[i] = fs.Get(i)
	}
	slices.SortFunc(out, func(a, b protoreflect.FieldDescriptor) int {
		switch x, y := a.JSONName(), b.JSONName(); {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	})
	sortedFields.Store(md.FullName(), out)
	return out
}

func appendMessage(buf []byte, m protoreflect.Message) ([]byte, error) {
	md := m.Descriptor()
	if md.FullName().Parent() == "google.protobuf" {
		return nil, errWellKnown
	}
	buf = append(buf, '{')
	first := true
	var err error
	for _, fd := range fieldsOf(md) {
		if !m.Has(fd) {
			continue
		}
		if !first {
			buf = append(buf, ',')
		}
		first = false
		buf = appendString(buf, fd.JSONName())
		buf = append(buf, ':')
		v := m.Get(fd)
		switch {
		case fd.IsList():
			buf, err = appendList(buf, fd, v.List())
		case fd.IsMap():
			buf, err = appendMap(buf, fd, v.Map())
		default:
			buf, err = appendValue(buf, fd, v)
		}
		if err != nil {
			return nil, err
		}
	}
	return append(buf, '}'), nil
}

func appendList(buf []byte, fd protoreflect.FieldDescriptor, l protoreflect.List) ([]byte, error) {
	buf = append(buf, '[')
	var err error
	for i := range l.Len() {
		if i > 0 {
			buf = append(buf, ',')
		}
		if buf, err = appendValue(buf, fd, l.Get(i)); err != nil {
			return nil, err
		}
	}
	return append(buf, ']'), nil
}

func appendMap(buf []byte, fd protoreflect.FieldDescriptor, m protoreflect.Map) ([]byte, error) {
	type entry struct {
		key string
		val protoreflect.Value
	}
	entries := make([]entry, 0, m.Len())
	m.Range(func(k protoreflect.MapKey, v protoreflect.Value) bool {
		entries = append(entries, entry{k.String(), v})
		return true
	})
	// JCS sorts by UTF-16 code units, which differs from a byte sort only
	// for keys with characters beyond the Basic Multilingual Plane.
	slices.SortFunc(entries, func(a, b entry) int { return compareUTF16(a.key, b.key) })
	buf = append(buf, '{')
	var err error
	for i, e := range entries {
		if i > 0 {
			buf = append(buf, ',')
		}
		if !utf8.ValidString(e.key) {
			return nil, errors.New("digest: invalid UTF-8 in a map key")
		}
		buf = appendString(buf, e.key)
		buf = append(buf, ':')
		if buf, err = appendValue(buf, fd.MapValue(), e.val); err != nil {
			return nil, err
		}
	}
	return append(buf, '}'), nil
}

func compareUTF16(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	for i := 0; i < len(ra) && i < len(rb); i++ {
		if ra[i] == rb[i] {
			continue
		}
		ua, ub := utf16Key(ra[i]), utf16Key(rb[i])
		if ua < ub {
			return -1
		}
		return 1
	}
	return len(ra) - len(rb)
}

// utf16Key maps a rune to its first UTF-16 code unit, which is what orders
// it under JCS.
func utf16Key(r rune) rune {
	if r >= 0x10000 {
		return 0xD800 + (r-0x10000)>>10
	}
	return r
}

func appendValue(buf []byte, fd protoreflect.FieldDescriptor, v protoreflect.Value) ([]byte, error) {
	switch fd.Kind() {
	case protoreflect.StringKind:
		s := v.String()
		if !utf8.ValidString(s) {
			return nil, fmt.Errorf("digest: invalid UTF-8 in %s", fd.FullName())
		}
		return appendString(buf, s), nil
	case protoreflect.BoolKind:
		if v.Bool() {
			return append(buf, "true"...), nil
		}
		return append(buf, "false"...), nil
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return strconv.AppendInt(buf, v.Int(), 10), nil
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return strconv.AppendUint(buf, v.Uint(), 10), nil
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		// proto3 JSON writes 64-bit integers as strings.
		buf = append(buf, '"')
		return append(strconv.AppendInt(buf, v.Int(), 10), '"'), nil
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		buf = append(buf, '"')
		return append(strconv.AppendUint(buf, v.Uint(), 10), '"'), nil
	case protoreflect.DoubleKind:
		return appendFloat(buf, v.Float())
	case protoreflect.FloatKind:
		// proto3 JSON writes a float in its shortest 32-bit form, which JCS
		// then reads back as a double.
		f, _ := strconv.ParseFloat(strconv.FormatFloat(v.Float(), 'g', -1, 32), 64)
		return appendFloat(buf, f)
	case protoreflect.BytesKind:
		buf = append(buf, '"')
		return append(base64.StdEncoding.AppendEncode(buf, v.Bytes()), '"'), nil
	case protoreflect.EnumKind:
		if fd.Enum().FullName() == "google.protobuf.NullValue" {
			return nil, errWellKnown
		}
		if ev := fd.Enum().Values().ByNumber(v.Enum()); ev != nil {
			return appendString(buf, string(ev.Name())), nil
		}
		return strconv.AppendInt(buf, int64(v.Enum()), 10), nil
	case protoreflect.MessageKind, protoreflect.GroupKind:
		return appendMessage(buf, v.Message())
	}
	return nil, fmt.Errorf("digest: unsupported kind %v", fd.Kind())
}

func appendFloat(buf []byte, f float64) ([]byte, error) {
	switch {
	case math.IsNaN(f):
		return append(buf, `"NaN"`...), nil
	case math.IsInf(f, 1):
		return append(buf, `"Infinity"`...), nil
	case math.IsInf(f, -1):
		return append(buf, `"-Infinity"`...), nil
	}
	s, err := jcs.NumberToJSON(f)
	if err != nil {
		return nil, fmt.Errorf("digest: number: %w", err)
	}
	return append(buf, s...), nil
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JCS string: only '"', '\\' and control
// characters are escaped, with the short forms where JSON has them.
func appendString(buf []byte, s string) []byte {
	buf, _ = appendStringASCII(buf, s)
	return buf
}

// appendStringASCII is appendString that also reports whether s is all
// ASCII, which its loop learns for one OR a step: a caller that must check
// s for UTF-8 then needs to only when it is not (caseWriter.text), instead
// of reading s a second time.
func appendStringASCII(buf []byte, s string) ([]byte, bool) {
	buf = append(buf, '"')
	start := 0
	var seen uint64 // every byte read, ORed: its top bits say whether one was past ASCII
	for i := 0; i < len(s); i++ {
		// Skip eight bytes at a time while none of them needs escaping:
		// case messages are long runs of plain text.
		for i+8 <= len(s) {
			w := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
			if needsEscape8(w) {
				break
			}
			seen |= w
			i += 8
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		seen |= uint64(c)
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		buf = append(buf, s[start:i]...)
		switch c {
		case '"':
			buf = append(buf, '\\', '"')
		case '\\':
			buf = append(buf, '\\', '\\')
		case '\b':
			buf = append(buf, '\\', 'b')
		case '\f':
			buf = append(buf, '\\', 'f')
		case '\n':
			buf = append(buf, '\\', 'n')
		case '\r':
			buf = append(buf, '\\', 'r')
		case '\t':
			buf = append(buf, '\\', 't')
		default:
			buf = append(buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		start = i + 1
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"'), seen&0x8080808080808080 == 0
}

// needsEscape8 reports whether any of the eight bytes of w is below 0x20,
// a quote or a backslash (SWAR: a byte b is flagged by the high bit of
// (b - n) &^ b, which is set exactly when b < n for n <= 0x80, without
// false negatives; a false positive only sends the loop to the byte path).
func needsEscape8(w uint64) bool {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	ctl := (w - ones*0x20) &^ w
	q := w ^ (ones * '"')
	quote := (q - ones) &^ q
	bs := w ^ (ones * '\\')
	backslash := (bs - ones) &^ bs
	return (ctl|quote|backslash)&highs != 0
}

var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

func ofMessageFast(m proto.Message) (string, error) {
	bp := bufPool.Get().(*[]byte)
	defer bufPool.Put(bp)
	var out []byte
	var err error
	c, isCase := m.(*shieldv1.Case)
	if isCase {
		out, err = appendCase((*bp)[:0], c)
	}
	if !isCase || errors.Is(err, errNilElement) {
		out, err = AppendCanonical((*bp)[:0], m)
	}
	if err != nil {
		return "", err
	}
	*bp = out
	return encode(sha256.Sum256(out)), nil
}
