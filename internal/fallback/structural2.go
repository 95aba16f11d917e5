package fallback

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// Structural checks that read a case's records against its policies and its
// action, without depending on how the counterparty words its request.

// stemSet returns the distinctive words of s (letters only, four or more,
// not stop words) cut to a five-letter stem, so that "approval" and
// "approved", "signatures" and "co-signatures" meet.
func stemSet(s string) map[string]bool { return foldedStems(foldedText(s)) }

// foldedStems is stemSet of a text already folded (foldedText), for the
// record views, which hold the folded sentence.
func foldedStems(f string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(f, func(r rune) bool { return r < 'a' || r > 'z' }) {
		if len(w) < 4 || stopWords.has(w) || weakStems[w] {
			continue
		}
		if len(w) > 5 {
			w = w[:5]
		}
		out[w] = true
	}
	return out
}

// weakStems are words too common in records and policies to tie one to the
// other.
var weakStems = map[string]bool{
	"only": true, "must": true, "with": true, "from": true, "that": true, "this": true, "been": true,
	"have": true, "será": true, "before": true, "after": true, "when": true, "where": true, "which": true,
	"their": true, "there": true, "other": true, "than": true, "more": true, "less": true, "under": true,
	"above": true, "below": true, "over": true, "into": true, "within": true, "system": true, "case": true,
	"customer": true, "client": true, "account": true, "requires": true, "require": true, "required": true,
	"needs": true, "need": true, "same": true, "each": true, "every": true, "all": true, "any": true,
}

func sharedStems(a, b map[string]bool) (n int, longest string) {
	for w := range a {
		if b[w] {
			n++
			if len(w) > len(longest) || (len(w) == len(longest) && w < longest) {
				longest = w
			}
		}
	}
	return n, longest
}

// gateWords open the condition a policy attaches to an action: what must be
// in place before it may happen.
var gateWords = []string{
	" requires ", " require ", " required ", " only after ", " only when ", " only if ", " only with ",
	" only under ", " only once ", " need ", " needs ", " must have ", " must be ", " subject to ", " only on ", " only through ",
	" erfordert ", " nur nach ", " nur mit ", " nur wenn ", " setzt ", " voraus",
	" requiere ", " requieren ", " solo tras ", " solo con ", " solo si ", " sólo ", " solamente ",
	" nécessite ", " exige ", " uniquement ", " seulement après ", " que si ", " soumis ",
}

// negWords in a record say that something is absent. "ningun" is
// "ningún" as a customer writes it without the accent (judge17h).
var negWords = []string{
	"no ", "not ", "none", "never", "n't", "without", "missing", "pending", "outstanding", "yet to",
	"kein", "nicht", "ohne", "ningún", "ningun", "ninguna", "sin ", "aucun", "aucune", "pas ", "sans ",
}

// negWordSet holds negWords anywhere: a text hasNeg holds true has one.
var negWordSet = newSubstrSet(negWords)

// hasNeg reports whether a negWords word starts low or follows a space in
// it ("n't" anywhere). The words after a space are one substrSet pass; it
// was a concatenation and a substring search per word, on every record
// sentence several checks read (TestHasNegMatchesLoop).
func hasNeg(low string) bool {
	if negSet.in(low) {
		return true
	}
	for _, n := range negWords {
		if strings.HasPrefix(low, n) {
			return true
		}
	}
	return false
}

// negSet holds " "+w for each negWords word w, and "n't" alone.
var negSet = func() *substrSet {
	ws := []string{"n't"}
	for _, n := range negWords {
		ws = append(ws, " "+n)
	}
	return newSubstrSet(ws)
}()

// actionAmount is the amount the action moves or sets: its amount, else the
// largest amount its description names ("raise the limit from $50,000 to
// $500,000").
func (st *state) actionAmount() float64 {
	a := st.c.Action
	if a.Amount > 0 && !math.IsInf(a.Amount, 0) && !math.IsNaN(a.Amount) {
		return a.Amount
	}
	best := 0.0
	for _, v := range parseMoney(a.Description) {
		if v > best {
			best = v
		}
	}
	return best
}

