package fallback

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- benign readings of words that look like tactics (judge13f) ----
//
// The blind sets' false alarms are ordinary requests that happen to hold a
// word the rule pack reads as a tactic: "split the bill" between two cost
// centres, "override the default seat", "the regulator requires us to keep
// the file", "submit it today or tomorrow" before a deadline the records
// hold. Each cue stays when the case around it gives it its meaning (a
// limit the split stays under, a rule the override sets aside, data or money
// the regulator is invoked to move, a threat with the deadline); only the
// reading that names none of these is dropped. checkJudge13f runs before
// the structural checks, so that none of them reads a dropped cue.

// checkJudge13f drops the cues whose benign reading the case gives.
func (st *state) checkJudge13f() {
	if qs := st.cues[labPolicyBypass]; len(qs) > 0 {
		st.dropCues(labPolicyBypass, func(q cue) bool {
			return q.src == srcMessage && q.text != nil && (st.plainSplit(q) || defaultOverride(q))
		})
	}
	if len(st.cues[labAuthorityClaim]) > 0 {
		nothing := st.sendsNothing()
		st.dropCues(labAuthorityClaim, func(q cue) bool {
			return q.src == srcMessage && q.text != nil && (nothing && retentionDuty(q) || st.roleAsThing(q))
		})
	}
	if len(st.cues[labReciprocity]) > 0 {
		st.dropCues(labReciprocity, func(q cue) bool {
			return q.src == srcMessage && q.text != nil && askedFree(q)
		})
	}
	if len(st.cues[labSecret]) > 0 {
		st.dropCues(labSecret, func(q cue) bool { return q.src == srcMessage && q.text != nil && usedSecret(q) })
	}
	if len(st.cues[labEmotionalPressure]) > 0 {
		st.dropCues(labEmotionalPressure, func(q cue) bool {
			return q.text != nil && q.end <= len(q.text.text) && businessCost(q) // judge18h.go
		})
	}
	if len(st.cues[labUrgency]) > 0 {
		st.dropCues(labUrgency, func(q cue) bool {
			return q.src == srcMessage && q.text != nil && timeAlternative(q)
		})
		st.dropRecordedDate()
	}
}

// ---- a split that evades nothing ----

// splitWords open the rule pack's cues that divide an amount or an order
// (folded, four languages).
var splitWords = []string{"split ", "into three", "break the payment", "break it into", "into smaller", "into two smaller",
	"divida ", "dividir ", "fraccionar ", "fraccione ", "teilen sie", "die zahlung aufteilen", "zahlung stuckeln",
	"scindez", "scinder ", "fractionnez", "fractionner "}

// splitWord is one of splitWords without its trailing space; whole says
// it had one, which stands for the phrase's end or the next word.
type splitWord struct {
	w     string
	whole bool
}

// splitByFirst holds splitWords by their first byte: every policy_bypass
// cue of every case asks splitPhrase, and most share no first letter with
// any of them, so they cost one index instead of seventeen prefix tests.
var splitByFirst = func() (ix [256][]splitWord) {
	for _, p := range splitWords {
		w := strings.TrimSuffix(p, " ")
		ix[w[0]] = append(ix[w[0]], splitWord{w, len(w) != len(p)})
	}
	return ix
}()

// splitPhrase reports a phrase that starts with one of splitWords, whose
// trailing space stands for the phrase's end or the next word.
func splitPhrase(ph string) bool {
	if ph == "" {
		return false
	}
	for _, sw := range splitByFirst[ph[0]] {
		if strings.HasPrefix(ph, sw.w) && (len(ph) == len(sw.w) || !sw.whole || ph[len(sw.w)] == ' ') {
			return true
		}
	}
	return false
}

// splitLimitWords name what a split can be used to stay under or avoid
// (folded, four languages): with one in its sentence, a split keeps its cue.
var splitLimitSet = newSubstrSet([]string{" under ", " below ", " beneath ", " threshold", " limit", " ceiling", " cap ", " approv", " sign off", " signoff",
	" sign-off", " review", " flag", " report", " trigger", " detect", " notice", " audit", " each stay", " stays ", " stay ",
	" debajo", " bajo el", " umbral", " limite", " tope", " aprobac", " autorizac", " revision", " control",
	" unter ", " unterhalb", " schwelle", " grenze", " freigabe", " genehmig", " prufung", " kontroll",
	" sous ", " dessous", " seuil", " plafond", " validation", " approbation", " controle", " depasser"})

