package fallback

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- the counterparty's assertions against the record's values ----
//
// The contradiction checks before this round each read one kind of claim
// with its own pattern: a membership tier, insurance held, goods not
// delivered, a count of one of a few nouns, an amount tied to a reference
// code, an order date, a state participle. The blind sets' contradictions
// are the same comparison over other attributes and wordings: a deductible
// or a cover limit misquoted, a plan said to expire months early, a car
// said to be returned at 10:00 that a scan puts at 16:40, a discount a
// quote does not hold, a fare called refundable that the record calls
// non-refundable, 300 "Stück" delivered where the goods receipt books 180.
//
// checkAssertions reads every such comparison one way. A text is cut into
// sentences and tokens; each value (an amount, a percentage, a date, a
// clock time, a count) is bound to the attribute word nearest it in its
// sentence (a deductible, a limit, a price; the event a date or a time is
// of: ordered, cancelled, delivered, returned, paid, ends, starts), and
// each categorical statement (a cabin, paid or unpaid, refundable or not,
// in force or ended, insured or not, delivered or never received, a thing
// included or not) gives its attribute a value. The counterparty's
// assertions (its message, the claims it made that the case lists) are
// then compared with the records' (system facts and verified evidence) for
// the same attribute, in sentences tied to the same thing (an identifier or
// a distinctive word they share, or a record that alone gives the
// attribute, when the counterparty speaks of its own thing). Formats are
// normalised before the comparison ("$1,200" and "1200 USD", "3 March" and
// "2026-03-03", "2:05 pm" and "14:05", "1 Mio. €" and "1.000.000 €"), and
// a claimed value found anywhere in the record is never a contradiction.
// A value the counterparty offers or proposes ("a new quote at", "can
// start on", "upgrade to business") is no statement of what is on record.

// assertKind is the type of an assertion's value.
type assertKind uint8

const (
	akMoney assertKind = iota
	akPercent
	akDate  // num is month*100+day
	akTime  // num is minutes after midnight
	akCount // attr names the counted noun, and the event when one is said
	akEnum  // val is the value
	akAgo   // num..hi: days elapsed since the event attr names
	akPlace // val: the capitalised words of where a thing was sent
)

// assertion is one attribute-value statement of a text.
type assertion struct {
	kind assertKind
	attr string
	num  float64
	hi   float64 // akAgo: the most days the words allow
	val  string
	sent int // index of its sentence in the text's sentences
	at   int // index of its value's token in the sentence
}

// tok is one token of a sentence: a folded word, a number or a symbol.
type tok struct {
	w   string  // folded lower-case word, or the symbol
	num float64 // the number's value (isNum)
	isNum,
	sym bool
	digits int  // digits before any separator or decimal point
	cap    bool // a word that begins with a capital letter
	end    int  // byte offset after the token in the sentence
	glued  bool // no space between it and the token before
}

// a13FoldRune maps an accented letter to its base letter, as foldedText does.
func a13FoldRune(r rune) string {
	switch r {
	case 'á', 'à', 'â', 'ä', 'ã', 'å', 'Á', 'À', 'Â', 'Ä':
		return "a"
	case 'é', 'è', 'ê', 'ë', 'É', 'È', 'Ê':
		return "e"
	case 'í', 'ì', 'î', 'ï', 'Í':
		return "i"
	case 'ó', 'ò', 'ô', 'ö', 'õ', 'Ó', 'Ö':
		return "o"
	case 'ú', 'ù', 'û', 'ü', 'Ú', 'Ü':
		return "u"
	case 'ñ', 'Ñ':
		return "n"
	case 'ç', 'Ç':
		return "c"
	case 'ß':
		return "ss"
	}
	return string(unicode.ToLower(r))
}

// tokens cuts one sentence into tokens. Numbers keep their grouping
// ("1,450.00", "1.000.000", "1 000 000" before a currency) and drop an
// ordinal ending ("2nd", "1er"); words are folded.
func tokens(s string) []tok {
	var out []tok
	glued := false
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			glued = false
			i++
			continue
		case c >= '0' && c <= '9':
			j, v, d := i, 0.0, 0
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				v = v*10 + float64(s[j]-'0')
				j++
				d++
			}
			for j+3 < len(s) && (s[j] == ',' || s[j] == '.' || s[j] == '\'' || s[j] == ' ') && digitsAt(s, j+1) == 3 &&
				(j+4 >= len(s) || s[j+4] < '0' || s[j+4] > '9') && !(s[j] == '.' && j+4 < len(s) && s[j+4] == '-') {
				for k := j + 1; k < j+4; k++ {
					v = v*10 + float64(s[k]-'0')
				}
				j += 4
			}
			if j+1 < len(s) && (s[j] == '.' || s[j] == ',') && s[j+1] >= '0' && s[j+1] <= '9' {
				if n := digitsAt(s, j+1); n <= 2 {
					f, _ := strconv.ParseFloat("0."+s[j+1:j+1+n], 64)
					v += f
					j += 1 + n
				}
			}
			for _, suf := range [...]string{"st", "nd", "rd", "th", "er", "º"} {
				if strings.HasPrefix(s[j:], suf) && (j+len(suf) == len(s) || !isLetterAt(s, j+len(suf))) {
					j += len(suf)
					break
				}
			}
			out = append(out, tok{num: v, isNum: true, digits: d, end: j, glued: glued})
			i = j
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if !unicode.IsLetter(r) {
				if r != '\'' && r != '’' && r != '"' {
					out = append(out, tok{w: s[i : i+n], sym: true, end: i + n, glued: glued})
				}
				i += n
				glued = true
				continue
			}
			var b strings.Builder
			j := i
			for j < len(s) {
				r, n := utf8.DecodeRuneInString(s[j:])
				if (r == '\'' || r == '’') && j+n < len(s) && contraction(s[j+n:]) {
					if isPossessive(b.String(), s[j+n:]) {
						j += n + 1 // "October's rent": the word is "october"
						break
					}
					j += n // "didn't", "it's", "I'm": one word ("didnt", "its", "im")
					continue
				}
				if !unicode.IsLetter(r) {
					break
				}
				if r < utf8.RuneSelf {
					b.WriteByte(byte(unicode.ToLower(r)))
				} else {
					b.WriteString(a13FoldRune(r))
				}
				j += n
			}
			out = append(out, tok{w: b.String(), end: j, glued: glued, cap: unicode.IsUpper(r)})
			i = j
		}
		glued = true
	}
	return out
}

// contraction reports the end of an English contraction at the start of
// s: "t", "s", "m", "re", "ve", "ll", "d" before a non-letter. A
// possessive "'s" is dropped (isPossessive).
func contraction(s string) bool {
	for _, e := range [...]string{"t", "s", "m", "re", "ve", "ll", "d"} {
		if len(s) >= len(e) && strings.EqualFold(s[:len(e)], e) && (len(s) == len(e) || !isLetterAt(s, len(e))) {
			return true
		}
	}
	return false
}

