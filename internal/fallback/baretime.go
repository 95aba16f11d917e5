package fallback

import (
	"unicode"
	"unicode/utf8"
)

// ---- a request that only says "now" ----
//
// The labelling convention of the dev set: urgency is time pressure with a
// reason attached (a deadline that closes, a consequence, no time left, an
// emergency, an offer that runs out), not a request that merely says when
// ("roll it back right now please", "cancel it right away", "schließen Sie
// noch heute ab", "I booked it this morning"). When every urgency cue of a
// case is such a bare time word, none of their clauses gives the time a
// stake, the case has no scarcity cue and no time word is shouted ("RIGHT
// NOW"), the cues are dropped.

// bareTimeCues are the rule pack's urgency phrases that say only when.
var bareTimeCues = map[string]bool{
	"right now": true, "right away": true, "straight away": true, "at once": true, "asap": true, "as soon as possible": true,
	"immediately": true, "effective immediately": true, "today": true, "tonight": true, "this afternoon": true, "this morning": true,
	"now": true, "quickly": true, "fast as you can": true, "i really need": true, "promptly": true, "without delay": true,
	"inmediatamente": true, "ahora mismo": true, "de inmediato": true, "cuanto antes": true, "lo antes posible": true,
	"lo mas rapido posible": true, "sin demora": true, "ya mismo": true, "hoy mismo": true, "rapido": true, "hoy": true,
	"esta tarde": true, "esta noche": true,
	"sofort": true, "umgehend": true, "unverzuglich": true, "unverzuglich*": true, "sofortig*": true, "so schnell wie moglich": true,
	"schnellstmoglich": true, "auf der stelle": true, "heute noch": true, "noch heute": true, "schnell": true, "zugig": true,
	"heute": true, "heute abend": true, "morgen fruh": true,
	"tout de suite": true, "immediatement": true, "des que possible": true, "au plus vite": true, "sans delai": true,
	"sans attendre": true, "dans les plus brefs delais": true, "le plus vite possible": true, "au plus tot": true,
	"aujourdhui meme": true, "vite": true, "rapidement": true, "ce soir": true, "aujourdhui": true,
}

// checkBareTime drops urgency cues that only say when.
func (st *state) checkBareTime() {
	qs := st.cues[labUrgency]
	if len(qs) == 0 || len(st.cues[labScarcity]) > 0 {
		return
	}
	for _, q := range qs {
		if !bareTimeCues[q.phrase] || q.text == nil {
			return
		}
	}
	for _, q := range qs {
		if shouted(q) {
			return
		}
	}
	// The reason may come in another sentence of the same text ("ab
	// sofort ... bis Donnerstag 12 Uhr, sonst ..."): the rule pack's
	// @timestake lines, found in the matcher's one pass.
	for _, r := range st.cues[labTimestake] {
		for _, q := range qs {
			if r.text == q.text {
				return
			}
		}
	}
	st.cues[labUrgency] = nil
}

// shouted reports a cue written in capitals ("RIGHT NOW", "TODAY"): the
// writer presses the time, which dev labels urgency.
func shouted(q cue) bool {
	t := q.text
	if q.pos+1 >= q.end || q.end > len(t.orig) {
		return false
	}
	a, b := int(t.off(q.pos+1)), int(t.off(q.end-1))
	if a < 0 || b < a || b >= len(t.src) {
		return false
	}
	_, n := utf8.DecodeRuneInString(t.src[b:])
	letters := 0
	for _, r := range t.src[a : b+n] {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters > 1
}