// plainSplit reports a splitting cue whose sentence names no limit, no
// approval and no control, in a case whose policies say nothing of
// splitting: the bill shared between two cost centres, the premium paid
// in monthly instalments, a payment across two cards in the profile.
func (st *state) plainSplit(q cue) bool {
	if !splitPhrase(q.phrase) {
		return false
	}
	cl := st.clauseAround(q.text.text, q.pos)
	if splitLimitSet.in(cl) {
		return false
	}
	for _, p := range st.policies() {
		if st.text(p.Statement).policyFoldedHas(splitStemSet) {
			return false // a policy speaks of splitting (splitorder.go reads it)
		}
	}
	return true
}

// ---- a default overridden ----

// defaultWords name a setting the system chose (folded): overriding one is
// a choice, not a rule set aside.
var defaultWords = map[string]bool{"default": true, "defaults": true, "preset": true, "presets": true, "suggested": true,
	"setting": true, "settings": true, "preference": true, "preferences": true, "autofill": true, "auto-assigned": true}

// controlObjects are what a bypass overrides (folded): with one after
// "override the", the cue stays whatever else follows.
var controlObjects = map[string]bool{"policy": true, "policies": true, "rule": true, "rules": true, "limit": true, "limits": true,
	"approval": true, "approvals": true, "check": true, "checks": true, "block": true, "hold": true, "restriction": true,
	"restrictions": true, "control": true, "controls": true, "lock": true, "flag": true, "fraud": true, "security": true,
	"verification": true, "decision": true, "threshold": true, "cap": true, "requirement": true, "requirements": true,
	"warning": true, "alert": true, "denial": true, "rejection": true, "freeze": true, "compliance": true, "mfa": true}

// defaultOverride reports "override the default seat", "override the
// default carrier service": the words after the cue name a default and no
// control, within four words.
func defaultOverride(q cue) bool {
	if q.phrase != "override the" {
		return false
	}
	dflt := false
	for i := range 4 {
		w := wordAfter(q.text.text, q.end, i)
		if w == "" || w == "." {
			break
		}
		if controlObjects[w] {
			return false
		}
		if defaultWords[w] {
			dflt = true
		}
	}
	return dflt
}

// ---- a regulator's record-keeping duty ----

// regulatorWords are the authority cues that invoke a regulator (folded).
var regulatorWords = []string{"regulator", "regulatory", "regulador", "reguladora", "aufsichtsbehorde", "regulierungsbehorde",
	"regulateur", "autorite de controle"}

// keepWords say records are kept (folded, four languages).
var keepSet = newSubstrSet([]string{" keep ", " keeps ", " kept ", " retain", " retention", " store ", " stored ", " archive", " preserve",
	" conservar", " conserve", " guardar", " archivar", " aufbewahr", " aufzubewahr", " archivier", " speicher",
	" conserver", " conservons", " archiver", " garder"})

// retentionDuty reports a regulator cue in a sentence that says what must
// be kept: "the regulator requires us to keep order records for seven
// years" tells the agent why records stay, and asks nothing of it.
func retentionDuty(q cue) bool {
	if !containsAny(q.phrase, regulatorWords...) {
		return false
	}
	return keepSet.in(clauseAround(q.text.text, q.pos))
}

// sendsNothing reports an action that moves no data and no money: a
// regulator invoked for a case that gives nothing away claims no authority
// over the agent.
func (st *state) sendsNothing() bool {
	a := st.c.Action
	return len(a.DataCategories) == 0 && a.Amount == 0 && !st.untrusted()
}

// ---- a time offered as one of two ----

// alternativeTimes follow "today or", "tonight or", "by tomorrow or" when
// the "or" offers a second time rather than a threat (folded).
var alternativeTimes = map[string]bool{"tomorrow": true, "tonight": true, "today": true, "monday": true, "tuesday": true,
	"wednesday": true, "thursday": true, "friday": true, "saturday": true, "sunday": true, "later": true, "next": true,
	"this": true, "early": true, "first": true, "whenever": true, "manana": true, "morgen": true, "demain": true}

// timeAlternative reports "today or tomorrow", "tonight or first thing
// Monday": the urgency cue that reads "today or" as the start of a threat
// ("today or we cancel") meets a second time instead.
func timeAlternative(q cue) bool {
	if !strings.HasSuffix(q.phrase, " or") {
		return false
	}
	w := wordAfter(q.text.text, q.end, 0)
	if w == "the" || w == "any" {
		// "14:00 today, or the first slot tomorrow", "or any time on Monday"
		// (judge18p); "or the account goes on hold" is the threat.
		w = wordAfter(q.text.text, q.end, 1)
		return alternativeTimes[w] || w == "earliest" || w == "morning" || w == "afternoon" || w == "time" || w == "day"
	}
	return alternativeTimes[w]
}

// ---- a dated deadline the records hold ----

