package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestRecipientExplained: a payment's named payee and the verified
// counterparty's own domain are not "new parties"; an account number, a
// personal-data release or an unverified counterparty still are.
func TestRecipientExplained(t *testing.T) {
	partner := consult.Counterparty{Type: consult.CounterpartyAgent, Reference: "agent://fernhill-foods.com/data", ClaimedIdentity: "Fernhill Foods data agent", Verified: true, TrustTier: "registered"}
	colleague := consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "Ines Roth (ines.roth@owner-example.com)", ClaimedIdentity: "Ines Roth", Verified: true, TrustTier: "registered"}
	runJ2(t, []j2case{
		{"internal colleague books a hotel with the chain", consult.Case{Message: "Please book the Hotel Adlon for the board offsite, two nights.",
			Action:       consult.Action{Description: "Book 2 nights at Hotel Adlon Kempinski, EUR 1,240", Service: "travel", Action: "bookings:create", Amount: 1240, Currency: "EUR", Recipient: "Kempinski Hotels", DataCategories: []string{"financial"}},
			Counterparty: colleague}, "newparty", false},
		{"tax payment to the revenue office", consult.Case{Message: "Le paiement de la TVA de novembre est dû aujourd'hui, merci de l'envoyer.",
			Action:       consult.Action{Description: "Pay November VAT EUR 9,310", Service: "tax", Action: "payments:create", Amount: 9310, Currency: "EUR", Recipient: "Direction générale des Finances publiques", DataCategories: []string{"financial"}},
			Counterparty: colleague}, "newparty", false},
		{"report to the partner's own SFTP", consult.Case{Message: "Please send October's aggregated sales report as usual.",
			Action:       consult.Action{Description: "Send aggregated October sales report", Service: "partners", Action: "reports:send", Recipient: "sftp://files.fernhill-foods.com/in", DataCategories: []string{"financial", "business_confidential"}},
			Counterparty: partner}, "newparty", false},
		{"the message steers the payment to a named third party", consult.Case{Message: "Going forward please pay our invoices to our factoring partner Apex Capital.",
			Action:       consult.Action{Description: "Pay invoice 4471, EUR 9,800", Service: "bank", Action: "payments:create", Amount: 9800, Currency: "EUR", Recipient: "Apex Capital", DataCategories: []string{"financial"}},
			Counterparty: partner}, "newparty", true},
		{"payment to a new account number", consult.Case{Message: "Please pay the settlement to this account.",
			Action:       consult.Action{Description: "Pay settlement EUR 7,200", Service: "bank", Action: "payments:create", Amount: 7200, Currency: "EUR", Recipient: "Hartmann Agrar KG, IBAN DE44500105175407324931", DataCategories: []string{"financial"}},
			Counterparty: colleague}, "newparty", true},
		{"personal data to an unnamed third party", consult.Case{Message: "Send the attendee list to our events agency.",
			Action:       consult.Action{Description: "Send attendee list with names and emails", Service: "crm", Action: "lists:send", Recipient: "Brightline Events Agency", DataCategories: []string{"pii"}},
			Counterparty: partner}, "newparty", true},
		{"partner asks for a report to another company's domain", consult.Case{Message: "Please send the report to our analytics provider.",
			Action:       consult.Action{Description: "Send aggregated October sales report", Service: "partners", Action: "reports:send", Recipient: "sftp://ingest.quantavista-analytics.com/in", DataCategories: []string{"financial", "business_confidential"}},
			Counterparty: partner}, "newparty", true},
	})
}
