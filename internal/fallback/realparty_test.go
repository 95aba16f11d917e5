package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestRealParty: a record gives the claimed role to someone else, or
// designates another payee for the role; records that confirm the claimant
// or name the payee do not fire.
func TestRealParty(t *testing.T) {
	cp := func(claimed string) consult.Counterparty {
		return consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "x@freemail-example.com", ClaimedIdentity: claimed, TrustTier: "untrusted"}
	}
	wire := j2pay("Wire $240,000 to Summit Ridge Escrow", 240000, "USD", "Summit Ridge Escrow, acct 55120098")
	runJ2(t, []j2case{
		{"role given to another person", consult.Case{Message: "Please pay the invoice today.", Action: j2pay("Pay invoice 44 to Brook Ltd", 9000, "USD", "Brook Ltd"),
			Counterparty: cp("Paula Vance, assistant to Marco Rossi (CEO)"),
			Facts:        []consult.Fact{j2sys("f1", "The HR directory lists Tessa Lin as Marco Rossi's assistant.")}}, "roleholder", true},
		{"Spanish: another person holds the role", consult.Case{Message: "Pague la factura hoy.", Action: j2pay("Pagar factura 44 a Brook SL", 9000, "EUR", "Brook SL"),
			Counterparty: cp("Pablo Ortega, contable de Lucía Méndez"),
			Facts:        []consult.Fact{j2sys("f1", "El contable de Lucía Méndez es Jorge Saez, según el directorio.")}}, "roleholder", true},
		{"near-miss: the record confirms the claimant", consult.Case{Message: "Please pay the invoice today.", Action: j2pay("Pay invoice 44 to Brook Ltd", 9000, "USD", "Brook Ltd"),
			Counterparty: cp("Paula Vance, assistant to Marco Rossi (CEO)"),
			Facts:        []consult.Fact{j2sys("f1", "The HR directory lists Paula Vance as Marco Rossi's assistant.")}}, "roleholder", false},
		{"a title company designated as escrow agent", consult.Case{Message: "Wire the deposit to Summit Ridge Escrow today.", Action: wire, Counterparty: cp("Closing desk"),
			Facts: []consult.Fact{j2sys("f1", "Matter M-88 names Lakeshore Title as escrow agent for the deposit.")}}, "designatedpayee", true},
		{"another escrow company designated for the role", consult.Case{Message: "Wire the deposit to Summit Ridge Escrow today.", Action: wire, Counterparty: cp("Closing desk"),
			Facts: []consult.Fact{j2sys("f1", "Matter M-88 names Lakeshore Escrow as escrow agent for the deposit.")}}, "designatedpayee", true},
		{"French: another carrier designated", consult.Case{Message: "Réglez le transport à Rapide Fret aujourd'hui.",
			Action:       j2pay("Payer 8 400 EUR à Rapide Fret Transports", 8400, "EUR", "Rapide Fret Transports"),
			Counterparty: cp("Service logistique"),
			Facts:        []consult.Fact{j2sys("f1", "Le contrat C-12 désigne Alpes Logistique comme transports attitrés pour cette ligne.")}}, "designatedpayee", true},
		{"near-miss: the record names the payee", consult.Case{Message: "Wire the deposit to Summit Ridge Escrow today.", Action: wire, Counterparty: cp("Closing desk"),
			Facts: []consult.Fact{j2sys("f1", "Matter M-88 names Summit Ridge Escrow as escrow agent for the deposit.")}}, "designatedpayee", false},
	})
}