// monthWords map folded month names (four languages) to a number.
var monthWords = map[string]int{"jan": 1, "january": 1, "enero": 1, "januar": 1, "janvier": 1,
	"feb": 2, "february": 2, "febrero": 2, "februar": 2, "fevrier": 2,
	"mar": 3, "march": 3, "marzo": 3, "marz": 3, "mars": 3,
	"apr": 4, "april": 4, "abril": 4, "avril": 4,
	"may": 5, "mayo": 5, "mai": 5,
	"jun": 6, "june": 6, "junio": 6, "juni": 6, "juin": 6,
	"jul": 7, "july": 7, "julio": 7, "juli": 7, "juillet": 7,
	"aug": 8, "august": 8, "agosto": 8, "aout": 8,
	"sep": 9, "sept": 9, "september": 9, "septiembre": 9, "septembre": 9,
	"oct": 10, "october": 10, "octubre": 10, "oktober": 10, "octobre": 10,
	"nov": 11, "november": 11, "noviembre": 11, "novembre": 11,
	"dec": 12, "december": 12, "diciembre": 12, "dezember": 12, "decembre": 12}

// weekdayWords are folded weekday names (four languages).
var weekdayWords = map[string]bool{"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true,
	"saturday": true, "sunday": true, "lunes": true, "martes": true, "miercoles": true, "jueves": true, "viernes": true,
	"montag": true, "dienstag": true, "mittwoch": true, "donnerstag": true, "freitag": true,
	"lundi": true, "mardi": true, "mercredi": true, "jeudi": true, "vendredi": true}

// weekdaySet finds a weekday name in a folded clause in one pass.
var weekdaySet = newSubstrSet(func() []string {
	var ws []string
	for w := range weekdayWords {
		ws = append(ws, " "+w+" ")
	}
	return ws
}())

// dayOf reads a day of the month from a folded token: "7th", "1st", "22nd",
// "3rd", or a plain number from 1 to 31 when along is true (a month or
// "the" stands next to it).
func dayOf(w string, along bool) int {
	for _, suf := range []string{"st", "nd", "rd", "th", "er", "eme"} {
		if strings.HasSuffix(w, suf) && len(w) > len(suf) {
			if n, err := strconv.Atoi(w[:len(w)-len(suf)]); err == nil && n >= 1 && n <= 31 {
				return n
			}
		}
	}
	if !along {
		return 0
	}
	if n, err := strconv.Atoi(w); err == nil && n >= 1 && n <= 31 {
		return n
	}
	return 0
}

// dateMarks returns the days of the month and weekdays a folded text
// names: "the 7th", "31 dec", "december 31", "31 . dezember", "2024 05 17",
// "friday".
func dateMarks(s string) []string {
	ws := strings.Fields(s)
	var out []string
	for i, w := range ws {
		if weekdayWords[w] {
			out = append(out, w)
			continue
		}
		if w == "" || w[0] < '0' || w[0] > '9' {
			continue
		}
		along := false
		if i > 0 && (ws[i-1] == "the" || monthWords[ws[i-1]] > 0 || ws[i-1] == "el" || ws[i-1] == "le" || ws[i-1] == "am" || ws[i-1] == "den") {
			along = true
		}
		for j := i + 1; j <= i+2 && j < len(ws); j++ {
			if monthWords[ws[j]] > 0 || ws[j] == "of" && j+1 < len(ws) && monthWords[ws[j+1]] > 0 {
				along = true
			}
			if ws[j] != "." && ws[j] != "de" {
				break
			}
		}
		// An ISO date: "2024 05 17" is day 17.
		if len(w) == 4 && i+2 < len(ws) && len(ws[i+1]) == 2 && len(ws[i+2]) == 2 {
			if d, err := strconv.Atoi(ws[i+2]); err == nil && d >= 1 && d <= 31 {
				out = append(out, strconv.Itoa(d))
			}
			continue
		}
		if d := dayOf(w, along); d > 0 {
			out = append(out, strconv.Itoa(d))
		}
	}
	return out
}

// orTime removes "or" followed by a second time ("today or tomorrow"),
// which offers a choice and threatens nothing, before the threat words are
// read (folded, four languages).
func orTime(cl string) string {
	for _, alt := range []string{" or ", " o ", " oder ", " ou "} {
		for k := strings.Index(cl, alt); k >= 0; {
			rest := strings.Fields(cl[k+len(alt) : min(len(cl), k+len(alt)+20)])
			next := -1
			if len(rest) > 0 && (alternativeTimes[rest[0]] || weekdayWords[rest[0]]) {
				cl = cl[:k] + " " + cl[k+len(alt)-1:]
				next = k + 1
			} else {
				next = k + len(alt) - 1
			}
			j := strings.Index(cl[next:], alt)
			if j < 0 {
				break
			}
			k = next + j
		}
	}
	return cl
}

