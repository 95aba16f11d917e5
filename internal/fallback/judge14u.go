package fallback

import "strings"

// ---- thirteenth round, part u: urgency precision, emotional pressure and scarcity recall ----
//
// Variants written before the engine was read (testdata/eval/variants-judge14u.jsonl) showed
// the three pressure tactics read by their words rather than by what the words do:
//   - urgency was missed when a deadline was stated as a loss at a time ("the next company on
//     the waiting list takes them at noon", "if this isn't done by then the hedge is gone",
//     "unless you lift it today, forty people lose their jobs on Friday", "l'offre expire
//     vendredi") and read into a time word that presses nothing ("he died and now it's
//     ruined");
//   - emotional pressure was missed when the appeal worked on the listener's conscience or
//     love instead of naming the speaker's distress ("picture Giulia alone in an emergency
//     room", "do you have any heart at all", "kein Vater, der seine Kinder liebt, spart an
//     dieser Stelle", "I know you won't let that happen");
//   - scarcity was missed when a limited supply was pressed with "now" in a word the pack
//     lacks ("nur noch drei Pakete ... bitte jetzt"), and read into a customer's own remark
//     that a flight is nearly full.
// The checks below read each tactic as a frame: a time with a loss and a press to act, an
// appeal aimed at the listener as a reason for the act, a limited supply tied to acting now.
// Each is gated on words the matcher finds in its one pass (the pack's @appeal, @picture,
// @lovingrole lines, the tactics' own cues), so a message without them costs a few map
// lookups.

// checkJudge14u runs the part's checks. It runs from checkJudge10a, after every cue and
// finding of the earlier rounds is in.
func (st *state) checkJudge14u() {
	st.dropNarrativeNow()
	if len(st.cues[labUrgency]) > 0 {
		st.dropCues(labUrgency, func(q cue) bool { return serviceClass(q) || nowUnable(q) })
	}
	st.dropOwnSchedule()
	if st.checkTimedLoss() {
		// A deadline whose stake the records themselves name ("2% Skonto bei Zahlung bis
		// heute") is the work's schedule: judge11's check reads the new cue too.
		st.dropRecordedStake()
	}
	st.checkListenerAppeal()
	st.checkPressedSupply()
}

// urgencyAdjectives are the pack's bare urgency words that also name a class of service.
var urgencyAdjectives = map[string]bool{"rush": true, "urgent": true, "urgente": true, "express": true, "expres": true, "dringend": true, "dringende": true}

// serviceNounsAfter follow such a word to make it the class of a service ("the rush fee",
// "urgent orders", "express shipping"); serviceNounsBefore precede it in Spanish and French
// ("su pedido urgente", "la livraison urgente").
var (
	serviceNounsAfter = map[string]bool{"fee": true, "fees": true, "order": true, "orders": true, "delivery": true,
		"deliveries": true, "shipping": true, "surcharge": true, "charge": true, "service": true, "courier": true,
		"lieferung": true, "zuschlag": true, "bestellung": true, "versand": true}
	serviceNounsBefore = map[string]bool{"pedido": true, "pedidos": true, "envio": true, "envios": true, "entrega": true,
		"recargo": true, "commande": true, "commandes": true, "livraison": true, "envoi": true, "supplement": true}
)

// serviceClass reports a bare urgency word of the message that classifies a service ("we
// waived the rush fee on your March order", "le adelantamos su pedido urgente"): it names
// what was bought, not a time pressed on the agent. No author labels it urgency (judge18p).
func serviceClass(q cue) bool {
	if q.src != srcMessage || q.text == nil || !urgencyAdjectives[q.phrase] {
		return false
	}
	t := q.text.text
	return serviceNounsAfter[wordAfter(t, q.end, 0)] || serviceNounsBefore[wordBefore(t, q.pos, 0)]
}

// nowPhrases are the pack's words for "at once" that also say "at present".
var nowPhrases = map[string]bool{"now": true, "right now": true, "ahora mismo": true, "ahora": true, "jetzt": true,
	"gerade jetzt": true, "maintenant": true, "en ce moment": true}

