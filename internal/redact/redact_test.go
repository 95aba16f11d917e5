package redact

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestString(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		secret   string // must be gone from the output
		wantKind string // the mask that must appear
	}{
		{"openai key", "use sk-proj-AbCdEf0123456789xyzXYZ for the call", "AbCdEf0123456789xyz", "api-key"},
		{"stripe key", "key sk_live_51HabcdefGHIJKLmnop42", "51HabcdefGHIJKLmnop42", "api-key"},
		{"aws key", "AWS AKIAIOSFODNN7EXAMPLE here", "AKIAIOSFODNN7EXAMPLE", "aws-key"},
		{"github token", "ghp_0123456789abcdefghijABCDEFGHIJ012345", "0123456789abcdefghijABCDEFGHIJ", "github-token"},
		{"slack token", "xoxb-1234567890-abcdefghij", "1234567890-abcdefghij", "slack-token"},
		{"google key", "AIzaSyA1234567890abcdefghijklmnopqrstu", "SyA1234567890abcdefghijklmnopqrstu", "google-key"},
		{"jwt", "token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.sig_abc-123", "eyJzdWIiOiIxMjMifQ", "jwt"},
		{"bearer", "Authorization: Bearer abc123def456ghi789", "abc123def456ghi789", "token"},
		{"password assignment", "login with password=hunter2now please", "hunter2now", "secret"},
		{"password colon quoted", `password: "correct horse battery"`, "correct horse battery", "secret"},
		{"password prose", "my password is Tr0ub4dor&3", "Tr0ub4dor&3", "secret"},
		{"api_key json", `{"api_key": "abcd-1234-efgh"}`, "abcd-1234-efgh", "secret"},
		{"pin", "the PIN: 4921", "4921", "secret"},
		{"card inside a password value", "pAssword:!0 000000000000", "000000000000", "secret"},
		{"url credentials", "postgres://admin:s3cr3tpw@db.internal/prod", "s3cr3tpw", "url-credentials"},
		{"card spaced", "card 4111 1111 1111 1111 exp 12/29", "4111 1111 1111 1111", "card"},
		{"card plain", "pay with 5555555555554444.", "5555555555554444", "card"},
		{"iban", "send to DE89 3704 0044 0532 0130 00 today", "3704 0044 0532 0130", "iban"},
		{"private key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nabc\n-----END RSA PRIVATE KEY----- done", "MIIEow", "private-key"},
		{"private key cut", "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkq", "MIIEvQIBADANBgkq", "private-key"},
		{"long s key word", "Use ſecret: Abc12345 now", "Abc12345", "secret"},
		{"long s after a key", "password: 1 xſecret: abc1234", "abc1234", "secret"},
		{"kelvin sign key word", "api_Key=zz9911aa77", "zz9911aa77", "secret"},
		{"long s prose", "my paſſword is Tr0ub4dor&3", "Tr0ub4dor&3", "secret"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := String(tc.in)
			if strings.Contains(got, tc.secret) {
				t.Errorf("String(%q) = %q, still holds %q", tc.in, got, tc.secret)
			}
			if !strings.Contains(got, "[REDACTED:"+tc.wantKind+"]") {
				t.Errorf("String(%q) = %q, want a %s mask", tc.in, got, tc.wantKind)
			}
			if again := String(got); again != got {
				t.Errorf("not idempotent: %q then %q", got, again)
			}
		})
	}
}

func TestStringKeepsOrdinaryText(t *testing.T) {
	for _, s := range []string{
		"",
		"The counterparty asks for the password or a one-time code.",
		"Refund order 1182 to a new card ending 4242.",
		"Verify the bank change with a call to the number on file.",
		"Bearer tokens are not shared over chat.",
		"The basic information was provided.",
		"Order number 1234567890123 is pending.", // fails the Luhn check
		"Your password is required to continue.",
		"Sensitive: sk- prefixes and AKIA prefixes alone are not keys.",
		"Urgent: wire 40,000 EUR before 5pm.",
		"Uſe the Kelvin scale: 300 K is warm; keep the ſecret safe", // compatibility runes, no secret
	} {
		if got := String(s); got != s {
			t.Errorf("String(%q) = %q, want it unchanged", s, got)
		}
	}
}

func TestLuhnAndIBAN(t *testing.T) {
	tests := []struct {
		name string
		f    func(string) bool
		in   string
		want bool
	}{
		{"visa", luhn, "4111111111111111", true},
		{"visa typo", luhn, "4111111111111112", false},
		{"too short", luhn, "424242424242", false},
		{"iban de", ibanValid, "DE89 3704 0044 0532 0130 00", true},
		{"iban gb", ibanValid, "GB82WEST12345698765432", true},
		{"iban bad", ibanValid, "DE89 3704 0044 0532 0130 01", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.f(tc.in); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func FuzzString(f *testing.F) {
	for _, s := range []string{"password=hunter2", "sk-proj-0123456789abcdefXYZ", "4111 1111 1111 1111",
		"-----BEGIN PRIVATE KEY-----\nabc", "Bearer abc.def.ghi123", "plain text", "DE89370400440532013000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := String(s)
		if again := String(got); again != got {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, got, again)
		}
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("valid UTF-8 %q became invalid: %q", s, got)
		}
		if !strings.Contains(s, "REDACTED") && strings.Count(got, "[REDACTED:") == 0 && got != s {
			t.Fatalf("changed without a mask: %q -> %q", s, got)
		}
	})
}

