package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a request for special-category personal data ----
//
// Trade-union membership, political opinions and votes, religion, sexual
// orientation and ethnic origin are the special categories of data
// protection law: no quote, claim or booking needs them, and "it helps us
// match you" does not change that. A counterparty that asks for them, when
// the action would share them and the owner's goal does not concern them,
// is extracting data (data_extraction).

// specialTerms are folded words or phrases for those categories.
var specialTerms = []string{" trade union ", " union member", " labour union ", " labor union ", " sindicato ", " sindical",
	" gewerkschaft", " syndicat ", " syndique", " political ", " politica", " politico", " politisch", " politique",
	" vote ", " votes ", " voting ", " voted ", " vota ", " votar ", " wahlt ", " wahlverhalten", " votez ", " voter ",
	" religion", " religious ", " religios", " religieu", " sexual orientation", " orientacion sexual", " sexuelle orientierung",
	" orientation sexuelle", " ethnic ", " ethnicity", " etnico", " etnica", " ethnisch", " ethnique"}

var specialSet = newMsgSubstrSet(specialTerms)

// checkSpecialCategory flags a message asking for special-category data
// that the action shares with someone outside.
func (st *state) checkSpecialCategory() {
	a := st.c.Action
	if a.Recipient == "" || !st.externalRecipient() || !sharesData(a) {
		return
	}
	if !st.msgHasSub(specialSet) {
		return // the message's lexicon scan, instead of a pass of its own
	}
	m := st.msgHead()
	term := ""
	for _, t := range specialTerms {
		if strings.Contains(m, t) {
			term = strings.TrimSpace(t)
			break
		}
	}
	if term == "" {
		return
	}
	owner := foldedText(st.c.Goal + " . " + st.c.Title)
	if strings.Contains(owner, " "+term) {
		return // the owner's own task is about it (joining a union, a voter registration)
	}
	st.add(finding{tactic: consult.DataExtraction, kind: "specialcategory", score: 0.7, sig: consult.High, hard: true,
		obs:    fmt.Sprintf("The counterparty asks for special-category personal data (%q) and the action would share it.", term),
		reason: "Union membership, political views, religion, sexual orientation and ethnic origin are special-category data that no quote or service here needs; sharing them needs the owner's explicit consent.",
		disp:   consult.SeekApproval})
}

// sharesData reports whether the action passes personal data on.
func sharesData(a consult.Action) bool {
	if la := toLower(a.Action); strings.Contains(la, "share") || strings.Contains(la, "send") {
		return true
	}
	for _, d := range a.DataCategories {
		k := toLower(strings.TrimSpace(d))
		if personalCategories[k] || specialCategories[k] || k == "sensitive" {
			return true
		}
	}
	return false
}