// isPossessive reports an "'s" after a word that is no pronoun: a
// possessive, dropped so that the word ties to the same word elsewhere.
func isPossessive(word, rest string) bool {
	if rest == "" || rest[0] != 's' && rest[0] != 'S' {
		return false
	}
	switch word {
	case "it", "that", "he", "she", "there", "what", "who", "here", "let":
		return false
	}
	return true
}

// isLetterAt reports a letter at byte i of s.
func isLetterAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r)
}

// The attribute lexicons (folded words), by the kind of value they take.
var (
	// a13MoneyAttrs name what an amount is: a limit of cover, a deductible, a
	// price, a fee, a rent, a discount.
	a13MoneyAttrs = a13Lexicon(map[string]string{
		"limit":      "limit limits limited cap capped maximum max covers covering insured deckungssumme versicherungssumme deckt hochstbetrag limite limites hasta cubre tope plafond plafonne couvre",
		"deductible": "deductible excess deducible franquicia selbstbeteiligung selbstbehalt franchise",
		"fee":        "fee fees charge surcharge penalty tarifa cargo comision recargo gebuhr gebuhren zuschlag frais penalite",
		"rent":       "rent alquiler renta miete loyer",
		"discount":   "discount off descuento rabatt nachlass remise reduction",
	})
	// a13EventAttrs name the event a date or a clock time is of.
	a13EventAttrs = a13Lexicon(map[string]string{
		"order":   "ordered placed bought purchased booked pedi compre comprado reserve reservado bestellt gekauft gebucht commande achete",
		"cancel":  "cancelled canceled cancellation cancelado cancele anule anulado gekundigt kundigung storniert annule resilie resiliation",
		"deliver": "delivered arrived received receipt landed entregado entregada llego recibi recibido recibida geliefert zugestellt angekommen erhalten eingang wareneingang livre livree arrive recu recue reception",
		"return":  "returned dropped drop devolvi devuelto devuelta zuruckgeschickt zuruckgegeben retourne renvoye rendu",
		"pay":     "paid pague pagado pagada bezahlt uberwiesen beglichen paye payee regle reglee",
		"end":     "expires expired expiry expire ends ended until vence vencio caduca hasta ablauf endet bis echeance expirera jusqu",
		"start":   "starts started begins began effective comienza empieza beginnt commence",
	})
	// a13CountNouns name what is counted (several languages, one canonical
	// noun each).
	a13CountNouns = a13Lexicon(map[string]string{
		"unit":      "unit units piece pieces item items pcs stuck stk teile unidad unidades piezas articulos piece pieces articles",
		"pallet":    "pallet pallets palette paletten pale pales palettes",
		"box":       "box boxes carton cartons caja cajas karton kartons colis",
		"passenger": "passenger passengers pasajero pasajeros passagier passagiere passager passagers",
		"person":    "people person persons personas personen personnes",
		"bag":       "bag bags maleta maletas gepackstuck gepackstucke koffer bagage bagages valise valises",
		"night":     "night nights noche noches nacht nachte nuit nuits",
		"ticket":    "ticket tickets entrada entradas billete billetes karte karten billet billets",
		"licence":   "licence licences license licenses licencia licencias lizenz lizenzen",
		"seat":      "seat seats asiento asientos sitzplatz sitzplatze",
		"employee":  "employee employees empleado empleados mitarbeiter mitarbeitende employe employes salarie salaries",
	})
	// a13CountEvents qualify a count by what happened to the things: a count
	// delivered is not a count ordered.
	a13CountEvents = a13Lexicon(map[string]string{
		"deliver": "delivered shipped sent received receipt entregamos enviamos recibimos lieferten livrons receiving geliefert versandt erhalten eingang wareneingang gebucht entregado entregados entregadas enviado enviados enviadas recibido recibidos recibidas recepcion livre livrees expedie recu recues reception",
		"order":   "ordered order orders bestellt bestellung pedido pedidas commande commandees",
	})
	a13NumberWords = map[string]float64{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
		"uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "zwei": 2, "drei": 3, "vier": 4, "funf": 5,
		"deux": 2, "trois": 3, "quatre": 4, "cinq": 5,
		"eleven": 11, "twelve": 12, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "doce": 12,
		"sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwolf": 12,
		"sept": 7, "huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12}
	a13Months = func() map[string]int {
		m := map[string]int{}
		for i, list := range [12]string{
			"january jan enero januar janvier jan", "february feb febrero februar fevrier", "march mar marzo marz maerz mars",
			"april apr abril avril", "may mayo mai", "june jun junio juni juin", "july jul julio juli juillet",
			"august aug agosto aout", "september sep sept septiembre setiembre septembre", "october oct octubre oktober okt octobre",
			"november nov noviembre novembre", "december dec diciembre dezember dez decembre",
		} {
			for _, w := range strings.Fields(list) {
				m[w] = i + 1
			}
		}
		return m
	}()
	// a13ProposalWords mark a sentence that offers, proposes or asks for a
	// value rather than stating what is so.
	a13ProposalWords = a13WordSet(`new raise raising increase increasing lower lowering reduce reducing aumentar subir erhohen senken augmenter baisser would could can will if propose suggest recommend switch switching upgrade upgrading
		downgrade change instead alternative option options want like need prefer move rebook book please let lets
		nuevo nueva nuevos oferta ofrecemos podria puede podemos cambiar quiero quisiera propongo
		neu neue neuen neuer angebot konnte kann konnen wurde mochte wechseln andern bitte
		nouveau nouvelle nouveaux offre devis pourrait peut pouvons voudrais changer propose proposons`)
	// a13OfferWords make a whole sentence an offer or advice: its figures
	// are the offer's, not claims about the record.
	a13OfferWords = a13WordSet(`quote quoted quotation offer offering offered promotion promo suggest recommend propose proposal
		oferta ofrecemos cotizacion presupuesto sugiero recomiendo propongo angebot empfehle vorschlag schlage devis offre suggere recommande propose`)
	// a13NegWords deny what follows them.
	a13NegWords = a13WordSet(`not never no none nor non nothing isnt wasnt doesnt didnt dont hasnt havent cannot cant without
		nunca ningun ninguna sin nada nicht nie kein keine keinen keiner nichts ohne pas jamais aucun aucune sans rien ni`)
	// a13OwnWords refer to the counterparty's or the owner's own thing.
	a13OwnWords = a13WordSet(`my our your her his their current existing mi mis su sus nuestro nuestra tu actual mein meine meinen unser unsere ihr ihre ihren aktuelle aktuellen
		mon ma mes notre nos votre vos son sa ses actuel actuelle`)
	// a13GenericNouns name a kind of thing, not one thing: sharing one ties
	// nothing.
	a13GenericNouns = a13WordSet(`invoice order booking reservation payment account policy plan price amount total customer client contract record records
		system today agent please thanks thank about would could should there their which where while with from have been were will your
		that this these those what when them they then than into over under also just only still very more most some such other
		factura pedido reserva pago cuenta poliza contrato cliente rechnung bestellung buchung zahlung konto vertrag kunde
		facture commande paiement compte contrat police`)
)

// lexicon inverts a map of attribute to its words.
func a13Lexicon(m map[string]string) map[string]string {
	out := map[string]string{}
	for attr, ws := range m {
		for _, w := range strings.Fields(ws) {
			out[w] = attr
		}
	}
	return out
}

// wordSet makes a set of the words of s.
func a13WordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// textFacts are the assertions of one text, with its sentences' tokens.
type textFacts struct {
	sents [][]tok
	raw   []string // the sentences' text
	as    []assertion
}

// assertionsOf reads the assertions of s.
func assertionsOf(s string, claim bool) textFacts { return assertionsIn(s, claim, nil) }

// assertionsIn reads the assertions of the sentences of s that hold one
// of the byte offsets at (all of them when at is nil): the message is cut
// into tokens only where the matcher found a word an assertion needs.
func assertionsIn(s string, claim bool, at []int) textFacts {
	var tf textFacts
	from := 0
	s = clipBytes(s, maxClaimBytes)
	for i := 0; i <= len(s); i++ {
		if i < len(s) && !sentenceEnd(s, i) {
			continue
		}
		keep := at == nil
		for _, p := range at {
			keep = keep || p >= from && p < i
		}
		if keep {
			if ts := tokens(s[from:i]); len(ts) > 0 {
				tf.sents = append(tf.sents, ts)
				tf.raw = append(tf.raw, s[from:i])
				tf.as = sentenceAssertions(ts, len(tf.sents)-1, tf.as, claim)
			}
		}
		from = i + 1
	}
	return tf
}

// msgAssertions reads the message's assertions, in the sentences that hold
// an @assert cue.
func (st *state) msgAssertions() textFacts {
	var at []int
	for _, q := range st.cues[labAssert] {
		if q.src == srcMessage && q.text != nil && q.pos < len(q.text.orig) {
			at = append(at, int(q.text.off(q.pos)))
		}
	}
	if len(at) == 0 {
		return textFacts{}
	}
	return assertionsIn(st.c.Message, true, at)
}

// negatedAt reports a negator within the three words before token i, in
// its clause: in "insurance no, paid $1,874" the "no" is the insurance's.
func negatedAt(ts []tok, i int) bool {
	for j := i - 1; j >= max(0, i-3); j-- {
		if clauseSym(ts[j]) {
			return false
		}
		if a13NegWords[ts[j].w] {
			return true
		}
	}
	return false
}

// clauseSym reports a token that ends a clause.
func clauseSym(t tok) bool {
	return t.sym && (t.w == "," || t.w == ":" || t.w == "(" || t.w == ")" || t.w == "–" || t.w == "—")
}

// a13Future mark a state foretold or threatened, not one on record.
var a13Future = a13WordSet(`will would shall going unless wird werden wurde sera seront serait va`)

// futureBefore reports a word of the future within the three words before i.
func futureBefore(ts []tok, i int) bool {
	for j := max(0, i-3); j < i; j++ {
		if a13Future[ts[j].w] {
			return true
		}
	}
	return false
}

// nearestAttr returns the attribute of lex nearest token i (before it
// within before words, after it within after), preferring the one before
// on a tie.
func nearestAttr(ts []tok, i, before, after int, lex map[string]string) string {
	// A colon, a semicolon or a bracket closes the attribute's reach:
	// "Goods receipt for order B-4410: 180 units booked" counts receipts.
	lo, hi := i, i
	for lo > 0 && lo > i-before && !reachEnd(ts[lo-1]) {
		lo--
	}
	for hi+1 < len(ts) && hi < i+after && !reachEnd(ts[hi+1]) {
		hi++
	}
	before, after = i-lo, hi-i
	for d := 1; d <= max(before, after); d++ {
		if d <= before && i-d >= 0 {
			if a, ok := lex[ts[i-d].w]; ok {
				return a
			}
			if k := i - d; k > 0 && lex["deductible"] == "deductible" && upTo(ts, k) {
				return "limit"
			}
		}
		if d <= after && i+d < len(ts) {
			if a, ok := lex[ts[i+d].w]; ok {
				return a
			}
		}
	}
	return ""
}

// reachEnd reports a token past which no attribute word binds a value.
func reachEnd(t tok) bool {
	return t.sym && (t.w == ":" || t.w == ";" || t.w == "(" || t.w == ")")
}

// upTo reports "up to", "bis zu", "jusqu'à" ending at token k.
func upTo(ts []tok, k int) bool {
	p, w := ts[k-1].w, ts[k].w
	return p == "up" && w == "to" || p == "bis" && w == "zu" || p == "jusqu" && w == "a"
}

// a13Period are the words of a price per period ("€80 a month").
var a13Period = a13WordSet(`month monthly year yearly annually mes mensual mensuales ano monat monatlich jahr jahrlich mois mensuel an annuel`)

// perPeriod reports a period within the three tokens after token i.
func perPeriod(ts []tok, i int) bool {
	for j := i + 1; j < min(len(ts), i+4); j++ {
		if a13Period[ts[j].w] {
			return true
		}
	}
	return false
}

// isCurrency reports a currency sign or code token.
func isCurrency(t tok) bool {
	switch t.w {
	case "$", "€", "£", "usd", "eur", "gbp", "chf", "cad", "aud", "dollars", "dollar", "euros", "euro":
		return true
	}
	return false
}

// sentenceAssertions appends the assertions of one sentence.
func sentenceAssertions(ts []tok, si int, out []assertion, claim bool) []assertion {
	out = occurAssertions(ts, si, out, claim) // judge14c.go: whether a thing happened, did not, or is to come
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		if t.isNum {
			out = numberAssertions(ts, i, si, out)
			continue
		}
		if t.sym {
			continue
		}
		if v, ok := a13NumberWords[t.w]; ok && i+1 < len(ts) {
			if noun, ok := a13CountNouns[ts[i+1].w]; ok && !negatedAt(ts, i) {
				out = append(out, assertion{kind: akCount, attr: countAttr(ts, i, noun), num: v, sent: si, at: i})
			}
		}
		out = enumAssertions(ts, i, si, out, claim)
		out = agoAssertion(ts, i, si, out)
		out = placeAssertion(ts, i, si, out)
	}
	return out
}

