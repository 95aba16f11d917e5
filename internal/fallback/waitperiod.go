package fallback

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a waiting period that has not run out ----
//
// "No withdrawal may be sent to an address until 48 hours after it was
// whitelisted", "Las transferencias a un beneficiario nuevo solo se
// permiten al menos 24 horas después de darlo de alta", "Auszahlungen
// frühestens 3 Tage nach der Kontoänderung", "aucun virement avant un délai
// de carence de 7 jours": a policy makes the action wait a minimum time
// after some event, and a system record dates that event more recently
// ("added to the whitelist 2 hours ago", "hace 2 horas", "vor 5 Stunden").
// It is the mirror of checkWindow (a window that has closed): cooling-off
// periods exist precisely for the request that cannot wait, so the
// counterparty's reasons do not matter. The act is hard (seek_approval);
// it carries policy_bypass when the counterparty names the wait it asks to
// skip or presses past a rule.

// waitMarks open a minimum wait in a policy (lower case, hyphens as
// spaces). "until" and "hasta" count only in a sentence with a negation:
// "available until 30 days after" is a window, not a wait.
var waitMarks = []string{"until ", "not before ", "no sooner than ", "at least ", "only after ", "cooling off", "waiting period", "wait ",
	"hasta ", "no antes de ", "al menos ", "periodo de espera", "plazo de espera", "solo después de ",
	"erst ", "frühestens ", "fruhestens ", "nicht vor ", "wartezeit", "karenz", "sperrfrist",
	"pas avant ", "qu'après ", "qu’après ", "au moins ", "délai de carence", "délai d'attente", "délai de réflexion", "période de réflexion"}

// waitNouns name the waiting control itself; a counterparty that names it
// while asking to act knows the rule it asks to set aside.
var waitNouns = []string{"cooling off", "cool off", "waiting period", "wait period", "holding period", "hold period",
	"periodo de espera", "plazo de espera", "carencia", "wartezeit", "karenzzeit", "sperrfrist", "abkühl",
	"délai de carence", "délai d'attente", "période de réflexion", "delai de carence", "delai d'attente"}

// checkWaitPeriod flags an action a policy makes wait for longer than a
// record says has passed.
func (st *state) checkWaitPeriod() {
	if len(st.c.Policies) == 0 || len(st.trusted) == 0 {
		return
	}
	var act map[string]bool
	var ids []string
	for _, p := range st.policies() {
		if !hasASCIIDigit(p.Statement) {
			continue
		}
		for _, sent := range splitSentences(clipBytes(p.Statement, maxClaimBytes)) {
			low := strings.ReplaceAll(toLower(sent), "-", " ")
			wait := minWait(low)
			if wait == 0 {
				continue
			}
			if act == nil {
				act = st.actionStems(maxClaimBytes)
			}
			pol := stemSet(sent)
			if ids == nil {
				ids = idTokens(st.c.Action.Description + " " + st.c.Action.Recipient)
			}
			if n, _ := sharedStems(pol, act); n == 0 {
				continue // a wait for another kind of action
			}
			for rs := range st.recordSentences() {
				rlow := " " + strings.ReplaceAll(rs.lower(), "-", " ") + " "
				ago := recordedAgo(rlow)
				if ago <= 0 || ago >= wait {
					continue
				}
				// The record must date the event the wait counts from: two
				// words of the policy, or one and an id of the action
				// (German folds the event into one compound).
				n := sharedNonUnit(pol, rs.stems())
				if n < 2 && (n == 0 || !sharesToken(idTokens(rs.text), ids)) {
					continue
				}
				f := finding{kind: "waitperiod", score: 0.55, sig: consult.High, hard: true,
					obs: fmt.Sprintf("Policy %s makes this wait (%q), and %s %s says the event it counts from was only %s ago: %q.",
						policyName(p), st.clipCase(strings.TrimSpace(sent), 120), rs.t.kind, rs.t.id, spanWords(ago), st.clipCase(strings.TrimSpace(rs.text), 120)),
					reason: fmt.Sprintf("Policy %s sets a waiting period for %s that %s %s shows has not run out; a cooling-off period is meant for exactly the request that cannot wait.", policyName(p), st.actionName(), rs.t.kind, rs.t.id),
					refs:   []string{rs.t.id}, disp: consult.SeekApproval}
				if st.pressesPastWait() {
					f.tactic = consult.PolicyBypass
				}
				st.add(f)
				return
			}
		}
	}
}

// minWait reads a minimum wait from a lower-cased policy sentence, in days:
// a wait mark followed within five words by "<number> <unit>" ("until 48
// hours after", "frühestens 3 Tage nach"), or a number and unit before the
// wait's noun ("a 48 hour cooling off period").
func minWait(low string) float64 {
	for _, m := range waitMarks {
		i := strings.Index(low, m)
		if i < 0 {
			continue
		}
		if (m == "until " || m == "hasta ") && !hasNeg(low) {
			continue
		}
		if d := spanWithin(low[i+len(m):], 5); d > 0 {
			return d
		}
		if d := spanBefore(low[:i]); d > 0 {
			return d
		}
	}
	return 0
}

// spanWithin reads "<number> <unit>" in the first n words of s, in days.
func spanWithin(s string, n int) float64 {
	f := strings.Fields(clipBytes(s, 80))
	for k := 0; k+1 < len(f) && k < n; k++ {
		v, err := strconv.Atoi(strings.Trim(f[k], "("))
		if err != nil || v <= 0 || v >= 10000 {
			continue
		}
		if u := unitDays(strings.Trim(f[k+1], ".,;:)")); u > 0 {
			return float64(v) * u
		}
	}
	return 0
}

// spanBefore reads "<number> <unit>" as the last two words of s, in days.
func spanBefore(s string) float64 {
	f := strings.Fields(s)
	if len(f) < 2 {
		return 0
	}
	v, err := strconv.Atoi(f[len(f)-2])
	if err != nil || v <= 0 || v >= 10000 {
		return 0
	}
	return float64(v) * unitDays(f[len(f)-1])
}

// recordedAgo reads how long ago a record sentence dates its event ("2
// hours ago", "hace 2 horas", "vor 5 Stunden", "il y a 3 jours"), in days.
func recordedAgo(low string) float64 {
	if i := strings.Index(low, " ago"); i > 0 {
		f := strings.Fields(low[max(0, i-24):i])
		if k := len(f); k >= 2 {
			if n, err := strconv.Atoi(f[k-2]); err == nil && n > 0 && n < 10000 {
				return float64(n) * unitDays(f[k-1])
			}
		}
	}
	for _, w := range sinceWords {
		if i := strings.Index(low, " "+w); i >= 0 {
			if d := spanAfter(low, i+1+len(w)); d > 0 {
				return d
			}
		}
	}
	return 0
}

// sharedNonUnit counts the stems two sets share, leaving out the time
// units every dated sentence has.
func sharedNonUnit(a, b map[string]bool) int {
	n := 0
	for w := range a {
		if b[w] && unitDays(w) == 0 && w != "minut" {
			n++
		}
	}
	return n
}

// spanWords writes a span in days as hours or days.
func spanWords(d float64) string {
	if d < 1 {
		return strconv.Itoa(int(d*24+0.5)) + " hours"
	}
	return strconv.Itoa(int(d+0.5)) + " days"
}

// pressesPastWait reports a counterparty that names the waiting control it
// asks to act within, or presses past a rule.
func (st *state) pressesPastWait() bool {
	if len(st.cues[labPolicyBypass]) > 0 {
		return true
	}
	m := strings.ReplaceAll(st.lowMessage(), "-", " ")
	return containsAny(m, waitNouns...)
}
