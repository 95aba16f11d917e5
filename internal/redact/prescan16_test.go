package redact

import (
	"strings"
	"testing"
)

// prescan16 is prescan as it was before its fused word loop (perf16): one
// byte class per byte, mayStartKey at every word start, wordEnd after it.
// prescan must return its gates exactly.
func prescan16(s string) uint16 {
	var g uint16
	inWord := false
	for i := 0; i < len(s); {
		c := s[i]
		switch cl := byteClass[c]; {
		case cl == cWord:
			if !inWord && (c < 'a' || mayStartKey(s, i)) {
				g |= wordGates(s, i)
			}
			inWord = true
			i = wordEnd(s, i+1)
		case cl&cDigit != 0:
			var digits int
			i, digits = digitRun(s, i)
			if digits >= 13 {
				g |= gCard
			}
			inWord = true
		default:
			inWord = false
			if cl&cSpecial != 0 {
				g |= specialGates(s[i:])
			}
			i++
		}
	}
	return g
}

// prescanPieces are what TestPrescanMatches16 builds texts from: words of
// every length around the eight-byte load, each kind of word start, the
// separators the fused loop steps over and those it stops at.
var prescanPieces = []string{" ", " ", " ", "  ", "\t", "\n", ".", ",", "-", ":", "_", "'", "\"", "(", "\xc5\xbf", "\xe2\x84\xaa", "\xff",
	"a", "to", "the", "pay", "bank", "thanks", "account", "verified", "confirmation", "counterparty", "xox", "x",
	"The", "A", "AB12", "DE89", "AKIA", "AIza", "eyJ", "sk-", "sk_", "pk", "rk-", "gh", "ghp_", "github_pat_",
	"pass", "password", "Password", "PWD", "pin", "token", "Token", "bearer", "basic", "secret", "client", "api", "access",
	"auth", "refresh", "private", "otp", "cvv", "cvc", "is", "was", "=", ": ", "://", "-----BEGIN ",
	"0", "1", "12", "1234", "123456789", "4111 1111 1111 1111", "9 9 9", "abcdefgh1", "x1y2z3", "_a", "a_", "é",
}

// TestPrescanMatches16 holds prescan to prescan16 on random texts of
// prescanPieces, on every string of the redaction fixtures and the typical
// record, and on each of those cut at every byte.
func TestPrescanMatches16(t *testing.T) {
	texts := recordStrings(t)
	for _, tc := range benchTexts() {
		texts = append(texts, strings.Split(tc.s, "\x00")...)
	}
	texts = append(texts, prescanCases...)
	rnd := uint64(17)
	for range 20000 {
		var b strings.Builder
		for b.Len() < 40 {
			rnd = rnd*6364136223846793005 + 1442695040888963407
			b.WriteString(prescanPieces[(rnd>>33)%uint64(len(prescanPieces))])
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		for i := 0; i <= len(s); i++ {
			for _, part := range []string{s[:i], s[i:]} {
				if got, want := prescan(part), prescan16(part); got != want {
					t.Fatalf("prescan(%q) = %013b, want %013b", part, got, want)
				}
			}
		}
	}
}

// FuzzPrescanMatches16 holds prescan to prescan16 on any text.
func FuzzPrescanMatches16(f *testing.F) {
	for _, s := range prescanCases {
		f.Add(s)
	}
	f.Add("The counterparty asks to pay invoice INV-20931 now: password = x1, token abcdefgh1.")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := prescan(s), prescan16(s); got != want {
			t.Fatalf("prescan(%q) = %013b, want %013b", s, got, want)
		}
	})
}

// TestStartBits checks that startBits passes every word start that
// startTriples passes: every letter and '_' with every second and third
// byte.
func TestStartBits(t *testing.T) {
	for a := range 256 {
		if !isWord(byte(a)) || isDigit(byte(a)) {
			continue
		}
		for b := range 256 {
			for c := range 256 {
				s := string([]byte{byte(a), byte(b), byte(c)})
				if mayStartKey(s, 0) && startBits[a&31<<5|b&31]>>(c&31)&1 == 0 {
					t.Fatalf("startBits misses %q", s)
				}
			}
		}
	}
}