// a13SentWords say where a thing was sent or delivered (past forms only:
// "ship it to Leeds" asks, "shipped to Leeds" states).
var a13SentWords = a13WordSet(`shipped sent delivered dispatched mailed posted enviado enviada enviaron enviaste entregado entregada mandado
	geliefert versandt verschickt geschickt zugestellt livre livree expedie expediee envoye envoyee`)

// a13PlacePreps lead to a place: to, at, in; a, en; nach, an; à, au.
var a13PlacePreps = a13WordSet(`to at in a en nach an au`)

// placeAssertion reads where a thing was sent at token i, a past form of
// sending: the capitalised words after the preposition that follows it
// ("shipped my espresso machine to Leeds", "delivered at 14 Mill Road,
// Manchester", "nach Leipzig geliefert" is not read: the place must
// follow).
func placeAssertion(ts []tok, i, si int, out []assertion) []assertion {
	if !a13SentWords[ts[i].w] {
		return out
	}
	for p := i + 1; p < min(len(ts), i+6); p++ {
		if !a13PlacePreps[ts[p].w] {
			continue
		}
		var place []string
		for q := p + 1; q < min(len(ts), p+7); q++ {
			t := ts[q]
			if t.cap && !t.isNum && !t.sym && t.w != "i" {
				place = append(place, t.w)
			} else if len(place) > 0 && !t.isNum && t.w != "," {
				break
			}
		}
		if len(place) > 0 {
			out = append(out, assertion{kind: akPlace, attr: "place", val: strings.Join(place, " "), sent: si, at: p})
		}
		return out
	}
	return out
}

