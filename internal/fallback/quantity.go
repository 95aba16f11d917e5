package fallback

import (
	"fmt"
	"sort"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a quantity billed above the quantity on record ----
//
// "160 hours at $125" while the approved timesheets total 112 hours; "5
// nights" against a booking record of 3; "12 Stück" against a delivery note
// of 8. The action's description gives a count of a unit, and a record that
// approves, records or totals the same unit gives fewer: the claim the
// action rests on is inconsistent with the record.

// tallyWords make a record sentence an approved or recorded tally (folded).
var tallyWords = []string{" approved", " recorded", " total", " logged", " confirmed", " on file", " delivered", " booked",
	" aprobad", " registrad", " entregad", " genehmigt", " erfasst", " geliefert", " gebucht", " approuv", " enregistr", " livre"}

// checkQuantity flags a count in the action's description above the count
// a record tallies for the same unit.
func (st *state) checkQuantity() {
	have := st.text(clipBytes(st.c.Action.Description, maxClaimBytes)).counts()
	if len(have) == 0 {
		return
	}
	for _, t := range st.trusted {
		if !t.isRecord() {
			continue
		}
		tv := st.rec(t)
		for ci, fs := range tv.clauseList() {
			f := " " + tv.foldedClauses()[ci] + " "
			if hasNeg(tv.lowerClauses()[ci]) || !containsAny(f, tallyWords...) {
				continue
			}
			got := countsIn(f)
			units := make([]string, 0, len(got))
			for u := range got {
				units = append(units, u)
			}
			sort.Strings(units) // deterministic: the first unit in order decides
			for _, u := range units {
				m, n := got[u], have[u]
				if n == 0 || n <= m || dayUnits[u] > 0 || u == "day" || u == "days" {
					continue // durations are the elapsed check's business
				}
				st.add(finding{tactic: consult.InconsistentClaims, kind: "quantity", score: 0.6, sig: consult.High, hard: true,
					obs:    fmt.Sprintf("The action's description counts %d (%s...), but %s %s records %d: %q.", n, u, t.kind, t.id, m, st.clipCase(strings.TrimSpace(fs), 140)),
					reason: fmt.Sprintf("The quantity the action pays for (%d) is more than %s %s records (%d); the difference needs the record's owner to confirm it.", n, t.kind, t.id, m),
					refs:   []string{t.id}, disp: consult.SeekApproval})
				return
			}
		}
	}
}
