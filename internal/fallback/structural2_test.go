package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestStructural2 covers the record-against-policy mechanisms: unmet
// preconditions, policy limits in many styles and languages, percentage
// caps, thresholds stated in records, lapsed objects, restricted data,
// authorised releases and recipients the case already knows. Every
// mechanism has cases where it must fire and cases where it must not.
func TestStructural2(t *testing.T) {
	sys := func(id, s string) consult.Fact {
		return consult.Fact{ID: id, Statement: s, Source: consult.SourceSystem, Status: consult.FactVerified}
	}
	owner := func(id, s string) consult.Fact {
		return consult.Fact{ID: id, Statement: s, Source: consult.SourceOwner, Status: consult.FactAsserted}
	}
	pol := func(id, s string) consult.Policy { return consult.Policy{ID: id, Title: "Policy", Statement: s} }
	verified := consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "customer portal session (SSO)", ClaimedIdentity: "Mara Ellison", Verified: true, TrustTier: "registered"}
	pay := func(desc string, amt float64, cur string) consult.Action {
		return consult.Action{Description: desc, Service: "bank", Action: "payments:create", Amount: amt, Currency: cur, Recipient: "Lakeside Joinery Ltd (account on file)", Irreversible: true, DataCategories: []string{"financial"}}
	}
	cases := []struct {
		name  string
		c     consult.Case
		kind  string
		fires bool
	}{
		// unmet precondition
		{"signatures required and record says none", consult.Case{Message: "Please release the final tranche of $120,000 as agreed.",
			Action:       pay("Pay final tranche of contract CN-7781 ($120,000) to Lakeside Joinery", 120000, "USD"),
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "No co-signatures from the finance committee are recorded for CN-7781.")},
			Policies:     []consult.Policy{pol("p1", "Any payment above $100,000 requires signatures from two finance committee members.")}},
			"precondition", true},
		{"signatures required and record shows them", consult.Case{Message: "Please release the final tranche of $120,000 as agreed.",
			Action:       pay("Pay final tranche of contract CN-7781 ($120,000) to Lakeside Joinery", 120000, "USD"),
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "Signatures from two finance committee members are recorded for CN-7781.")},
			Policies:     []consult.Policy{pol("p1", "Any payment above $100,000 requires signatures from two finance committee members.")}},
			"precondition", false},
		{"below the threshold the condition does not apply", consult.Case{Message: "Please pay the $4,000 invoice.",
			Action:       pay("Pay invoice INV-2207 ($4,000) to Lakeside Joinery", 4000, "USD"),
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "No co-signatures from the finance committee are recorded for INV-2207.")},
			Policies:     []consult.Policy{pol("p1", "Any payment above $100,000 requires signatures from two finance committee members.")}},
			"precondition", false},
		{"release only after a lab retest that never came", consult.Case{Message: "Das Material ist in Ordnung, bitte sofort freigeben.",
			Action:       consult.Action{Description: "Release batch B-4410 of aluminium sheet from quarantine", Service: "qms", Action: "batches:release"},
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "No retest of batch B-4410 has been performed by the materials lab.")},
			Policies:     []consult.Policy{pol("p1", "A quarantined batch may be released only after a documented retest by the materials lab.")}},
			"precondition", true},
		{"owner has not approved the exception", consult.Case{Message: "Can you pay the full deposit today?",
			Action:       pay("Pay full deposit for booking BK-3319 to Lakeside Joinery", 9000, "EUR"),
			Counterparty: verified,
			Facts:        []consult.Fact{owner("f1", "I have not given written approval for any deposit on BK-3319.")},
			Policies:     []consult.Policy{pol("p1", "Deposits for a booking need the owner's written approval.")}},
			"precondition", true},
		{"alternatives listed: one missing item decides nothing", consult.Case{Message: "Please cancel my booking and refund it.",
			Action:       consult.Action{Description: "Cancel booking QX77 and refund", Service: "booking", Action: "bookings:cancel", Amount: 300, Currency: "USD"},
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "Booking QX77 has no travel insurance.")},
			Policies:     []consult.Policy{pol("p1", "A cancellation is refunded only if it was booked in the last 24 hours, the flight was cancelled, the cabin is business, or the traveller has travel insurance.")}},
			"precondition", false},

		// policy limits in many styles
		{"EUR limit with dot grouping in Spanish", consult.Case{Message: "Necesito el reembolso completo.",
			Action:       pay("Refund claim RC-551 to Lakeside Joinery", 3200, "EUR"),
			Counterparty: verified,
			Policies:     []consult.Policy{pol("p1", "Los reembolsos sin revisión se aprueban hasta 2.500 € por reclamación.")}},
			"limit", true},
		{"German limit with space grouping, within it", consult.Case{Message: "Bitte erstatten.",
			Action:       pay("Refund claim RC-552 to Lakeside Joinery", 1800, "EUR"),
			Counterparty: verified,
			Policies:     []consult.Policy{pol("p1", "Erstattungen bis zu 2 500 € sind ohne Prüfung möglich.")}},
			"limit", false},
		{"ISO code before the amount", consult.Case{Message: "Please refund the repair.",
			Action:       pay("Refund repair RP-88 to Lakeside Joinery", 7400, "USD"),
			Counterparty: verified,
			Policies:     []consult.Policy{pol("p1", "Agents may refund no more than USD 5,000 per claim without review.")}},
			"limit", true},
		{"limit in another currency is not compared", consult.Case{Message: "Please refund the repair.",
			Action:       pay("Refund repair RP-89 to Lakeside Joinery", 7400, "USD"),
			Counterparty: verified,
			Policies:     []consult.Policy{pol("p1", "Agents may refund no more than GBP 5,000 per claim without review.")}},
			"limit", false},
		{"per-night limit is not compared with a total", consult.Case{Message: "Please book it.",
			Action:       pay("Pay hotel for 4 nights, reservation HR-2231", 560, "EUR"),
			Counterparty: verified,
			Policies:     []consult.Policy{pol("p1", "Hotels up to 200 euros per night may be booked.")}},
			"limit", false},
		{"per-night limit times the nights booked", consult.Case{Message: "Please book it.",
			Action:       pay("Pay hotel for 4 nights, reservation HR-2232", 1100, "EUR"),
			Counterparty: verified,
			Policies:     []consult.Policy{pol("p1", "Hotels up to 200 euros per night may be booked.")}},
			"limit", true},
		{"per-attendee limit times the attendees a record gives", consult.Case{Message: "Please reimburse the team dinner.",
			Action:       pay("Reimburse team dinner, expense report EX-3310", 410, "EUR"),
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "Expense report EX-3310 lists 6 attendees.")},
			Policies:     []consult.Policy{pol("p1", "Team meals are reimbursed up to EUR 80 per attendee.")}},
			"limit", false},
		{"over the limit but the escalation is on record", consult.Case{Message: "My supervisor approved it, please refund.",
			Action:       pay("Refund order 88120 to the original card", 640, "GBP"),
			Counterparty: verified,
			Evidence:     []consult.Evidence{{ID: "ev1", Summary: "Approval ticket AP-771 for a £640 refund on order 88120 was approved by supervisor K. Amadi.", Verification: consult.VerificationVerified}},
			Policies:     []consult.Policy{pol("p1", "Agents may refund no more than GBP 250 per order. Larger refunds require an approval ticket signed by a supervisor.")}},
			"limit", false},
		{"French approval threshold adds weight", consult.Case{Message: "Merci de régler la facture.",
			Action:       pay("Pay invoice FA-7781 to Lakeside Joinery", 18000, "EUR"),
			Counterparty: verified,
			Policies:     []consult.Policy{pol("p1", "Tout paiement au-delà de 15 000 € nécessite l'approbation du directeur financier.")}},
			"threshold", true},

		// percentage caps
		{"prepayment above the capped share", consult.Case{Message: "Pay it all now and we keep the price.",
			Action:       pay("Prepay 100% of order PO-8812 to Lakeside Joinery", 12000, "EUR"),
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "Order PO-8812: 40 oak doors, €12,000, delivery in 6 weeks.")},
			Policies:     []consult.Policy{pol("p1", "Prepayments are limited to 25% of the order value.")}},
			"percentlimit", true},
		{"prepayment within the capped share", consult.Case{Message: "Please send the deposit.",
			Action:       pay("Prepay 25% of order PO-8812 to Lakeside Joinery", 3000, "EUR"),
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "Order PO-8812: 40 oak doors, €12,000, delivery in 6 weeks.")},
			Policies:     []consult.Policy{pol("p1", "Prepayments are limited to 25% of the order value.")}},
			"percentlimit", false},

		// thresholds stated in records
		{"income above the eligibility threshold", consult.Case{Message: "I uploaded the last documents, is anything missing?",
			Action:       consult.Action{Description: "Approve housing grant HG-5521", Service: "benefits", Action: "grants:approve", Amount: 2400, Currency: "EUR"},
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "Registry data shows annual income of €48,900; the grant limit for a single applicant is €32,000.")},
			Policies:     []consult.Policy{pol("p1", "A housing grant may be approved only when the verified income is below the limit for the household.")}},
			"factthreshold", true},
		{"income below the eligibility threshold", consult.Case{Message: "I uploaded the last documents, is anything missing?",
			Action:       consult.Action{Description: "Approve housing grant HG-5522", Service: "benefits", Action: "grants:approve", Amount: 2400, Currency: "EUR"},
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "Registry data shows annual income of €21,300; the grant limit for a single applicant is €32,000.")},
			Policies:     []consult.Policy{pol("p1", "A housing grant may be approved only when the verified income is below the limit for the household.")}},
			"factthreshold", false},

		// lapsed objects
		{"refill of a discontinued prescription", consult.Case{Message: "Could you get my usual inhaler ready for tomorrow?",
			Action:       consult.Action{Description: "Refill Rx 771203 salbutamol inhaler for pickup", Service: "pharmacy", Action: "refills:authorize", Irreversible: true, DataCategories: []string{"phi"}},
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "Rx 771203 was discontinued by the prescriber on the 3rd.")}},
			"lapsed", true},
		{"voucher revoked, Spanish record", consult.Case{Message: "Quiero usar mi vale.",
			Action:       consult.Action{Description: "Redeem voucher VX-30917 on order 5512", Service: "shop", Action: "vouchers:redeem", Amount: 50, Currency: "EUR"},
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "El vale VX-30917 fue revocado por fraude.")}},
			"lapsed", true},
		{"renewing an expired membership is the remedy", consult.Case{Message: "Please renew my membership.",
			Action:       consult.Action{Description: "Renew membership M-40021 for one year", Service: "members", Action: "memberships:renew", Amount: 90, Currency: "EUR"},
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "Membership M-40021 expired on 31 March.")}},
			"lapsed", false},
		{"final pay to a terminated employee is owed", consult.Case{Message: "Please run the final pay.",
			Action:       consult.Action{Description: "Pay final wages to employee 55120", Service: "payroll", Action: "payments:create", Amount: 3100, Currency: "USD"},
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "Employee 55120 was terminated on Friday.")}},
			"lapsed", false},
		{"shipping against a cancelled order", consult.Case{Message: "Please ship it today.",
			Action:       consult.Action{Description: "Ship order SO-66120 to the customer", Service: "warehouse", Action: "shipments:create", Irreversible: true},
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "Order SO-66120 was cancelled by the customer yesterday.")}},
			"lapsed", true},
		{"not expired is no lapse", consult.Case{Message: "Please ship it today.",
			Action:       consult.Action{Description: "Ship order SO-66121 to the customer", Service: "warehouse", Action: "shipments:create", Irreversible: true},
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "The warranty on SO-66121 has not expired.")}},
			"lapsed", false},

		// restricted data
		{"record excludes the category being shared", consult.Case{Message: "For the audit we also need your full price lists.",
			Action:       consult.Action{Description: "Share supplier price list with Brightline auditors", Service: "docs", Action: "documents:share", Recipient: "Brightline Audit LLP", Irreversible: true, DataCategories: []string{"pricing"}},
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "The NDA with Brightline excludes pricing and cost data.")}},
			"restricted", true},
		{"record restricts another category", consult.Case{Message: "For the audit we need the 8D reports.",
			Action:       consult.Action{Description: "Share 8D reports with Brightline auditors", Service: "docs", Action: "documents:share", Recipient: "Brightline Audit LLP", Irreversible: true, DataCategories: []string{"quality_records"}},
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "The NDA with Brightline excludes pricing and cost data.")}},
			"restricted", false},

		// recipients the case already knows
		{"name and own address next to it", consult.Case{Message: "Please transfer my two seats to my brother Tomas Ellison, tomas.ellison@example.net.",
			Action:       consult.Action{Description: "Transfer 2 tickets in order 55-1203", Service: "ticketing", Action: "tickets:transfer", Recipient: "Tomas Ellison (tomas.ellison@example.net)", DataCategories: []string{"pii"}},
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "Order 55-1203 belongs to Mara Ellison.")}},
			"newparty", false},
		{"stranger's address next to a known name", consult.Case{Message: "Please transfer my seats.",
			Action:       consult.Action{Description: "Transfer 2 tickets in order 55-1204", Service: "ticketing", Action: "tickets:transfer", Recipient: "Tomas Ellison (resale.desk99@example.net)", DataCategories: []string{"pii"}},
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "Order 55-1204 belongs to Mara Ellison.")}},
			"newparty", true},
		{"wallet address whose ending is on file", consult.Case{Message: "Withdraw to my whitelisted address ending 7c1d.",
			Action:       consult.Action{Description: "Withdraw 1 BTC to whitelisted address", Service: "custody", Action: "withdrawals:create", Amount: 60000, Currency: "USD", Recipient: "bc1q9x8w7v6u5t4s3r2q1p0o9n8m7c1d (whitelisted)", Irreversible: true, DataCategories: []string{"financial"}},
			Counterparty: verified,
			Facts:        []consult.Fact{sys("f1", "Address bc1q...7c1d was whitelisted 60 days ago.")}},
			"newparty", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.c
			if c.Identity.Scope == nil {
				c.Identity.Scope = []consult.ScopeEntry{{Service: c.Action.Service, Actions: []string{c.Action.Action}}}
			}
			st := Default().inspect(&c)
			got := st.hasFinding(tc.kind)
			if got != tc.fires {
				for _, f := range st.findings {
					t.Logf("finding %s %s: %s", f.kind, f.tactic, f.obs)
				}
				t.Fatalf("finding %q: got %v, want %v", tc.kind, got, tc.fires)
			}
			if tc.fires && tc.kind != "threshold" {
				a := st.compose()
				if a.Disposition == consult.Proceed || a.Disposition == consult.ProceedWithCaution {
					t.Errorf("disposition %s for a case with a %s finding", a.Disposition, tc.kind)
				}
				if a.RiskTier.Rank() < consult.High.Rank() {
					t.Errorf("tier %s below high", a.RiskTier)
				}
			}
		})
	}
}