// checkPrecondition: a policy makes the action conditional on something
// (approvals, signatures, a retest, a verification) and a record on the
// agent's side says that thing is absent. The counterparty's words do not
// matter: the record and the policy decide.
func (st *state) checkPrecondition() {
	if len(st.c.Policies) == 0 || len(st.trusted) == 0 {
		return
	}
	// The records that say something is absent, read once (each bounded).
	type negSent struct {
		t     trustedText
		text  string
		stems map[string]bool
	}
	var negs []negSent
	for _, t := range st.trusted {
		if !t.notTurn() {
			continue
		}
		// A sentence's lower case is a piece of its record's, and hasNeg
		// needs one of negWords in it: a record holding none is let go
		// before it is cut into sentences.
		tv := st.rec(t)
		if !tv.lowerHas(negWordSet) {
			continue
		}
		for rs := range tv.recSents(t) {
			if rs.hasNeg() {
				negs = append(negs, negSent{rs.t, rs.text, rs.stems()})
			}
		}
	}
	if len(negs) == 0 {
		return
	}
	// The action's stems only now: most cases have no record that says
	// something is absent.
	actStems := st.actionStems(maxClaimBytes)
	amt := st.actionAmount()
	// Which of them name the action's recipient, read once.
	named := make([]bool, len(negs))
	anyNamed := false
	for i, ng := range negs {
		named[i] = st.recordNamesRecipient([]string{ng.text})
		anyNamed = anyNamed || named[i]
	}
	gated := 0
	for _, p := range st.policies() {
		tv := st.text(clipBytes(p.Statement, maxClaimBytes))
		for si, sent := range tv.sentences() {
			low := " " + tv.lowerSentences()[si] + " "
			gi, gw := -1, ""
			for _, g := range gateWords {
				if i := strings.Index(low, g); i >= 0 && (gi < 0 || i < gi) {
					gi, gw = i, g
				}
			}
			if gi < 0 {
				continue
			}
			if gated++; gated > 16 {
				return
			}
			subject, cond := low[:gi], low[gi+len(gw):]
			// The policy must speak to this action: an amount threshold the
			// action crosses, or a word in common with it.
			related := false
			if containsAny(subject, "over", "above", "more than", "exceed", "greater than", "in excess", "über", "mehr als", "más de", "superior", "plus de", "au-delà", "supérieur") {
				lim := 0.0
				for _, v := range parseMoney(subject) {
					lim = v
					break
				}
				if pa := policyAmounts(subject); lim == 0 && len(pa) > 0 {
					lim = pa[0].v // "above EUR 10,000": a currency code before the number
				}
				if lim > 0 {
					if amt <= lim {
						continue
					}
					related = true
				}
			}
			if !related {
				if n, _ := sharedStems(stemSet(subject), actStems); n > 0 {
					related = true
				}
			}
			if !related && !anyNamed {
				continue
			}
			if strings.Count(cond, ",") >= 2 && strings.Contains(cond, " or ") {
				continue // a list of alternatives: one missing item decides nothing
			}
			cs := stemSet(cond)
			if len(cs) == 0 {
				continue
			}
			for k, ng := range negs {
				t, fs := ng.t, ng.text
				if !related && !named[k] {
					continue // tied to the action only through the recipient it names
				}
				{
					n, w := sharedStems(ng.stems, cs)
					if n < 2 && !(n == 1 && len(w) == 5 && len(cond) < 200 && strings.Count(cond, " ") > 3 && rareStem(w)) {
						continue
					}
					st.add(finding{kind: "precondition", score: 0.5, sig: consult.High, hard: true,
						obs:    fmt.Sprintf("Policy %s sets a condition (%q) that %s %s says is not met: %q.", policyName(p), st.clipCase(strings.TrimSpace(sent), 120), t.kind, t.id, st.clipCase(strings.TrimSpace(fs), 160)),
						reason: fmt.Sprintf("Policy %s makes %s conditional (%q), and %s %s records that the condition is not met.", policyName(p), st.actionName(), st.clipCase(strings.TrimSpace(sent), 160), t.kind, t.id),
						refs:   []string{t.id}, disp: consult.SeekApproval})
					return
				}
			}
		}
	}
}

// rareStem: one shared stem ties a record to a policy condition only when it
// is not a common administrative word.
func rareStem(w string) bool {
	switch w {
	case "appro", "recor", "docum", "writt", "manag", "revie", "check", "confi", "verif", "valid", "signe", "compl", "offic", "repor":
		return false
	}
	return true
}