// benchTexts are what String sees: the strings of a record (short, often
// with amounts, ids and dates), a long prose paragraph, and 5,000 characters
// of random text with digits, capitals and punctuation (the worst case for
// the digit-triggered card and IBAN patterns).
func benchTexts() []struct{ name, s string } {
	record := []string{
		"Do not pay invoice INV-5521 ($4,900.00) to the new account until the bank change is confirmed by a call to the number on file.",
		"The counterparty asks to skip the callback on a $48,250.00 payment due 2024-05-15 (policy P-7: changes need two approvals).",
		"Verify order 1182 with the customer before refunding $129.00 to card ending 4242.",
		"Unverified sender ar@norden-tools-billing.com claims to be Norden Tools Accounts Receivable.",
		"…please pay invoice INV-5521 ($4,900.00) to our new account today and skip the usual callback just this once.",
		"Ask for the purchase order number and the date of the original booking (13 days ago).",
	}
	var b strings.Builder
	rnd := uint64(42)
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789      .,:;-=/$()'\"\n"
	for b.Len() < 5000 {
		rnd = rnd*6364136223846793005 + 1442695040888963407
		b.WriteByte(alphabet[(rnd>>33)%uint64(len(alphabet))])
	}
	return []struct{ name, s string }{
		{"record", strings.Join(record, "\x00")},
		{"prose1600", strings.Repeat("The counterparty says the invoice is overdue and asks to change the bank account. ", 20)},
		{"random5000", b.String()},
	}
}

// BenchmarkString measures String on typical record strings (the record
// case runs each of six strings once per iteration), a prose paragraph and
// 5,000 characters of random text.
func BenchmarkString(b *testing.B) {
	for _, tc := range benchTexts() {
		parts := strings.Split(tc.s, "\x00")
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.s)))
			b.ReportAllocs()
			for b.Loop() {
				for _, p := range parts {
					String(p)
				}
			}
		})
	}
}

// FuzzPrescan checks the two shortcuts String takes: a pattern skipped by
// prescan's gates cannot match, and the anchored, windowed search of the
// card and IBAN patterns finds exactly the matches of the whole-text search.
func FuzzPrescan(f *testing.F) {
	for _, s := range []string{"4111 1111 1111 1111", "x 4111-1111-1111-1111 y 5555555555554444 1 2 3 4 5 6 7 8 9 0 1 2 3",
		"DE89370400440532013000", "send to DE89 3704 0044 0532 0130 00 today, GB82WEST12345698765432.", "AB12 CD34",
		"github_pat_0123456789abcdefghij0123", "ghp_0123456789abcdefghijABCDEFGHIJ012345", "\u212aey: abcdef", "PAſſWORD=abc123",
		"Bearer abc.def.ghi123", "postgres://u:p@h", "AKIAIOSFODNN7EXAMPLE", "xoxb-1234567890-abcdefghij",
		"my password is hunter2!", "pin: 1234", "api_key = sk_abc", "token abcdefgh1", "Basic dXNlcjpwYXNz", "secret\t:x",
		"pass'  = y", "KEY=abc", "the passenger is late", "pwd was Xy9!", "client-secret\n= q", "otp\vis 12ab34"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g := prescan(s)
		for i := range patterns {
			p := &patterns[i]
			if g&p.gate == 0 && p.re.MatchString(s) {
				t.Fatalf("pattern %d (%s) matches %q but its gate is off", i, p.kind, s)
			}
			if p.at != nil {
				want := p.re.FindAllStringSubmatchIndex(s, -1)
				got := p.matches(s)
				if len(want) != len(got) {
					t.Fatalf("%s in %q: windowed %v, whole text %v", p.kind, s, got, want)
				}
				for j := range want {
					if want[j][0] != got[j][0] || want[j][1] != got[j][1] {
						t.Fatalf("%s in %q: windowed %v, whole text %v", p.kind, s, got, want)
					}
				}
			}
		}
	})
}

// TestStartPairs checks wordGates' filter: a word whose first three letters
// are not in startTriples must be one keyWordGates finds nothing in.
func TestStartPairs(t *testing.T) {
	tails := []string{"", "-0123456789abcdefghijklmnop", "_0123456789abcdefghijklmnop", ": hunter2", "= x1", " is hunter2!",
		" was x1y2z3", " abcdefgh12345678", "_pat_0123456789abcdefghij0123", "b-1234567890abc", "FODNN7EXAMPLE1234",
		"SyA0123456789abcdefghijklmnopqrstuv", ".eyJzdWIiOiIxIn0.abc", "word-secret: v", "_token=abc"}
	var words []string
	for _, w := range wordStarts {
		words = append(words, w, strings.ToUpper(w), strings.ToLower(w), strings.ToUpper(w[:1])+w[1:])
	}
	for a := 0; a < 256; a++ {
		for _, b := range []byte("aAzZkKyY0_-: ") {
			words = append(words, string([]byte{byte(a), b}))
		}
	}
	for _, w := range words {
		for _, tail := range tails {
			s := w + tail
			if !isWord(s[0]) || len(s) < 2 {
				continue
			}
			if got, all := wordGates(s, 0), keyWordGates(s, 0); all&^got != 0 {
				t.Errorf("wordGates(%q) = %b, misses %b", s, got, all&^got)
			}
		}
	}
}