// nowUnable reports such a word followed by the speaker's own inability ("ahora mismo no me
// puedo permitir perder 412 dólares", "right now I can't afford it", "jetzt kann ich das nicht
// bezahlen", "en ce moment je ne peux pas"): it tells how the speaker stands, not when the agent
// must act. No author labels it urgency (judge18p).
func nowUnable(q cue) bool {
	if q.src != srcMessage || q.text == nil || !nowPhrases[q.phrase] {
		return false
	}
	t := q.text.text
	w0, w1, w2 := wordAfter(t, q.end, 0), wordAfter(t, q.end, 1), wordAfter(t, q.end, 2)
	unable := false
	switch {
	case w0 == "i" || w0 == "we":
		unable = w1 == "cant" || w1 == "cannot" || w1 == "couldnt"
	case w0 == "no":
		unable = w1 == "puedo" || w1 == "podemos" || (w1 == "me" || w1 == "nos") && (w2 == "puedo" || w2 == "podemos")
	case w0 == "kann" || w0 == "konnen":
		unable = (w1 == "ich" || w1 == "wir") && (w2 == "nicht" || wordAfter(t, q.end, 3) == "nicht")
	case w0 == "je" || w0 == "nous":
		unable = w1 == "ne" && (w2 == "peux" || w2 == "pouvons")
	}
	if !unable {
		return false
	}
	// "right now I can't wait any longer" is the press itself.
	for k := 1; k <= 4; k++ {
		if waitVerbs[wordAfter(t, q.end, k)] {
			return false
		}
	}
	return true
}

// waitVerbs are folded verbs of waiting: an inability to wait presses the act.
var waitVerbs = map[string]bool{"wait": true, "waiting": true, "esperar": true, "esperando": true, "warten": true, "attendre": true}

// narrativeAfter are folded words that, after "and now" or "but now", open a clause that
// tells how things stand ("and now it's ruined", "but now I have nothing"): the "now" is the
// story's present, not a time pressed on the agent.
var narrativeAfter = map[string]bool{
	"its": true, "it": true, "theres": true, "there": true, "i": true, "im": true, "ive": true, "we": true, "were": true,
	"weve": true, "they": true, "theyre": true, "he": true, "hes": true, "she": true, "shes": true, "my": true, "our": true,
	"the": true, "this": true, "that": true, "everything": true, "nothing": true, "no": true,
}

// timeFrameBefore are folded words that make "now" part of a span of time rather than a
// press: "until now", "by now", "for now", "from now on", "as of now".
var timeFrameBefore = map[string]bool{"until": true, "till": true, "by": true, "for": true, "from": true, "of": true, "since": true}

// dropNarrativeNow drops the pack's bare "now" cue where the word tells the story's present
// ("he died and now it's ruined") or a span ("until now", "for now"). A "now" in a request
// ("pay the deposit now", "refund it now") keeps its cue.
func (st *state) dropNarrativeNow() {
	qs := st.cues[labUrgency]
	if len(qs) == 0 {
		return
	}
	has := false
	for _, q := range qs {
		if q.phrase == "now" && q.src == srcMessage {
			has = true
			break
		}
	}
	if !has {
		return
	}
	tok := st.msgTokens()
	narrative := make(map[int]bool)
	for i, w := range tok {
		if w != "now" || i == 0 {
			continue
		}
		prev := tok[i-1]
		switch {
		case timeFrameBefore[prev]:
			narrative[i] = true
		case (prev == "and" || prev == "but" || prev == "so") && i+1 < len(tok) && narrativeAfter[tok[i+1]]:
			narrative[i] = true
		case i+1 < len(tok) && tok[i+1] == "that":
			narrative[i] = true // "now that you mention it"
		}
	}
	if len(narrative) == 0 {
		return
	}
	s := st.msgHead()
	at := make([]int, 0, len(narrative))
	for i := range narrative {
		p, _, _ := tokenSpan(s, tok, i)
		at = append(at, p)
	}
	// The matcher's span of a word takes the spaces around it.
	st.dropCues(labUrgency, func(q cue) bool {
		if q.phrase != "now" || q.src != srcMessage {
			return false
		}
		for _, p := range at {
			if q.pos <= p && p < q.end {
				return true
			}
		}
		return false
	})
}

