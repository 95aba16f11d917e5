package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- one purchase cut into parts to pass under a limit ----
//
// "Four separate POs of USD 7,800 each, so it never needs the director",
// "dividir el pago en tres transferencias", "in drei Zahlungen aufteilen",
// "en quatre virements distincts": the request splits one payment or order
// into several, and a policy or system record of the owner forbids exactly
// that (an anti-splitting rule: "must not be split", "prohibido
// fraccionar", "Stückelung ist untersagt", "fractionnement interdit").
// Each part passes the limit's test while the whole does not, so no amount
// check sees it; the rule against splitting is the owner's own statement
// that this is a way round the limit.

// splitStems name cutting a payment or order into parts (folded word
// starts, after the space before the word).
var splitStems = []string{" split", " fraccion", " dividir", " divide", " dividid", " aufteil", " aufsplitt", " stuckel",
	" fractionn", " scind", " decoup", " morcel"}

// splitBans make a policy's words on splitting a ban (folded).
var splitBans = []string{" not ", " never ", " no ", " prohibit", " forbid", " banned", " nunca ", " prohibid", " prohibe", " nicht ", " nie ", " verbot", " untersagt", " unzulassig",
	" pas ", " jamais ", " interdit", " proscrit"}

// splitStemSet and splitBanSet are the two lists as one-pass sets. Folded
// words start after a space, and so do the stems: a substring test finds
// word starts without splitting the text. A text that speaks of splitting
// is also asked for a ban, since a policy may allow instalments; both are
// answered from the text's view (foldedHas, policyFoldedHas).
var splitStemSet, splitBanSet = newSubstrSet(splitStems), newSubstrSet(splitBans)

// splitUnits are the things a limit counts, as folded words.
var splitUnits = map[string]bool{"payments": true, "transfers": true, "pos": true, "orders": true, "invoices": true, "batches": true, "transactions": true,
	"purchases": true, "instalments": true, "installments": true, "tranches": true, "parts": true, "requests": true,
	"pagos": true, "transferencias": true, "ordenes": true, "pedidos": true, "facturas": true, "compras": true, "partes": true, "plazos": true,
	"zahlungen": true, "uberweisungen": true, "bestellungen": true, "auftrage": true, "rechnungen": true, "teile": true, "teilen": true, "raten": true,
	"paiements": true, "virements": true, "commandes": true, "factures": true, "achats": true, "fois": true}

// splitSeparate words mark parts as separate ("four separate POs").
var splitSeparate = map[string]bool{"separate": true, "individual": true, "smaller": true, "distinct": true,
	"separados": true, "separadas": true, "distintos": true, "distintas": true, "getrennte": true, "getrennten": true, "einzelne": true, "einzelnen": true,
	"separes": true, "separees": true, "distincts": true, "distinctes": true}

// splitCounts are the number words of two to ten in four languages.
var splitCounts = map[string]bool{"two": true, "three": true, "four": true, "five": true, "six": true, "several": true, "multiple": true,
	"dos": true, "tres": true, "cuatro": true, "cinco": true, "varios": true, "varias": true,
	"zwei": true, "drei": true, "vier": true, "funf": true, "mehrere": true,
	"deux": true, "trois": true, "quatre": true, "cinq": true, "plusieurs": true}

// checkSplitOrder flags a request to cut one purchase into parts when the
// owner's policies or records forbid splitting.
func (st *state) checkSplitOrder(v *j3fold) {
	if st.hasFinding("splitorder") {
		return
	}
	var rule string
	for pi, p := range st.policies() {
		if v.policyHas(pi, splitStemSet) && v.policyHas(pi, splitBanSet) {
			rule = fmt.Sprintf("policy %s", policyName(p))
			break
		}
	}
	if rule == "" {
		for i, t := range st.trusted {
			if t.isRecord() && v.recordHas(i, splitStemSet) && v.recordHas(i, splitBanSet) {
				rule = fmt.Sprintf("record %s", t.id)
				break
			}
		}
	}
	if rule == "" {
		return
	}
	where := ""
	switch {
	case splitsInParts(v.desc()):
		where = "the action"
	case splitsInParts(clipBytes(st.msg.text, maxClaimBytes)):
		where = "the message"
	default:
		return
	}
	st.add(finding{tactic: consult.PolicyBypass, kind: "splitorder", score: 0.6, sig: consult.High, hard: true,
		obs:    fmt.Sprintf("%s cuts one purchase or payment into several parts, and %s forbids splitting.", capFirst(where), rule),
		reason: fmt.Sprintf("Splitting the purchase keeps each part under a limit the whole is over; %s forbids it.", rule),
		disp:   consult.SeekApproval})
}

// splitsInParts reports a folded text that asks for several parts: a
// count with separate parts or counted units ("four separate POs", "drei
// Zahlungen", "en quatre virements"), or a splitting word near a count or a
// unit ("split it into two payments", "aufteilen in zwei").
func splitsInParts(s string) bool {
	tok := strings.Fields(s)
	for i, w := range tok {
		isCount := splitCounts[w] || (len(w) <= 2 && w[0] >= '2' && w[0] <= '9')
		if isCount {
			for k := i + 1; k < len(tok) && k <= i+2; k++ {
				if splitSeparate[tok[k]] || splitUnits[tok[k]] {
					return true
				}
			}
		}
		if hasPrefixAny(" "+w, splitStems) {
			for k := max(0, i-3); k < len(tok) && k <= i+4; k++ {
				if splitCounts[tok[k]] || splitUnits[tok[k]] {
					return true
				}
			}
		}
	}
	return false
}
