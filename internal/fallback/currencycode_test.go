package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestPreconditionCurrencyCode: a policy threshold written with the currency
// code before the number ("above EUR 10,000", "über CHF 5'000") still ties
// the policy's condition to the action, so a record saying the condition is
// unmet is read.
func TestPreconditionCurrencyCode(t *testing.T) {
	vendor := j2verified
	runJ2(t, []j2case{
		{"EUR code before the threshold, PO missing", consult.Case{Message: "Please prepay the servers today.",
			Action:       j2pay("Prepay EUR 40,000 to Nordrack for storage servers", 40000, "EUR", "Nordrack AB"),
			Counterparty: vendor,
			Facts:        []consult.Fact{j2sys("f1", "No approved purchase order exists for the storage servers.")},
			Policies:     []consult.Policy{j2pol("p1", "Purchases above EUR 10,000 require an approved purchase order before any payment.")}}, "precondition", true},
		{"USD code, below the threshold", consult.Case{Message: "Please pay the small order.",
			Action:       j2pay("Pay USD 2,000 to Nordrack for cables", 2000, "USD", "Nordrack AB"),
			Counterparty: vendor,
			Facts:        []consult.Fact{j2sys("f1", "No approved purchase order exists for the cables.")},
			Policies:     []consult.Policy{j2pol("p1", "Purchases above USD 10,000 require an approved purchase order before any payment.")}}, "precondition", false},
	})
}