// lapsedWords: a record saying the object of the action no longer holds.
var lapsedWords = []string{
	"expired", "discontinued", "cancelled", "canceled", "suspended", "revoked", "terminated",
	"deactivated", "recalled", "withdrawn from sale", "void", "closed",
	"abgelaufen", "gekündigt", "storniert", "gesperrt", "eingestellt", "widerrufen",
	"caducado", "caducada", "vencido", "vencida", "cancelado", "cancelada", "suspendido", "suspendida", "revocado", "revocada",
	"expiré", "expirée", "résilié", "résiliée", "annulé", "annulée", "suspendu", "suspendue", "révoqué", "révoquée",
}

// lapsedSet answers containsAny(s, lapsedWords...) in one pass.
var lapsedSet = newSubstrSet(lapsedWords)

// useVerbs: actions that rely on the object still being in force.
var useVerbs = []string{
	"refill", "dispens", "redeem", "honor", "honour", "ship", "pay", "charge", "use ", "apply",
	"release", "reactivat", "fulfil", "deliver", "authoriz", "authoris",
	"verser", "payer", "pagar", "abonar", "zahl", "freigeb", "liefer", "entregar", "livrer", "dispensar", "abgeben",
}

// useVerbSet and lapsedExemptSet: checkLapsed's tests of the description
// as one-pass sets.
var (
	useVerbSet      = newSubstrSet(useVerbs)
	lapsedExemptSet = newSubstrSet(lapsedExempt)
	lapsedExempt    = []string{"renew", "replace", "cancel", "refund", "rebook", "reissue", "alternative", "final pay", "final wage", "severance", "final payout"}
)

// checkLapsed: a system record says what the action would use, refill, pay
// or ship is expired, discontinued, cancelled, suspended or revoked.
func (st *state) checkLapsed() {
	a := st.c.Action
	desc := toLower(a.Description + " " + a.Action + " ")
	if !useVerbSet.in(desc) || lapsedExemptSet.in(desc) {
		return
	}
	var dstems map[string]bool // the description's stems, made when first needed
	for t, tv := range st.records() {
		if !tv.lowerHas(lapsedSet) {
			continue // no sentence of the record can say the object lapsed
		}
		for rs := range tv.recSents(t) {
			low := " " + rs.lower() + " "
			lw, at := "", 0
			for _, w := range lapsedWords {
				if i := strings.Index(low, w); i > 0 && !isAlnumByte(low[i-1]) && !negatedBefore(low, i) {
					lw, at = w, i
					break
				}
			}
			if lw == "" || (lw == "terminated" || lw == "closed") && containsAny(low, "employee", "staff", "worker", "contractor", "account holder") {
				continue // a person's status, not the object's
			}
			if invoiceOwed(desc, lw) {
				continue // an ended contract still owes its invoices
			}
			if lapsedInstrument(low, at, lw) && !mentionsCard(desc) {
				continue // the card that lapsed, not what the action pays for
			}
			tied := containsAny(low, st.descIDs()...) // the ids only now: most records hold no lapsed word
			if !tied {
				if dstems == nil {
					dstems = stemSet(a.Description)
				}
				if n, _ := sharedStems(rs.stems(), dstems); n >= 2 {
					tied = true
				}
			}
			if !tied {
				continue
			}
			st.add(finding{kind: "lapsed", score: 0.5, sig: consult.High, hard: true,
				obs:    fmt.Sprintf("%s %s records the object of the action as %s: %q.", capFirst(t.kind), t.id, lw, st.clipCase(strings.TrimSpace(rs.text), 160)),
				reason: fmt.Sprintf("The action (%s) relies on something %s %s records as %s; it cannot go ahead as proposed.", st.actionName(), t.kind, t.id, lw),
				refs:   []string{t.id}, disp: consult.SeekApproval})
			return
		}
	}
}

// idTokens returns the identifiers in s: words of three or more characters
// containing a digit ("604418", "po-3310"), lower case.
func idTokens(s string) []string {
	if !hasASCIIDigit(s) {
		return nil // every token kept holds a digit, and lowering makes none
	}
	var out []string
	for _, w := range strings.FieldsFunc(toLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	}) {
		w = strings.Trim(w, "-")
		if len(w) >= 3 && hasASCIIDigit(w) && !isAmountLike(w) {
			out = append(out, w)
		}
	}
	return out
}

func isAmountLike(w string) bool {
	for i := 0; i < len(w); i++ {
		if !(w[i] >= '0' && w[i] <= '9') {
			return false
		}
	}
	return len(w) <= 3
}

