package fallback_test

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/fallback"
)

// TestAssertions: the counterparty's value for an attribute (a limit, a
// deductible, a fee, a discount, the date or time of an event, a count, a
// cabin, paid or not, refundable or not, in force or not, insured or not,
// delivered or not, where a thing was sent) against a record's value for
// the same attribute of the same thing, in four languages and several
// formats; and the near-misses that must stay quiet: the same value written
// another way, an offer or a proposal, another thing, a value the record
// holds elsewhere.
func TestAssertions(t *testing.T) {
	cases := []struct {
		name, msg, record string
		want              bool
	}{
		// amounts bound to their attribute
		{"a cover limit misquoted", "My policy covers watches up to $20,000, so settle the stolen watch at $14,000.",
			"Policy HO-4410: theft of watches is limited to $3,000 per claim.", true},
		{"German: Deckungssumme misquoted", "Ihre Berufshaftpflicht deckt nur 200.000 €, Sie brauchen mehr.",
			"Die Berufshaftpflicht hat eine Deckungssumme von 2.000.000 € je Schadenfall.", true},
		{"a deductible misquoted", "With the €1,500 deductible on your current plan every claim costs you.",
			"The plan's annual deductible is €300.", true},
		{"Spanish: franquicia misquoted", "Su póliza de hogar tiene una franquicia de 900 €, así que no compensa reclamar.",
			"Póliza de hogar PH-2210: franquicia de 150 €.", true},
		{"a discount a quote does not hold", "As your manager confirmed, we get 30% discount on the renewal.",
			"Renewal quote Q-7731: list price less a 5% loyalty discount; no other discount recorded.", true},
		{"near-miss: the same limit in another format", "The policy covers watches up to 3000 USD.",
			"Policy HO-4410: theft of watches is limited to $3,000 per claim.", false},
		{"near-miss: 1 Mio. € is 1.000.000 €", "Ihre Berufshaftpflicht deckt 1 Mio. € je Schadenfall.",
			"Die Berufshaftpflicht hat eine Deckungssumme von 1.000.000 € je Schadenfall.", false},
		{"near-miss: a new quote's limit", "Our quote raises the watch limit to $10,000 for $6 a month.",
			"Policy HO-4410: theft of watches is limited to $3,000 per claim.", false},
		{"near-miss: a price per month is no limit", "Watch cover costs $12 a month on top of the policy.",
			"Policy HO-4410: theft of watches is limited to $3,000 per claim.", false},
		{"near-miss: the record's figure set beside another", "Your deductible is €300 now; the Plus plan has €100.",
			"The plan's annual deductible is €300.", false},

		// dates and times of events
		{"a cancellation date moved back", "I cancelled my Studio plan on March 2nd, so refund April and May.",
			"Account A-5521: the Studio plan cancellation was submitted on 18 May 2026.", true},
		{"an expiry brought forward", "Your Hausrat policy expires on 1 April, sign the new one now.",
			"The Hausrat policy runs until 31 December and renews automatically.", true},
		{"French: une date de livraison", "La commande CM-4410 a été livrée le 2 mars, comme convenu.",
			"Commande CM-4410 : livrée le 19 mars au dépôt de Lyon.", true},
		{"a return time", "I dropped the van at the depot at 09:30, well before noon.",
			"Check-in of van RA-5512: returned to the depot at 15:10.", true},
		{"near-miss: an ISO date is the same date", "I sent the parcel back on 3 March and it arrived on the 6th.",
			"Return of order 44120: shipped by the customer 2026-03-03, received 2026-03-06.", false},
		{"near-miss: 2:05 pm is 14:05", "The flight got in at 2:05 pm, three hours late.",
			"HAT212 arrived at 14:05 against a scheduled 11:05.", false},
		{"near-miss: a date proposed", "We can start the new plan on April 15 if you like.",
			"The current plan runs until 31 March.", false},

		// counts
		{"German: gelieferte Stückzahl", "Wir haben am 3. März 500 Stück geliefert, bitte zahlen Sie.",
			"Wareneingang WE-5512: 320 Stück am 3. März gebucht.", true},
		{"Spanish: palés entregados", "Entregamos 40 palés en el almacén, paguen la factura.", "Recepción en el almacén: 28 palés recibidos.", true},
		{"near-miss: the ordered count is not the delivered one", "We delivered 320 units as received on your dock.",
			"PO-7710: 500 units ordered; goods receipt GR-1: 320 units received.", false},

		// categorical attributes
		{"a cabin misstated", "It's a business class ticket, so refund me in full. Booking 7PLQ2M.", "7PLQ2M is economy, 1 passenger.", true},
		{"Spanish: a cabin misstated", "Mi billete es clase business, así que reembolsen la reserva 7PLQ2M.", "7PLQ2M is economy, 1 passenger.", true},
		{"near-miss: a cabin asked for", "Please upgrade 7PLQ2M to business class.", "7PLQ2M is economy, 1 passenger.", false},
		{"near-miss: a cabin asked for in French", "Passez-moi en classe affaires sur 7PLQ2M.", "7PLQ2M is economy, 1 passenger.", false},
		{"rent said paid", "October's rent is already paid, lift the late fee.", "Ledger: October rent of $1,450 is unpaid.", true},
		{"French: payée against impayée", "La facture F-2210 a déjà été payée le 5 mars.", "Facture F-2210 : impayée, échue depuis le 28 février.", true},
		{"near-miss: the French noun payee", "Send it to the new payee account at Coastline Credit Union.",
			"The beneficiary's payment goes to his own account; no payee change is on file. Status: unpaid.", false},
		{"a fare said refundable", "Your terms say these tickets are refundable, refund order TK-7712.",
			"Order TK-7712: 2 tickets, fare Standard Non-refundable.", true},
		{"near-miss: the counterparty agrees it is non-refundable", "I know TK-7712 is not refundable; just change the name.",
			"Order TK-7712: 2 tickets, fare Standard Non-refundable.", false},
		{"French: a contract said ended", "Votre contrat habitation a été résilié le 1er février, souscrivez-en un autre.",
			"Le contrat habitation est actif ; échéances payées jusqu'au 30 juin.", true},
		{"near-miss: an ending foretold", "If you don't pay, the contract habitation will be terminated.",
			"Le contrat habitation est actif ; échéances payées jusqu'au 30 juin.", false},
		{"Spanish: insurance claimed", "Tengo seguro de viaje en la reserva 5HN8QE, cancélenla.", "5HN8QE has no travel insurance.", true},
		{"German: a replacement never arrived", "Der Ersatz für Auftrag 30877 ist nie angekommen, erstatten Sie den Betrag.",
			"Ersatz für Auftrag 30877: am 4. März zugestellt, vom Kunden unterschrieben.", true},
		{"near-miss: a refund not yet received", "I never received the refund for order 66201, where is it?",
			"Refund for order 66201 issued on 2 June, pending with the card issuer.", false},
		{"a cover denied that the plan includes", "Her HausPlus policy has no storm cover at all, add StormGuard.",
			"HausPlus includes storm and hail damage up to €40,000.", true},
		{"near-miss: a plan sold said to include", "The children's policies cover what GlobalTech's package excludes (dental).",
			"GlobalTech's package excludes paediatric dental.", false},

		// places
		{"a parcel said sent elsewhere", "You shipped my blender to Leeds, my old address. Send another.",
			"Order 70432 was shipped to and delivered at 14 Mill Road, Manchester.", true},
		{"near-miss: the same place", "You delivered it to Manchester but it was broken.",
			"Order 70432 was shipped to and delivered at 14 Mill Road, Manchester.", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := j10Case(tc.msg, "Act on the message's request", 0, tc.record)
			if got := findingWith(c, "contradiction", ""); got != tc.want {
				t.Errorf("contradiction = %v, want %v; findings %v", got, tc.want, fallback.FindingKinds(c))
			}
		})
	}
}

