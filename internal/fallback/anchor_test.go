package fallback

import (
	"math/rand"
	"strings"
	"testing"
)

var headPieces = []string{"disable", "Disabling", "turn", "turned off", "switching off", "waive", "WAIV", "bypass", "skip",
	"without the", "exempt from", "sin la", "sans l", "sans le", "desactivar", "deaktivieren", "ausschalten",
	"mfa", "MFA", "callback", "call-back", "the", "usual", "audit log", "review", "verificación", "encryption",
	"refund", "Cancel", "compensation", "reimburse", "remove the tax", "goodwill", "exempt",
	"ſkip", "diſable", "Kelvin", "K", "ſ", "é", "x", "_", "-", " ", "  ", "\t", "\n", ".", ",", "a1", "9",
	"without a", "without any", "any", "a", "auditing", "audit logs", "audit trail", "AUDIT", "single sign-on", "sso",
	"change ticket", "ticket", "security review", "verificacion", "llamada de verificacion", "verschlusselung",
	"two-factor", "2fa", "switched off", "exempted from", "sin el", "sans la", "journalisation", "\r", "\f", "\v", "Turn Off"}

func randomHeadText(r *rand.Rand) string {
	var b strings.Builder
	for n := r.Intn(14); n >= 0; n-- {
		b.WriteString(headPieces[r.Intn(len(headPieces))])
		if r.Intn(3) > 0 {
			b.WriteByte(" -.x"[r.Intn(4)])
		}
	}
	return b.String()
}

func checkHeadRE(t *testing.T, h *headRE, s string) {
	t.Helper()
	if got, want := h.FindString(s), h.re.FindString(s); got != want {
		t.Fatalf("%s: FindString(%q) = %q, want %q", h.re, s, got, want)
	}
	if got, want := h.MatchString(s), h.re.MatchString(s); got != want {
		t.Fatalf("%s: MatchString(%q) = %v, want %v", h.re, s, got, want)
	}
}

func TestHeadRE(t *testing.T) {
	cases := map[string]string{
		"none":        "Please pay the invoice today.",
		"skip":        "and skip the usual callback just this once",
		"late":        "we talked; then turn   off the   mfa please",
		"second":      "skipping lunch, then disable sso",
		"glued":       "xskip the callback",
		"long s":      "xſkip the callback and diſable mfa",
		"kelvin":      "Kelvin said: without any review",
		"sin":         "sin la verificación",
		"refund":      "payments:create Request a refund",
		"refundish":   "prerefund goodwill",
		"empty":       "",
		"nonascii":    "é skip é the callback",
		"head at end": "please sk",
	}
	for name, s := range cases {
		t.Run(name, func(t *testing.T) {
			checkHeadRE(t, ctlOffRE, s)
			checkHeadRE(t, moneyBackRE, s)
		})
	}
	r := rand.New(rand.NewSource(1))
	for range 20000 {
		s := randomHeadText(r)
		checkHeadRE(t, ctlOffRE, s)
		checkHeadRE(t, moneyBackRE, s)
	}
}

func FuzzHeadRE(f *testing.F) {
	for _, s := range []string{"skip the callback", "xſkip the review", "Refund it", "sin la llamada de verificación", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkHeadRE(t, ctlOffRE, s)
		checkHeadRE(t, moneyBackRE, s)
	})
}