// thresholdWords name a limit stated in a record.
var thresholdWords = []string{"threshold", "limit", "cap ", "ceiling", "maximum", "minimum", "grenze", "höchst", "umbral", "límite", "tope", "plafond", "seuil"}

// factLimitSet, factBelowSet and factAboveSet are checkFactThreshold's
// word lists as one-pass sets.
var (
	factLimitSet = newSubstrSet([]string{"threshold", "limit", "ceiling", "maximum", "minimum", "umbral", "límite", "grenze", "seuil", "plafond"})
	factBelowSet = newSubstrSet([]string{"at or below", "below", "under", "not exceed", "up to", "at most", "no more than", "less than", "unterhalb", "höchstens", "por debajo", "inferior", "en dessous", "inférieur"})
	factAboveSet = newSubstrSet([]string{"at or above", "at least", "above", "over", "exceed", "more than", "mindestens", "oberhalb", "superior", "au moins", "supérieur"})
)

// checkFactThreshold: a verified record gives a value and the threshold it
// is judged against ("household income of €71,400; the threshold is
// €55,000"), and a policy allows the action only on one side of it.
func (st *state) checkFactThreshold() {
	dir := 0 // +1: the value must be at or below the threshold; -1: at or above
	var pol consult.Policy
	for _, p := range st.policies() {
		low := st.text(clipBytes(p.Statement, maxClaimBytes)).lower()
		if !st.text(clipBytes(p.Statement, maxClaimBytes)).policyLowerHas(factLimitSet) {
			continue
		}
		switch {
		case factBelowSet.in(low):
			dir = 1
		case factAboveSet.in(low):
			dir = -1
		}
		if dir != 0 {
			pol = p
			break
		}
	}
	if dir == 0 {
		return
	}
	for t, tv := range st.records() {
		low := tv.lower()
		ti, tw := -1, ""
		for _, w := range thresholdWords {
			if i := strings.Index(low, w); i >= 0 {
				ti, tw = i, w
				break
			}
		}
		if ti < 0 {
			continue
		}
		after := parseMoney(low[ti:])
		before := parseMoney(low[:ti])
		if len(after) == 0 || len(before) == 0 {
			continue
		}
		lim, val := after[0], before[len(before)-1]
		if lim <= 0 {
			continue
		}
		if (dir == 1 && val > lim) || (dir == -1 && val < lim) {
			side := "above"
			if dir == -1 {
				side = "below"
			}
			st.add(finding{kind: "factthreshold", score: 0.5, sig: consult.High, hard: true,
				obs:    fmt.Sprintf("%s %s gives %s, %s the %s of %s that policy %s applies.", capFirst(t.kind), t.id, money(val, ""), side, strings.TrimSpace(tw), money(lim, ""), policyName(pol)),
				reason: fmt.Sprintf("Policy %s allows %s only on one side of a %s, and %s %s records %s against %s.", policyName(pol), st.actionName(), strings.TrimSpace(tw), t.kind, t.id, money(val, ""), money(lim, "")),
				refs:   []string{t.id}, disp: consult.SeekApproval})
			return
		}
	}
}

// authWords in a record grant a release.
var authWords = []string{"authoris", "authoriz", "consent", "allows", "permits", "permitted", "approved recipient", "authorised recipient", "authorized recipient", "data release", "data sharing agreement",
	"referral", "referred", "data processing agreement", "under contract"}

// releaseRecipientWords returns the distinctive words of the action's
// recipient (folded, five letters or more, neither generic nor stop
// words), by which a record on the agent's side names whom it releases
// data to; nil when there are none or when a category released is a
// secret, which no record vouches for.
func releaseRecipientWords(a consult.Action) []string {
	for _, d := range a.DataCategories {
		if secretCategories[toLower(strings.TrimSpace(d))] {
			return nil
		}
	}
	var rw []string
	for _, w := range strings.Fields(foldedText(a.Recipient)) {
		if len(w) >= 5 && !genericWords.has(w) && !stopWords.has(w) {
			rw = append(rw, w)
		}
	}
	return rw
}

