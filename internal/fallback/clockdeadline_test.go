package fallback

import "testing"

// TestClockDeadline: a clock time set as a limit, in four languages, and
// clock times that are only a schedule.
func TestClockDeadline(t *testing.T) {
	cases := []struct {
		name, msg string
		want      bool
	}{
		{"English before 3pm", "Make sure it goes out before the 3pm board call.", true},
		{"English tonight at 8", "If it isn't signed tonight at 8 the offer is gone.", true},
		{"French 17h today", "L'offre part chez un autre client à 17h aujourd'hui.", true},
		{"German bis 16 Uhr", "Bitte bis spätestens 16 Uhr überweisen.", true},
		{"Spanish antes de las 18:00", "Necesitamos el pago antes de las 18:00.", true},
		{"schedule, not a limit", "Please schedule the account to be disabled at 17:00 as per the checklist.", false},
		{"meeting time, no limit", "The review meeting is at 10:30 am in room 4.", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, got := clockDeadline(foldText(tc.msg).text)
			if got != tc.want {
				t.Fatalf("clockDeadline(%q) = %v, want %v", tc.msg, got, tc.want)
			}
		})
	}
}
