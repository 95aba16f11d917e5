package fallback

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// ---- a recency window a record shows met ----
//
// "A reservation may be cancelled only if it was booked in the last 24
// hours, the airline cancelled the flight, ...": altcondition.go drops the
// ineligible finding when a record meets one alternative by its words. A
// window of time is met by a number, not by shared words: the record says
// "created 2024-05-15 09:12, about 6 hours ago" and the context "Current
// time 2024-05-15 15:00". When a system record tied to the request by an
// id says the thing was created or booked within the window (an elapsed
// "N hours ago", or a creation time against the context's current time),
// the alternative is met and the finding is dropped.

var (
	// reWindow reads a window condition (folded): "in the last 24 hours",
	// "within 2 days", "en las ultimas 24 horas", "in den letzten 24
	// Stunden", "dans les dernieres 24 heures".
	reWindow = regexp.MustCompile(`(?:in the last|in the past|within|en las ultimas|en los ultimos|dentro de las|in den letzten|innerhalb von|innerhalb der letzten|dans les dernieres|dans les derniers|au cours des dernieres)\s+(\d{1,3})\s+(hour|day|hora|dia|stunde|tag|heure|jour)`)
	// reAgo reads an elapsed time in a record (folded): "6 hours ago",
	// "hace 6 horas", "vor 6 Stunden", "il y a 6 heures".
	reAgo = regexp.MustCompile(`(?:(\d{1,3})\s+(hour|day)s?\s+ago|hace\s+(\d{1,3})\s+(hora|dia)|vor\s+(\d{1,3})\s+(stunde|tag)|il y a\s+(\d{1,3})\s+(heure|jour))`)
	// reStamp reads an ISO date and time as the source writes it.
	reStamp = regexp.MustCompile(`(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})`)
)

// creationStems say a record is about when the thing was made (folded).
var creationStems = []string{"creat", "booked", "made", "placed", "purchas", "bought", "reserv", "gebucht", "erstellt", "angelegt", "cread", "se creo", "reservo", "compr", "creee", "cree le", "cree a", "achete"}

// unitHours converts a unit stem of reWindow or reAgo to hours.
func unitHours(u string) float64 {
	switch u {
	case "hour", "hora", "stunde", "heure":
		return 1
	}
	return 24
}

// recentWindowMet reports a record showing the thing created within a
// window the policy gives as an alternative: the ineligible check makes no
// finding then.
func (st *state) recentWindowMet() bool {
	// A window in any policy: the ineligible finding already says a policy
	// rules the act out, and a window is only ever a condition that allows.
	window := 0.0
	for _, p := range st.policies() {
		pol := st.text(p.Statement).folded()
		if m := reWindow.FindStringSubmatch(pol); m != nil {
			n, _ := strconv.Atoi(m[1])
			window = float64(n) * unitHours(m[2])
			break
		}
	}
	if window <= 0 {
		return false
	}
	now, nowOK := contextNow(st.c.SituationContext)
	ids := idTokens(st.c.Action.Description + " " + st.lowMessage())
	for _, t := range st.trusted {
		if !t.isRecord() || !sharesToken(idTokens(t.text), ids) {
			continue
		}
		r := st.rec(t).folded()
		if !containsAny(r, creationStems...) {
			continue
		}
		if h, ok := agoHours(r); ok && h < window {
			return true
		}
		if !nowOK {
			continue
		}
		if m := reStamp.FindStringSubmatch(t.text); m != nil {
			at, err := time.Parse("2006-01-02 15:04", m[1]+" "+m[2])
			if err == nil && !at.After(now) && now.Sub(at).Hours() < window {
				return true
			}
		}
	}
	return false
}

// agoHours returns the hours a folded record says have passed.
func agoHours(r string) (float64, bool) {
	m := reAgo.FindStringSubmatch(r)
	if m == nil {
		return 0, false
	}
	for k := 1; k+1 < len(m); k += 2 {
		if m[k] != "" {
			n, _ := strconv.Atoi(m[k])
			return float64(n) * unitHours(m[k+1]), true
		}
	}
	return 0, false
}

// contextNow reads "Current time 2024-05-15 15:00" from the situation
// context; the zone is left out, as the records are written in the same one.
func contextNow(ctx string) (time.Time, bool) {
	i := strings.Index(strings.ToLower(ctx), "current time")
	if i < 0 {
		return time.Time{}, false
	}
	m := reStamp.FindStringSubmatch(ctx[i:])
	if m == nil {
		return time.Time{}, false
	}
	t, err := time.Parse("2006-01-02 15:04", m[1]+" "+m[2])
	return t, err == nil
}
