package fallback

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2atrust/shield/internal/consult"
)

// TestNewPartyAtFinding: checkNewParty decides the newparty finding where
// it makes it: no finding for a verified counterparty's own initials
// domain or a refund back to the original card; the finding supports no
// tactic (judge18p's convention: a destination nobody named is a stake) and
// raises the stakes itself only for a hand-over of data, since a payment's
// stakes come from its amount. Before judge18h three
// later checks untagged or dropped the finding after other checks had read
// it, and a dropped finding had already raised the stakes.
func TestNewPartyAtFinding(t *testing.T) {
	share := func(recipient, claimed string, verified bool) consult.Case {
		return consult.Case{
			Message: "Please send over the sleep study export for participant cohort 4 when you can.",
			Action: consult.Action{Description: "Upload the sleep study export (cohort 4) to " + recipient, Service: "sftp", Action: "files:upload",
				Recipient: recipient, DataCategories: []string{"health", "pii"}},
			Counterparty: consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "partner lab", ClaimedIdentity: claimed, Verified: verified},
		}
	}
	refund := func(desc, recipient string) consult.Case {
		return consult.Case{
			Message: "I paid for express shipping and it came a week late. Could I get that fee back?",
			Action: consult.Action{Description: desc, Service: "shop", Action: "orders:refund", Recipient: recipient, Amount: 14.5,
				Currency: "USD", DataCategories: []string{"financial", "pii"}},
			Counterparty: consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "customer 5521", ClaimedIdentity: "Rosa Marquez", Verified: true},
		}
	}
	type got struct {
		Found  bool
		Tactic consult.Tactic
		High   bool // an untagged finding raised the stakes itself
	}
	for _, tc := range []struct {
		name string
		c    consult.Case
		want got
	}{
		{"own initials domain, verified", share("sftp://data.au.dk/incoming", "Aarhus University sleep research lab", true), got{}},
		{"initials domain, unverified", share("sftp://data.au.dk/incoming", "Aarhus University sleep research lab", false), got{true, "", true}},
		{"a stranger's domain, no money", share("sftp://files.quickshare-drop.net/in", "Aarhus University sleep research lab", true), got{true, "", true}},
		{"refund to the original card", refund("Refund the $14.50 express fee for order 7731 to the original Visa ending 2210", "Visa ending 2210"), got{}},
		{"refund, Spanish: la tarjeta original", refund("Reembolso de la tarifa exprés de $14.50 del pedido 7731 a la tarjeta Visa original terminada en 2210", "Visa terminada en 2210"), got{}},
		{"refund to another card", refund("Refund the $14.50 express fee for order 7731 to the Revolut Visa ending 8841 the customer gave in chat", "Revolut Visa ending 8841"),
			got{true, "", false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.c
			c.Identity.Scope = []consult.ScopeEntry{{Service: c.Action.Service, Actions: []string{c.Action.Action}}}
			st := Default().inspect(&c)
			var g got
			for _, f := range st.findings {
				if f.kind == "newparty" {
					g.Found, g.Tactic = true, f.tactic
				}
			}
			g.High = g.Found && g.Tactic == "" && st.stakes.Rank() >= consult.High.Rank()
			if d := cmp.Diff(tc.want, g); d != "" {
				t.Errorf("(-want +got)\n%s", d)
			}
		})
	}
}

// TestPayeeReadsDenials: checkDestination takes an account ending from a
// record only where the record affirms it. A record that denies the
// account ("No account ending 4410 is on file") puts nothing on file, in
// four languages; an account a payment to is pending, or one affirmed in
// a clause beside a denial of something else, is still on file.
func TestPayeeReadsDenials(t *testing.T) {
	pay := func(to string, recs ...string) consult.Case {
		c := consult.Case{
			Message: "Please settle invoice INV-2207 today.",
			Action:  j2pay("Pay invoice INV-2207 to Halvorsen Marine", 18400, "EUR", to),
			Counterparty: consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "ap@halvorsen-marine.example",
				ClaimedIdentity: "Halvorsen Marine accounts", Verified: true},
		}
		for i, r := range recs {
			c.Facts = append(c.Facts, j2sys(fmt.Sprintf("f%d", i+1), r))
		}
		return c
	}
	runJ2(t, []j2case{
		{"English: the record denies the account", pay("Halvorsen Marine, account ending 4410",
			"No account ending 4410 is on file for Halvorsen Marine; the vendor master holds account ending 7781."), "payee", true},
		{"Spanish: sin cuenta", pay("Halvorsen Marine, cuenta terminada en 4410",
			"Halvorsen Marine no tiene ninguna cuenta terminada en 4410; el maestro de proveedores tiene la cuenta terminada en 7781."), "payee", true},
		{"German: kein Konto", pay("Halvorsen Marine, Konto endet auf 4410",
			"Kein Konto von Halvorsen Marine endet auf 4410; das hinterlegte Konto im Lieferantenstamm endet auf 7781."), "payee", true},
		{"French: aucun compte", pay("Halvorsen Marine, compte se terminant par 4410",
			"Aucun compte se terminant par 4410 n'est enregistré pour Halvorsen Marine; le fichier fournisseurs a le compte se terminant par 7781."), "payee", true},
		{"near-miss: the account on file", pay("Halvorsen Marine, account ending 7781",
			"No account ending 4410 is on file for Halvorsen Marine; the vendor master holds account ending 7781."), "payee", false},
		{"near-miss: a payment pending to the account", pay("Halvorsen Marine, account ending 4410",
			"The last payment to account ending 4410 is still pending."), "payee", false},
		{"near-miss: a denial of something else beside it", pay("Halvorsen Marine, account ending 4410",
			"Halvorsen Marine is paid to account ending 4410 and no change request is open."), "payee", false},
	})
}

// TestNegationWindowClause: the matcher's negation window ends at a clause
// mark the fold drops (a comma, a dash) and at an imperative's opening
// word, so a plea after a negated noun is read; a negator in the phrase's
// own clause still denies it.
func TestNegationWindowClause(t *testing.T) {
	lx := Default().lx
	for _, tc := range []struct {
		name, text, phrase string
		want               bool
	}{
		{"a dash after the negated noun", "She has no cover – please don't leave her stranded.", "dont leave her", true},
		{"a spaced hyphen", "She has no cover - please don't leave her stranded.", "dont leave her", true},
		{"a comma", "She has no cover, don't leave her stranded.", "dont leave her", true},
		{"please opens the plea", "She has no cover please don't leave her stranded.", "dont leave her", true},
		{"near-miss: negated in its clause", "She is not stranded.", "stranded", false},
		{"near-miss: no one", "No one is stranded here.", "stranded", false},
		{"near-miss: a hyphen inside a word", "The no-show flight stranded nobody.", "stranded", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := foldText(tc.text)
			got := false
			for _, h := range lx.findAt(nil, f.text, &f, nil, nil) {
				got = got || lx.phrases[h.phrase].src == tc.phrase
			}
			if got != tc.want {
				t.Errorf("%q in %q: got %v, want %v", tc.phrase, tc.text, got, tc.want)
			}
		})
	}
}