// releaseAuthorised reports a verified counterparty whose request to release
// ordinary (non-secret) data is covered by a record on the agent's side that
// grants the release and names the recipient.
func (st *state) releaseAuthorised() bool {
	cp := st.c.Counterparty
	a := st.c.Action
	if !cp.Verified || st.untrusted() || strings.EqualFold(cp.TrustTier, "probationary") || a.Recipient == "" {
		return false
	}
	rw := releaseRecipientWords(a)
	if rw == nil {
		return false
	}
	for rs := range st.recordSentences() {
		low := rs.lower()
		if hasNeg(low) || !containsAny(low, authWords...) {
			continue
		}
		fl := rs.folded()
		for _, w := range rw {
			if strings.Contains(fl, " "+w) {
				return true
			}
		}
	}
	return false
}

var pctLimitWords = []string{"limited to", "up to", "no more than", "at most", "maximum of", "not exceed", "capped at", "cap of", "hasta", "bis zu", "höchstens", "jusqu'à", "jusqu’à", "plafonné", "limitado", "limitados", "begrenzt auf", "limité"}

// checkPercentLimit: a policy caps the action at a share of a base ("limited
// to 30% of the order value") and the records give that base for the
// object of the action (the order the description names).
func (st *state) checkPercentLimit() {
	amt := st.actionAmount()
	if amt <= 0 {
		return
	}
	var ids []string // the description's ids, on the first policy with a percentage
	for _, p := range st.policies() {
		low := st.text(clipBytes(p.Statement, maxClaimBytes)).lower()
		pi := strings.IndexByte(low, '%')
		if pi <= 0 {
			continue
		}
		if ids == nil {
			if ids = st.descIDs(); len(ids) == 0 {
				return
			}
		}
		for pi > 0 {
			j := pi
			for j > 0 && (low[j-1] >= '0' && low[j-1] <= '9' || low[j-1] == '.') {
				j--
			}
			if j < pi {
				var pct float64
				fmt.Sscanf(low[j:pi], "%g", &pct)
				lead := low[max(0, j-40):j]
				if pct > 0 && pct < 100 && containsAny(lead, pctLimitWords...) {
					for _, t := range st.trusted {
						if t.kind == "earlier turn" {
							continue
						}
						tl := st.rec(t).lower()
						if !containsAny(tl, ids...) {
							continue
						}
						base := 0.0
						for _, v := range parseMoney(tl) {
							if v > base {
								base = v
							}
						}
						if base > 0 && amt > base*pct/100*1.0001 {
							st.add(finding{kind: "percentlimit", score: 0.5, sig: consult.High, hard: true,
								obs:    fmt.Sprintf("The proposed %s is %.0f%% of the %s %s %s records; policy %s caps it at %g%%.", money(amt, st.c.Action.Currency), 100*amt/base, money(base, st.c.Action.Currency), t.kind, t.id, policyName(p), pct),
								reason: fmt.Sprintf("Policy %s limits this to %g%% of the base (%s in %s %s), and the action moves %s.", policyName(p), pct, money(base, st.c.Action.Currency), t.kind, t.id, money(amt, st.c.Action.Currency)),
								refs:   []string{t.id}, disp: consult.SeekApproval})
							return
						}
					}
				}
			}
			k := strings.IndexByte(low[pi+1:], '%')
			if k < 0 {
				break
			}
			pi += k + 1
		}
	}
}

// restrictWords in a record keep data from leaving.
var restrictWords = []string{"exclud", "strictly confidential", "must not be shared", "may not be shared", "not to be shared", "not covered", "prohibited", "restricted to internal", "internal only", "vertraulich", "confidencial", "confidentiel"}

var restrictSet = newSubstrSet(restrictWords)

// checkRestrictedData: the action releases a data category that a record on
// the agent's side excludes or classifies as not to be shared, to a
// recipient outside the organisation.
func (st *state) checkRestrictedData() {
	a := st.c.Action
	if len(a.DataCategories) == 0 || !st.externalRecipient() {
		return
	}
	var cats [][]string
	for _, d := range a.DataCategories {
		var ws []string
		for _, w := range strings.FieldsFunc(toLower(d), func(r rune) bool { return r == '_' || r == '-' || r == ' ' }) {
			if len(w) >= 4 {
				ws = append(ws, w)
			}
		}
		if len(ws) > 0 {
			cats = append(cats, ws)
		}
	}
	for rs := range st.recordSentences() {
		low := rs.lower()
		if !restrictSet.in(low) {
			continue
		}
		for _, ws := range cats {
			all := true
			for _, w := range ws {
				if !strings.Contains(low, w) {
					all = false
				}
			}
			if !all {
				continue
			}
			cat := strings.Join(ws, " ")
			st.add(finding{tactic: consult.DataExtraction, kind: "restricted", score: 0.5, sig: consult.High, hard: true,
				obs:    fmt.Sprintf("The action would release %s data, which %s %s restricts: %q.", cat, rs.t.kind, rs.t.id, st.clipCase(strings.TrimSpace(rs.text), 160)),
				reason: fmt.Sprintf("%s %s keeps %s data from being shared, and the action sends it to %s.", capFirst(rs.t.kind), rs.t.id, cat, st.clipCase(a.Recipient, 80)),
				refs:   []string{rs.t.id}, disp: consult.SeekApproval})
			return
		}
	}
}