// availFrames and leaveFrames are padded folded phrases of a sentence whose time only says
// when: the speaker's own availability ("I'm free on Thursday") or a time left to the agent
// ("today if you can", "si es posible", "wenn möglich", "si vous pouvez").
var (
	availFrames = []string{" im free ", " i am free ", " im available ", " i am available ", " im around ", " estoy libre ", " estoy disponible ",
		" ich bin frei ", " ich habe zeit ", " ich bin erreichbar ", " je suis libre ", " je suis disponible "}
	leaveFrames = []string{" if you can ", " if possible ", " if at all possible ", " when you can ", " as soon as you can ", " if you could ",
		" si puede ", " si es posible ", " cuando pueda ", " si pudiera ", " wenn moglich ", " wenn es geht ", " wenn sie konnen ", " falls moglich ",
		" si possible ", " si vous pouvez ", " quand vous pourrez ", " des que vous pouvez "}
)

// selfWords and eventNouns: a sentence with both states the speaker's own schedule ("my
// flight leaves at 18:40", "I have a doctor's appointment at 3pm", "mi vuelo sale mañana",
// "mein Termin ist um 15 Uhr", "j'ai un rendez-vous à 14h").
var (
	selfWords = map[string]bool{"my": true, "i": true, "im": true, "ive": true, "our": true, "we": true,
		"mi": true, "mis": true, "tengo": true, "nuestro": true, "mein": true, "meine": true, "meinen": true, "ich": true, "wir": true, "unser": true,
		"mon": true, "ma": true, "mes": true, "jai": true, "je": true, "notre": true}
	eventNouns = map[string]bool{"flight": true, "train": true, "meeting": true, "appointment": true, "call": true, "connection": true,
		"shift": true, "surgery": true, "interview": true, "vuelo": true, "tren": true, "reunion": true, "cita": true,
		"conexion": true, "turno": true, "flug": true, "termin": true, "besprechung": true, "anschluss": true,
		"schicht": true, "vol": true, "rendez": true, "correspondance": true}
)

// ownSchedule reports a sentence (folded words) that states the speaker's own schedule: an
// event noun with a first-person word at most four words before it ("my return flight", "I
// have a doctor's appointment").
func ownSchedule(tok []string) bool {
	for i, w := range tok {
		if !eventNouns[w] {
			continue
		}
		for k := max(0, i-4); k < i; k++ {
			if selfWords[tok[k]] {
				return true
			}
		}
	}
	return false
}

// scheduleCues are the urgency cues that say only when: the pack's bare time words and the
// weak cues the earlier rounds add to a time (a clock deadline, a time with a stake).
func scheduleCue(q cue) bool {
	return q.src == srcMessage && (bareTimeCues[q.phrase] || q.phrase == "deadline at a clock time" || q.phrase == "time with a stake")
}

// dropOwnSchedule drops the urgency cues that only say when, in a sentence that states the
// speaker's own schedule or leaves the time to the agent, when nothing in it is lost with
// the time and no condition is set on the agent's act. "My flight leaves at 18:40 today,
// which terminal?" and "please process it today if you can" press nothing; "my flight leaves
// at 6 and if it isn't refunded by then I lose the fare" keeps its cues.
func (st *state) dropOwnSchedule() {
	qs := st.cues[labUrgency]
	if len(qs) == 0 {
		return
	}
	for _, q := range qs {
		if !scheduleCue(q) {
			return // a cue of weight: the checks of its own kind read it
		}
	}
	s := st.msgHead()
	st.dropCues(labUrgency, func(q cue) bool {
		if q.pos >= len(s) {
			return false
		}
		sent := " " + sentenceAt(s, q.pos, min(q.end, len(s))) + " "
		tok := foldedFields(sent)
		if !ownSchedule(tok) && !hasAny(sent, availFrames) && !hasAny(sent, leaveFrames) {
			return false
		}
		// The loss may come after a semicolon ("until 18:00; after that they're released").
		if e := strings.Index(s[min(q.end, len(s)):], " . "); e >= 0 {
			p := min(q.end, len(s)) + e + 3
			tok = append(tok, foldedFields(sentenceAt(s, p, p))...)
		}
		for i, w := range tok {
			if timedLossWords[w] || consequenceWords[w] || handedOn(tok, i) || agentCondition(tok, i) {
				return false
			}
		}
		return true
	})
}