// dropRecordedDate extends checkRecordedDeadline (recordeddeadline.go),
// which ties a restated deadline to a record by the same clock time or
// "today", to a deadline by date: "the filing deadline is Friday the 7th"
// when a system record says "the filing deadline is the 7th of this
// month". The counterparty is verified and the clause threatens nothing
// (a second time offered, "today or tomorrow", is no threat).
func (st *state) dropRecordedDate() {
	if !st.c.Counterparty.Verified || st.untrusted() || len(st.trusted) == 0 {
		return
	}
	var recs []string
	recsDone := false
	st.dropCues(labUrgency, func(q cue) bool {
		if q.src != srcMessage || q.text == nil {
			return false
		}
		cl := st.clauseAround(q.text.text, q.pos)
		if !hasASCIIDigit(cl) && !weekdaySet.in(cl) {
			return false // no date to tie, the usual case: nothing more to read
		}
		if deadlineThreatSet.in(orTime(cl)) {
			return false
		}
		marks := dateMarks(cl)
		if len(marks) == 0 {
			return false
		}
		if !recsDone {
			recsDone = true
			for _, t := range st.trusted {
				if t.isRecord() {
					if r := st.whole(t).folded(); recordDeadlineSet.in(r) {
						recs = append(recs, r)
					}
				}
			}
		}
		for _, r := range recs {
			rm := dateMarks(r)
			for _, m := range marks {
				for _, n := range rm {
					if m == n {
						return true
					}
				}
			}
		}
		return false
	})
}

// ---- a secret sent through the channel a policy prescribes ----

// channelLeads say a policy allows one channel only (folded, four
// languages); the words after them name it.
var channelLeads = []string{"only through", "only via", "only by", "only in", "only to", "solely through", "exclusively through",
	"solo a traves de", "solo por", "solo mediante", "unicamente a traves de", "unicamente por", "unicamente mediante",
	"nur uber", "nur per", "nur im", "nur in", "ausschliesslich uber", "ausschlieslich uber",
	"uniquement via", "uniquement par", "uniquement dans", "seulement via", "seulement par "}

// prescribedChannel reports a recipient that is the channel a policy names
// as the only one for this data: "initial passwords are delivered only
// through the restricted onboarding ticket" and a recipient "ticket
// ONB-3390 (IT onboarding queue)". An e-mail address is never such a
// channel, nor a recipient that shares no distinctive word with it.
func (st *state) prescribedChannel() bool {
	r := st.c.Action.Recipient
	if r == "" || strings.Contains(r, "@") {
		return false
	}
	rw := map[string]bool{}
	for _, w := range strings.Fields(foldedText(r)) {
		if len(w) >= 5 && !genericWords.has(w) {
			rw[w] = true
		}
	}
	if len(rw) == 0 {
		return false
	}
	for _, p := range st.policies() {
		s := foldedText(p.Statement)
		for _, lead := range channelLeads {
			for k := strings.Index(s, lead); k >= 0; {
				after := strings.Fields(s[k+len(lead) : min(len(s), k+len(lead)+60)])
				for i, w := range after {
					if i >= 5 || w == "." {
						break
					}
					if rw[w] {
						return true
					}
				}
				j := strings.Index(s[k+1:], lead)
				if j < 0 {
					break
				}
				k += 1 + j
			}
		}
	}
	return false
}

// ---- per-unit grants for different conditions ----

// otherGrantCovers reports whether another per-unit amount the same policy
// clause grants covers the action's amount: "$100 per passenger for a
// cancelled flight, $50 per passenger for a delay" grants two amounts for
// two conditions, and an action within the larger one is not outside the
// policy for exceeding the smaller (which condition applies is the
// records' to say, and the other checks read them).
func (st *state) otherGrantCovers(low string, amt float64, cur string) bool {
	for _, pa := range policyAmounts(low) {
		if pa.cur != "" && cur != "" && pa.cur != cur {
			continue
		}
		rest := strings.TrimLeft(low[pa.end:], " ")
		if !(strings.HasPrefix(rest, "per ") || strings.HasPrefix(rest, "por ") || strings.HasPrefix(rest, "pro ") || strings.HasPrefix(rest, "par ")) {
			continue
		}
		if lim, ok := st.scaledLimit(pa.v, rest); ok && lim > 0 && amt <= lim*1.0001 {
			return true
		}
	}
	return false
}

// ---- a state wished for is not a state claimed ----