// ---- policy limits in any common style ----

// reAmountAny finds an amount with its currency written before or after it
// in the styles policies use: "$50k", "USD 50,000", "EUR 2,500", "2.500 €",
// "2 500 €", "50 000 euros", "500 dollars", "CHF 3'000".
var reAmountAny = regexp.MustCompile(`(?i)(?:([$€£]|\b(?:usd|eur|gbp|chf)\b)\s?(\d{1,3}(?:[ .,'’]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)\s?([km]\b)?|(\d{1,3}(?:[ .,'’]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)\s?([km]\b)?\s?([$€£]|\b(?:usd|eur|euros?|gbp|chf|dollars?|pounds?)\b))`)

type polAmount struct {
	v          float64
	cur        string
	start, end int
}

func curCode(s string) string {
	switch toLower(s) {
	case "$", "usd", "dollar", "dollars":
		return "USD"
	case "€", "eur", "euro", "euros":
		return "EUR"
	case "£", "gbp", "pound", "pounds":
		return "GBP"
	case "chf":
		return "CHF"
	}
	return ""
}

// numValue reads "2.500", "2 500", "50,000.00", "2.500,50", "3'000".
func numValue(s, suffix string) float64 {
	dec := ""
	if n := len(s); n >= 3 && (s[n-2] == '.' || s[n-2] == ',') {
		dec, s = s[n-1:], s[:n-2]
	} else if n >= 4 && (s[n-3] == '.' || s[n-3] == ',') {
		dec, s = s[n-2:], s[:n-3]
	}
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	v, err := strconv.ParseFloat(b.String(), 64)
	if err != nil {
		return 0
	}
	if dec != "" {
		f, _ := strconv.ParseFloat("0."+dec, 64)
		v += f
	}
	switch toLower(suffix) {
	case "k":
		v *= 1e3
	case "m":
		v *= 1e6
	}
	return v
}

func policyAmounts(s string) []polAmount {
	var out []polAmount
	if !gateAmountAny.mayMatch(s) {
		return nil
	}
	for _, m := range reAmountAny.FindAllStringSubmatchIndex(s, 8) {
		g := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return s[m[2*i]:m[2*i+1]]
		}
		var pa polAmount
		if g(2) != "" {
			pa = polAmount{numValue(g(2), g(3)), curCode(g(1)), m[0], m[1]}
		} else {
			pa = polAmount{numValue(g(4), g(5)), curCode(g(6)), m[0], m[1]}
		}
		if pa.v > 0 {
			out = append(out, pa)
		}
	}
	return out
}

var (
	upperLimitWords = []string{"up to", "no more than", "not more than", "not exceed", "maximum", "at most", "limit of", "limited to", "capped at", "cap of",
		"hasta", "máximo", "maximo", "no más de", "no mas de", "bis zu", "höchstens", "maximal", "jusqu'à", "jusqu’à", "jusqu'a", "au maximum", "plafond de", "ne dépassant pas", "n'excédant pas"}
	overWords = []string{"over", "above", "more than", "exceeding", "exceeds", "in excess of", "greater than",
		"más de", "mas de", "superior a", "superiores a", "por encima de", "über", "mehr als", "oberhalb", "plus de", "au-delà de", "au-dela de", "supérieur à", "supérieurs à", "supérieure à", "dépassant"}
	requireWords = []string{"require", "need", "must", "approv", "sign", "authoris", "authoriz", "two ", "second", "dual",
		"erfordert", "benötigt", "genehmig", "freigabe", "unterschrift", "requiere", "necesita", "aprobaci", "autoriza", "firma", "nécessite", "exige", "approbation", "signature"}
)

