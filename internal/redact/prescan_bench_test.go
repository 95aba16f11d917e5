package redact

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// recordStrings are the 32 strings that record.Repair passes to String for
// the typical case (examples/vendor-bank-change.json), one Go-quoted string
// a line: what BenchmarkServeFixedAnalysis/typical redacts per call.
func recordStrings(tb testing.TB) []string {
	tb.Helper()
	b, err := os.ReadFile("testdata/record-strings.txt")
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		s, err := strconv.Unquote(line)
		if err != nil {
			tb.Fatalf("%s: %v", line, err)
		}
		out = append(out, s)
	}
	return out
}

// BenchmarkPrescan measures prescan alone on the typical record's strings
// and on the texts of BenchmarkString.
func BenchmarkPrescan(b *testing.B) {
	cases := []struct {
		name  string
		parts []string
	}{{"record32", recordStrings(b)}}
	for _, tc := range benchTexts() {
		cases = append(cases, struct {
			name  string
			parts []string
		}{tc.name, strings.Split(tc.s, "\x00")})
	}
	for _, tc := range cases {
		n := 0
		for _, p := range tc.parts {
			n += len(p)
		}
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(n))
			var g uint16
			for b.Loop() {
				for _, p := range tc.parts {
					g |= prescan(p)
				}
			}
			sink = g
		})
	}
}

// BenchmarkStringRecord32 measures String on the typical record's strings.
func BenchmarkStringRecord32(b *testing.B) {
	parts := recordStrings(b)
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range parts {
			String(p)
		}
	}
}

var sink uint16
