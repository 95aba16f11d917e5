package fallback

import "strings"

// ---- sixteenth round (tenth session), judgment part r: recall by the shared convention ----
//
// Across every readable set the authors label reciprocity when the counterparty sets a favour
// it did (a service for free, a shift covered, customers sent, a fee waived) against the act it
// asks for, or offers the listener something for the act. The rule pack reads the favours one
// phrase at a time ("we waived", "free of charge"); the co-occurrence pass reads a favour word
// with a request word in the sentence or the one after. What the authors write as often is the
// favour recalled ("Remember I took your team's pager all weekend", "Sie wissen ja, dass ich
// die Reparatur vorgestreckt habe", "as you know we have always promoted you") and a debt named
// apart from it ("need a small one back", "I think we've earned it", "ahora les pedimos este
// favor"), with the request in an imperative the request words do not hold. checkOwedFavour
// reads those two frames with open word classes: the speaker, the listener, a gratis word.

// owedFavourWeight is a favour the speaker did set against a debt it names ("one back",
// "earned", "un favor"): the authors' convention on its own, reported alone.
const owedFavourWeight = 0.5

// recalledFavourWeight is a favour the speaker asks the listener to recall, with no debt
// named: weak, since a supplier recalls its own work without pressing ("as you know, we
// shipped your order on Monday").
const recalledFavourWeight = 0.45

// speakerWords are folded subject words of the speaker (en, de, fr); Spanish marks the
// speaker on the verb, read by speakerAt.
var speakerWords = map[string]bool{"we": true, "weve": true, "i": true, "ive": true, "wir": true, "ich": true,
	"nous": true, "je": true, "jai": true, "quon": true, "yo": true, "nosotros": true}

// givenTo are folded words of the listener or what is the listener's (en, es, de, fr): what the
// speaker did is for the listener when one follows it ("sie" is left out: it is also she and
// they).
var givenTo = map[string]bool{"you": true, "your": true, "yours": true, "usted": true, "ustedes": true,
	"le": true, "les": true, "su": true, "sus": true, "ihnen": true, "ihr": true, "ihre": true, "ihren": true,
	"ihrer": true, "ihrem": true, "vous": true, "votre": true, "vos": true}

// spanishClitics are folded object pronouns that, before a first-person plural verb
// ("les conseguimos", "le adelantamos"), make the speaker the giver and the listener the one
// given to.
var spanishClitics = map[string]bool{"le": true, "les": true, "te": true, "os": true}

// gratisWords are folded phrases that say a thing was given for nothing (en, es, de, fr).
var gratisWords = []string{" for free ", " free of charge ", " no charge ", " without charging ", " without charge ",
	" at no cost ", " at our own cost ", " at my own cost ", " on the house ", " sin coste ", " sin costo ",
	" sin cobrar", " gratis ", " sin cargo ", " kostenlos ", " umsonst ", " ohne berechnung ", " auf unsere kosten ",
	" gratuitement ", " sans frais ", " sans rien facturer ", " gracieusement ", " a titre gracieux ", " a nos frais "}

// speakerAt returns the index of the first word of ws at or after from that makes the speaker
// a subject: a subject pronoun, or a Spanish object pronoun before a first-person plural verb;
// -1 if none.
func speakerAt(ws []string, from int) int {
	for i := from; i < len(ws); i++ {
		if speakerWords[ws[i]] {
			return i
		}
		if spanishClitics[ws[i]] && i+1 < len(ws) && len(ws[i+1]) > 5 && strings.HasSuffix(ws[i+1], "mos") {
			return i
		}
	}
	return -1
}

// favourDone reports words of a folded sentence in which the speaker gives or does something
// for the listener: the speaker as subject, then a word of the listener's or a gratis word
// after it. With recalled (the words follow a recall lead) the speaker alone is enough.
func favourDone(ws []string, recalled bool) bool {
	sp := speakerAt(ws, 0)
	if sp < 0 {
		return false
	}
	if recalled {
		return true
	}
	for _, w := range ws[sp+1:] {
		if givenTo[w] {
			return true
		}
	}
	return hasAny(" "+strings.Join(ws[sp:], " ")+" ", gratisWords)
}

// afterLead are the folded words after the recall cue r up to the end of its sentence.
func afterLead(r *cue) []string {
	s := r.text.text
	return foldedFields(s[r.end:sentEnd(s, r.end)])
}

// checkOwedFavour adds the two reciprocity frames of the message: a debt named (@owed) with a
// favour the speaker did anywhere in the message (owedFavourWeight), and a favour recalled
// (@recall, the speaker after it and a word of the listener's or a gratis word after the
// speaker) with no debt named (recalledFavourWeight). It returns at once when the message
// holds neither mark, and adds nothing when a message cue already reports reciprocity.
func (st *state) checkOwedFavour() {
	owed, recall := st.cues[labOwed], st.cues[labRecall]
	if len(owed) == 0 && len(recall) == 0 || st.warning || st.fromLabel(labReciprocity, owedFavourWeight) {
		return
	}
	for i := range owed {
		o := &owed[i]
		if o.inMessage() && st.favourInMessage(o.text, recall) {
			st.addReading(cue{label: labReciprocity, weight: owedFavourWeight, src: srcMessage, text: o.text,
				phrase: "a favour done, asked back", pos: o.pos, end: o.end, srcIdx: o.srcIdx})
			return
		}
	}
	if st.fromLabel(labReciprocity, recalledFavourWeight) {
		return
	}
	for i := range recall {
		if r := &recall[i]; r.inMessage() && favourDone(afterLead(r), false) {
			st.addReading(cue{label: labReciprocity, weight: recalledFavourWeight, src: srcMessage, text: r.text,
				phrase: "a favour recalled", pos: r.pos, end: r.end, srcIdx: r.srcIdx})
			return
		}
	}
}

// favourInMessage reports a favour the speaker did in the folded message f: the speaker after
// a recall lead of recall in f, or a sentence of f with the speaker giving to the listener.
func (st *state) favourInMessage(f *folded, recall []cue) bool {
	for i := range recall {
		if r := &recall[i]; r.inMessage() && r.text == f && favourDone(afterLead(r), true) {
			return true
		}
	}
	s := f.text
	for len(s) > 0 {
		e := sentEnd(s, 0)
		if favourDone(foldedFields(s[:e]), false) {
			return true
		}
		if e >= len(s) {
			break
		}
		s = s[e+1:]
	}
	return false
}

// sentEnd is the index in the folded text s of the end of the sentence that holds i: the
// next " ." token's full stop, or len(s).
func sentEnd(s string, i int) int {
	for hi := i; hi < len(s); hi++ {
		if s[hi] == '.' && (hi == 0 || s[hi-1] == ' ') {
			return hi
		}
	}
	return len(s)
}