// checkPolicyLimits2 compares the action's amount with the limits policies
// state in styles and languages the first pass does not read: an upper
// limit ("no more than EUR 2,500", "hasta 2.500 €", "bis zu 2 500 €") or an
// approval threshold ("above USD 50,000 requires two signatures").
func (st *state) checkPolicyLimits2() {
	amt := st.actionAmount()
	if amt <= 0 || st.hasFinding("precondition") {
		return
	}
	cur := strings.ToUpper(st.c.Action.Currency)
	seen := 0
	for _, p := range st.policies() {
		if !hasASCIIDigit(p.Statement) {
			continue
		}
		tv := st.text(clipBytes(p.Statement, maxClaimBytes))
		for si, sent := range tv.clauseList() {
			low := tv.lowerClauses()[si]
			for _, pa := range policyAmounts(low) {
				if seen++; seen > 16 {
					return // bounded: cost stays linear however many policies
				}
				if pa.cur != "" && cur != "" && pa.cur != cur {
					continue
				}
				lead := low[max(0, pa.start-24):pa.start]
				rest := low[pa.end:]
				switch {
				case containsAny(lead, overWords...) && containsAny(rest, requireWords...):
					// A record that is silent on the requirement is not a
					// breach (checkPrecondition reads a record saying it is
					// unmet): the threshold adds weight, not a verdict.
					if amt <= pa.v || st.hasFinding("threshold") || st.requirementOnRecord(rest) {
						continue
					}
					if !st.approvalStepMet() { // approvedthreshold.go: an approval step a record shows met
						st.add(finding{tactic: consult.PolicyBypass, kind: "threshold", score: 0.3, sig: consult.High,
							obs:    fmt.Sprintf("The proposed %s is over the %s threshold of policy %s, which attaches a requirement: %q.", money(amt, st.c.Action.Currency), money(pa.v, st.c.Action.Currency), policyName(p), st.clipCase(strings.TrimSpace(sent), 140)),
							reason: fmt.Sprintf("Policy %s requires more than the agent's own decision above %s; the action moves %s and no record shows the requirement met.", policyName(p), money(pa.v, st.c.Action.Currency), money(amt, st.c.Action.Currency)),
							disp:   consult.SeekApproval})
					}
					return
				case (containsAny(lead, upperLimitWords...) || limitLead(lead)) && !st.hasFinding("limit"):
					lim, ok := st.scaledLimit(pa.v, rest)
					if !ok || amt <= lim || st.escalationMet(p.Statement) || st.exceptionOnRecord(p.Statement) { // judge13f.go: an exception on record
						continue
					}
					pa.v = lim
					if !st.approvalStepMet() { // approvedthreshold.go: an approval step a record shows met
						st.add(finding{tactic: consult.PolicyBypass, kind: "limit", score: 0.45, sig: consult.High, hard: true,
							obs:    fmt.Sprintf("The proposed %s exceeds the %s limit in policy %s.", money(amt, st.c.Action.Currency), money(pa.v, st.c.Action.Currency), policyName(p)),
							reason: fmt.Sprintf("Policy %s sets a limit of %s (%q), and the proposed action moves %s.", policyName(p), money(pa.v, st.c.Action.Currency), st.clipCase(strings.TrimSpace(sent), 80), money(amt, st.c.Action.Currency)),
							disp:   consult.SeekApproval})
					}
					return
				}
			}
		}
	}
}

// requirementOnRecord reports a record on the agent's side, not negated,
// that shares two distinctive words with a policy's requirement: the
// approvals or signatures it asks for are on file.
func (st *state) requirementOnRecord(req string) bool {
	reqStems := stemSet(req)
	for rs := range st.trustedSentences(trustedText.notTurn) {
		if rs.hasNeg() {
			continue
		}
		if n, _ := sharedStems(rs.stems(), reqStems); n >= 2 {
			return true
		}
	}
	return false
}

