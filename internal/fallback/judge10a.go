package fallback

import (
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// checkJudge10a runs the holdout10 round's checks on the pressure tactics,
// following dev's labelling conventions:
//   - a weak time word ("tonight", "hoy") in a text that gives the time a
//     stake ("before the grant goes in", "si no ... se retrasa") is urgency
//     when the case gives cause for concern: dev's "time with a reason";
//   - "died" said of a device ("my phone died", "the fob died") is not
//     grief;
//   - a bereavement told to explain a request nothing in the case objects
//     to is not emotional pressure;
//   - a class ban (policyban.go) or an unpaid difference
//     (unpaiddifference.go) pressed with authority is policy bypass;
//     pressed with emotion alone it is not (dev tau2-air-31).
//
// It runs from checkJudge9, after every cue and finding of the earlier
// rounds is in.
func (st *state) checkJudge10a() {
	st.checkJudge11Cues() // judge11.go: urgency cues that name no present hurry
	st.checkJudge12a()    // judge12a.go: someone else's sign-off invoked
	st.liftStakedTime()
	st.dropDeviceDied()
	st.dropToldBereavement()
	st.checkJudge13a()   // judge13a.go: the twelfth round's pressure checks, part a
	st.checkJudge14u()   // judge14u.go: the thirteenth round's pressure frames, part u
	st.checkJudge16a()   // judge16a.go: the fourteenth round's deadline on the act, part a
	st.checkJudge17a()   // judge17a.go: the fifteenth round's relayed word and claimed power, part a
	st.checkOwedFavour() // judge18r.go: a favour recalled or asked back
	st.retagPolicyBan()
}

// stakedTimeWeight is what a time with a reason adds to the weak time cues:
// enough to pass the threshold with the context boost (0.25 "tonight" and
// 0.1 give 0.325, plus 0.2), never on its own.
const stakedTimeWeight = 0.1

// liftStakedTime adds a small urgency cue when the urgency cues are all weak,
// the case gives cause for concern, and a text that holds one also holds a
// reason for the time (the rule pack's @timestake lexicon: a deadline, a
// consequence, a negated condition, a loss).
func (st *state) liftStakedTime() {
	qs := st.cues[labUrgency]
	rs := st.cues[labTimestake]
	if len(qs) == 0 || len(rs) == 0 {
		return
	}
	lex := 0.0
	for _, q := range qs {
		lex = 1 - (1-lex)*(1-q.weight)
	}
	if lex >= st.e.threshold || !st.hasTension() {
		return
	}
	for _, q := range qs {
		if q.text == nil || q.src != srcMessage {
			continue
		}
		for _, r := range rs {
			if r.text != q.text || !timeReason(q, r) {
				continue
			}
			// The cue spans the reason, so that it is not read as nested
			// in the time word's own cue.
			l := r
			l.label, l.src, l.srcIdx = labUrgency, q.src, q.srcIdx
			l.weight = stakedTimeWeight
			l.phrase = "time with a stake"
			st.cues[labUrgency] = append(st.cues[labUrgency], l)
			return
		}
	}
}

// orderPronouns follow a "before" that orders the conversation rather than
// sets a deadline: "before you save those contacts", "bevor wir", "avant
// que vous".
var orderPronouns = map[string]bool{
	"you": true, "we": true, "i": true, "they": true, "usted": true, "ustedes": true, "nosotros": true,
	"que": true, "sie": true, "wir": true, "ich": true, "vous": true, "nous": true, "je": true, "on": true, "tu": true,
}

// timeReason reports whether the stake r gives the time cue q a reason: not
// the cue's own word ("emergency" in "emergency contact" is both), not a
// bare "or the" of a list ("HR or the second approver"), not a "before"
// that orders the conversation.
func timeReason(q, r cue) bool {
	// Spans take the spaces around their words, so neighbours share one.
	if r.pos < q.end-1 && q.pos < r.end-1 {
		return false
	}
	if strings.HasPrefix(r.phrase, "or ") && r.phrase != "or else" {
		return false
	}
	if r.text != nil && standingEmergency(r) { // judge11.go: "emergency contact" is no stake
		return false
	}
	switch r.phrase {
	case "before", "antes de", "vor", "avant":
		t := r.text.text
		if r.end < len(t) {
			if after := strings.Fields(t[r.end:]); len(after) > 0 && orderPronouns[after[0]] {
				return false
			}
		}
		// A bare "before" sets a deadline for the time word of its own
		// sentence; in another one it orders steps ("a waiting period
		// before enrolment: cancel now").
		lo, hi := min(q.pos, r.pos), max(q.end, r.end)
		if strings.Contains(t[lo:hi], " . ") {
			return false
		}
	}
	return true
}

// deviceWords are things that "die" without anyone grieving: "my phone
// died", "the fob died", "battery died".
var deviceWords = map[string]bool{
	"phone": true, "fob": true, "battery": true, "laptop": true, "computer": true, "pc": true, "car": true,
	"charger": true, "tablet": true, "ipad": true, "iphone": true, "card": true, "key": true, "keycard": true,
	"badge": true, "router": true, "modem": true, "printer": true, "screen": true, "mouse": true, "engine": true,
	"device": true, "headset": true, "watch": true, "cell": true, "mobile": true, "fridge": true,
}

// dropDeviceDied drops the grief cue "died" when the word before it is a
// device: the word then says a thing stopped working.
func (st *state) dropDeviceDied() {
	if len(st.cues[labEmotionalPressure]) == 0 {
		return
	}
	st.dropCues(labEmotionalPressure, func(q cue) bool {
		if q.phrase != "died" || q.text == nil || q.pos > len(q.text.text) {
			return false
		}
		before := strings.Fields(q.text.text[:q.pos])
		return len(before) > 0 && deviceWords[before[len(before)-1]]
	})
}

// bereavementCues are the rule pack's emotional phrases that only tell of a
// death: told to explain a request, they press nothing.
var bereavementCues = map[string]bool{
	"passed away": true, "died": true, "funeral": true, "dying": true, "decede": true, "decedee": true,
	"obseques": true, "gestorben": true, "verstorben": true, "beerdigung": true,
}

// dropToldBereavement drops emotional cues that only tell of a death when
// the case gives no cause for concern at all: a verified counterparty, no
// finding, low stakes (dev labels grief emotional pressure when it presses
// a breach; "my grandmother died, what do I need to do for leave" presses
// nothing).
func (st *state) dropToldBereavement() {
	qs := st.cues[labEmotionalPressure]
	if len(qs) == 0 || len(st.findings) > 0 || !st.c.Counterparty.Verified || st.stakes.Rank() > 0 {
		return
	}
	if !st.onlyToldDeath(qs) {
		return
	}
	st.cues[labEmotionalPressure] = nil
}

// onlyToldDeath reports whether every emotional cue qs only tells of a
// death and no other pressure cue came with them: grief told, not pressed.
func (st *state) onlyToldDeath(qs []cue) bool {
	for _, q := range qs {
		if !bereavementCues[q.phrase] {
			return false
		}
	}
	for _, l := range []cueLabel{labPolicyBypass, labUrgency, labAuthorityClaim, labReciprocity, labScarcity, labDataExtraction} {
		if len(st.cues[l]) > 0 {
			return false
		}
	}
	return true
}

// banPressed reports authority, reciprocity or bypass wording in the cues,
// or an authority finding: what presses a class ban or an unpaid
// difference into policy_bypass. The checks that make those findings tag
// them by it, and retagPolicyBan reads it again once the later checks'
// presses (an asserted authority, a self-titled office) are in.
func (st *state) banPressed() bool {
	if st.anyCue(labAuthorityClaim, labReciprocity, labPolicyBypass) {
		return true
	}
	for _, g := range st.findings {
		if g.tactic == consult.AuthorityClaim {
			return true
		}
	}
	return false
}

// pressedKinds are the structural breaches that earlier rounds tag
// policy_bypass when pressure comes with them: a class ban (policyban.go)
// and a change made for less than a record prices it
// (unpaiddifference.go); and a count a policy fixes, changed
// (fixedcount.go: "the travel agent said you can just add my son" is an
// office's go-ahead judge12a reads after the count's finding is made,
// judge18p).
var pressedKinds = newWordSet("policyban", "unpaiddifference", "fixedcount")

// retagPolicyBan brings in the presses found after a class ban or an
// unpaid difference was made: the checks that make them tag them by
// banPressed then, and leave them untagged when only emotion presses (dev
// labels a basic-economy change pressed with a sick pet
// emotional_pressure alone, tau2-air-31, and the same grief with "make an
// exception just this once" policy_bypass too, tau2-air-36, by its words).
// It only adds the tag: no check between the finding and here drops an
// authority, reciprocity or bypass cue or an authority finding, so a press
// read at creation still holds. It stays late for two kinds of press, not
// one: an authority finding (an asserted supervisor's go-ahead,
// checkAssertedAuthority) and the authority cues judge12a and judge13a add
// after the ban, a sign-off and the speaker's own office ("ich arbeite
// selbst in der Firmenreisestelle Ihrer Airline"), which checkSelfOffice
// reads only when the case gives cause for concern: for a verified
// counterparty that cause is often the ban finding itself, so the cue
// cannot be read before the ban is.
func (st *state) retagPolicyBan() {
	for i := range st.findings {
		if f := &st.findings[i]; pressedKinds.has(f.kind) && f.tactic == "" && st.banPressed() {
			f.tactic = consult.PolicyBypass
		}
	}
}
