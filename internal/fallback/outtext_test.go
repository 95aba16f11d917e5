package fallback_test

import (
	"slices"
	"testing"

	"github.com/a2atrust/shield/internal/fallback"
)

// finalProbes are texts close to what finish masks or cleans, planted where
// compose quotes or names them.
var finalProbes = []string{
	"card 4111 1111 1111 1111 and IBAN DE89370400440532013000",
	"key sk_live_51Hx9zQ2kLmNoPqRsTuVwXyZ0123456789abcd or AKIAIOSFODNN7EXAMPL3",
	"token ghp_16C7e42F292c6912E7710c838347Ae178B4a, eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIx",
	"The password is X9!kQz7#pLm2, pin: 1234, otp=884213",
	"Passwort: hunter2x; ſecret: abc1234; \u212Aey: x",
	"URGENT\tpay\u200b now,  today\n",
	"password",
}

// TestComposeFinal runs every labelled case, plain and with texts close to
// secrets planted in the message, the action and the counterparty, and
// fails if compose calls final (to be passed through by finish) any text
// that finish's cleaning and masking would change.
func TestComposeFinal(t *testing.T) {
	var bad []string
	fallback.OnFinalViolation(func(s string) { bad = append(bad, s) })
	defer fallback.OnFinalViolation(nil)
	ids := evalIDs(t)
	for _, id := range ids {
		for i := -1; i < len(finalProbes); i++ {
			c := baseCase(t, id)
			if i >= 0 {
				p := finalProbes[i]
				c.Message = p + " " + c.Message + " " + p
				c.Action.Service += p
				c.Action.Action = p + c.Action.Action
				c.Action.Description += " " + p
				c.Counterparty.ClaimedIdentity += " " + p
				c.Counterparty.TrustTier = p
			}
			fallback.InspectCompose(c)
		}
	}
	if len(bad) > 0 {
		t.Errorf("%d texts called final that finish changes, the first: %q", len(bad), bad[0])
	}
}

// evalIDs returns the ids of the labelled cases baseCase knows.
func evalIDs(t *testing.T) []string {
	t.Helper()
	baseCase(t, "hw-dev-001") // loads them
	ids := make([]string, 0, len(evalCases))
	for id := range evalCases {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	if len(ids) < 100 {
		t.Fatalf("only %d labelled cases", len(ids))
	}
	return ids
}