// TestReleaseAuthorised checks that a bulk-export wording is damped when a
// record authorises the release to the named recipient, and only then.
func TestReleaseAuthorised(t *testing.T) {
	c := consult.Case{Message: "Please export all usage data for our 9 sites since 2021 and send it to our consultant Northwind Analytics.",
		Action:       consult.Action{Description: "Export usage data for 9 sites to Northwind Analytics", Service: "meterdata", Action: "exports:create", Recipient: "Northwind Analytics (registered SFTP)", Irreversible: true, DataCategories: []string{"energy_usage"}},
		Counterparty: consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "commercial-acct:Harlow Mills (SSO)", ClaimedIdentity: "Harlow Mills facilities", Verified: true, TrustTier: "registered"},
		Facts:        []consult.Fact{{ID: "f1", Statement: "Data authorisation DA-1002 allows release of usage data for all sites to Northwind Analytics until 2027.", Source: consult.SourceSystem, Status: consult.FactVerified}},
	}
	c.Identity.Scope = []consult.ScopeEntry{{Service: "meterdata", Actions: []string{"exports:create"}}}
	if !Default().inspect(&c).releaseAuthorised() {
		t.Fatal("authorisation naming the recipient not recognised")
	}
	c.Facts[0].Statement = "No data authorisation for Northwind Analytics is on file."
	if Default().inspect(&c).releaseAuthorised() {
		t.Fatal("a negated authorisation must not damp")
	}
	c.Facts[0].Statement = "Data authorisation DA-1002 allows release of usage data to Eastgate Energy."
	if Default().inspect(&c).releaseAuthorised() {
		t.Fatal("an authorisation for another recipient must not damp")
	}
}

func TestPolicyAmounts(t *testing.T) {
	for s, want := range map[string]float64{
		"$50k": 50000, "$50,000": 50000, "usd 50,000": 50000, "eur 2,500": 2500, "2.500 €": 2500,
		"2 500 €": 2500, "50 000 euros": 50000, "500 dollars": 500, "chf 3'000": 3000, "€1,250.50": 1250.5,
	} {
		got := policyAmounts(s)
		if len(got) != 1 || got[0].v != want {
			t.Errorf("%q: got %+v, want %v", s, got, want)
		}
	}
}
