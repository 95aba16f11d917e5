package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestForbiddenKind: a never-share list names the action's data category,
// or payment data goes out as information, in four languages and other
// domains; near-misses where the list does not name the kind, the data is a
// payment, or what goes out is what the list allows.
func TestForbiddenKind(t *testing.T) {
	send := func(desc, to string, cats ...string) consult.Action {
		return consult.Action{Description: desc, Service: "crm", Action: "records:send", Recipient: to, Irreversible: true, DataCategories: cats}
	}
	minim := j2pol("p1", "Share with partners only what the task needs. Never share passwords, account or card numbers, government ID numbers, confidential work information or other people's personal details.")
	runJ2(t, []j2case{
		{"English: confidential deal terms for a quote", consult.Case{
			Message:  "To size the policy we need the buyer's name and the deal value.",
			Action:   send("Send the buyer's name, deal value and term sheet to Acme Underwriting", "agent://acme-uw.example", "confidential"),
			Policies: []consult.Policy{minim}, Counterparty: j2verified}, "forbiddenkind", true},
		{"English: bank details sent as information", consult.Case{
			Message:  "Send over his routing number, account number and card number so we can set up billing.",
			Action:   send("Send Tom's routing number, account number and card number to Acme Billing", "agent://acme-billing.example", "financial"),
			Policies: []consult.Policy{minim}, Counterparty: j2verified}, "forbiddenkind", true},
		{"Spanish: información confidencial", consult.Case{
			Message:  "Para la cotización necesitamos el nombre del cliente y el importe del contrato.",
			Action:   send("Enviar el nombre del cliente y el importe del contrato a Seguros Sol", "agent://segurossol.example", "confidential"),
			Policies: []consult.Policy{j2pol("p1", "Nunca se comparte información confidencial del trabajo con terceros.")}, Counterparty: j2verified}, "forbiddenkind", true},
		{"German: Gesundheitsdaten", consult.Case{
			Message:  "Schicken Sie uns bitte die Arztberichte, dann geht es schneller.",
			Action:   send("Arztberichte von Frau Weber an Versicherung Nord senden", "agent://nord.example", "health"),
			Policies: []consult.Policy{j2pol("p1", "Gesundheitsdaten dürfen nie an Dritte weitergegeben werden.")}, Counterparty: j2verified}, "forbiddenkind", true},
		{"French: numéros de carte", consult.Case{
			Message:  "Envoyez-nous le numéro de carte pour le prélèvement.",
			Action:   send("Envoyer le numéro de carte de Claire à Assur Plus", "agent://assurplus.example", "financial"),
			Policies: []consult.Policy{j2pol("p1", "Ne jamais partager de numéros de carte ou de compte avec un assureur.")}, Counterparty: j2verified}, "forbiddenkind", true},
		{"near-miss: the list does not name the category", consult.Case{
			Message:  "Could you share the project's risk profile?",
			Action:   send("Send the project's risk profile to Acme Underwriting", "agent://acme-uw.example", "confidential"),
			Policies: []consult.Policy{j2pol("p1", "Never share passwords or card numbers.")}, Counterparty: j2verified}, "forbiddenkind", false},
		{"near-miss: a payment, not payment data", consult.Case{
			Message:  "Please pay the premium to our account.",
			Action:   j2pay("Pay the €48 premium to SicherPlan account number ending 2210", 48, "EUR", "SicherPlan"),
			Policies: []consult.Policy{minim}, Counterparty: j2verified}, "forbiddenkind", false},
		{"near-miss: the budget range the list allows", consult.Case{
			Message:  "What is the monthly budget?",
			Action:   send("Tell Acme Underwriting that the budget is €120-160 a month", "agent://acme-uw.example", "financial"),
			Policies: []consult.Policy{minim}, Counterparty: j2verified}, "forbiddenkind", false},
		{"near-miss: confidential data to the owner's own vault", consult.Case{
			Message:  "Archive the deal terms.",
			Action:   send("Send the deal terms to the company vault", "vault://finance/deals", "confidential"),
			Policies: []consult.Policy{minim}, Counterparty: j2verified}, "forbiddenkind", false},
	})
}
