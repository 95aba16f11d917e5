package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- data a policy says never leaves, named by kind or sent as payment data ----
//
// checkForbiddenShare ties a policy's "never share ..." list to the words
// of the action's description, and only for actions that release records
// (a category other than financial). Two releases slip past it:
//   - the action's declared data category is itself on the list ("Never
//     share ... confidential work information", action category
//     confidential: the client's name and contract value): the category is
//     the owner's own classification of what moves, whatever the
//     description calls it;
//   - payment data sent as information, not as a payment ("send her sort
//     code, account number and card number", category financial, no
//     amount): account and card numbers on a never-share list are exactly
//     that, and a financial category without an amount is data, not money.
// Either way the data goes outside against a standing prohibition ->
// data_extraction, hard, do_not_proceed, as in checkForbiddenShare.

// releaseLeads open a description that hands information over (folded).
var releaseLeads = []string{"send", "share", "give", "provide", "tell", "forward", "disclose", "pass", "email", "upload", "submit",
	"enviar", "envia", "compartir", "comparte", "facilitar", "dar", "decir", "indicar", "senden", "schicken", "weitergeben",
	"ubermitteln", "mitteilen", "geben", "envoyer", "partager", "transmettre", "communiquer", "indiquer", "donner"}

// kindWords give the stems a Spanish, German or French list uses for a
// category whose label is English.
var kindWords = map[string][]string{
	"confi": {"vertr"},                   // confidencial, confidentiel; vertraulich
	"healt": {"salud", "gesun", "sante"}, // salud, Gesundheit(sdaten), santé
	"minor": {"menor", "minde", "mineu"}, // menores, Minderjährige, mineurs
}

// checkForbiddenKind flags a release of data a policy's never-share list
// names by the action's data category, or of payment data sent as
// information.
func (st *state) checkForbiddenKind() {
	a := st.c.Action
	if len(st.c.Policies) == 0 || len(a.DataCategories) == 0 || a.Description == "" {
		return
	}
	if st.hasFinding("forbiddenshare") || st.hasFinding("secrets") || !st.externalRecipient() || st.releaseAuthorised() {
		return
	}
	// The categories a list item may name: the first word of each, five
	// letters or more ("confidential", "health", "minors"), not generic.
	var kinds []string
	payData := a.Amount <= 0 && releaseLead(a.Description)
	for _, d := range a.DataCategories {
		// Categories are ASCII labels ("confidential", "customer_list"):
		// lower case and the first word are enough, without folding.
		first, _, _ := strings.Cut(strings.TrimSpace(toLower(d)), "_")
		first, _, _ = strings.Cut(first, " ")
		if len(first) < 5 || first == "financial" || first == "personal" {
			continue
		}
		kinds = append(kinds, first[:5])
		kinds = append(kinds, kindWords[first[:5]]...)
	}
	if len(kinds) == 0 && !payData {
		return
	}
	var act map[string]bool
	if payData {
		act = st.actionStems(maxClaimBytes)
	}
	for _, p := range st.policies() {
		for _, sent := range splitClauses(clipBytes(p.Statement, maxClaimBytes)) {
			if !prohibitsRelease(" " + foldedText(sent) + " ") {
				continue
			}
			what := ""
			for _, ph := range objectPhrases(sent) {
				for _, k := range kinds {
					if ph.head[k] || ph.mods[k] {
						what = k
					}
				}
				// Payment data: an item whose head and modifier the
				// description both names ("card numbers" and "card number").
				// A long item is a clause read whole ("ne jamais partager de
				// numéros de carte"): two of its words must be the
				// description's.
				if what == "" && payData {
					n, w := 0, ""
					for h := range ph.head {
						if len(h) == 5 && act[h] && !objectNoise[h] {
							n, w = n+1, h
						}
					}
					if n > 0 && (len(ph.mods) > 0 && anyStem(ph.mods, act) || n >= 2) {
						what = w
					}
				}
				if what != "" {
					break
				}
			}
			if what == "" {
				continue
			}
			st.add(finding{tactic: consult.DataExtraction, kind: "forbiddenkind", score: 0.7, sig: consult.Critical, hard: true,
				obs:    fmt.Sprintf("Policy %s forbids releasing this kind of data (%q), and the action sends it to %s.", policyName(p), st.clipCase(strings.TrimSpace(sent), 120), st.clipCase(a.Recipient, 80)),
				reason: fmt.Sprintf("Policy %s says this kind of data never goes where the action would send it; no benefit or reason offered changes that.", policyName(p)),
				disp:   consult.DoNotProceed})
			return
		}
	}
}

// releaseLead reports a description whose first word hands information
// over ("Send Emma's sort code...", "Facilitar a...").
func releaseLead(desc string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(foldedText(clipBytes(desc, 40))), " ")
	for _, v := range releaseLeads {
		if first == v {
			return true
		}
	}
	return false
}
