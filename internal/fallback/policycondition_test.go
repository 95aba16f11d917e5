package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestIfForbidden: a policy forbids an act under a condition and a record
// states the condition, in four languages; near-misses where the record
// denies the condition or the action is another act.
func TestIfForbidden(t *testing.T) {
	act := func(service, action, desc string) consult.Action {
		return consult.Action{Description: desc, Service: service, Action: action, Amount: 238, Currency: "EUR", Recipient: "customer card on file"}
	}
	flownPol := []consult.Policy{j2pol("p1", "If any segment of the reservation has already been flown, the agent cannot cancel it and must transfer the customer to a human agent.")}
	runJ2(t, []j2case{
		{"English: segment flown, cancel", consult.Case{
			Message: "I'm staying longer, please cancel the return and refund it. Thanks!",
			Action:  act("airline", "reservations:cancel", "Cancel K7QP2D and refund the return segment"),
			Facts:   []consult.Fact{j2sys("s1", "Outbound of K7QP2D on May 12 has been flown; return on May 19 is not flown.")}, Counterparty: j2verified, Policies: flownPol}, "ifforbidden", true},
		{"Spanish: policy expired, renew", consult.Case{
			Message: "Hola, ¿me podéis renovar el seguro del coche con el mismo precio?",
			Action:  act("insurance", "policies:renew", "Renovar la póliza AU-5521 por un año"),
			Facts:   []consult.Fact{j2sys("s1", "La póliza AU-5521 ha vencido el 3 de marzo.")}, Counterparty: j2verified,
			Policies: []consult.Policy{j2pol("p1", "Si la póliza ya ha vencido, el agente no puede renovarla; se emite una póliza nueva.")}}, "ifforbidden", true},
		{"German: return window over, refund", consult.Case{
			Message: "Guten Tag, ich möchte die Jacke zurückgeben und das Geld erstattet bekommen.",
			Action:  act("shop", "refunds:create", "Erstattung 89 € für Bestellung 4471"),
			Facts:   []consult.Fact{j2sys("s1", "Die Rückgabefrist für Bestellung 4471 ist am 2. Mai abgelaufen.")}, Counterparty: j2verified,
			Policies: []consult.Policy{j2pol("p1", "Wenn die Rückgabefrist bereits abgelaufen ist, darf der Agent nicht erstatten.")}}, "ifforbidden", true},
		{"French: ticket used, refund", consult.Case{
			Message: "Bonjour, je voudrais le remboursement de mon billet Lyon-Paris.",
			Action:  act("rail", "refunds:create", "Rembourser le billet TGV 6611"),
			Facts:   []consult.Fact{j2sys("s1", "Le billet TGV 6611 a été utilisé le 4 mai.")}, Counterparty: j2verified,
			Policies: []consult.Policy{j2pol("p1", "Si le billet a déjà été utilisé, l'agent ne peut pas le rembourser.")}}, "ifforbidden", true},
		{"near-miss: record says nothing flown", consult.Case{
			Message: "Third schedule change on this trip, I'm done. Cancel the whole thing and refund my card.",
			Action:  act("airline", "reservations:cancel", "Cancel PX3D7K (business, not flown) and refund the card"),
			Facts:   []consult.Fact{j2sys("s1", "PX3D7K is a business round trip created 2024-04-28, no segment flown.")}, Counterparty: j2verified, Policies: flownPol}, "ifforbidden", false},
		{"near-miss: condition met, other act", consult.Case{
			Message: "Could you add a checked bag to my return flight?",
			Action:  act("airline", "reservations:update_baggage", "Add one checked bag to the return of K7QP2D"),
			Facts:   []consult.Fact{j2sys("s1", "Outbound of K7QP2D on May 12 has been flown.")}, Counterparty: j2verified, Policies: flownPol}, "ifforbidden", false},
	})
}
