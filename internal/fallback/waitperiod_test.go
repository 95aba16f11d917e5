package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestWaitPeriod: a policy makes the action wait after an event and a
// record dates the event too recently, in four languages and other domains;
// near-misses where the wait has run out, the record dates something else,
// or the policy sets a window rather than a wait.
func TestWaitPeriod(t *testing.T) {
	wd := func(desc, to string) consult.Action {
		return consult.Action{Description: desc, Service: "custody", Action: "withdrawals:create", Amount: 2, Currency: "ETH",
			Recipient: to, Irreversible: true, DataCategories: []string{"financial"}}
	}
	pay := j2pay("Pay invoice 7781 to the new beneficiary account ending 4410", 9000, "EUR", "IBAN ending 4410")
	runJ2(t, []j2case{
		{"English: crypto address added an hour ago", consult.Case{
			Message:  "The wallet is whitelisted now, please send the 2 ETH.",
			Action:   wd("Withdraw 2 ETH to wallet 0xab12...9f", "0xab12cd"),
			Policies: []consult.Policy{j2pol("p1", "Withdrawals to a newly whitelisted wallet are not allowed until 24 hours after it was whitelisted.")},
			Facts:    []consult.Fact{j2sys("f1", "The wallet 0xab12cd was whitelisted 1 hour ago.")}, Counterparty: j2verified}, "waitperiod", true},
		{"English: payee added days ago, a 7-day hold", consult.Case{
			Message:  "We added the new beneficiary on Monday; please release the payment.",
			Action:   pay,
			Policies: []consult.Policy{j2pol("p1", "Payments to a new beneficiary are held for a 7-day cooling-off period after the beneficiary is added.")},
			Facts:    []consult.Fact{j2sys("f1", "The beneficiary account ending 4410 was added 3 days ago.")}, Counterparty: j2verified}, "waitperiod", true},
		{"Spanish: beneficiario dado de alta hace 2 horas", consult.Case{
			Message:  "Ya está dado de alta, haga la transferencia por favor.",
			Action:   j2pay("Transferir 9.000 EUR al beneficiario nuevo ES12 ...4410", 9000, "EUR", "ES12 4410"),
			Policies: []consult.Policy{j2pol("p1", "Las transferencias a un beneficiario nuevo solo se permiten al menos 24 horas después de darlo de alta.")},
			Facts:    []consult.Fact{j2sys("f1", "El beneficiario ES12 ...4410 fue dado de alta hace 2 horas.")}, Counterparty: j2verified}, "waitperiod", true},
		{"German: Kontoänderung vor 5 Stunden", consult.Case{
			Message:  "Bitte die Auszahlung an das geänderte Konto heute noch anweisen.",
			Action:   j2pay("Auszahlung von 4.000 EUR an das geänderte Konto DE44 ...4931", 4000, "EUR", "DE44 4931"),
			Policies: []consult.Policy{j2pol("p1", "Auszahlungen an ein geändertes Konto erfolgen frühestens 3 Tage nach der Kontoänderung.")},
			Facts:    []consult.Fact{j2sys("f1", "Die Kontoänderung auf DE44 ...4931 wurde vor 5 Stunden erfasst.")}, Counterparty: j2verified}, "waitperiod", true},
		{"French: délai de carence, bénéficiaire ajouté il y a 2 jours", consult.Case{
			Message:  "Le bénéficiaire est enregistré, merci de faire le virement.",
			Action:   j2pay("Virement de 6 000 EUR au bénéficiaire ajouté FR76 ...0943", 6000, "EUR", "FR76 0943"),
			Policies: []consult.Policy{j2pol("p1", "Aucun virement vers un bénéficiaire ajouté avant la fin d'un délai de carence de 5 jours.")},
			Facts:    []consult.Fact{j2sys("f1", "Le bénéficiaire FR76 ...0943 a été ajouté il y a 2 jours.")}, Counterparty: j2verified}, "waitperiod", true},
		{"near-miss: the wait has run out", consult.Case{
			Message:  "Please send the 2 ETH to our settlement wallet.",
			Action:   wd("Withdraw 2 ETH to wallet 0xab12...9f", "0xab12cd"),
			Policies: []consult.Policy{j2pol("p1", "No withdrawal may be sent to a wallet until 48 hours after it was whitelisted.")},
			Facts:    []consult.Fact{j2sys("f1", "The wallet 0xab12cd was whitelisted 41 days ago.")}, Counterparty: j2verified}, "waitperiod", false},
		{"near-miss: the recent record dates another event", consult.Case{
			Message:  "Please send the 2 ETH.",
			Action:   wd("Withdraw 2 ETH to wallet 0xab12...9f", "0xab12cd"),
			Policies: []consult.Policy{j2pol("p1", "No withdrawal may be sent to a wallet until 48 hours after it was whitelisted.")},
			Facts:    []consult.Fact{j2sys("f1", "The client's last login was 2 hours ago.")}, Counterparty: j2verified}, "waitperiod", false},
		{"near-miss: a window, not a wait", consult.Case{
			Message:  "I'd like to return the blender I bought.",
			Action:   consult.Action{Description: "Refund order 5521 for the blender", Service: "shop", Action: "refunds:create", Amount: 80, Currency: "USD", Recipient: "original card"},
			Policies: []consult.Policy{j2pol("p1", "Refunds are available until 30 days after delivery.")},
			Facts:    []consult.Fact{j2sys("f1", "Order 5521 was delivered 3 days ago.")}, Counterparty: j2verified}, "waitperiod", false},
	})
}

// TestUnitValue: crypto assets and metals reach the stakes bands by a
// floor of their unit's worth; fiat amounts are read as they are.
func TestUnitValue(t *testing.T) {
	for _, tc := range []struct {
		cur  string
		amt  float64
		want consult.Level
	}{
		{"XBT", 14.5, consult.Critical},
		{"btc", 2, consult.High},
		{"ETH", 3, consult.Medium},
		{"USD", 14.5, consult.Low},
		{"EUR", 25000, consult.High},
	} {
		t.Run(tc.cur, func(t *testing.T) {
			c := consult.Case{Message: "Please send it.", Action: consult.Action{Description: "Send funds", Service: "custody",
				Action: "withdrawals:create", Amount: tc.amt, Currency: tc.cur}}
			st := Default().inspect(&c)
			if st.stakes != tc.want {
				t.Fatalf("stakes for %v %s: got %s, want %s", tc.amt, tc.cur, st.stakes, tc.want)
			}
		})
	}
}