// a13Units are the days in a unit of elapsed time.
var a13Units = map[string]float64{"day": 1, "days": 1, "dia": 1, "dias": 1, "tag": 1, "tage": 1, "tagen": 1, "jour": 1, "jours": 1,
	"week": 7, "weeks": 7, "semana": 7, "semanas": 7, "woche": 7, "wochen": 7, "semaine": 7, "semaines": 7,
	"month": 30, "months": 30, "mes": 30, "meses": 30, "monat": 30, "monate": 30, "monaten": 30, "mois": 30,
	"year": 365, "years": 365, "ano": 365, "anos": 365, "jahr": 365, "jahre": 365, "jahren": 365, "an": 365, "ans": 365}

// agoAssertion reads an elapsed time at token i, a unit: "about two
// months ago", "less than a month ago", "hace unos 3 meses", "vor zwei
// Monaten", "il y a moins d'un mois". It gives the span of days the words
// allow, for the event word before it.
func agoAssertion(ts []tok, i, si int, out []assertion) []assertion {
	unit, ok := a13Units[ts[i].w]
	if !ok || i == 0 {
		return out
	}
	// "ago" after the unit, or "hace"/"vor"/"il y a" before its number.
	ago := i+1 < len(ts) && ts[i+1].w == "ago"
	n, k := 0.0, i-1
	switch w := ts[k]; {
	case w.isNum:
		n = w.num
	case a13NumberWords[w.w] > 0:
		n = a13NumberWords[w.w]
	case w.w == "a" || w.w == "an" || w.w == "un" || w.w == "une" || w.w == "einen" || w.w == "einem" || w.w == "einer":
		n = 1
	default:
		return out
	}
	lo, hi := n*unit*0.75, n*unit*1.35
	for j := k - 1; j >= max(0, k-4); j-- {
		switch ts[j].w {
		case "less", "under", "within", "menos", "weniger", "moins", "unter", "innerhalb":
			lo, hi = 0, n*unit
		case "more", "over", "mas", "mehr", "plus", "uber":
			lo, hi = n*unit, 1e9
		case "about", "around", "roughly", "approximately", "almost", "nearly", "unos", "unas", "casi", "etwa", "ungefahr", "fast", "environ", "presque":
			lo, hi = n*unit*0.6, n*unit*1.5
		case "hace", "vor", "ya":
			ago = true
		case "y":
			ago = ago || j+1 < len(ts) && ts[j+1].w == "a" // "il y a deux mois"
		}
	}
	if !ago {
		return out
	}
	if a := nearestAttr(ts, k, 10, 2, a13EventAttrs); pastEvents[a] {
		out = append(out, assertion{kind: akAgo, attr: a, num: lo, hi: hi, sent: si, at: i})
	}
	return out
}

// countAttr qualifies a counted noun at token i by the event word nearest
// it ("we delivered 120 units" against "PO 4502: 500 units ordered").
func countAttr(ts []tok, i int, noun string) string {
	if ev := nearestAttr(ts, i, 6, 6, a13CountEvents); ev != "" {
		return noun + ":" + ev
	}
	return noun
}

// numberAssertions reads the number at token i: an ISO date, a clock time,
// a day of a month, a percentage, an amount or a count.
func numberAssertions(ts []tok, i, si int, out []assertion) []assertion {
	t := ts[i]
	next := func(k int) tok {
		if i+k < len(ts) {
			return ts[i+k]
		}
		return tok{}
	}
	prev := func(k int) tok {
		if i-k >= 0 {
			return ts[i-k]
		}
		return tok{}
	}
	if negatedAt(ts, i) {
		return out // "not $36", "no 3 passengers"
	}
	// 2026-03-03
	if t.digits == 4 && next(1).w == "-" && next(2).isNum && next(3).w == "-" && next(4).isNum && next(1).glued && next(2).glued {
		m, d := int(next(2).num), int(next(4).num)
		if m >= 1 && m <= 12 && d >= 1 && d <= 31 {
			if a := nearestAttr(ts, i, 8, 2, a13EventAttrs); a != "" {
				out = append(out, assertion{kind: akDate, attr: a, num: float64(m*100 + d), sent: si, at: i})
			}
		}
		return out
	}
	// 14:05, 2:05 pm
	if next(1).w == ":" && next(2).isNum && next(2).digits == 2 && next(1).glued && next(2).glued && t.num < 24 {
		mins := int(t.num)*60 + int(next(2).num)
		switch next(3).w {
		case "pm":
			if t.num < 12 {
				mins += 12 * 60
			}
		case "am":
			if t.num == 12 {
				mins -= 12 * 60
			}
		}
		if a := nearestAttr(ts, i, 10, 2, a13EventAttrs); a != "" {
			out = append(out, assertion{kind: akTime, attr: a, num: float64(mins), sent: si, at: i})
		}
		return out
	}
	// 3 March, March 3, 3. März, 12 de mayo, the 3rd of March
	if t.num >= 1 && t.num <= 31 && t.num == float64(int(t.num)) && t.digits <= 2 {
		m := 0
		for k := 1; k <= 3 && m == 0; k++ {
			w := next(k).w
			if mo, ok := a13Months[w]; ok && (mo != 5 || w != "may" || k == 1) {
				m = mo
				break
			}
			if w != "." && w != "de" && w != "of" && w != "-" {
				break
			}
		}
		if m == 0 {
			if mo, ok := a13Months[prev(1).w]; ok {
				m = mo
			} else if mo, ok := a13Months[prev(2).w]; ok && prev(1).w == "the" {
				m = mo
			}
		}
		if m > 0 {
			if a := nearestAttr(ts, i, 8, 3, a13EventAttrs); a != "" {
				out = append(out, assertion{kind: akDate, attr: a, num: float64(m*100 + int(t.num)), sent: si, at: i})
			}
			return out
		}
	}
	// 25%, 10 percent
	if n := next(1); n.w == "%" || n.w == "percent" || n.w == "prozent" || n.w == "pct" || (n.w == "por" || n.w == "pour") && next(2).w == "cent" || n.w == "por" && next(2).w == "ciento" {
		if a := nearestAttr(ts, i, 4, 3, a13MoneyAttrs); a == "discount" {
			out = append(out, assertion{kind: akPercent, attr: a, num: t.num, sent: si, at: i})
		}
		return out
	}
	// An amount: a currency on either side, and "Mio." or "million".
	v, after := t.num, 1
	if w := next(1).w; w == "mio" || w == "million" || w == "millionen" || w == "millones" || w == "millions" {
		v *= 1e6
		after = 2
		if next(2).w == "." {
			after = 3
		}
	} else if w == "k" && next(1).glued {
		v *= 1e3
		after = 2
	}
	if isCurrency(prev(1)) || isCurrency(next(after)) {
		if a := nearestAttr(ts, i, 5, 3+after, a13MoneyAttrs); a != "" && (a == "rent" || !perPeriod(ts, i+after-1)) {
			out = append(out, assertion{kind: akMoney, attr: a, num: v, sent: si, at: i})
		}
		return out
	}
	// A count: the number before a counted noun.
	if noun, ok := a13CountNouns[next(1).w]; ok && t.num == float64(int(t.num)) {
		out = append(out, assertion{kind: akCount, attr: countAttr(ts, i, noun), num: t.num, sent: si, at: i})
	}
	return out
}

