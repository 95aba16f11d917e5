// Package redact masks secrets in free text: API keys, access tokens,
// bearer tokens, JSON Web Tokens, passwords given as key=value, PEM private
// keys, payment card numbers (Luhn-checked) and IBANs (mod-97-checked).
//
// Shield quotes from the cases it analyses (a signal's observation, a
// claim's text), and those cases are untrusted text that may carry a
// secret the counterparty pasted or fished for. Every string of a record
// passes through String before it is stored or returned, so that a record
// log can be kept, shipped and read without becoming a store of secrets.
//
// Masking favours recall over precision: a masked word that was not a
// secret costs a reader a little context; an unmasked secret costs its
// owner the secret.
package redact

import (
	"regexp"
	"strings"
	"unicode"
)

// Mask is what a secret is replaced with; the kind of secret follows the
// colon, so that a reader still sees what was there.
const Mask = "[REDACTED]"

// pattern is one kind of secret.
type pattern struct {
	kind string
	re   *regexp.Regexp
	// keep is the number of leading submatches (after the whole match)
	// that are kept verbatim before the mask, e.g. the "password=" of an
	// assignment. 0 masks the whole match.
	keep int
	// check, when set, must accept the masked part of a match for it to be
	// masked: the Luhn check of a card number, the checksum of an IBAN.
	check func(string) bool
	// hint is a cheap substring test (lower case) that must pass before the
	// regular expression runs; empty runs it always.
	hints []string
}

// secretKeys are the names under which a secret is given as key=value.
const secretKeys = `(?:password|passwd|pwd|passphrase|passcode|secret|client[_-]?secret|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|private[_-]?key|pin|otp|cvv|cvc)`

// digits are the hints of the numeric patterns.
var digits = []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}

var secretHints = []string{"pass", "pwd", "secret", "key", "token", "pin", "otp", "cvv", "cvc"}

var patterns = []pattern{
	{kind: "private-key", re: regexp.MustCompile(`-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?s:.*?)(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)`), hints: []string{"private key"}},
	{kind: "jwt", re: regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*`), hints: []string{"eyj"}},
	{kind: "token", re: regexp.MustCompile(`(?i)(\b(?:bearer|basic|token)\s+)[A-Za-z0-9._~+/=-]{8,}`), keep: 1, check: hasDigitOrSymbol, hints: []string{"bearer", "basic", "token"}},
	{kind: "api-key", re: regexp.MustCompile(`\b(?:sk|pk|rk)[-_](?:live|test|proj|ant|or)?[-_]?[A-Za-z0-9_-]{16,}`), hints: []string{"sk-", "sk_", "pk_", "pk-", "rk_", "rk-"}},
	{kind: "aws-key", re: regexp.MustCompile(`\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b`), hints: []string{"akia", "asia", "agpa", "aida", "aroa"}},
	{kind: "github-token", re: regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})`), hints: []string{"gh", "github_pat_"}},
	{kind: "slack-token", re: regexp.MustCompile(`\bxox[abposr]-[A-Za-z0-9-]{10,}`), hints: []string{"xox"}},
	{kind: "google-key", re: regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{30,}`), hints: []string{"aiza"}},
	// A key followed by = or : gives its value away whatever it looks like.
	{kind: "secret", re: regexp.MustCompile(`(?i)(\b` + secretKeys + `\b["']?\s*[:=]\s*)("[^"\n]{1,200}"|'[^'\n]{1,200}'|[^\s,;"'<>]{3,200})`), keep: 1, hints: secretHints},
	// "my password is hunter2": prose, so only a value that does not read
	// as a word (it has a digit or a symbol) is taken for a secret.
	{kind: "secret", re: regexp.MustCompile(`(?i)(\b` + secretKeys + `\s+(?:is|was)\s+)("[^"\n]{1,200}"|'[^'\n]{1,200}'|[^\s,;"'<>]{3,200})`), keep: 1, check: hasDigitOrSymbol, hints: secretHints},
	{kind: "url-credentials", re: regexp.MustCompile(`(?i)(\b[a-z][a-z0-9+.-]*://[^\s/:@]{1,100}:)[^\s/@]{1,200}@`), keep: 1, hints: []string{"://"}},
	{kind: "card", re: regexp.MustCompile(`\b\d(?:[ -]?\d){12,18}\b`), check: luhn, hints: digits},
	{kind: "iban", re: regexp.MustCompile(`\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b`), check: ibanValid, hints: digits},
}

// String returns s with every secret it recognises replaced by
// "[REDACTED:kind]". It is idempotent: masking a masked string changes
// nothing.
func String(s string) string {
	if s == "" {
		return s
	}
	var lower string
	for i := range patterns {
		p := &patterns[i]
		if len(p.hints) > 0 {
			if lower == "" {
				lower = strings.ToLower(s)
			}
			if !containsAny(lower, p.hints) {
				continue
			}
		}
		s = p.replace(s)
		lower = "" // s may have changed
	}
	return s
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

func (p *pattern) replace(s string) string {
	idx := p.re.FindAllStringSubmatchIndex(s, -1)
	if len(idx) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range idx {
		start, end := m[0], m[1]
		kept := start
		if p.keep > 0 && m[2] >= 0 {
			kept = m[3]
		}
		if p.check != nil && !p.check(s[kept:end]) {
			continue
		}
		b.WriteString(s[last:kept])
		if strings.HasPrefix(s[kept:end], "[REDACTED") {
			// Already masked: keep as is, so that String is idempotent.
			b.WriteString(s[kept:end])
		} else {
			b.WriteString("[REDACTED:" + p.kind + "]")
		}
		last = end
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// hasDigitOrSymbol reports whether s has a character that is not a
// letter, which a word of prose rarely has and a token almost always does.
func hasDigitOrSymbol(s string) bool {
	s = strings.Trim(s, `"'`)
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// luhn reports whether the digits of s, 13 to 19 of them, pass the Luhn
// check that payment card numbers carry.
func luhn(s string) bool {
	var digits []int
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits = append(digits, int(r-'0'))
		}
	}
	if len(digits) < 13 || len(digits) > 19 {
		return false
	}
	sum := 0
	for i := len(digits) - 1; i >= 0; i-- {
		d := digits[i]
		if (len(digits)-1-i)%2 == 1 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

// ibanValid reports whether s is an IBAN whose ISO 7064 mod-97 check
// holds.
func ibanValid(s string) bool {
	s = strings.ReplaceAll(s, " ", "")
	if len(s) < 15 || len(s) > 34 {
		return false
	}
	rearranged := s[4:] + s[:4]
	rem := 0
	for _, r := range rearranged {
		switch {
		case r >= '0' && r <= '9':
			rem = (rem*10 + int(r-'0')) % 97
		case r >= 'A' && r <= 'Z':
			v := int(r-'A') + 10
			rem = (rem*100 + v) % 97
		default:
			return false
		}
	}
	return rem == 1
}
