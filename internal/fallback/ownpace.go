package fallback

// ---- a time the speaker promises for its own next step ----
//
// "Share the code and we'll pull it within the hour", "lo tramitamos hoy
// mismo", "wir werden es heute noch erledigen", "nous allons le traiter
// dans l'heure": the counterparty says how fast it will act, in the first
// person future, which is a promise about its pace and not a deadline put
// on the agent (selfpace.go reads the same for "I can ... right now").
// The cue is dropped unless the clause also demands (need, must, have to)
// or threatens (cancel, close, suspend, lose, expire): "we'll close the
// account within the hour" is pressure after all.

// selfFutures are folded first-person future openings, in four languages.
var selfFutures = []string{" well ", " ill ", " we will ", " i will ", " we shall ", " haremos ", " lo haremos ", " lo hare ", " lo tramitamos ",
	" wir werden ", " ich werde ", " erledigen wir ", " nous allons ", " je vais ", " on va "}

// paceBreakers make a promised time pressure after all (folded).
var paceBreakers = []string{" need", " must ", " have to ", " has to ", " or ", " otherwise", " unless", " cancel", " close", " suspend", " lose ", " expire", " lapse",
	" necesit", " tiene que ", " tienes que ", " cerra", " perder", " brauch", " muss", " sonst", " kundig", " sperr", " storn",
	" besoin", " faut ", " doit ", " sinon", " annul", " ferm", " perdre",
	" until ", " hasta ", " bis ", " jusqu"} // "I'll hold it until 17:00": a limit the speaker sets

// checkOwnPace drops urgency cues that only state the speaker's promised
// pace.
func (st *state) checkOwnPace() {
	st.dropCues(labUrgency, func(q cue) bool {
		return q.src == srcMessage && q.text != nil && st.ownPaced(q.text.text, q.pos)
	})
}

// selfFutures and paceBreakers as one-pass sets.
var selfFutureSet, paceBreakerSet = newSubstrSet(selfFutures), newSubstrSet(paceBreakers)

// ownPaced reports a first-person future within the few words before pos,
// in a clause that neither demands nor threatens.
func (st *state) ownPaced(s string, pos int) bool {
	if pos > len(s) || pos <= 0 {
		return false
	}
	// The cue's sentence breaks, found once for the urgency checks.
	start := max(st.sentenceStart(s, pos), 0)
	end := st.sentenceEnd(s, pos)
	if end < 0 {
		end = len(s) - pos
	}
	// The folded text starts with a space and the cue's position is the
	// space before it, so both slices keep their word boundaries without
	// a copy.
	if !selfFutureSet.in(s[max(start, pos-40):min(pos+1, len(s))]) {
		return false
	}
	return !paceBreakerSet.in(s[start:min(pos+end+1, len(s))])
}
