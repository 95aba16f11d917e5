package fallback

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- time elapsed: what the message claims against what a record says ----
//
// "I received it just two weeks ago, so I'm within the 30 days" while the
// carrier's record says 47 days have passed since delivery; "hace dos
// semanas", "vor zwei Wochen", "il y a deux semaines". Windows (returns,
// withdrawal, claims) turn on elapsed time, so a claimed time well short of
// the recorded one is an inconsistent claim, whatever else the message says.

// dayUnits convert a folded unit word to days.
var dayUnits = map[string]int{
	"day": 1, "days": 1, "week": 7, "weeks": 7, "month": 30, "months": 30,
	"dia": 1, "dias": 1, "semana": 7, "semanas": 7, "mes": 30, "meses": 30,
	"tag": 1, "tage": 1, "tagen": 1, "woche": 7, "wochen": 7, "monat": 30, "monate": 30, "monaten": 30,
	"jour": 1, "jours": 1, "semaine": 7, "semaines": 7, "mois": 30,
}

// claimedElapsed returns the days the folded message says have passed
// ("two weeks ago", "hace dos semanas", "vor zwei Wochen", "il y a deux
// semaines"), or 0.
func claimedElapsed(folded string) int {
	return claimedElapsedIn(strings.Fields(clipBytes(folded, maxClaimBytes)))
}

// claimedElapsedIn is claimedElapsed over the text's words, which the
// state holds once for all checks (msgTokens).
func claimedElapsedIn(tok []string) int {
	for i := 0; i+1 < len(tok); i++ {
		n, ok := countOf(tok[i])
		if !ok || n > 400 {
			continue
		}
		u, ok := dayUnits[tok[i+1]]
		if !ok {
			continue
		}
		after := i+2 < len(tok) && tok[i+2] == "ago"
		before := false
		for k := i - 1; k >= 0 && k >= i-3; k-- {
			switch tok[k] {
			case "hace", "vor":
				before = true
			case "a": // "il y a deux semaines"
				before = k >= 2 && tok[k-1] == "y" && tok[k-2] == "il"
			case "apenas", "just", "only", "nur", "erst", "seulement", "que", "the", "past", "last":
				continue
			}
		}
		if after || before {
			return n * u
		}
	}
	return 0
}

// dayCount is a time passed that a trusted record gives, in days.
type dayCount struct {
	days int
	from trustedText
}

// elapsedSet holds the words that tie a count of days to an event, for
// recordDayCounts.
var elapsedSet = newSubstrSet([]string{" after", " since", " ago", " elapsed", " passed", " hace", " desde", " seit", " nach", " depuis", " apres"})

// dayUnitSet holds dayUnits' words as substrings: a text none of them
// occurs in has no token that is one.
var dayUnitSet = newSubstrSet(slices.Sorted(maps.Keys(dayUnits)))

// recordDayCounts lists, in order, the times passed the system facts and
// verified evidence give ("47 days after delivery", "seit 47 Tagen").
func (st *state) recordDayCounts() []dayCount {
	var out []dayCount
	for t, tv := range st.records() {
		// A count needs a unit word after it: most records hold none, and
		// are let go before they are padded and cut into words.
		if !tv.foldedHas(dayUnitSet) {
			continue
		}
		// A fold starts with its space already: elapsedSet's words start
		// with one, and dayCountsIn's words are cut at spaces, so the pad
		// is needed only by a fold without it.
		f := tv.folded()
		if f == "" || f[0] != ' ' {
			f = " " + f + " "
		}
		out = dayCountsIn(f, t, out)
	}
	return out
}

// dayCountsIn appends the times passed the padded folded record f gives,
// when it holds an elapsed word.
func dayCountsIn(f string, t trustedText, out []dayCount) []dayCount {
	if !elapsedSet.in(f) {
		return out
	}
	tok := strings.Fields(f)
	for i := 0; i+1 < len(tok); i++ {
		n, ok := countOf(tok[i])
		if !ok || n > 3650 {
			continue
		}
		if u, ok := dayUnits[tok[i+1]]; ok {
			out = append(out, dayCount{n * u, t})
		}
	}
	return out
}

// longestDayCount returns the largest of the counts (the first of equals),
// or 0.
func longestDayCount(counts []dayCount) (int, trustedText) {
	best, from := 0, trustedText{}
	for _, c := range counts {
		if c.days > best {
			best, from = c.days, c.from
		}
	}
	return best, from
}

// checkElapsed flags a claimed elapsed time well short of the recorded one.
func (st *state) checkElapsed() {
	// The records first: they are short, and most cases give no time
	// passed, which spares reading the message's words at all.
	counts := st.recordDayCounts()
	rec, t := longestDayCount(counts)
	if rec == 0 {
		return
	}
	claimed := claimedElapsedIn(st.msgTokens())
	if claimed == 0 {
		return
	}
	if rec < claimed*3/2 || rec-claimed < 7 {
		return
	}
	if agreesElapsed(counts, claimed) {
		return // another record gives the claimed time: the longer one dates something else
	}
	st.add(finding{tactic: consult.InconsistentClaims, kind: "elapsed", score: 0.7, sig: consult.High, hard: true,
		obs:    fmt.Sprintf("The message puts the time elapsed at about %d days; %s %s gives %d.", claimed, t.kind, t.id, rec),
		reason: fmt.Sprintf("The counterparty's account of when it happened (about %d days ago) contradicts %s %s (%d days), and the request depends on it.", claimed, t.kind, t.id, rec),
		refs:   []string{t.id}, disp: consult.SeekApproval})
}

// agreesElapsed reports a record's time passed close to the claimed one
// ("the subscription started 5 days ago" beside "the account was opened 400
// days ago"): the claim is then about the event that record dates, and the
// largest count belongs to another.
func agreesElapsed(counts []dayCount, claimed int) bool {
	for _, c := range counts {
		if 2*c.days >= claimed && (c.days < claimed*3/2 || c.days-claimed < 7) {
			return true
		}
	}
	return false
}
