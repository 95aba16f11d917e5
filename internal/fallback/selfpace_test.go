package fallback

import "testing"

// TestSelfPaced: "now" in a clause about what the speaker can or cannot do
// is the speaker's pace; a limit the speaker sets, or a demand on the agent,
// stays urgency.
func TestSelfPaced(t *testing.T) {
	cases := []struct {
		name, msg, cue string
		want           bool
	}{
		{"English offer", "It is a great plan. I can issue it right now if you say yes.", "right now", true},
		{"English inability", "Please just give me the code, I really can't do the upload right now, the baby is soaked.", "right now", true},
		{"Spanish offer", "Si le parece bien, puedo emitir la póliza ahora mismo.", "ahora mismo", true},
		{"French offer", "Si vous êtes d'accord, je peux le faire tout de suite.", "tout de suite", true},
		{"limit the speaker sets", "I can only hold them until 18:00, so wire the deposit right now.", "right now", false},
		{"demand on the agent", "Refund me right now, I won't wait an hour on the phone.", "right now", false},
		{"German demand", "Überweisen Sie das sofort, sonst ist der Platz weg.", "sofort", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := foldText(tc.msg)
			pos := indexFold(f.text, tc.cue)
			if pos < 0 {
				t.Fatalf("cue %q not in %q", tc.cue, f.text)
			}
			if got := selfPaced(f.text, pos); got != tc.want {
				t.Fatalf("selfPaced(%q at %q) = %v, want %v", tc.msg, tc.cue, got, tc.want)
			}
		})
	}
}

func indexFold(s, cue string) int {
	f := foldText(cue).text
	for i := 0; i+len(f) <= len(s); i++ {
		if s[i:i+len(f)] == f {
			return i
		}
	}
	return -1
}