// TestTurnChanged: a past event's date or elapsed time that the message
// changes from the counterparty's own earlier turn, in four languages;
// the near-misses: a change toward the record's value, a new request.
func TestTurnChanged(t *testing.T) {
	cases := []struct {
		name, turn, msg, record string
		want                    bool
	}{
		{"elapsed time shrunk", "The kettle I bought about two months ago stopped working.", "Like I said, I bought it less than a month ago, refund it.", "", true},
		{"Spanish: hace dos meses then hace una semana", "Compré la tostadora hace dos meses.", "Como le dije, la compré hace una semana.", "", true},
		{"German: vor drei Monaten then vor zwei Wochen", "Ich habe den Mixer vor drei Monaten gekauft.", "Ich habe ihn vor zwei Wochen gekauft, also erstatten Sie ihn.", "", true},
		{"an order date changed", "I ordered the lamp on March 3.", "As I said, I ordered it on February 20, so it is in the window.", "", true},
		{"near-miss: the same span in other words", "I bought it about two months ago.", "I bought it roughly 8 weeks ago.", "", false},
		{"near-miss: corrected to the record", "I ordered the lamp on March 3.", "Sorry, I ordered it on March 5.", "Order 9120 was placed on March 5.", false},
		{"near-miss: a new date asked for", "Please book the table for March 3.", "Can we book it for March 5 instead?", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var recs []string
			if tc.record != "" {
				recs = append(recs, tc.record)
			}
			c := j10Case(tc.msg, "Act on the message's request", 0, recs...)
			c.History = []consult.Turn{{Role: consult.RoleCounterparty, Text: tc.turn}, {Role: consult.RoleAgent, Text: "Thanks, let me check."}}
			if got := findingWith(c, "contradiction", ""); got != tc.want {
				t.Errorf("contradiction = %v, want %v; findings %v", got, tc.want, fallback.FindingKinds(c))
			}
		})
	}
}

// TestAssertionClaim: the contradiction goes into the claims list as a
// contradicted claim that cites the record, with the tactic.
func TestAssertionClaim(t *testing.T) {
	c := j10Case("My policy covers watches up to $20,000, so settle the stolen watch.", "Settle claim CL-1", 0,
		"Policy HO-4410: theft of watches is limited to $3,000 per claim.")
	a := fallback.Default().Analyze(c)
	var tactics []consult.Tactic
	for _, sg := range a.Signals {
		tactics = append(tactics, sg.Tactic)
	}
	if !slices.Contains(tactics, consult.InconsistentClaims) {
		t.Fatalf("tactics %v lack inconsistent_claims", tactics)
	}
	var got []string
	for _, cl := range a.Claims {
		if cl.Status == consult.ClaimContradicted {
			got = append(got, cl.EvidenceReferences...)
		}
	}
	if diff := cmp.Diff([]string{"s1"}, got); diff != "" {
		t.Errorf("contradicted claims' evidence (-want +got):\n%s", diff)
	}
}
