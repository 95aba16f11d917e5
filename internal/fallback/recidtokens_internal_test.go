package fallback

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// recIDTokensRef is recIDTokens as it was before its byte-class table: the
// differential tests hold the table version to it.
func recIDTokensRef(s string, out []string) []string {
	for i := 0; i < len(s); {
		if !isIDByte(s[i]) {
			i++
			continue
		}
		j := i
		letters, digits, hyphen := 0, 0, false
		for j < len(s) && (isIDByte(s[j]) || s[j] == '-') {
			switch c := s[j]; {
			case c >= '0' && c <= '9':
				digits++
			case c == '-':
				hyphen = true
			default:
				letters++
			}
			j++
		}
		short := letters+digits == 4 && hyphen && !isDigitByte(s[i])
		if (letters+digits >= 5 || short) && (letters > 0 && digits >= 2 || letters == 0 && digits >= 6 && !hyphen) {
			out = append(out, strings.ToUpper(strings.ReplaceAll(s[i:j], "-", "")))
		}
		i = j
	}
	return out
}

var recIDSeeds = []string{
	"", "-", "A-118", "a-118", "10am", "1-118", "INV-20931 for $48,250.00", "account 4410029381, routing 061000227",
	"MSKU 448120-7 and MSKU4481207", "2021-03-04", "--AB12--", "ab12c", "ab1cd", "123456", "12345-6", "x9y8z7",
	"Vendor master lists a remittance account ending 7710 at Wells Fargo, unchanged since 2021.",
	"pedido Nº ES-44812 ", "\xff\xfeAB-1234\x00", "ÄB1234 ü-5678x", strings.Repeat("a1-", 40),
}

// TestRecIDTokens holds the table version of recIDTokens to the byte tests
// it replaced.
func TestRecIDTokens(t *testing.T) {
	for _, s := range recIDSeeds {
		t.Run(s, func(t *testing.T) {
			if diff := cmp.Diff(recIDTokensRef(s, nil), recIDTokens(s, nil)); diff != "" {
				t.Errorf("recIDTokens(%q) (-want +got):\n%s", s, diff)
			}
		})
	}
}

func FuzzRecIDTokens(f *testing.F) {
	for _, s := range recIDSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if diff := cmp.Diff(recIDTokensRef(s, nil), recIDTokens(s, nil)); diff != "" {
			t.Fatalf("recIDTokens(%q) (-want +got):\n%s", s, diff)
		}
	})
}
