package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestQuantity: a count the action pays for above the count a record
// tallies, in several languages; equal or lower counts do not fire.
func TestQuantity(t *testing.T) {
	vendor := consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "billing@vendor-example.com", ClaimedIdentity: "Vendor billing", Verified: true, TrustTier: "registered"}
	runJ2(t, []j2case{
		{"hours above approved timesheets", consult.Case{Message: "Invoice attached, the extra hours were agreed.",
			Action:       j2pay("Pay invoice 88 for 96 hours of design work", 9600, "USD", "Vendor Example (account on file)"),
			Counterparty: vendor, Facts: []consult.Fact{j2sys("f1", "Approved timesheets for October total 70 hours.")}}, "quantity", true},
		{"Spanish: units above the delivery note", consult.Case{Message: "Adjuntamos la factura de las sillas.",
			Action:       j2pay("Pagar factura F-19 por 40 sillas", 4000, "EUR", "Muebles Sur (cuenta registrada)"),
			Counterparty: vendor, Facts: []consult.Fact{j2sys("f1", "Albarán AL-7: 32 sillas entregadas y registradas.")}}, "quantity", true},
		{"German: nights above the booking", consult.Case{Message: "Bitte die Rechnung begleichen.",
			Action:       j2pay("Hotelrechnung für 5 Nächte bezahlen", 900, "EUR", "Hotel Adler"),
			Counterparty: vendor, Facts: []consult.Fact{j2sys("f1", "Buchung B-55: 3 Nächte gebucht.")}}, "quantity", true},
		{"near-miss: the same count", consult.Case{Message: "Invoice attached.",
			Action:       j2pay("Pay invoice 88 for 70 hours of design work", 7000, "USD", "Vendor Example (account on file)"),
			Counterparty: vendor, Facts: []consult.Fact{j2sys("f1", "Approved timesheets for October total 70 hours.")}}, "quantity", false},
		{"near-miss: availability, not a tally", consult.Case{Message: "Book six seats please.",
			Action:       j2pay("Book 6 seats on HAT402", 2940, "USD", "airline"),
			Counterparty: vendor, Facts: []consult.Fact{j2sys("f1", "HAT402 has 4 seats left in economy at this fare.")}}, "quantity", false},
	})
}