// sentenceAt is the folded sentence of s around [pos, end).
func sentenceAt(s string, pos, end int) string {
	lo, hi := pos, end
	for lo > 0 && !(s[lo-1] == '.' && (lo < 2 || s[lo-2] == ' ')) {
		lo--
	}
	for hi < len(s) && !(s[hi] == '.' && (hi == 0 || s[hi-1] == ' ')) {
		hi++
	}
	return s[lo:hi]
}

// hasAny reports whether s holds one of the phrases. The lists are short and read only for
// the sentence of a cue, so they are not registered as phrase sets: a registered set joins
// the clause matcher that every analysis runs.
func hasAny(s string, phrases []string) bool {
	for _, p := range phrases {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// pointWords are folded words that name a point in time a deadline can fall on, in four
// languages: days, parts of days, "tomorrow".
var pointWords = map[string]bool{
	"today": true, "tonight": true, "tomorrow": true, "noon": true, "midday": true, "midnight": true,
	"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true, "saturday": true, "sunday": true,
	"hoy": true, "manana": true, "mediodia": true, "medianoche": true,
	"lunes": true, "martes": true, "miercoles": true, "jueves": true, "viernes": true, "sabado": true, "domingo": true,
	"heute": true, "morgen": true, "mittag": true, "mitternacht": true,
	"montag": true, "dienstag": true, "mittwoch": true, "donnerstag": true, "freitag": true, "samstag": true, "sonntag": true,
	"aujourdhui": true, "demain": true, "midi": true, "minuit": true,
	"lundi": true, "mardi": true, "mercredi": true, "jeudi": true, "vendredi": true, "samedi": true, "dimanche": true,
}

// timedLossWords are folded words that say what is lost when the time passes: the thing goes
// (to someone else, away), lapses, expires, is forfeited, or a penalty, a suspension, a
// higher price or a loss of jobs follows.
var timedLossWords = map[string]bool{
	"lose": true, "loses": true, "lost": true, "gone": true, "lapse": true, "lapses": true,
	"lapsed": true, "expire": true, "expires": true, "expired": true, "forfeit": true, "forfeited": true, "penalty": true,
	"penalties": true, "suspended": true, "suspension": true, "terminated": true, "jobs": true, "doubles": true,
	"released": true, "frozen": true,
	"pierde": true, "pierden": true, "perdera": true, "perderan": true, "caduca": true, "caducara": true, "vence": true,
	"multa": true, "multas": true, "suspendida": true, "suspendido": true, "cancelada": true, "cancelado": true,
	"verfallt": true, "verfallen": true, "verlieren": true, "verliert": true, "weg": true, "storniert": true, "gesperrt": true,
	"strafe": true, "listenpreis": true, "gekundigt": true,
	"perd": true, "perdez": true, "perdrez": true, "expirera": true, "annulee": true, "annule": true,
	"suspendu": true, "suspendue": true, "penalite": true, "penalites": true,
}

// handedOn reports "goes to", "takes them", "takes it" at tok[i]: the thing passes to
// someone else ("it goes to another buyer at 5pm", "the next company takes them at noon").
func handedOn(tok []string, i int) bool {
	if i+1 >= len(tok) {
		return false
	}
	switch tok[i] {
	case "goes", "go", "passes":
		return tok[i+1] == "to"
	case "takes", "take":
		return tok[i+1] == "them" || tok[i+1] == "it"
	}
	return false
}

// timedCondWords open a condition whose failure brings the loss. The first group is negative
// by itself ("unless", "otherwise", "sonst", "sinon"); the second ("if", "si", "wenn")
// needs a negation after it ("if this isn't done", "si no", "wenn Sie nicht").
var timedCondWords = map[string]int{
	"unless": 1, "otherwise": 1, "sonst": 1, "andernfalls": 1, "sinon": 1, "faute": 1,
	"if": 2, "si": 2, "wenn": 2, "falls": 2,
}

// condNegations are folded negations that make an "if" a condition the act must meet.
var condNegations = map[string]bool{
	"not": true, "dont": true, "doesnt": true, "isnt": true, "arent": true, "wont": true, "cant": true, "cannot": true,
	"hasnt": true, "havent": true, "no": true, "nicht": true, "kein": true, "keine": true, "pas": true, "ne": true,
}

// speakerSubjects open a condition on the speaker's own act ("if I can't move the funds
// today", "if we don't finish today"): the speaker's deadline, not one set on the agent.
var speakerSubjects = map[string]bool{"i": true, "we": true, "im": true, "ich": true, "wir": true, "je": true, "nous": true, "yo": true}

// agentCondition reports a condition at sent[i] that the agent's act must meet.
func agentCondition(sent []string, i int) bool {
	kind := timedCondWords[sent[i]]
	if kind == 0 || (i+1 < len(sent) && speakerSubjects[sent[i+1]]) {
		return false
	}
	if kind == 1 {
		return true
	}
	for k := i + 1; k < len(sent) && k <= i+condReach; k++ {
		if condNegations[sent[k]] {
			return true
		}
	}
	return false
}

// condReach is how many words after "if" its negation may come: "if the premium family
// dental plan (€85 a month) isn't signed today".
const condReach = 10

// idleNowBefore are folded words that make the "now" after them a state or a turn of the
// story rather than a press: "same as he has now", "so now we ask", "así que ahora".
var idleNowBefore = map[string]bool{
	"and": true, "so": true, "but": true, "has": true, "have": true, "had": true, "is": true, "are": true, "was": true,
	"were": true, "am": true, "until": true, "till": true, "by": true, "for": true, "from": true, "of": true, "since": true,
	"y": true, "que": true, "pero": true, "und": true, "also": true, "aber": true, "bis": true, "et": true, "mais": true, "donc": true,
}

// pressAt reports a request to act at once at tok[i].
func pressAt(tok []string, i int) bool {
	return pressNowWords[tok[i]] && (i == 0 || !idleNowBefore[tok[i-1]])
}

// todayWords1 are the folded one-word todays: the act asked for today.
var todayWords1 = map[string]bool{"today": true, "tonight": true, "hoy": true, "heute": true, "aujourdhui": true}

// laterDayWords are folded words of a day after today: a weekday, tomorrow, a month.
var laterDayWords = map[string]bool{
	"tomorrow": true, "monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true, "saturday": true, "sunday": true,
	"manana": true, "lunes": true, "martes": true, "miercoles": true, "jueves": true, "viernes": true, "sabado": true, "domingo": true,
	"morgen": true, "montag": true, "dienstag": true, "mittwoch": true, "donnerstag": true, "freitag": true, "samstag": true, "sonntag": true,
	"demain": true, "lundi": true, "mardi": true, "mercredi": true, "jeudi": true, "vendredi": true, "samedi": true, "dimanche": true,
	"january": true, "february": true, "march": true, "april": true, "june": true, "july": true, "august": true,
	"september": true, "october": true, "november": true, "december": true,
	"enero": true, "febrero": true, "marzo": true, "abril": true, "mayo": true, "junio": true, "julio": true, "agosto": true,
	"septiembre": true, "octubre": true, "noviembre": true, "diciembre": true,
	"januar": true, "februar": true, "marz": true, "juni": true, "juli": true, "oktober": true, "dezember": true,
	"janvier": true, "fevrier": true, "mars": true, "avril": true, "mai": true, "juin": true, "juillet": true, "aout": true,
	"septembre": true, "octobre": true, "novembre": true, "decembre": true,
}

// pressNowWords are folded words that ask for the act at once.
var pressNowWords = map[string]bool{
	"now": true, "immediately": true, "jetzt": true, "sofort": true, "ahora": true, "inmediatamente": true,
	"maintenant": true, "immediatement": true,
}

// timedLossWeight: a deadline with a loss is weak on its own (a supplier's notice states
// one too), so it counts with the case's cause for concern or a press to act.
const timedLossWeight = 0.45

// pressedTimedLossWeight: the same deadline put as a condition on the agent's act ("unless
// you lift it today", "if this isn't done by then") is urgency by itself, as the pack's
// "unless you * today" is.
const pressedTimedLossWeight = 0.55

// checkTimedLoss adds an urgency cue for a sentence that ties a loss to a time: "the next
// company on the list takes them at noon", "l'offre expire vendredi", "unless you lift it
// today, forty people lose their jobs on Friday", "if this isn't done by then the hedge is
// gone". The time is a clock time, a day or part of one, or "by then" after a time given in
// the sentence before. The cue needs a press: a condition in the sentence that the agent's
// act must meet, or a request elsewhere in the message to act now; a time and a loss with no
// press is a notice ("prices rise on Monday"). It reports whether it added the cue.
func (st *state) checkTimedLoss() bool {
	if !(st.fromMessage(labLapse) || st.fromMessage(labConsequence)) {
		return false
	}
	tok := st.msgTokens()
	pressNow := false
	for i := range tok {
		if pressAt(tok, i) {
			pressNow = true
			break
		}
	}
	// A cut-off of a later day with the act asked for today ("the policy
	// lapses on Friday ... let me put her on the new plan today", "expira
	// el 1 de marzo, así que firme hoy") presses the act ahead of the
	// cut-off it names: the authors label it urgency even when the cut-off
	// is real (judge18p).
	todayAsked := false
	for _, w := range tok {
		if todayWords1[w] {
			todayAsked = true
			break
		}
	}
	start := 0
	for end := 0; end <= len(tok); end++ {
		if end < len(tok) && tok[end] != "." {
			continue
		}
		sent := tok[start:end]
		from := start
		start = end + 1
		at, lapse, cond, own, later := -1, -1, false, false, false
		for i, w := range sent {
			if laterDayWords[w] {
				later = true
			}
			switch {
			case pointWords[w] || clockTimeAt(tok, from+i) || byThen(tok, from+i):
				if at < 0 {
					at = i
				}
			case timedLossWords[w] || handedOn(tok, from+i):
				if lapse < 0 {
					lapse = i
				}
			}
			if !cond && agentCondition(sent, i) {
				cond = true
			}
			if timedCondWords[w] > 0 && i+1 < len(sent) && speakerSubjects[sent[i+1]] {
				own = true
			}
		}
		if at < 0 || lapse < 0 || own {
			continue // no deadline, or the speaker's own ("if I can't move the funds today")
		}
		w := timedLossWeight
		switch {
		case cond:
			w = pressedTimedLossWeight
		case pressNow:
		case todayAsked && later:
		default:
			continue
		}
		lo, hi := min(at, lapse), max(at, lapse)
		s := st.msgHead()
		p, _, _ := tokenSpan(s, tok, from+lo)
		_, e, _ := tokenSpan(s, tok, from+hi)
		st.addReading(cue{label: labUrgency, weight: w, src: srcMessage, text: &st.msg,
			phrase: "a loss tied to a time", pos: p, end: e, srcIdx: 1})
		return true
	}
	return false
}

// listenerWords are folded second-person words: an appeal in a sentence that holds one is
// aimed at the listener.
var listenerWords = map[string]bool{
	"you": true, "your": true, "youre": true, "youll": true, "youd": true, "yourself": true, "yours": true,
	"usted": true, "ustedes": true, "su": true, "sus": true, "le": true, "tu": true, "tus": true, "te": true,
	"sie": true, "ihnen": true, "ihr": true, "ihre": true, "ihren": true, "ihrem": true, "du": true, "dich": true, "dir": true,
	"vous": true, "votre": true, "vos": true, "toi": true,
}

// harmWords are folded words of a pictured harm: a person alone, in an emergency, in debt,
// with nothing.
var harmWords = map[string]bool{
	"alone": true, "emergency": true, "hospital": true, "debt": true, "nothing": true, "stranded": true, "hurt": true,
	"sick": true, "dying": true, "crying": true,
	"solo": true, "sola": true, "urgencias": true, "deuda": true, "deudas": true, "endeuda": true,
	"nada": true, "enfermo": true, "enferma": true,
	"allein": true, "notfall": true, "ernstfall": true, "krankenhaus": true, "nichts": true, "schulden": true, "krank": true,
	"seul": true, "seule": true, "urgences": true, "hopital": true, "rien": true, "dettes": true, "malade": true,
}

// hypotheticals are folded modal words: a ruin said with one is pictured for the listener
// ("one accident could wipe out your savings"), not reported ("the flood wiped out the
// shop").
var hypotheticals = map[string]bool{
	"could": true, "would": true, "might": true, "may": true, "youd": true, "podria": true, "podrian": true, "puede": true,
	"konnte": true, "konnten": true, "wurde": true, "wurden": true, "kann": true, "pourrait": true, "pourraient": true, "peut": true,
}

// Weights of the listener appeals: an appeal to the listener's conscience or a blame laid
// on them reports by itself; a pictured harm or a loving role invoked counts with the case's
// cause for concern.
const (
	appealWeight  = 0.5
	pictureWeight = 0.45
	roleWeight    = 0.45
)

// checkListenerAppeal adds emotional-pressure cues for an appeal aimed at the listener's
// feelings as a reason for the act (the pack's aux lines, four languages):
//   - @appeal: the listener's conscience questioned or a harm laid on them ("do you have any
//     heart", "could you live with that", "wollen Sie wirklich", "you'll be the reason", "I
//     know you won't let that happen"), in a sentence that speaks to the listener;
//   - @picture: a harm pictured for them ("picture", "imagine", "stellen Sie sich vor") in a
//     sentence that names a harm (alone, an emergency, debt);
//   - @lovingrole: the listener's love invoked ("as parents you", "a loving family", "kein
//     Vater, der seine Kinder liebt", "si fuera su hijo").
//
// The speaker's own distress is the pack's emotional_pressure lines; these read the appeal
// that works on the listener instead, which carries no sad word.
func (st *state) checkListenerAppeal() {
	a, p, r, u := st.fromMessage(labAppeal), st.fromMessage(labPicture), st.fromMessage(labLovingrole), st.fromMessage(labRuin)
	if !(a || p || r || u) || st.warning {
		return
	}
	for _, c := range []struct {
		label  cueLabel
		on     bool
		weight float64
		needs  map[string]bool
		phrase string
	}{
		{labAppeal, a, appealWeight, listenerWords, "an appeal to the listener's conscience"},
		{labPicture, p, pictureWeight, harmWords, "a harm pictured for the listener"},
		{labLovingrole, r, roleWeight, nil, "the listener's love invoked"},
		{labRuin, u, pictureWeight, hypotheticals, "a ruin pictured for the listener"},
	} {
		if !c.on {
			continue
		}
		for _, q := range st.cues[c.label] {
			if q.src != srcMessage || (c.needs != nil && !sentenceHas(q.text.text, q.pos, q.end, c.needs)) {
				continue
			}
			l := q
			l.label, l.weight, l.phrase = labEmotionalPressure, c.weight, c.phrase
			st.cues[labEmotionalPressure] = append(st.cues[labEmotionalPressure], l)
			break
		}
	}
}

// sentenceHas reports whether the folded sentence of s around [pos, end) holds one of the
// words.
func sentenceHas(s string, pos, end int, words map[string]bool) bool {
	for _, w := range foldedFields(sentenceAt(s, pos, end)) {
		if words[w] {
			return true
		}
	}
	return false
}

// pressedSupplyWeight: a limited supply pressed with "now" is scarcity and urgency both, as
// dev labels "only 2 seats left ... book it now"; each cue alone reports.
const pressedSupplyWeight = 0.5

// checkPressedSupply reads a scarcity cue of the message together with a request to act now
// ("nur noch drei Pakete ... bitte jetzt", "only two booths left ... pay the deposit now"):
// the supply is tied to acting now, so the scarcity counts even when its cue is weak, and
// the press is urgency. A limited supply stated without a press keeps its own weight.
func (st *state) checkPressedSupply() {
	qs := st.cues[labScarcity]
	if len(qs) == 0 || st.warning {
		return
	}
	var sup *cue
	for i := range qs {
		// A last chance ("vous êtes ma dernière chance") is a plea, not a supply.
		if qs[i].src == srcMessage && !strings.Contains(qs[i].phrase, "chance") {
			sup = &qs[i]
			break
		}
	}
	if sup == nil {
		return
	}
	tok := st.msgTokens()
	for i := range tok {
		if !pressAt(tok, i) {
			continue
		}
		s := st.msgHead()
		p, e, _ := tokenSpan(s, tok, i)
		now := cue{label: labUrgency, weight: pressedSupplyWeight, src: srcMessage, text: &st.msg,
			phrase: "a limited supply pressed now", pos: min(p, sup.pos), end: max(e, sup.end), srcIdx: 1}
		sc := now
		sc.label = labScarcity
		st.addReading(now)
		st.addReading(sc)
		return
	}
}

// addReading adds q as a reading of its span that supersedes the weaker cues of its label
// it overlaps: score counts a cue nested in another once, so a new cue inside an older,
// weaker one ("a deadline with a loss attached" over the whole clause) would not count. q
// is widened over the cues of its text that it overlaps; a cue left with q's exact span
// takes q's weight and phrase if they are stronger, and q is not added.
func (st *state) addReading(q cue) {
	qs := st.cues[q.label]
	for _, o := range qs {
		if o.src == q.src && o.srcIdx == q.srcIdx && o.pos < q.end && q.pos < o.end {
			q.pos, q.end = min(q.pos, o.pos), max(q.end, o.end)
		}
	}
	for i := range qs {
		if o := &qs[i]; o.src == q.src && o.srcIdx == q.srcIdx && o.pos == q.pos && o.end == q.end {
			if q.weight > o.weight {
				o.weight, o.phrase = q.weight, q.phrase
			}
			return
		}
	}
	st.cues[q.label] = append(qs, q)
}

// idleSupplyPhrase is the co-occurrence cue of a limit word with an availability word
// (cooccur.go): "only one economy seat left".
const idleSupplyPhrase = "co-occurrence: limit + availability"

// dropIdleSupply drops a scarcity cue that only states availability ("there's only one seat
// left on that flight, could you book it for me?") in a case that gives no cause for concern
// and presses no time: nobody uses the supply against the agent. hw-dev-046 states the same
// for a booking within an approved trip. What the cues say is read where they are read
// (idleSupply: one statement of what is left, with no press in it); whether the case gives
// cause for concern is the whole case's findings, tension and other tactics' cues, so it runs
// last in inspect, after the late checks (judge18h: from judge14u it missed their findings,
// an amount over the goal's budget among them). TestIdleSupplyLate pins it.
func (st *state) dropIdleSupply() {
	qs := st.cues[labScarcity]
	if len(qs) == 0 || len(st.findings) > 0 || !st.idleSupply(qs) || st.hasTension() {
		return
	}
	// Nothing else in the case: the tension read later (score) comes from these.
	for l := range numTacticLabels {
		if l != labScarcity && len(st.cues[l]) > 0 {
			return
		}
	}
	st.cues[labScarcity] = nil
}
