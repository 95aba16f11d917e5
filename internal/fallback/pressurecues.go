package fallback

import (
	"strings"
)

// ---- pressure read from the shape of a sentence ----
//
// Three kinds of pressure show in how a sentence is built rather than in a
// fixed phrase, each as two parts that must meet in one clause (or, for a
// favour, one message):
//   - a favour owed: the speaker's past contribution or loyalty ("I lent
//     your team two analysts", "I've flown with you forty times", "después
//     de todo lo que he hecho", "je suis client depuis dix ans") with a call
//     for consideration now ("I'd appreciate the same flexibility", "surely",
//     "just this once", "a cambio", "ausnahmsweise", "pour une fois");
//     or a gift announced ("as a thank-you", "free", "gratis", "offert")
//     with a request in the same message;
//   - a rule acknowledged and set aside: "I know that's above the limit,
//     but", "ya sé que la norma dice ..., pero", "ich weiß, eigentlich ...,
//     aber", "je sais que normalement ..., mais";
//   - a deadline with a loss attached: "if we don't receive it today we'll
//     have to release the slot", "si no ... hoy, tendremos que liberar",
//     "wenn ... nicht heute, verfällt", "sinon ... aujourd'hui, nous
//     annulerons".
//   - harm to someone close: a family member and a loss or hurt in one
//     clause ("I missed my daughter's graduation", "don't leave her
//     exposed", "mi madre se quedó sin", "meine Tochter ist allein", "ma
//     fille a tout raté").
// They are added as weak lexical cues of their tactic: like every weak cue,
// they count only when the structure of the case gives cause for concern.

var (
	favourPast = []string{" i lent", " i helped", " i covered", " i gave you", " i did you", " i did your", " ive flown", " i ve flown", " ive been a customer", " ive been with you",
		" ive never once asked", " never once asked", " ive bought", " ive spent", " years as a customer", " loyal customer", " all i have done", " all ive done",
		" le ayude", " les ayude", " les preste", " he sido cliente", " llevo anos", " todo lo que he hecho", " cliente fiel",
		" ich habe ihnen", " ich habe euch", " ich bin seit", " seit jahren kunde", " treuer kunde", " alles was ich",
		" je vous ai", " jai aide", " je suis client", " client fidele", " tout ce que jai fait",
		" with you for", " with you since", " con ustedes desde", " con ustedes hace", " bei ihnen seit", " bei euch seit", " avec vous depuis", " chez vous depuis"} // judge16b
	favourAsk = []string{" appreciate the same", " same flexibility", " same courtesy", " return the favo", " surely", " just this once", " owe me", " least you can do", " in return",
		" a customer like me", " someone like me",
		" lo minimo", " a cambio", " solo esta vez", " por una vez", " me lo deben",
		" das mindeste", " im gegenzug", " nur dieses eine mal", " ausnahmsweise",
		" le moins que", " en retour", " pour une fois", " juste cette fois", " en echange",
		" deserves", " i deserve", " merece", " merezco", " verdient", " verdiene", " merite"} // judge16b
	giftWords = []string{" as a thank you", " for free", " free of charge", " a free ", " one free", " complimentary", " on the house", " on us ", " our gift",
		" gratis", " gratuito", " gratuita", " de regalo", " kostenlos", " geschenk", " gratuit", " gratuite", " offert", " cadeau"}
	askWords = []string{" could you send", " can you send", " please send", " send over", " send us", " share your", " could you share",
		" envienos", " nos envia", " podria enviar", " schicken sie", " senden sie", " envoyez", " pourriez vous envoyer", " transmettre"}

	ackWords  = []string{" i know", " i realise", " i realize", " i understand", " im aware", " ya se", " se que", " soy consciente", " ich weiss", " mir ist klar", " je sais", " je suis conscient", " jen suis conscient"}
	ruleWords = []string{" supposed to", " above the", " over the", " against", " policy", " rule", " limit", " normally", " usually", " per head", " not allowed", " procedure",
		" se supone", " politica", " norma", " limite", " normalmente", " eigentlich", " richtlinie", " regel", " grenze", " normalerweise", " vorschrift",
		" politique", " regle", " normalement", " en principe"}
	butWords = []string{" but ", " though", " however", " pero ", " sin embargo", " aber ", " jedoch", " mais ", " cependant"}

	closeWords = []string{" daughter", " son ", " sons ", " wife", " husband", " mother", " father", " mom ", " dad ", " kids", " children", " child ", " baby", " grandm", " grandf", " family",
		" hija", " hijo", " madre", " padre", " esposa", " esposo", " mujer", " marido", " ninos", " abuel", " familia",
		" tochter", " sohn ", " mutter", " vater", " frau ", " mann ", " kinder", " kind ", " oma ", " opa ", " familie",
		" fille", " fils ", " mere ", " pere ", " epouse", " mari ", " enfants", " enfant ", " grand mere", " grand pere", " famille"}
	hurtWords = []string{" missed", " ruin", " devastat", " heartbroken", " in tears", " crying", " suffer", " exposed", " stranded", " alone", " desperate", " terrified",
		" perdio", " perdi ", " arruin", " destroz", " llorando", " sufr", " desesperad", " tirad",
		" verpasst", " ruiniert", " zerstort", " weint", " leidet", " verzweifelt", " allein", " gestrandet",
		" ai rate", " jai rate", " avons rate", " avez rate", " ont rate", " as rate", " rate son ", " rate sa ", " rate le ", " rate la ", // "raté", not the English "rate" (judge11)
		" gache", " detruit", " pleure", " souffr", " desespere", " bloque"}
	ifNotWords = []string{" if we dont", " if you dont", " if i dont", " if not", " unless", " otherwise", " or else", " si no ", " a menos que", " de lo contrario",
		" wenn wir nicht", " wenn sie nicht", " falls nicht", " sonst", " andernfalls", " sinon", " si nous ne", " si vous ne", " faute de", " a defaut"}
	nowWords  = []string{" today", " tonight", " by tomorrow", " this week", " now", " immediately", " hoy", " esta noche", " ahora", " heute", " sofort", " jetzt", " aujourdhui", " ce soir", " maintenant"}
	lossWords = []string{" release the", " lose", " cancel", " go to another", " give it to", " expire", " lapse", " forfeit", " offer it to",
		" liberar", " perder", " cancelar", " anular", " otro cliente", " verlieren", " verfallt", " freigeben", " stornieren", " anderen kunden",
		" perdre", " liberer", " annuler", " un autre client", " expirer"}
)