// The categorical attributes: a word gives the attribute a value; a
// negator before it gives the other value of a yes/no attribute.
var a13EnumWords = func() map[string][2]string {
	m := map[string][2]string{}
	add := func(attr, val, ws string) {
		for _, w := range strings.Fields(ws) {
			m[w] = [2]string{attr, val}
		}
	}
	add("cabin", "business", "business affaires")
	add("cabin", "economy", "economy turista economica economique")
	add("cabin", "first", "first primera premiere")
	add("paid", "yes", "paid settled pagado pagada pagados pagadas abonado abonada liquidado liquidada bezahlt beglichen paye payee payes payees regle reglee")
	add("paid", "no", "unpaid overdue outstanding impagado impagada pendiente unbezahlt uberfallig offen ausstehend impaye impayee impayes impayees")
	add("refundable", "yes", "refundable reembolsable erstattbar erstattungsfahig remboursable")
	add("refundable", "no", "nonrefundable")
	add("inforce", "yes", "active valid vigente activo activa aktiv gultig actif active valide")
	add("inforce", "no", "terminated lapsed void rescindido rescindida gekundigt resilie resiliee")
	add("insured", "yes", "insurance insured seguro asegurado asegurada versicherung reiseversicherung versichert assurance assure assuree")
	add("delivered", "yes", "delivered arrived received came entregado entregada llego llegado recibi recibido recibida geliefert zugestellt angekommen erhalten livre livree arrive recu recue")
	add("included", "no", "excludes excluded excluye excluido excluida ausgeschlossen exclut exclu exclue")
	add("included", "yes", "cover coverage includes included include covers covered incluye incluido incluida cubre enthalt enthalten eingeschlossen umfasst inclus incluse comprend couvre")
	return m
}()

// a13Copulas before a state word make it a statement of state ("is
// cancelled", "a été résilié").
var a13Copulas = a13WordSet(`is was are were been be its es fue esta estan ist war sind wurde est ete etait sont`)

// enumAssertions reads a categorical statement at token i; a claim's
// statement must be one of what is so, not of what is asked for.
func enumAssertions(ts []tok, i, si int, out []assertion, claim bool) []assertion {
	w := ts[i].w
	e, ok := a13EnumWords[w]
	if !ok {
		return out
	}
	attr, val := e[0], e[1]
	if claim && futureBefore(ts, i) {
		return out
	}
	neg := negatedAt(ts, i)
	if i > 0 && (ts[i-1].w == "non" || ts[i-1].w == "no" || ts[i-1].w == "not" || ts[i-1].w == "nicht") && attr == "refundable" {
		val, neg = "no", false
	}
	switch attr {
	case "cabin":
		// A cabin asked for ("upgrade to business", "want economy") says
		// nothing of the booking's cabin; a cabin denied says little.
		if neg {
			return out
		}
		for j := max(0, i-3); j < i && claim; j++ {
			if a13ProposalWords[ts[j].w] || ts[j].w == "to" || ts[j].w == "into" || ts[j].w == "a" && j == i-1 && w == "first" {
				return out
			}
		}
		if claim && !cabinHeld(ts, i) {
			return out
		}
		if w == "first" && (i+1 >= len(ts) || ts[i+1].w != "class" && ts[i+1].w != "clase" && ts[i+1].w != "classe") {
			return out
		}
		if w == "business" || w == "affaires" {
			if i+1 >= len(ts) || ts[i+1].w != "class" && ts[i+1].w != "cabin" && ts[i+1].w != "fare" && ts[i+1].w != "ticket" && ts[i+1].w != "seat" {
				if i == 0 || !a13Copulas[ts[i-1].w] && ts[i-1].w != "in" && ts[i-1].w != "clase" && ts[i-1].w != "classe" {
					return out
				}
			}
		}
		return append(out, assertion{kind: akEnum, attr: attr, val: val, sent: si, at: i})
	case "inforce":
		// A state needs a copula: "the policy was terminated", not "terminate it".
		if !copulaBefore(ts, i) && val == "no" {
			return out
		}
	case "insured":
		// Insurance held: "I have travel insurance", "tengo seguro",
		// "ich habe eine Reiseversicherung", "j'ai une assurance"; denied:
		// "no insurance", "insurance: no", "sin seguro".
		if i+1 < len(ts) && (ts[i+1].w == "no" || ts[i+1].w == ":" && i+2 < len(ts) && ts[i+2].w == "no") {
			neg = true
		}
		if claim && !neg && !haveBefore(ts, i) {
			return out
		}
	case "paid":
		// "payée", "réglée" fold to English words ("payee"): French
		// participles count after a copula or "déjà".
		if (w == "payee" || w == "paye" || w == "payes" || w == "payees" || w == "regle" || w == "reglee") && !copulaBefore(ts, i) && (i == 0 || ts[i-1].w != "deja") {
			return out
		}
	case "delivered":
		if claim && !neg && proposalBefore(ts, i) {
			return out
		}
	case "included":
		// The counterparty's word that a thing is included says little (a
		// plan it sells may include what the owner's record excludes from
		// another); its word that a thing is not covered, against a record
		// that includes it, is a claim about the owner's own plan. A noun of
		// cover ("flood cover") says a thing is included only when denied.
		if claim && (!neg || proposalBefore(ts, i)) || !neg && (w == "cover" || w == "coverage") {
			return out
		}
	}
	if neg {
		switch val {
		case "yes":
			val = "no"
		case "no":
			val = "yes"
		}
	}
	return append(out, assertion{kind: akEnum, attr: attr, val: val, sent: si, at: i})
}