// wishVerbs ask for a state rather than say it holds (folded): "I need
// this cancelled", "I want it refunded", "please get them changed",
// "can you have it moved".
var wishVerbs = map[string]bool{"want": true, "wants": true, "need": true, "needs": true, "like": true, "get": true,
	"have": true, "would": true, "wanted": true, "needed": true}

// wishObjects stand between a wish verb and the state it asks for.
var wishObjects = map[string]bool{"it": true, "this": true, "that": true, "them": true, "these": true, "those": true,
	"my": true, "the": true, "our": true, "everything": true, "all": true, "both": true, "one": true, "booking": true,
	"reservation": true, "flight": true, "order": true, "trip": true, "ticket": true, "flights": true, "bookings": true,
	"reservations": true, "orders": true}

// wishedState reports a state word that a wish verb asks for: the wish
// verb at most three words before it, with only objects (a pronoun, an
// article, the thing's kind or its code) between. A wished state says
// nothing about the record, so no contradiction is read from it.
func wishedState(ws []string, i int) bool {
	for k := i - 1; k >= 0 && k >= i-4; k-- {
		w := ws[k]
		if wishVerbs[w] {
			return k < i-1 // "need cancelled" alone is not a wish construction
		}
		if !wishObjects[w] && !hasASCIIDigit(w) {
			return false
		}
	}
	return false
}

// ---- a bypass that is the false claim's own consequence ----

// checkJudge13fLate runs after the structural checks. When a record
// contradicts what the counterparty claims (a hard inconsistent_claims
// finding) and the only structural ground for policy_bypass is that a
// record rules the outcome out ("ineligible"), with no strong bypass cue
// and no office or favour pressing it (pressIneligible),
// the ineligibility is the claim's falsehood seen from the other side:
// "I'm entitled to a full refund, the airline cancelled it" against a
// record that it was not cancelled is one tactic, the inconsistent claim
// (the labelled sets' convention: a false status, membership or date told
// to get a refund or compensation is inconsistent_claims). The finding
// keeps its disposition; it stops counting for the tactic, and the weak
// entitlement cues go with it.
//
// It stays late, after the structural checks, because its condition is the
// whole case's findings: the contradiction and the other grounds for the
// bypass come from checks all through the run (a precondition pressPrecondition
// tags, a class ban retagPolicyBan tags, a ban, count or reserved actor tagged
// by a bypass cue where it is made). The cues it drops were read before it by
// those checks; each that read one to tag a finding tagged it policy_bypass,
// which is "another ground" here, so the drop never undoes a reading that
// counted (the other readers, dropToldBereavement and dropIdleSupply, act only
// on a case with no finding). TestLateFalseClaim pins it.
func (st *state) checkJudge13fLate() {
	st.checkGoalBudget()
	if !st.hasFinding("ineligible") {
		return
	}
	defer st.ineligibleStakes()
	contradicted := false
	for _, f := range st.findings {
		switch {
		case f.tactic == "inconsistent_claims" && f.hard && f.score >= 0.85:
			contradicted = true
		case f.tactic == "policy_bypass" && f.kind != "ineligible" && f.kind != "entitlement":
			return // another ground for the bypass stands
		}
	}
	if !contradicted {
		return
	}
	for _, f := range st.findings {
		if f.kind == "ineligible" && f.pressed {
			return // pressed with an office or a favour (pressIneligible)
		}
	}
	for _, q := range st.cues[labPolicyBypass] {
		if q.weight >= 0.5 {
			return
		}
	}
	for i := range st.findings {
		if k := st.findings[i].kind; k == "ineligible" || k == "entitlement" {
			st.findings[i].tactic = ""
		}
	}
	st.dropCues(labPolicyBypass, func(cue) bool { return true })
}

// ---- a free thing asked for is not a favour given ----

// j13FreeWords are the rule pack's reciprocity cues that say something cost
// nothing (folded, four languages).
var j13FreeWords = []string{"for free", "at no charge", "at no cost", "free of charge", "on the house", "sin cobrar", "sin coste", "gratis",
	"sin cargo", "kostenlos", "ohne berechnung", "umsonst", "sans rien facturer", "sans facturer", "gratuitement", "a titre gracieux", "gracieusement"}

// giverWords are first-person subjects (folded): a favour given is told by
// the one who gave it ("we upgraded you at no charge", "I worked the
// weekend for free").
var giverWords = map[string]bool{"i": true, "ive": true, "id": true, "we": true, "weve": true, "wed": true, "our": true,
	"yo": true, "nosotros": true, "hemos": true, "he": true, "nuestro": true, "nuestra": true, "ich": true, "wir": true, "unser": true,
	"unsere": true, "je": true, "jai": true, "nous": true, "notre": true, "nos": true}

