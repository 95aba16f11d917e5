package fallback

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a count limit and the count the action carries ----
//
// "At most five passengers per reservation", "höchstens drei Gutscheine",
// "como máximo 2 maletas", "au plus quatre participants": a policy caps how
// many of something one action may carry, and the action's description
// gives more. The counterparty's wording does not matter (a family of six
// asking politely is still over the cap), so the finding names no tactic: it
// asks for the plan to change or for approval, and raises no false tactic.

// countLeads open an upper count limit (folded).
var countLeads = []string{"at most", "no more than", "not more than", "maximum of", "a maximum of", "up to", "max",
	"como maximo", "no mas de", "hasta", "un maximo de", "maximo",
	"hochstens", "maximal", "bis zu", "nicht mehr als",
	"au plus", "au maximum", "pas plus de", "jusqua", "maximum"}

// smallNumbers read the counts policies write in words, in four languages.
var smallNumbers = map[string]int{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	"uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10,
	"ein": 1, "eine": 1, "einen": 1, "zwei": 2, "drei": 3, "vier": 4, "funf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10,
	"un": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8, "neuf": 9, "dix": 10,
}

// countOf reads a small count token: digits (up to four) or a number word.
func countOf(w string) (int, bool) {
	if n, ok := smallNumbers[w]; ok {
		return n, true
	}
	if len(w) == 0 || len(w) > 4 {
		return 0, false
	}
	// Atoi accepts only a sign or a digit first; testing that here spares
	// the error it allocates for every ordinary word.
	if c := w[0]; c != '+' && c != '-' && !isDigitByte(c) {
		return 0, false
	}
	n, err := strconv.Atoi(w)
	return n, err == nil && n > 0
}

// unitStem strips the plural ending of a unit word so that plural and
// singular meet ("passengers", "passenger"; "Gutscheine", "Gutschein";
// "Stunden", "Stunde"). It keeps the rest of the word: a five-letter cut
// made "2 travellers" a count of the "one travel certificate" a payment
// policy caps, a different noun that only starts alike.
func unitStem(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") {
		w = w[:len(w)-1]
	}
	if len(w) > 6 && strings.HasSuffix(w, "en") {
		w = w[:len(w)-2]
	} else if len(w) > 4 && strings.HasSuffix(w, "e") {
		w = w[:len(w)-1]
	}
	return w
}

// countsIn returns, for each unit stem the folded text counts ("6
// passengers"), the largest count given, or nil for none.
//
// It walks the words as foldedFields cuts them, keeping the one before and
// the one after each, and asks countOf (a map look-up for a word) only of a
// word whose next word can be a unit: the walk allocates nothing, and most
// descriptions give no count (countsInRef in the tests is the old loop).
func countsIn(folded string) map[string]int {
	var out map[string]int
	var prev, cur string // the words before next
	seen := 0            // the words read so far
	for s := folded; ; {
		next, rest, ok := nextFoldedWord(s)
		if !ok {
			break
		}
		s = rest
		if seen >= 1 && len(next) >= 4 && !hasASCIIDigit(next) && (seen < 2 || !hasASCIIDigit(prev)) {
			// cur is a count's place; prev, when there is one, is not
			// the day of a folded date ("2024 05 20 passenger").
			if n, ok := countOf(cur); ok {
				u := unitStem(next)
				if out == nil {
					out = map[string]int{}
				}
				if n > out[u] {
					out[u] = n
				}
			}
		}
		prev, cur = cur, next
		seen++
	}
	return out
}

// nextFoldedWord cuts the first word of a folded text, whose only white
// space is the space (see foldedFields): the word, the text after it and
// whether there was one.
func nextFoldedWord(s string) (w, rest string, ok bool) {
	for len(s) > 0 && s[0] == ' ' {
		s = s[1:]
	}
	if s == "" {
		return "", "", false
	}
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", true
}

// checkCountLimit compares the counts in the action's description with the
// count limits in the policies.
func (st *state) checkCountLimit() {
	have := st.text(clipBytes(st.c.Action.Description, maxClaimBytes)).counts()
	if len(have) == 0 {
		return
	}
	for _, p := range st.policies() {
		low := st.text(p.Statement).folded()
		for _, lead := range countLeads {
			from := 0
			for from < len(low) {
				i := strings.Index(low[from:], " "+lead+" ")
				if i < 0 {
					break
				}
				rest := strings.Fields(low[from+i+len(lead)+2:])
				from += i + len(lead) + 2
				// A list shares its lead: "at most one travel certificate,
				// one credit card and three gift cards" caps each item.
				for k := 0; k+1 < len(rest) && k < 16 && rest[k] != "."; k++ {
					lim, ok := countOf(rest[k])
					if !ok || len(rest[k+1]) < 4 || hasASCIIDigit(rest[k+1]) {
						if k == 0 {
							break // "up to $500", "bis zu 2 500": an amount, not a count
						}
						continue
					}
					u := unitStem(rest[k+1])
					if n := have[u]; n > lim {
						st.add(finding{kind: "countlimit", score: 0.5, sig: consult.High, hard: true,
							obs:    fmt.Sprintf("The action carries %d %s, and policy %s allows at most %d.", n, rest[k+1], policyName(p), lim),
							reason: fmt.Sprintf("Policy %s caps %s at %d per action; the proposed action has %d.", policyName(p), rest[k+1], lim, n),
							disp:   consult.SeekApproval})
						return
					}
				}
			}
		}
	}
}