// a13Held are words that say which cabin one holds or held: a copula, a
// possessive, a booking or a flight ("it's a business class ticket", "my
// business seat", "I booked business", "estoy en business").
var a13Held = a13WordSet(`is was its im were booked flew flying travelled traveled paid bought my our es era estoy estaba reserve volé vole mi ist war bin gebucht geflogen mein meine est etait suis reserve mon ma`)

// cabinHeld reports a word of holding within the four words before i.
func cabinHeld(ts []tok, i int) bool {
	for j := max(0, i-4); j < i; j++ {
		if a13Held[ts[j].w] {
			return true
		}
	}
	return false
}

// copulaBefore reports a copula within the three words before token i.
func copulaBefore(ts []tok, i int) bool {
	for j := max(0, i-3); j < i; j++ {
		if a13Copulas[ts[j].w] {
			return true
		}
	}
	return false
}

// a13HaveWords hold a thing: "I have", "we bought", "tengo", "habe", "j'ai".
var a13HaveWords = a13WordSet(`have had has bought added purchased got took my our tengo tenia compre contrate mi habe hatte gekauft abgeschlossen meine ai avais achete souscrit ma mon`)

// haveBefore reports a word of holding within the four words before i.
func haveBefore(ts []tok, i int) bool {
	for j := max(0, i-4); j < i; j++ {
		if a13HaveWords[ts[j].w] {
			return true
		}
	}
	return false
}

// proposalBefore reports a proposal word within the four words before i.
func proposalBefore(ts []tok, i int) bool {
	for j := max(0, i-4); j < i; j++ {
		if a13ProposalWords[ts[j].w] {
			return true
		}
	}
	return false
}

// sentWords returns the distinctive words of a sentence, for the tie.
func sentWords(ts []tok) map[string]bool {
	m := map[string]bool{}
	for _, t := range ts {
		if t.isNum || t.sym || len(t.w) < 4 || tieStop[t.w] || a13GenericNouns[t.w] || a13NegWords[t.w] || a13OwnWords[t.w] || a13ProposalWords[t.w] {
			continue
		}
		if _, ok := a13Months[t.w]; ok {
			m[t.w] = true // a month names a period ("October rent")
			continue
		}
		if _, ok := a13MoneyAttrs[t.w]; ok {
			continue
		}
		if _, ok := a13EventAttrs[t.w]; ok {
			continue
		}
		if _, ok := a13EnumWords[t.w]; ok {
			continue
		}
		m[t.w] = true
	}
	return m
}

// sentIDs returns the identifiers of a sentence's source text: those
// recIDTokens reads, and the bare numbers of four or five digits that name
// an order, a PO or a booking ("order 81210", "PO 4502"): no amount (no
// currency or separator beside it), no year, no part of a date or a code.
func sentIDs(s string) []string {
	var buf [8]string
	out := append([]string(nil), recIDTokens(s, buf[:0])...)
	for i := 0; i < len(s); {
		if !isDigitByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isDigitByte(s[j]) {
			j++
		}
		n := s[i:j]
		bare := (j-i == 4 || j-i == 5) && (i == 0 || s[i-1] == ' ' || s[i-1] == '#') && (j == len(s) || s[j] == ' ' || s[j] == '.' && (j+1 == len(s) || s[j+1] == ' ') || s[j] == ',' && (j+1 == len(s) || s[j+1] == ' ') || s[j] == ')' || s[j] == ':')
		year := j-i == 4 && (n[:2] == "19" || n[:2] == "20")
		if bare && !year && !currencyBefore(s[:i]) && !currencyAfter(s[j:]) {
			out = append(out, n)
		}
		i = j
	}
	return out
}

// checkAssertions compares the counterparty's assertions with the
// records' for the same attribute (see above).
func (st *state) checkAssertions() {
	if st.hasFinding("contradiction") {
		st.dropCorrected()
		return
	}
	var recs []trustedText
	for _, t := range st.trusted {
		if t.isRecord() {
			recs = append(recs, t)
		}
	}
	if len(recs) == 0 || !st.fromMessage(labAssert) {
		return // no word of an assertion in the message (rules/default.rules)
	}
	msg := st.msgAssertions()
	if len(msg.as) == 0 {
		return
	}
	type recFacts struct {
		t     trustedText
		tf    textFacts
		words []map[string]bool // by sentence, for the tie
		ids   [][]string
	}
	rf := make([]recFacts, len(recs))
	for i, t := range recs {
		tf := assertionsOf(t.text, false)
		r := recFacts{t: t, tf: tf, words: make([]map[string]bool, len(tf.sents)), ids: make([][]string, len(tf.sents))}
		for k := range tf.sents {
			r.words[k], r.ids[k] = sentWords(tf.sents[k]), sentIDs(tf.raw[k])
		}
		rf[i] = r
	}
	for i, ago := range datesAsAgo(factsOf(rf, func(r recFacts) textFacts { return r.tf })) {
		rf[i].tf.as = append(rf[i].tf.as, ago...) // judge14c.go: a record's dates as time elapsed since, when a record gives today
	}
	// Which records give each attribute, for a tie by the only record.
	holders := map[string]int{}
	for _, r := range rf {
		seen := map[string]bool{}
		for _, a := range r.tf.as {
			if !seen[a.attr] {
				seen[a.attr] = true
				holders[a.attr]++
			}
		}
	}
	msgSents := msg.raw
	msgIDs := distinct(sentIDs(st.c.Message))
	recTF := factsOf(rf, func(r recFacts) textFacts { return r.tf })
	for _, c := range msg.as {
		cts := msg.sents[c.sent]
		if c.kind != akEnum && (proposalNear(cts, c.at) || offerIn(cts)) {
			continue
		}
		if setRequested(cts, c.at) {
			continue // judge16a.go: "mark the rent as paid" asks to set the state
		}
		if agreesInSentence(msg, c, recTF) {
			continue
		}
		cw := sentWords(cts)
		cids := sentIDs(msgSents[c.sent])
		if len(cids) == 0 && len(msgIDs) == 1 {
			cids = msgIDs // a message that names one thing speaks of it throughout
		}
		own := ownIn(cts)
		for _, r := range rf {
			var vals []assertion
			for _, a := range r.tf.as {
				if a.kind != c.kind || a.attr != c.attr {
					continue
				}
				if !tied(cw, cids, r.words[a.sent], r.ids[a.sent], own && holders[c.attr] == 1 || occurOneValue(c, recTF), c) {
					continue
				}
				vals = append(vals, a)
			}
			if len(vals) == 0 || sameValue(c, vals) || valueAnywhere(c, r.tf) {
				continue
			}
			if c.kind == akEnum && (enumAffirmedToo(c, r.tf) || c.attr == "included" && bothValues(msg.as, c)) {
				continue
			}
			st.assertContradiction(c, vals[0], r.t, msgSents[c.sent])
			return
		}
	}
}

