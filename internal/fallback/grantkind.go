package fallback

import "strings"

// ---- a grant of one kind against a payment of another ----
//
// "For a flight the airline cancelled, a certificate of $100 per passenger
// may be offered": the policy grants a certificate, and checkEntitlement
// compares the action's amount with it whenever the two share a word
// ("cancelled"). A refund of the fare to the original card is not that
// certificate: it is governed by the refund rules, and comparing its amount
// with a per-passenger certificate turns every refunded cancellation into a
// breach. grantOtherKind tells the two apart: the policy grants a kind of
// payment (certificate, voucher, credit, points) the description does not
// name, and the description refunds.

// grantNouns name a kind of payment a policy grants (folded).
var grantNouns = []string{"certificate", "voucher", "credit", "gift card", "points", "miles",
	"certificado", "bono", "vale ", "credito", "gutschein", "gutschrift", "punkte", "meilen", "avoir", "bon d", "certificat"}

// refundNouns name money paid back (folded word starts).
var refundNouns = []string{"refund", "reembols", "devolu", "devolv", "erstatt", "ruckerstatt", "rembours"}

// cardNames are payment cards, not credits ("original credit card").
var cardNames = []string{"credit card", "tarjeta de credito", "kreditkarte", "carte de credit"}

// grantOtherKind reports a policy sentence granting a kind of payment that a
// refunding description does not name.
func grantOtherKind(sent, desc string) bool {
	d := " " + foldedText(clipBytes(desc, maxClaimBytes)) + " "
	if !containsAny(d, refundNouns...) {
		return false
	}
	for _, c := range cardNames {
		d = strings.ReplaceAll(d, c, " ")
	}
	s := " " + foldedText(sent) + " "
	granted := false
	for _, g := range grantNouns {
		if strings.Contains(s, g) {
			granted = true
			if strings.Contains(d, g) {
				return false
			}
		}
	}
	return granted
}