// askedFree reports a reciprocity cue that only says what is asked should
// cost nothing: a free word in a sentence with no first-person giver ("move
// my flight to May 20 for free", "upgrade it to business at no charge,
// please"). The co-occurrence cue whose favour is such a word goes too.
func askedFree(q cue) bool {
	cl := clauseAround(q.text.text, q.pos)
	free := false
	for _, w := range j13FreeWords {
		if strings.Contains(cl, " "+w+" ") {
			free = true
			break
		}
	}
	if !free || !(containsAny(q.phrase, j13FreeWords...) || strings.HasPrefix(q.phrase, "co-occurrence")) {
		return false
	}
	for _, w := range strings.Fields(cl) {
		if giverWords[w] {
			return false
		}
	}
	return true
}

// ---- an exception the policy allows, on record ----

// exceptionWords open the exception a policy's limit allows (lower case,
// four languages).
var exceptionWords = []string{" unless", " except where", " except when", " except if", " a menos que", " salvo que", " salvo si",
	" es sei denn", " außer wenn", " ausser wenn", " sauf si", " à moins que", " a moins que", " sauf exception"}

// grantedWords say a record's exception was granted (lower case);
// pendingWords that it was not yet, or refused.
var (
	grantedWords = []string{"approved", "granted", "authorised", "authorized", "aprobad", "autorizad", "concedid", "genehmigt",
		"bewilligt", "freigegeben", "approuv", "accord", "autoris"}
	pendingWords = []string{"pending", "requested", "awaiting", "rejected", "denied", "declined", "pendiente", "solicitad", "rechazad",
		"beantragt", "ausstehend", "abgelehnt", "en attente", "demand", "refus"}
)

// exceptionOnRecord reports a policy whose limit allows an exception
// ("up to $300 per night unless Finance records an exception") when a
// record grants that exception: an unnegated record sentence that shares
// two stems with the exception clause and says it was approved, not that
// it is pending or refused. Paying the exception is inside the policy.
func (st *state) exceptionOnRecord(stmt string) bool {
	low := " " + toLower(clipBytes(stmt, maxClaimBytes)) + " "
	for _, w := range exceptionWords {
		i := strings.Index(low, w)
		if i < 0 {
			continue
		}
		cond := low[i+len(w):]
		if j := strings.IndexAny(cond, ".;\n"); j >= 0 {
			cond = cond[:j]
		}
		want := stemSet(cond)
		for rs := range st.trustedSentences(trustedText.notTurn) {
			l := rs.lower()
			if hasNeg(l) || !containsAny(l, grantedWords...) || containsAny(l, pendingWords...) {
				continue
			}
			if n, _ := sharedStems(rs.stems(), want); n >= 2 {
				return true
			}
		}
	}
	return false
}

// ---- the owner's budget, stated in the goal ----

// reGoalBudget finds a ceiling the owner sets on what to spend: "for under
// €40 a month", "I can spend up to €25 a month", "no more than $500",
// "menos de 120 €", "höchstens 30 € im Monat", "moins de 50 € par mois".
var reGoalBudget = regexp.MustCompile(`(?i)(?:\bunder|\bbelow|\bless than|\bno more than|\bnot more than|\bup to|\bat most|\bmax(?:imum)?|\bbudget(?: is| of)?|\bmenos de|\bhasta|\bcomo m[aá]ximo|\bpresupuesto de|\bunter|\bbis zu|\bh[oö]chstens|\bmaximal|\bbudget von|\bmoins de|\bjusqu['’]?[aà]|\bau maximum|\bau plus|\bbudget de)\s*(€|eur\b|\$|usd\b|£|gbp\b)?\s*(\d[\d.,]*)\s*(€|eur\b|euros?\b|\$|usd\b|dollars?\b|£)?`)

// budgetScope says the ceiling is on spending (lower case): a period or a
// spending word in the goal.
var budgetScope = []string{"a month", "per month", "/month", "monthly", "a year", "per year", "in total", "total", "spend", "budget", "afford",
	"al mes", "por mes", "mensual", "en total", "presupuesto", "im monat", "pro monat", "monatlich", "insgesamt",
	"par mois", "mensuel", "au total"}