// pastEvents are the events whose date or elapsed time stays what it was:
// a new date for them is a changed story, not a changed request.
var pastEvents = map[string]bool{"order": true, "deliver": true, "return": true, "pay": true, "cancel": true}

// checkTurnChanged runs turnChanged on the message, when the counterparty
// spoke before and nothing yet contradicts it; it runs whether or not the
// case holds records.
func (st *state) checkTurnChanged() {
	if !st.fromMessage(labAssert) || st.hasFinding("contradiction") {
		return // no word of an assertion in the message (rules/default.rules)
	}
	spoke := false
	for _, t := range st.c.History {
		spoke = spoke || t.Role == consult.RoleCounterparty && t.Text != ""
	}
	if !spoke {
		return
	}
	var recs []trustedText
	for _, t := range st.trusted {
		if t.isRecord() {
			recs = append(recs, t)
		}
	}
	st.turnChanged(st.msgAssertions(), recs)
}

// turnChanged reports, and records as a contradiction, a message that
// gives a past event another date or elapsed time than the counterparty's
// own earlier turn did ("I bought it about two months ago" then "less than
// a month ago"). A change to a value a record holds is a correction.
func (st *state) turnChanged(msg textFacts, recs []trustedText) bool {
	var recFacts []textFacts
	for i, t := range st.c.History {
		if t.Role != consult.RoleCounterparty || t.Text == "" {
			continue
		}
		tf := assertionsOf(t.Text, true)
		for _, c := range msg.as {
			if c.kind != akAgo && c.kind != akDate || !pastEvents[c.attr] || proposalNear(msg.sents[c.sent], c.at) {
				continue
			}
			for _, e := range tf.as {
				if e.kind != c.kind || e.attr != c.attr || equalValue(e, c) || proposalNear(tf.sents[e.sent], e.at) {
					continue
				}
				if recFacts == nil {
					recFacts = make([]textFacts, 0, len(recs))
					for _, r := range recs {
						recFacts = append(recFacts, assertionsOf(r.text, false))
					}
				}
				corrected := false
				for _, r := range recFacts {
					for _, a := range r.as {
						if a.kind == c.kind && a.attr == c.attr && equalValue(a, c) {
							corrected = true
						}
					}
				}
				if corrected {
					continue
				}
				sent := strings.TrimSpace(msg.raw[c.sent])
				st.contradiction(
					fmt.Sprintf("Gives %s as %s; its own turn %d gave %s.", attrWords(c), valueWords(c), i+1, valueWords(e)),
					fmt.Sprintf("The counterparty now says %q, but in turn %d it said: %s", clipCase(sent, 160), i+1, clipCase(t.Text, 240)),
					[]string{}, sent)
				return true
			}
		}
	}
	return false
}