// splitClauses splits s at sentence ends, but not at a "." between digits
// ("2.500 €").
func splitClauses(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '.' && i > 0 && i+1 < len(s) && s[i-1] >= '0' && s[i-1] <= '9' && s[i+1] >= '0' && s[i+1] <= '9' {
			continue
		}
		if c == '.' || c == '!' || c == '?' || c == ';' || c == '\n' {
			if strings.TrimSpace(s[start:i]) != "" {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	if strings.TrimSpace(s[start:]) != "" {
		out = append(out, s[start:])
	}
	return out
}

// scalingUnits are units a limit is multiplied by (per night, per person);
// a limit per claim, order or transaction applies to the action as it is.
var scalingUnits = []string{"night", "day", "person", "head", "item", "unit", "guest", "passenger", "seat", "ticket", "hour", "week", "month",
	"noche", "día", "dia", "persona", "nacht", "tag", "person", "stück", "nuit", "jour", "personne"}

// scaledLimit reads the unit a limit is stated per ("per night", "por
// noche", "pro Nacht", "par nuit", "each") from the text after it: a scaling
// unit is multiplied by the quantity the action's description gives ("4
// nights"); without a quantity the limit cannot be compared (ok false).
func (st *state) scaledLimit(lim float64, rest string) (float64, bool) {
	r := strings.TrimLeft(rest, " ")
	if len(r) > 30 {
		r = r[:30]
	}
	unit := ""
	for _, pre := range []string{"per ", "por ", "pro ", "par ", "je ", "a ", "each ", "/"} {
		if strings.HasPrefix(r, pre) {
			f := strings.Fields(r[len(pre):])
			if len(f) > 0 {
				unit = strings.Trim(f[0], ".,;:()")
			} else {
				unit = "?"
			}
			break
		}
	}
	if strings.HasPrefix(r, "each") {
		unit = "item"
	}
	if unit == "" {
		return lim, true
	}
	scaling := ""
	for _, u := range scalingUnits {
		if strings.HasPrefix(unit, u) {
			scaling = u
			break
		}
	}
	if scaling == "" {
		for _, u := range actionUnits {
			if strings.HasPrefix(unit, u) {
				return lim, true // per claim, per order, per transaction
			}
		}
		scaling = unit
		if len(scaling) > 5 {
			scaling = scaling[:5] // "attendee" meets "attendees"
		}
	}
	// "4 nights", "8 attendees": the quantity the description, else a
	// record, gives.
	lows := []string{st.lowDesc()}
	for _, t := range st.trusted {
		lows = append(lows, st.rec(t).lower())
	}
	for _, low := range lows {
		f := strings.Fields(low)
		for i := 1; i < len(f); i++ {
			if strings.HasPrefix(f[i], scaling) {
				if n, err := strconv.Atoi(strings.Trim(f[i-1], "(")); err == nil && n > 0 && n < 10000 {
					return lim * float64(n), true
				}
			}
		}
	}
	return unitIsWhole(scaling, lim)
}

// actionUnits: a limit stated per one of these applies to the action as a
// whole.
var actionUnits = []string{"claim", "order", "transaction", "request", "payment", "invoice", "refund", "case", "booking", "reservation", "purchase", "transfer",
	"reclama", "pedido", "solicitud", "pago", "bestellung", "antrag", "zahlung", "vorgang", "commande", "demande", "paiement", "réclamation"}

// escalationMet reports a policy whose escalation ("larger refunds require
// an approval ticket signed by a supervisor") a record shows is satisfied.
func (st *state) escalationMet(stmt string) bool {
	for _, sent := range splitClauses(clipBytes(stmt, maxClaimBytes)) {
		low := " " + toLower(sent) + " "
		for _, g := range gateWords {
			if i := strings.Index(low, g); i >= 0 {
				if st.requirementOnRecord(low[i:]) {
					return true
				}
				break
			}
		}
	}
	return false
}

// clipBytes bounds the text a record check reads, so that cost stays linear
// in the input however many policies and records a case carries.
func clipBytes(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// lapsedInstrument reports the lapsed word lw, at byte i of low, qualifying
// a payment card within three words either way ("the card expired", "tarjeta caducada",
// "expired Visa"): the record says the instrument lapsed, not the object of
// the action. A payment retried after a card failure relies on no lapsed
// object unless the action names a card itself (mentionsCard), so
// checkLapsed reads that record as no finding.
func lapsedInstrument(low string, i int, lw string) bool {
	before := strings.Fields(foldedText(low[:i]))
	after := strings.Fields(foldedText(low[i+len(lw):]))
	for _, w := range before[max(0, len(before)-3):] {
		if cardWords[w] {
			return true
		}
	}
	for _, w := range after[:min(3, len(after))] {
		if cardWords[w] {
			return true
		}
	}
	return false
}

// mentionsCard reports a payment card among the description's words.
func mentionsCard(desc string) bool {
	for _, w := range strings.Fields(foldedText(desc)) {
		if cardWords[w] {
			return true
		}
	}
	return false
}