// goalBudget returns the spending ceiling the goal sets, in the action's
// currency, or 0 when it sets none (or in another currency).
func (st *state) goalBudget() float64 {
	g := st.c.Goal
	if g == "" || !hasASCIIDigit(g) {
		return 0
	}
	low := toLower(clipBytes(g, maxClaimBytes))
	if !containsAny(low, budgetScope...) {
		return 0
	}
	m := reGoalBudget.FindStringSubmatch(low)
	if m == nil {
		return 0
	}
	sym := m[1] + m[3]
	if sym == "" {
		return 0 // a number with no currency is a count or a date
	}
	cur := strings.ToUpper(st.c.Action.Currency)
	switch {
	case strings.Contains(sym, "€") || strings.HasPrefix(sym, "eur"):
		if cur != "" && cur != "EUR" {
			return 0
		}
	case strings.Contains(sym, "$") || strings.HasPrefix(sym, "usd") || strings.HasPrefix(sym, "dollar"):
		if cur != "" && cur != "USD" {
			return 0
		}
	case strings.Contains(sym, "£") || strings.HasPrefix(sym, "gbp"):
		if cur != "" && cur != "GBP" {
			return 0
		}
	}
	v, err := parseGroupedNumber(strings.TrimRight(m[2], ".,"))
	if err != nil || v <= 0 {
		return 0
	}
	return v
}

// checkGoalBudget reads the action's amount against the budget the goal
// sets. Over it, a purchase or quote is more than the owner asked for:
// scope_expansion (a finding, not hard: the owner may still agree). Within
// it, the weak scope cues of the message ("plus", "all four") name what
// the owner asked for, and go.
func (st *state) checkGoalBudget() {
	b := st.goalBudget()
	amt := st.actionAmount()
	if b <= 0 || amt <= 0 {
		return
	}
	if amt <= b*1.0001 {
		st.dropCues(labScopeExpansion, func(q cue) bool { return q.src == srcMessage && q.weight < 0.5 })
		return
	}
	a := st.c.Action
	st.add(finding{tactic: consult.ScopeExpansion, kind: "overbudget", score: 0.5, sig: consult.High,
		obs:    fmt.Sprintf("The proposed %s is over the %s the goal sets (%q).", money(amt, a.Currency), money(b, a.Currency), st.clipCase(st.c.Goal, 120)),
		reason: fmt.Sprintf("The owner's goal sets a ceiling of %s; the action commits %s, more than the owner asked for.", money(b, a.Currency), money(amt, a.Currency)),
		disp:   consult.SeekApproval})
}

// ---- a role named as a thing, not as the one who orders ----

// roleThings follow a role word used as a modifier ("board packs", "the
// directors' distribution list", "manager dashboard"): the role names a
// thing, not someone who asked for anything (folded).
var roleThings = map[string]bool{"pack": true, "packs": true, "papers": true, "folder": true, "folders": true, "meeting": true,
	"meetings": true, "minutes": true, "calendar": true, "agenda": true, "deck": true, "room": true, "portal": true, "list": true,
	"distribution": true, "mailbox": true, "inbox": true, "channel": true, "dashboard": true, "template": true, "report": true,
	"reports": true, "seat": true, "seats": true, "members": true, "pack's": true, "offsite": true, "dinner": true, "lunch": true}

// roleRecipients precede a role named as the one who receives ("send it to
// the directors", "prepare it for the board").
var roleRecipients = map[string]bool{"to": true, "for": true, "with": true, "cc": true, "para": true, "fur": true, "pour": true}

// roleAsThing reports a role + directive co-occurrence whose every role
// word in the sentence is a modifier of a thing or the one the action is
// for: "board packs have to go out by 5pm", "send it to the directors'
// distribution list". A role that asks ("the board wants", "the director
// said to") keeps the cue.
func (st *state) roleAsThing(q cue) bool {
	if q.phrase != "co-occurrence: role + directive" {
		return false
	}
	s := q.text.text
	start := strings.LastIndex(s[:min(q.pos+1, len(s))], " . ")
	end := strings.Index(s[min(q.pos+1, len(s)):], " . ")
	if end < 0 {
		end = len(s)
	} else {
		end += q.pos + 1
	}
	n := 0
	for _, r := range st.cues[labRole] {
		if r.src != srcMessage || r.text != q.text || r.pos < start || r.pos >= end {
			continue
		}
		n++
		thing := roleThings[wordAfter(s, r.end, 0)] || roleRecipients[wordBefore(s, r.pos, 0)] || roleRecipients[wordBefore(s, r.pos, 1)]
		if !thing {
			return false
		}
	}
	return n > 0
}

// ---- a secret named as the means of a sign-in already done ----

// authDoneWords say an authentication has happened (folded, four
// languages): "logged in with 2FA", "verified with my MFA", "angemeldet
// mit 2FA", "connecté avec le code".
var authDoneWords = map[string]bool{"logged": true, "signed": true, "authenticated": true, "verified": true, "passed": true,
	"completed": true, "autenticado": true, "autenticada": true, "verificado": true, "verificada": true, "angemeldet": true,
	"eingeloggt": true, "verifiziert": true, "authentifiziert": true, "connecte": true, "connectee": true, "authentifie": true,
	"authentifiee": true, "verifie": true, "verifiee": true}

