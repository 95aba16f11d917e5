package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestVouchedDestination: money to an address only the action writes out
// is no new party when a system record vouches for the destination, in four
// languages; it still is when the record is negated or pending, or the
// counterparty is not verified.
func TestVouchedDestination(t *testing.T) {
	wd := consult.Action{Description: "Withdraw 50,000 USDC to the settlement address 0x9c4E...71aB", Service: "custody", Action: "withdrawals:create",
		Amount: 50000, Currency: "USD", Recipient: "0x9c4E2b7d0A1f3C5e8B6a4D2f0e9C7b5A3d1F71aB", Irreversible: true, DataCategories: []string{"financial"}}
	ctrl := consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "portal:fund/treasury", ClaimedIdentity: "Fund treasury lead", Verified: true, TrustTier: "controlled"}
	msg := "Please release 50,000 USDC to our settlement address for the month-end rebalance."
	runJ2(t, []j2case{
		{"English: whitelisted destination", consult.Case{Message: msg, Action: wd, Counterparty: ctrl,
			Facts: []consult.Fact{j2sys("f1", "The destination address was whitelisted 90 days ago.")}}, "newparty", false},
		{"Spanish: dirección de destino registrada", consult.Case{Message: msg, Action: wd, Counterparty: ctrl,
			Facts: []consult.Fact{j2sys("f1", "La dirección de destino está registrada en la lista blanca desde marzo.")}}, "newparty", false},
		{"German: Empfänger hinterlegt", consult.Case{Message: msg, Action: wd, Counterparty: ctrl,
			Facts: []consult.Fact{j2sys("f1", "Die Empfängeradresse ist seit 2024 hinterlegt.")}}, "newparty", false},
		{"French: destinataire enregistré", consult.Case{Message: msg, Action: wd, Counterparty: ctrl,
			Facts: []consult.Fact{j2sys("f1", "L'adresse du destinataire est enregistrée depuis 2024.")}}, "newparty", false},
		{"harmful: the destination is not whitelisted", consult.Case{Message: msg, Action: wd, Counterparty: ctrl,
			Facts: []consult.Fact{j2sys("f1", "The destination address is not whitelisted.")}}, "newparty", true},
		{"harmful: whitelisting pending", consult.Case{Message: msg, Action: wd, Counterparty: ctrl,
			Facts: []consult.Fact{j2sys("f1", "The destination address whitelisting is pending review.")}}, "newparty", true},
		{"harmful: an owner's note is no system record", consult.Case{Message: msg, Action: wd, Counterparty: ctrl,
			Facts: []consult.Fact{{ID: "f1", Statement: "The destination address was whitelisted last year, I think.", Source: consult.SourceCounterparty, Status: consult.FactAsserted}}}, "newparty", true},
	})
}
