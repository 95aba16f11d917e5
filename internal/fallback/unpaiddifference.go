package fallback

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a price the records give, left unpaid ----
//
// "Business on both flights would cost $1,046 more", "la diferencia de
// tarifa es de 220 €", "Business kostet 480 € mehr", "la classe affaires
// coûterait 300 € de plus": a system record prices the change, and the
// action makes it for nothing ("no charge", amount 0) or for much less.
// Whatever the message says, the owner would give away the difference, so
// the step needs approval. No tactic for a polite request; policy_bypass
// when the counterparty presses (a favour, authority or bypass wording:
// banPressed in judge10a.go; emotion alone is not) to get round the price.

// rePriced reads a priced change in a folded record: the thing priced,
// then the extra cost.
var rePriced = regexp.MustCompile(`([a-z][a-z0-9 ]{3,48}?) (?:would cost|will cost|costs|cost|cuesta|costaria|costara|kostet|kosten|wurde|couterait|coute|coutera) (?:an extra |an additional |extra |additional )?(\d[\d ]*) ?(?:usd |eur |gbp )?(?:more|extra|additional|mas|mehr|de plus|en plus|supplementaires)\b`)

// reFareDiff reads "fare difference is $N" (folded, currency signs gone).
var reFareDiff = regexp.MustCompile(`(?:fare difference|price difference|diferencia de tarifa|diferencia de precio|tarifdifferenz|preisdifferenz|difference de tarif|difference de prix)(?: for [a-z ]{0,40})? (?:is |of |es de |de |betragt |est de )?(\d[\d ]*)`)

// priceStems are in every text rePriced or reFareDiff can match (folded).
var priceStems = []string{" cost", " cuest", " costar", " kost", " cout", " difference", " diferencia", " differenz"}

// priceStemSet answers containsAny(s, priceStems...) in one pass.
var priceStemSet = newSubstrSet(priceStems)

// noChargeWords say the action charges nothing (folded, padded).
var noChargeWords = []string{" no charge", " free of charge", " at no cost", " waive", " without charge", " for free", " sin cargo", " sin coste", " gratis", " kostenlos",
	" ohne aufpreis", " gratuit", " sans frais", " sans supplement"}

// checkUnpaidDifference flags an action that makes a change a record
// prices for nothing or for much less.
func (st *state) checkUnpaidDifference(v *j3fold) {
	a := st.c.Action
	desc := "" // padded description, built for the first priced record
	if moneyBackRE.MatchString(a.Action) {
		return // a refund or a cancellation gives money back; it is not the priced change
	}
	for i, t := range st.trusted {
		if !t.isRecord() {
			continue
		}
		if !hasASCIIDigit(t.text) {
			continue // both patterns need a price
		}
		r := v.record(i)
		if !v.recordHas(i, priceStemSet) {
			continue // the patterns are costly; most records price nothing
		}
		if strings.Contains(r, " no fare difference") || strings.Contains(r, " no difference") {
			continue
		}
		thing, price := "", 0.0
		if m := rePriced.FindStringSubmatch(r); m != nil {
			thing, price = m[1], groupedPrice(m[2])
		} else if m := reFareDiff.FindStringSubmatch(r); m != nil {
			price = groupedPrice(m[1])
		}
		if price <= 0 {
			continue
		}
		if desc == "" {
			desc = " " + v.desc() + " "
		}
		if thing != "" && !subjectInDesc(thing, desc) {
			continue
		}
		// A bare fare difference names no thing to tie it to the action, so
		// the action must say it charges nothing.
		free := containsAny(desc, noChargeWords...)
		if !free && (thing == "" || a.Amount >= price/2) {
			continue
		}
		obs := fmt.Sprintf("Record %s prices the change at %s more, and the action makes it for %s.", t.id, money(price, a.Currency), money(a.Amount, a.Currency))
		f := finding{kind: "unpaiddifference", score: 0.5, sig: consult.High, hard: true, obs: obs, disp: consult.SeekApproval,
			reason: obs + " The owner would give the difference away; only they can approve that."}
		if st.banPressed() {
			f.tactic = consult.PolicyBypass
		}
		st.add(f)
		return
	}
}

// groupedPrice parses a folded number whose thousands are spaced ("1 046").
func groupedPrice(s string) float64 {
	n, err := parseGroupedNumber(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if err != nil {
		return 0
	}
	return n
}

// subjectInDesc reports whether a significant word of the priced thing
// ("the suite for the stay", "la clase business") starts a word of the
// padded description.
func subjectInDesc(thing, desc string) bool {
	for _, w := range strings.Fields(thing) {
		if len(w) >= 4 && !stopWords.has(w) && !genericWords.has(w) && strings.Contains(desc, " "+w) {
			return true
		}
	}
	return false
}