// usedSecret reports an @secret cue that names how the counterparty has
// already signed in ("I'm logged in with 2FA right now"): a sign-in word
// within the four words before it, or the two after, in the same sentence. The secret is
// not asked for; a request near it must find another.
func usedSecret(q cue) bool {
	s := q.text.text
	for k := range 4 {
		w := wordBefore(s, q.pos, k)
		if w == "" || w == "." {
			break
		}
		if authDoneWords[w] {
			return true
		}
	}
	// German puts the participle last: "mit 2FA angemeldet".
	for k := range 2 {
		w := wordAfter(s, q.end, k)
		if w == "" || w == "." {
			break
		}
		if lastParticiples[w] {
			return true
		}
	}
	return false
}

// lastParticiples are the German sign-in participles that end a clause.
var lastParticiples = map[string]bool{"angemeldet": true, "eingeloggt": true, "verifiziert": true, "authentifiziert": true}

// ineligibleStakes weighs a record that rules the outcome out by what the
// action does: an irreversible refund, cancellation or compensation the
// policy does not allow is paying out against the policy however politely
// it is asked ("could you cancel it and refund me, please?"). The finding
// becomes hard, which holds the disposition at seek_approval and the tier
// at high; its score, and so the tactic, stay as they were (the labelled
// sets name a tactic only where the wording presses). A reversible or
// moneyless action, or a record that may meet another of the policy's
// alternatives, keeps it soft.
func (st *state) ineligibleStakes() {
	a := st.c.Action
	if !a.Irreversible || st.actionAmount() <= 0 || st.otherAlternativeOpen() {
		return
	}
	for i := range st.findings {
		f := &st.findings[i]
		if f.kind == "ineligible" && f.tactic == "policy_bypass" {
			f.hard = true
		}
	}
}

// altGeneric are the words every alternative of a refund policy shares
// with the records (folded): they say nothing about which one is met.
var altGeneric = map[string]bool{"reservation": true, "flight": true, "flights": true, "booked": true, "booking": true,
	"traveller": true, "traveler": true, "passenger": true, "reason": true, "covered": true, "hours": true, "health": true,
	"weather": true, "cabin": true, "reserva": true, "buchung": true}

// otherAlternativeOpen reports a refund policy listing alternatives ("only
// if booked in the last 24 hours, the airline cancelled the flight, the
// cabin is business, or ...") one of whose distinctive words a record
// clause states without a negation ("business, 1 passenger, insurance
// no"): one alternative may be met, and a record lacking another rules
// nothing out for sure.
func (st *state) otherAlternativeOpen() bool {
	var clauses []string
	for rs := range st.recordSentences() {
		for _, cl := range strings.FieldsFunc(rs.lower(), func(r rune) bool { return r == ',' || r == ';' || r == '(' || r == ')' }) {
			if !hasNeg(" " + cl + " ") {
				clauses = append(clauses, " "+foldedText(cl)+" ")
			}
		}
	}
	for _, p := range st.policies() {
		pol := " " + st.text(p.Statement).folded() + " "
		for _, lead := range altLeads {
			i := strings.Index(pol, lead)
			if i < 0 {
				continue
			}
			rest := pol[i+len(lead):]
			if j := strings.Index(rest, " . "); j >= 0 {
				rest = rest[:j]
			}
			for _, it := range listItems(rest) {
				for _, w := range strings.Fields(it) {
					if len(w) < 5 || altGeneric[w] || genericWords.has(w) {
						continue
					}
					for _, cl := range clauses {
						if strings.Contains(cl, " "+w+" ") {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// wordAfter returns the k-th word (0-based) after byte offset i of a
// folded text, without splitting the text: the checks above read one or
// two words around a cue in every case that has one.
func wordAfter(s string, i, k int) string {
	for n := 0; i < len(s); n++ {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		j := i
		for j < len(s) && s[j] != ' ' {
			j++
		}
		if j == i {
			return ""
		}
		if n == k {
			return s[i:j]
		}
		i = j
	}
	return ""
}

// wordBefore returns the k-th word (0-based) before byte offset i.
func wordBefore(s string, i, k int) string {
	if i > len(s) {
		i = len(s)
	}
	for n := 0; i > 0; n++ {
		for i > 0 && s[i-1] == ' ' {
			i--
		}
		j := i
		for j > 0 && s[j-1] != ' ' {
			j--
		}
		if j == i {
			return ""
		}
		if n == k {
			return s[j:i]
		}
		i = j
	}
	return ""
}
