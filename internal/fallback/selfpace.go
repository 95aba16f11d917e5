package fallback

import "strings"

// ---- "now" said of the speaker's own pace ----
//
// Urgency presses the agent to act before it checks. "Right now", "ahora
// mismo", "sofort", "tout de suite" in a clause whose subject is the speaker
// and whose verb is what the speaker can or cannot do ("I can issue it right
// now if you say yes", "I can't do the upload right now", "je peux le faire
// tout de suite") describe the speaker's own pace, not a deadline on the
// agent; the cue is dropped. Other tactics in the same sentence (emotional
// pressure, an offer) keep their own cues.

// selfModals are folded "<speaker> <modal>" openings, in four languages.
var selfModals = []string{" i can ", " i cant ", " i cannot ", " i could ", " i really cant ", " we can ", " we cant ", " we could ",
	" puedo ", " podemos ", " no puedo ", " kann ich ", " ich kann ", " konnen wir ", " wir konnen ", " je peux ", " nous pouvons ", " je ne peux "}

// checkSelfPace drops urgency cues that only describe the speaker's pace.
func (st *state) checkSelfPace() {
	st.dropCues(labUrgency, func(q cue) bool {
		return q.text != nil && q.pos <= len(q.text.text) && selfPacedFrom(q.text.text, q.pos, st.sentenceStart(q.text.text, q.pos))
	})
}

// selfPaced reports whether the clause before pos in the folded text opens
// with the speaker and a modal of ability.
func selfPaced(s string, pos int) bool {
	if pos > len(s) {
		return false
	}
	return selfPacedFrom(s, pos, strings.LastIndex(s[:pos], " . "))
}

// selfPacedFrom is selfPaced with the last sentence break before pos
// given (-1 for none): the state finds it once for the urgency checks.
func selfPacedFrom(s string, pos, start int) bool {
	if start < 0 {
		start = 0
	}
	clause := s[start:pos]
	if len(clause) > 120 {
		return false // a long run-up: the modal is not this cue's verb
	}
	// "I can only hold them until 18:00": a limit the speaker sets is
	// pressure on the agent after all.
	b := selfGroup.bits(clause)
	return b&1 == 0 && b&2 != 0
}

// selfLimitSet and selfModalSet answer selfPaced's word lists, together in
// one pass (selfGroup: bit 0 the limit, bit 1 the modal): a substring
// search per word was about 1% of an analysis, and a pass a set read two
// sets' tables, some 25 cache misses a case when cold.
var (
	selfLimitSet = newSubstrSet([]string{" only ", " until ", " before ", " solo ", " hasta ", " antes ", " nur ", " bis ", " seulement ", " avant ", " jusqu"})
	selfModalSet = newSubstrSet(selfModals)
	selfGroup    = newSubstrGroup(selfLimitSet, selfModalSet)
)