// distinct returns ids without repeats.
func distinct(ids []string) []string {
	var out []string
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// factsOf maps the records to their facts.
func factsOf[T any](rs []T, f func(T) textFacts) []textFacts {
	out := make([]textFacts, len(rs))
	for i, r := range rs {
		out[i] = f(r)
	}
	return out
}

// offerIn reports an offer word in a sentence.
func offerIn(ts []tok) bool {
	for _, t := range ts {
		if a13OfferWords[t.w] {
			return true
		}
	}
	return false
}

// bothValues reports a sentence that gives the attribute of token i's
// assertion both values: "the children's policies cover what the package
// excludes" sets two things side by side.
func bothValues(as []assertion, c assertion) bool {
	for _, o := range as {
		if o.sent == c.sent && o.kind == akEnum && o.attr == c.attr && o.val != c.val {
			return true
		}
	}
	return false
}

// proposalNear reports a proposal word within the six tokens before the
// value at token i: "a new quote at $45", "can start on March 1".
func proposalNear(ts []tok, i int) bool {
	for j := max(0, i-6); j < i; j++ {
		if a13ProposalWords[ts[j].w] {
			return true
		}
	}
	return false
}

// ownIn reports a word of one's own thing in a sentence.
func ownIn(ts []tok) bool {
	for _, t := range ts {
		if a13OwnWords[t.w] {
			return true
		}
	}
	return false
}

// agreesInSentence reports that the claim's sentence also gives the
// attribute a value some record holds: a sentence that sets the record's
// figure beside another compares, it does not misquote.
func agreesInSentence(tf textFacts, c assertion, recs []textFacts) bool {
	for _, o := range tf.as {
		if c.kind == akEnum || o.sent != c.sent || o.kind != c.kind || o.attr != c.attr || o == c {
			continue
		}
		for _, r := range recs {
			for _, a := range r.as {
				if a.kind == o.kind && a.attr == o.attr && equalValue(a, o) {
					return true
				}
			}
		}
	}
	return false
}

// tied reports that a claim's sentence and a record's sentence speak of
// the same thing: an identifier both name, a distinctive word both use, or
// (only) the record alone giving the attribute when the claim speaks of
// one's own thing. A thing included needs two shared words: one names the
// item, the other the plan.
func tied(cw map[string]bool, cids []string, rw map[string]bool, rids []string, onlyHolder bool, c assertion) bool {
	for _, a := range cids {
		for _, b := range rids {
			if a == b {
				return true
			}
		}
	}
	n := 0
	for w := range cw {
		if rw[w] {
			n++
		}
	}
	if c.attr == "included" {
		return n >= 2
	}
	return n >= 1 || onlyHolder
}

// equalValue reports two assertions of one attribute with the same value.
func equalValue(a, b assertion) bool {
	if a.kind == akEnum {
		return a.val == b.val || occurCompatible(a, b)
	}
	if a.kind == akAgo {
		return a.num <= b.hi && b.num <= a.hi // the spans overlap
	}
	if a.kind == akPlace {
		for _, w := range strings.Fields(a.val) {
			if slices.Contains(strings.Fields(b.val), w) {
				return true // one place named by more or fewer words
			}
		}
		return false
	}
	d := a.num - b.num
	if d < 0 {
		d = -d
	}
	return d <= 0.005*max(a.num, b.num, 1)
}

// sameValue reports a record value equal to the claim's.
func sameValue(c assertion, vals []assertion) bool {
	for _, v := range vals {
		if equalValue(c, v) {
			return true
		}
	}
	return false
}

// valueAnywhere reports the claim's value given by the record to any
// attribute of the same kind (a figure the record holds is no misquote,
// whatever word it stands by).
func valueAnywhere(c assertion, tf textFacts) bool {
	if c.kind == akEnum {
		return false
	}
	if c.kind == akPlace {
		for _, ts := range tf.sents {
			for _, t := range ts {
				if slices.Contains(strings.Fields(c.val), t.w) {
					return true
				}
			}
		}
		return false
	}
	for _, a := range tf.as {
		if a.kind == c.kind && equalValue(a, c) {
			return true
		}
	}
	return false
}

// enumAffirmedToo reports a record that gives the claimed value as well
// ("HAT187 was cancelled; the rebooked HAT190 landed").
func enumAffirmedToo(c assertion, tf textFacts) bool {
	for _, a := range tf.as {
		if a.kind == akEnum && a.attr == c.attr && a.val == c.val {
			return true
		}
	}
	return false
}

// valueWords writes an assertion's value for the words.
func valueWords(a assertion) string {
	switch a.kind {
	case akMoney:
		return money(a.num, "")
	case akPercent:
		return strconv.FormatFloat(a.num, 'f', -1, 64) + "%"
	case akDate:
		return a13Month[int(a.num)/100] + " " + strconv.Itoa(int(a.num)%100)
	case akTime:
		return fmt.Sprintf("%02d:%02d", int(a.num)/60, int(a.num)%60)
	case akCount:
		return strconv.FormatFloat(a.num, 'f', -1, 64)
	case akAgo:
		if a.hi >= 1e9 {
			return "more than " + strconv.Itoa(int(a.num)) + " days ago"
		}
		return strconv.Itoa(int(a.num)) + " to " + strconv.Itoa(int(a.hi)) + " days ago"
	}
	return a.val
}

var a13Month = [13]string{"", "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

// attrWords names an attribute for the words.
func attrWords(a assertion) string {
	switch a.kind {
	case akDate:
		return "the date it was " + a13EventWord[a.attr]
	case akTime:
		return "the time it was " + a13EventWord[a.attr]
	case akCount:
		noun, ev, _ := strings.Cut(a.attr, ":")
		if ev != "" {
			return "the number of " + noun + "s " + a13EventWord[ev]
		}
		return "the number of " + noun + "s"
	case akPercent:
		return "the " + a.attr + " rate"
	case akAgo:
		return "when it was " + a13EventWord[a.attr]
	case akPlace:
		return "where it was sent"
	case akEnum:
		return a13EnumName[a.attr]
	}
	return "the " + a.attr
}

var a13EventWord = map[string]string{"order": "ordered or booked", "cancel": "cancelled", "deliver": "delivered or received", "return": "returned",
	"pay": "paid", "end": "ending", "start": "starting"}

var a13EnumName = map[string]string{"cabin": "the cabin", "paid": "whether it is paid", "refundable": "whether it is refundable",
	"inforce": "whether it is in force", "insured": "whether it is insured", "delivered": "whether it was delivered", "included": "whether it is included"}

// assertContradiction records the contradiction of claim c, said in the
// message's sentence sent, by the record's value r in t.
func (st *state) assertContradiction(c assertion, r assertion, t trustedText, sent string) {
	what := attrWords(c)
	st.contradiction(
		fmt.Sprintf("Gives %s as %s; %s %s gives %s.", what, valueWords(c), t.kind, t.id, valueWords(r)),
		fmt.Sprintf("The counterparty says %q, but %s %s records: %s", clipCase(strings.TrimSpace(sent), 160), t.kind, t.id, clipCase(t.text, 300)),
		[]string{t.id}, strings.TrimSpace(sent))
}

// ---- a claim the counterparty has since corrected ----

// a13RetractWords open a correction of what one said before.
var a13RetractWords = []string{"got that wrong", "i was wrong", "my mistake", "i misspoke", "correction", "i meant", "sorry, it was", "actually it was",
	"me equivoque", "me confundi", "ich habe mich geirrt", "mein fehler", "ich meinte", "je me suis trompe", "je voulais dire", "erreur de ma part"}

// a13RetractFolded are a13RetractWords folded, padded with spaces.
var a13RetractFolded = func() []string {
	out := make([]string, len(a13RetractWords))
	for i, r := range a13RetractWords {
		out[i] = " " + strings.TrimSpace(foldedText(r)) + " "
	}
	return out
}()

// dropCorrected drops two kinds of contradiction the counterparty's latest
// word undoes:
//   - one with its own earlier turn (no record cited), when a date or an
//     elapsed time of the message agrees with a record: a change toward
//     the record's value is a correction ("sorry, I ordered it on March 5"
//     where the order was placed on March 5);
//   - one of a claim the case lists for it (a fact it asserted), when its
//     message corrects itself ("I got that wrong") and gives the attribute
//     the record's value.
func (st *state) dropCorrected() {
	if !st.fromMessage(labAssert) {
		return // no word of an assertion in the message (rules/default.rules)
	}
	turn, listed := false, false
	for _, f := range st.findings {
		if f.kind == "contradiction" && f.claim != nil {
			turn = turn || len(f.refs) == 0
			listed = listed || len(f.refs) > 0 && !strings.Contains(st.c.Message, f.claim.Claim)
		}
	}
	retract := false
	if listed {
		for _, r := range a13RetractFolded {
			if strings.Contains(st.msg.text, r) { // the folded message, padded with spaces
				retract = true
				break
			}
		}
	}
	if !turn && !retract {
		return
	}
	msg := st.msgAssertions()
	if len(msg.as) == 0 {
		return
	}
	var recs []textFacts
	for _, t := range st.trusted {
		if t.isRecord() {
			recs = append(recs, assertionsOf(t.text, false))
		}
	}
	kept := st.findings[:0]
	for _, f := range st.findings {
		if f.kind == "contradiction" && f.claim != nil {
			if len(f.refs) == 0 && msgOnRecord(msg, recs) {
				continue
			}
			if retract && len(f.refs) > 0 && !strings.Contains(st.c.Message, f.claim.Claim) && correctedBy(f.claim.Claim, msg, recs) {
				continue
			}
		}
		kept = append(kept, f)
	}
	st.findings = kept
}

// msgOnRecord reports a date or elapsed time of the message that a record
// gives the same event.
func msgOnRecord(msg textFacts, recs []textFacts) bool {
	for _, m := range msg.as {
		if m.kind != akDate && m.kind != akAgo {
			continue
		}
		for _, r := range recs {
			for _, a := range r.as {
				if a.kind == m.kind && a.attr == m.attr && equalValue(a, m) {
					return true
				}
			}
		}
	}
	return false
}

// correctedBy reports a claim whose every assertion the message restates
// with a value a record holds.
func correctedBy(claim string, msg textFacts, recs []textFacts) bool {
	cf := assertionsOf(claim, true)
	if len(cf.as) == 0 {
		return false
	}
	for _, c := range cf.as {
		ok := false
		for _, m := range msg.as {
			if m.kind != c.kind || m.attr != c.attr || equalValue(m, c) {
				continue
			}
			for _, r := range recs {
				for _, a := range r.as {
					if a.kind == m.kind && a.attr == m.attr && equalValue(a, m) {
						ok = true
					}
				}
			}
		}
		if !ok {
			return false
		}
	}
	return true
}
