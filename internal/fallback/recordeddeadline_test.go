package fallback

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestRecordedDeadline: a deadline the counterparty restates from a system
// record is no urgency, in four languages and other domains; the same time
// with a threat, a time the record does not hold, or a record that sets no
// deadline keeps the cue.
func TestRecordedDeadline(t *testing.T) {
	for _, tc := range []struct {
		name, msg, rec string
		want           bool // an urgency cue is left
	}{
		{"en: bank cut-off on record", "The batch is approved. Cut-off 14:00 UTC today.", "The bank's payment cut-off is 14:00 UTC on the value date.", false},
		{"en: court deadline today", "Please serve the volume by close of business today via the portal.", "The court order requires the volume to be served by today.", false},
		{"es: plazo de hoy", "Por favor presente la declaración hoy antes de las 17:00.", "El plazo de presentación vence hoy a las 17:00.", false},
		{"de: Frist heute", "Bitte reichen Sie die Meldung heute bis 16 Uhr ein.", "Die Frist für die Meldung endet heute um 16 Uhr.", false},
		{"fr: échéance aujourd'hui", "Merci d'envoyer le dossier aujourd'hui avant 17h.", "Échéance du dossier : aujourd'hui 17h, au plus tard.", false},
		{"threat: the same deadline or the account closes", "Pay by 14:00 today or the account will be suspended.", "The invoice is due at 14:00 today.", true},
		{"another time than the record's", "Cut-off is 11:00 UTC today, send it now.", "The bank's payment cut-off is 14:00 UTC.", true},
		{"the record sets no deadline", "Please pay by close of business today.", "Invoice 55 was approved today by the controller.", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := consult.Case{Message: tc.msg, Action: j2pay("Pay invoice 55", 500, "EUR", "Acme"), Counterparty: j2verified,
				Facts: []consult.Fact{{ID: "f1", Statement: tc.rec, Source: consult.SourceSystem, Status: consult.FactVerified}}}
			st := Default().inspect(&c)
			if got := len(st.cues[labUrgency]) > 0; got != tc.want {
				for _, q := range st.cues[labUrgency] {
					t.Logf("cue %q", q.phrase)
				}
				t.Fatalf("urgency cue left: got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestRecordedDeadlineCounterpartyRecord: the counterparty's own assertion
// of a deadline is not a record, and leaves the cue.
func TestRecordedDeadlineCounterpartyRecord(t *testing.T) {
	c := consult.Case{Message: "Cut-off 14:00 UTC today.", Action: j2pay("Pay invoice 55", 500, "EUR", "Acme"), Counterparty: j2verified,
		Facts: []consult.Fact{{ID: "f1", Statement: "Cut-off is 14:00 UTC today.", Source: consult.SourceCounterparty, Status: consult.FactAsserted}}}
	if st := Default().inspect(&c); len(st.cues[labUrgency]) == 0 {
		t.Fatal("urgency cue dropped on the counterparty's own word")
	}
}

// recordedDeadlineRef is recordedDeadline before the records' "today"
// words and digits were found once per case.
func recordedDeadlineRef(clause string, recs []string) bool {
	if len(recs) == 0 {
		return false
	}
	// Any "today" word of the clause restates any undenied "today" word of
	// a record: "tonight" is the "today" of the record's deadline.
	for _, w := range todayWords {
		if hasWordAt(clause, w) {
			for _, r := range recs {
				for _, rw := range todayWords {
					if hasWordAt(r, rw) && !deniedToday(r, rw) {
						return true
					}
				}
			}
		}
	}
	if !hasASCIIDigit(clause) {
		return false
	}
	tok := strings.Fields(clause)
	for i := range tok {
		if c := tok[i][0]; c < '0' || c > '9' || !clockAt(tok, i) {
			continue
		}
		t := " " + tok[i] + " "
		if i+1 < len(tok) {
			t += tok[i+1] + " "
		}
		for _, r := range recs {
			if strings.Contains(r, t) {
				return true
			}
		}
	}
	return false
}

// TestRecordedDeadlineMatchesRef checks recordedDeadline against
// recordedDeadlineRef on random folded clauses and records built from the
// "today" words, clock times and their fragments.
func TestRecordedDeadlineMatchesRef(t *testing.T) {
	if len(todayWords) > 32 {
		t.Fatalf("%d todayWords do not fit deadlineRecs.today", len(todayWords))
	}
	pool := append([]string{" not", " nicht", " 14 00", " 14", " 00", " utc", " pm", " 5pm", " at", " 17h30", " due", " cut off", " x", " todays", " 3",
		" 10 30 am", "\t17 00", "  h", " uhr", " p", " 9\u00a0pm", " 1am", "\v", " 45 ", " 12 3"}, todayWords...)
	r := rand.New(rand.NewSource(4))
	text := func() string {
		var b strings.Builder
		for k := r.Intn(8); k >= 0; k-- {
			b.WriteString(pool[r.Intn(len(pool))])
		}
		b.WriteString(" ")
		return b.String()
	}
	for range 20000 {
		clause := text()
		var raw []string
		var recs deadlineRecs
		for k := r.Intn(3); k > 0; k-- {
			rec := text()
			raw = append(raw, rec)
			recs.add(rec)
		}
		if got, want := recordedDeadline(clause, &recs), recordedDeadlineRef(clause, raw); got != want {
			t.Fatalf("recordedDeadline(%q, %q) = %v, want %v", clause, raw, got, want)
		}
	}
}