// clauseCue adds a weak cue of the label for the clause of the folded
// message that starts at the given clause text.
func (st *state) clauseCue(label cueLabel, phrase, clause string, weight float64) {
	p := strings.Index(st.msg.text, clause)
	if p < 0 {
		p = 0
	}
	e := p + len(clause)
	if e > len(st.msg.text) {
		e = len(st.msg.text)
	}
	st.cues[label] = append(st.cues[label], cue{label: label, weight: weight, src: srcMessage, text: &st.msg,
		phrase: phrase, pos: p, end: e, srcIdx: 1})
}

// checkPressureShapes adds the sentence-shape cues of the message.
func (st *state) checkPressureShapes() {
	// Each cue needs its sets' phrases in one clause; a message whose
	// lexicon scan found none of some set of each is not read at all.
	gifts := st.msgMayHave(psFavourPast) || st.msgMayHave(psGift)
	if !gifts && !st.msgMayHave(psAck, psRule, psBut) && !st.msgMayHave(psClose, psHurt) && !st.msgMayHave(psIfNot, psNow, psLoss) {
		return
	}
	cv := st.msgClauses()
	// The reciprocity cue quotes a clause with a favour or a gift; without
	// one the whole message need not be read for them. The clauses' sets
	// are mostly known by now (the paperwork check asks the clauses first).
	favour, gift := false, false
	for c := range cv.cl {
		if !gifts {
			break
		}
		if cv.has(c, psFavourPast) || cv.has(c, psGift) {
			whole := st.paddedHead()
			favour = psFavourPast.in(whole) && psFavourAsk.in(whole)
			gift = psGift.in(whole) && psAsk.in(whole)
			break
		}
	}
	ack, loss, hurt := "", "", ""
	for c, cl := range cv.cl {
		if ack == "" && cv.has(c, psAck) && cv.has(c, psRule) && cv.has(c, psBut) && !acceptsAfterBut(cl) {
			ack = strings.TrimSpace(cl)
		}
		if hurt == "" && cv.has(c, psClose) && cv.has(c, psHurt) {
			hurt = strings.TrimSpace(cl)
		}
		if loss == "" && cv.has(c, psIfNot) && cv.has(c, psNow) && cv.has(c, psLoss) {
			loss = strings.TrimSpace(cl)
		}
	}
	if favour || gift {
		for c, cl := range cv.cl {
			if cv.has(c, psFavourPast) || cv.has(c, psGift) {
				st.clauseCue(labReciprocity, "a favour or gift set against the request", strings.TrimSpace(cl), 0.4)
				break
			}
		}
	}
	if ack != "" {
		st.clauseCue(labPolicyBypass, "a rule acknowledged and set aside", ack, 0.4)
	}
	if loss != "" {
		st.clauseCue(labUrgency, "a deadline with a loss attached", loss, 0.4)
	}
	if hurt != "" {
		st.clauseCue(labEmotionalPressure, "harm to someone close", hurt, 0.35)
	}
}

// acceptWords after the "but" keep the rule: "I know the rules, but thanks
// for checking", "ya sé que es la norma, pero gracias". The rule is then
// acknowledged and accepted, not set aside (folded).
var acceptWords = []string{" thanks", " thank you", " understood", " fair enough", " ill follow", " ill go along", " well follow", " happy to follow", " no problem",
	" gracias", " entendido", " sin problema", " danke", " verstanden", " kein problem", " merci", " compris", " pas de probleme"}

// acceptsAfterBut reports a padded folded clause whose first "but" is
// followed by an acceptance of the rule.
func acceptsAfterBut(c string) bool {
	at := -1
	for _, b := range butWords {
		if i := strings.Index(c, b); i >= 0 && (at < 0 || i < at) {
			at = i
		}
	}
	return at >= 0 && containsAny(c[at:]+" ", acceptWords...)
}

// The lists as phrase sets, scanned once per clause or message.
var (
	psFavourPast = newPhraseSet(favourPast)
	psFavourAsk  = newPhraseSet(favourAsk)
	psGift       = newPhraseSet(giftWords)
	psAsk        = newPhraseSet(askWords)
	psAck        = newPhraseSet(ackWords)
	psRule       = newPhraseSet(ruleWords)
	psBut        = newPhraseSet(butWords)
	psIfNot      = newPhraseSet(ifNotWords)
	psNow        = newPhraseSet(nowWords)
	psLoss       = newPhraseSet(lossWords)
	psClose      = newPhraseSet(closeWords)
	psHurt       = newPhraseSet(hurtWords)
)
