package fallback

import (
	"math/bits"
	"strings"
	"unsafe"
)

// Sentence-level co-occurrence cues.
//
// Fixed phrases catch the wordings someone thought of; the same intent comes
// in many others. A manipulation usually needs two things said together: an
// authority and a directive ("our counsel has instructed that ..."), a
// request and something secret ("send us the lockbox codes"), a limit and
// something to run out of ("only two trucks left at the old price"), a
// favour and an ask ("we covered every call for free ... could you ...").
// cooccur looks for such combinations of word classes within one sentence
// of the counterparty's own words (the message and its earlier turns), in
// English, Spanish, German and French, with basic Italian and Portuguese.
//
// Each combination gives a cue of moderate weight, counted like a lexicon
// cue: at >= threshold (0.5) it reports the tactic alone; weaker ones only
// count with case context. A sentence whose tactic the lexicon already found
// adds nothing, so the two never double-count.
//
// The pass is linear: each word is looked up once (colex.go), and the
// first word of a multi-word entry once more for each of the two words
// after it. Tables are read-only after init, so concurrent use is safe.

type coClass uint32

const (
	coRole      coClass = 1 << iota // an authority: a role, an office, a body
	coDirective                     // wants, asked, would like
	coMandate                       // instructed, ordered, authorised, on behalf of
	coStatus                        // approved, signed off, cleared: a mandate only when addressed
	coSelf                          // "this is", "i am", "ici", "soy": the speaker introduces itself
	coYou                           // the agent addressed as object or subject
	coRequest                       // send, share, export, give me ...
	coNeed                          // we need, necesito, brauchen wir, il nous faut
	coAsk                           // could you, please, pourriez-vous
	coPress                         // now, immediately, today
	coSecret                        // credentials, codes, keys, ids, bulk personal data
	coOwnPoss                       // my, mi, mein, mon: the data is the speaker's own
	coOffer                         // i, we, ich, wir, je, nous: a first-person subject before a verb
	coLimit                         // remaining, sold out, quedan, ausverkauft, epuise
	coLast                          // last, final, ultimo, letzte, dernier (must sit next to the object)
	coOnly                          // only, just, solo, nur, seulement
	coLeft                          // left, reste: a limit only after a number, "only" or the object
	coRival                         // other buyers, otra oferta, andere interessenten
	coAvail                         // seats, units, slots, stock, price, plazas, Platze, places
	coFavour                        // we waived, for free, worth your while, en retour
	coFavourW                       // we did, nous avons, haben wir: a favour only with "you"
	coFavourS                       // in return, worth your while, a cambio: a favour offered for a favour
	coLimitPost                     // limitadas, limitees, begrenzt: a limit right after the object
	coNumber                        // set by the scanner for numerals and number words
	coPersonal                      // one person's personal data (health, address): less than a secret
)

// coTable lists the word classes. Entries are folded (lower case, no
// accents, no apostrophes, hyphens as spaces) and have one to three words.
var coTable = []struct {
	cls   coClass
	words string
}{
	{coRole, `director|directors|directora|manager|managers|head of|chief|ceo|cfo|coo|cto|cio|ciso|vp|vice president|president|chairman|chairwoman|founder|officer|partner|counsel|attorney|lawyer|board|executive|executives|supervisor|compliance|legal team|legal department|legal dept|general counsel|auditor|auditors|audit team|internal audit|audit committee|regulator|regulators|authority|authorities|ministry|tax office|tax authority|irs|hmrc|police|detective|inspector|fraud team|fraud department|security team|security department|headquarters|head office|management|principal|dean|commissioner|court|judge|sheriff|agency|government|department of|controller|treasurer|superintendent|administrator`},
	{coRole, `gerente|jefe|jefa|junta|junta directiva|abogado|abogada|hacienda|agencia tributaria|policia|guardia civil|ministerio|presidente|consejero|responsable|direccion|auditoria|cumplimiento|juzgado|fiscalia|superior`},
	{coRole, `direktor|direktorin|leiter|leiterin|vorstand|geschaftsfuhrung|geschaftsfuhrer|geschaftsfuhrerin|chef|chefin|behorde|finanzamt|polizei|ministerium|aufsicht|bafin|rechtsabteilung|revision|prufer|wirtschaftsprufer|vorgesetzter|vorgesetzte|abteilungsleiter|abteilungsleiterin|staatsanwaltschaft|gericht|zoll`},
	{coRole, `directeur|directrice|direction|conseil|avocat|avocate|impots|prefecture|ministere|gendarmerie|gerant|gerante|pdg|president|superieur|hierarchie|juridique|service juridique|conformite|commissaire|huissier|tribunal|gestionnaire|inspection`},
	{coRole, `direttore|direttrice|responsabile|direzione|avvocato|consiglio|polizia|diretor|diretora|diretoria|advogado|advogada|socio|socia|chefe|juridico|receita`},

	{coDirective, `wants|wanted|want you|asked|asks|has asked|would like|needs you|expects|told me|told us|told you|requested|requests|insists|insisted|requires|required`},
	{coDirective, `quiere|queria|pidio|pide|necesita que|dijo que|solicito|solicita|espera que|insiste`},
	{coDirective, `will dass|mochte|mochte dass|bittet|hat gebeten|gebeten|sagte|erwartet|wunscht|besteht darauf`},
	{coDirective, `veut|voulait|a demande|me demande|nous demande|vous demande|demande que|souhaite|attend que|insiste|vuole|chiede|ha chiesto|quer|pediu|pede`},

	{coMandate, `instructed|instructs|ordered|authorised|authorized|authorising|authorizing|demands|demanded|mandated|mandates|on behalf of|per the|as per|per our|at the request of|at the direction of|under orders|by order of|under my authority`},
	{coMandate, `ordeno|ordena|exige|exigio|en nombre de|por orden de|de parte de|instruyo|autorizo|autoriza`},
	{coMandate, `verlangt|angeordnet|ordnet|fordert|gefordert|angewiesen|weist|im auftrag|auf anweisung|beauftragt|autorisiert|verfugt`},
	{coMandate, `exige|ordonne|a ordonne|au nom de|de la part de|sur ordre|sur instruction|sur instructions|ma chargee|ma charge|nous a charges|impose|autorise|a autorise`},
	{coMandate, `ha autorizzato|autorizza|ordina|ha ordinato|esige|per conto di|su ordine|autorizou|ordenou|em nome de|a pedido`},

	{coStatus, `approved|has approved|already approved|signed off|sign off|cleared|greenlit|green lit|okd|okayed|aprobo|aprobado|ya aprobo|genehmigt|freigegeben|approuve|a approuve|valide|a valide|approvato|ha approvato|aprovou|ja aprovou|aprovado`},

	{coSelf, `this is|i am|im the|im a|im your|im from|im calling|here is|speaking|calling from|writing from|soy|le escribe|le habla|ich bin|hier ist|hier spricht|je suis|ici le|ici la|ici les|sono|sou o|sou a|aqui e|aqui fala`},

	{coYou, `you|usted|ustedes|le pido|te pido|sie|ihnen|vous|voi|lei|voce|voces|vos`},

	{coRequest, `send|share|export|forward|give me|give us|provide|read out|read me|upload|dump|email me|email us|mail me|tell me|tell us|show me|paste|copy|attach|pull|extract|compile|send over|hand over|disclose|reveal|text me|text it|text us`},
	{coRequest, `envie|envieme|envienos|envien|enviar|envia|enviame|mande|mandeme|mandenos|manda|mandame|comparta|compartir|comparte|exporte|exportar|deme|denos|dame|facilite|facilitar|proporcione|proporcionar|reenvie|reenviar|digame|dime|suba|subir|adjunte`},
	{coRequest, `senden|schicken|sende|schick|schickt|exportieren|exportiere|geben sie|gib mir|geben sie mir|ubermitteln|ubermittle|weiterleiten|mitteilen|teilen sie|nennen sie|zusenden|zukommen|hochladen|bereitstellen|ubersenden|herausgeben`},
	{coRequest, `envoyez|envoyer|envoie|transmettez|transmettre|exportez|exporter|communiquez|communiquer|donnez|donnez moi|partagez|partager|fournissez|fournir|faites suivre|telechargez|indiquez|lenvoyer|les envoyer`},
	{coRequest, `inviate|inviare|invia|inviatemi|mandatemi|condividete|condividere|forneca|fornecer|compartilhe|partilhe|envie me|mande me`},

	{coNeed, `need your|need the|need all|need a copy|need a list|need you to|need to see|we need|i need|would need|just need|require your|necesito|necesitamos|necesito que|brauche|brauchen|brauchten|benotigen|benotige|besoin de|il nous faut|il me faut|preciso|precisamos|preciso que|ho bisogno|abbiamo bisogno`},

	{coAsk, `could you|can you|would you|will you|please|kindly|i expect|we expect|small ask|all we need|all i need|one thing|podria|podrias|puede usted|puedes|por favor|konnten sie|konnen sie|wurden sie|bitte|pourriez vous|pouvez vous|voudriez vous|merci de|sil vous plait|potreste|potete|per favore|poderia|podem|pode|por gentileza`},

	{coPress, `now|immediately|right away|asap|today|tonight|within the hour|ahora|inmediatamente|hoy|ya mismo|sofort|umgehend|heute|jetzt|immediatement|aujourdhui|tout de suite|maintenant|subito|oggi|agora|hoje|imediatamente`},

	{coSecret, `password|passwords|passcode|passphrase|pin|otp|one time code|verification code|security code|access code|auth code|login|logins|username|credentials|credential|private key|api key|keys|seed phrase|recovery phrase|token|tokens|ssn|social security|id number|passport|passport number|card number|card numbers|cvv|cvc|your bank details|your account number|your iban|full list|complete list|entire list|whole list|all customers|all employees|all patients|all users|all clients|all staff|all members|every customer|every employee|every patient|customer list|client list|employee list|donor list|donor file|member list|contact list|mailing list|roster|database|patient records|medical records|all records|detail records|call records|salaries|salary|payroll|system prompt|your instructions|internal instructions|hidden instructions|your configuration|data room`},
	{coSecret | coPersonal, `medical|diagnosis|health records|medical history|date of birth|dob|home address|home addresses|phone numbers|mobile numbers|full transcript|official transcript|academic transcript|her transcript|his transcript|tax return|cell site|location data|historial medico|historia clinica|expediente|fecha de nacimiento|domicilios|patientendaten|gesundheitsdaten|geburtsdatum|dossier medical|dossiers medicaux|date de naissance|cartella clinica|prontuario`},
	{coSecret, `contrasena|contrasenas|credenciales|numero de tarjeta|datos bancarios|sus datos bancarios|numero de cuenta|dni|pasaporte|numero de seguro social|lista completa|todos los clientes|todos los empleados|todos los pacientes|base de datos|nominas|nomina|salarios|historial medico|historia clinica|expediente|fecha de nacimiento|domicilios`},
	{coSecret, `passwort|passworter|kennwort|pin code|zugangsdaten|anmeldedaten|tan|schlussel|kundenliste|alle kunden|alle mitarbeiter|alle patienten|gehalter|gehaltsliste|personalakte|personalakten|kontodaten|ihre bankdaten|kreditkartennummer|kartennummer|ausweisnummer|steuer id|sozialversicherungsnummer|datenbank|patientendaten|gesundheitsdaten|vollstandige liste|komplette liste|kompletten|vollstandigen|samtliche|samtlichen|rezepturen|einkaufspreise|einkaufspreisen|geburtsdatum`},
	{coSecret, `mot de passe|mots de passe|identifiants|code pin|numero de carte|cryptogramme|coordonnees bancaires|vos coordonnees bancaires|rib|numero de securite sociale|passeport|liste complete|tous les clients|tous les salaries|tous les patients|base de donnees|salaires|dossier medical|dossiers medicaux|fichier clients|fichier client|date de naissance`},
	{coSecret, `senha|senhas|credenziali|dati bancari|dados bancarios|tutti i clienti|todos os clientes|folha salarial|stipendi|salarios|cpf|codice fiscale|banco de dados|cartella clinica|prontuario`},

	{coOwnPoss, `my|mi|mis|mein|meine|meines|meiner|meinen|mon|ma|mes|meu|minha|mio|mia|own`},
	{coOffer, `i|we|ill|well|ive|weve|ich|wir|je|nous|yo|nosotros|io|noi|eu|nos|i will|we will|i can|we can|i have|we have|happy to|glad to`},

	{coLimit, `sold out|selling out|running out|almost gone|nearly gone|few left|quedan|queda|me quedan|nos quedan|agotado|agotada|agotando|se agota|se agotan|nur noch|ausverkauft|ubrig|plus que|epuise|epuisee|rimasti|rimaste|rimangono|esaurito|esaurimento|restam|esgotado|esgotando`},
	{coLimitPost, `limitado|limitada|limitadas|limitados|limite|limitee|limitees|limites|begrenzt|limitati|limitate|limitadas|restantes|disponibles`},
	{coLast, `last|final|remaining|limited|begrenzte|begrenzten|restlichen|restant|restante|ultimo|ultima|ultimos|ultimas|letzte|letzten|letzter|letztes|dernier|derniere|derniers|dernieres|ultimi|ultime`},
	{coOnly, `only|just|solo|solamente|unicamente|nur|seulement|uniquement|soltanto|apenas`},
	{coLeft, `left|remaining|reste|restent|rest`},
	{coRival, `other buyers|other bidders|other interested|another buyer|another bidder|another offer|other offers|competing offer|someone else|otra oferta|otras ofertas|otro comprador|otros compradores|otra cooperativa|otro cliente|andere interessenten|anderer interessent|anderes angebot|weitere interessenten|autre acheteur|autres acheteurs|autre offre|autres offres|autre client|altri acquirenti|altra offerta|outros compradores|outra oferta`},
	{coAvail, `seat|seats|stalls|booths|tables|unit|units|spot|spots|slot|slots|room|rooms|ticket|tickets|stock|offer|price|allocation|places|availability|inventory|capacity|appointment|appointments|openings|vacancies|licenses|licences|plaza|plazas|unidad|unidades|existencias|habitacion|habitaciones|entradas|precio|oferta|camiones|cupos|cupo|stuck|platze|platz|zimmer|karten|angebot|preis|kontingent|exemplare|termine|exemplaires|chambres|billets|offre|prix|posti|pezzi|offerta|prezzo|lugares|vagas|preco|oferta`},

	{coFavourS, `worth your while|in return|in exchange|return the favour|return the favor|remember when|remember how|remember that we|after all we|after all ive|after everything|make it up to you|we did you|i did you|as a favour|as a favor|a cambio|despues de todo|nach allem|im gegenzug|gefallen getan|apres tout|en retour|en echange|en signe de|bonne volonte|dopo tutto|in cambio|depois de tudo|em troca`},
	{coFavour, `we waived|we discounted|we covered|we absorbed|we extended|we fast tracked|we comped|we sponsored|we gave you|we helped you|we did you|i did you|i helped you|i covered|we went out of our way|we made an exception|for free|free of charge|without charging|without charge|at no charge|no charge|at no cost|on the house|as a favour|as a favor|as a courtesy|worth your while|in return|in exchange|return the favour|return the favor|remember when|remember how|remember that we|after all we|after all ive|after everything|make it up to you|sin cobrar|gratis|sin coste|sin cargo|le hicimos|te hicimos|le dimos|te dimos|le regalamos|te regalamos|le ayudamos|te ayudamos|despues de todo|a cambio|kostenlos|umsonst|ohne berechnung|nach allem|im gegenzug|entgegengekommen|gefallen getan|gratuitement|gracieusement|sans frais|apres tout|souvenez vous|rappelez vous|en retour|en echange|en signe de|bonne volonte|dopo tutto|in cambio|de graca|depois de tudo|em troca`},
	{coFavourW, `we did|we gave|we helped|weve always|weve been|ive always|ive been|hicimos|dimos|ayudamos|haben wir|wir haben|habe ich|nous avons|on a|nous vous avons|je vous ai|abbiamo|fizemos|demos|all these years|all the business|loyal`},
}

// coSecretExempt: a preceding word that makes "code"/"codes"/"codigo" plain.
var coSecretExempt = map[string]bool{"zip": true, "postal": true, "promo": true, "discount": true, "source": true,
	"dress": true, "tax": true, "country": true, "area": true, "reference": true, "product": true, "booking": true,
	"voucher": true, "coupon": true, "tracking": true, "error": true, "qr": true, "bar": true, "postal.": true, "iata": true,
	"sort": true, "swift": true, "bic": true, "client": true, "customer": true, "promotional": true, "postale": true, "postal codes": true}

var coNumberWords = map[string]bool{"two": true, "three": true, "four": true, "five": true, "six": true,
	"seven": true, "eight": true, "nine": true, "ten": true, "dozen": true, "handful": true, "few": true,
	"dos": true, "tres": true, "cuatro": true, "cinco": true, "zwei": true, "drei": true, "vier": true,
	"funf": true, "deux": true, "trois": true, "quatre": true, "cinq": true, "due": true, "tre": true,
	"quattro": true, "duas": true, "quatro": true, "one": true, "uno": true, "einen": true, "un": false}

// A sentence's words are their classes, with coCodeW for a code word and
// the number of words after a word that the longest entry starting at it
// takes (0 to 2) in the bits coSpanShift and up, above every class.
const (
	coCodeW     coClass = 1 << 28 // a code word (coCodeWords): the words around may make it a secret
	coSpanShift         = 29
	coClasses           = coCodeW - 1
)

// coSentence is one sentence of a text: a run of its words between lone
// "."s (nothing looks across one) and their classes, word k being
// spans[k] and ws[k].
type coSentence struct {
	text  string
	spans []wordSpan
	ws    []coClass
}

func (s *coSentence) word(k int) string { return s.text[s.spans[k].start:s.spans[k].end] }

// cooccur adds co-occurrence cues for one folded text; it is called by
// collect right after the phrase pass over the same text. Only the
// counterparty's own words count (the message and its earlier turns).
// spans are wordSpans(f.text), the words the sentences are cut from.
// marks, when not nil, holds from index from on the set literals that the
// lexicon's scan of f.text found (findMarks): cooccur then reads only the
// sentences that the gate's marks let through (cogate.go), and takes the
// gate's marks out of *marks.
//
// Each word of a sentence read is classified once, by one look-up (and
// one or two more for the first word of a multi-word entry) (coWords); a
// sentence whose classes cannot make a cue (coMayCue) is done then, and
// the tests that need neighbours, negators and word texts run only on the
// others (coPass.sentence).
func (st *state) cooccur(f *folded, src int, spans []wordSpan, marks *[]setMark, from int) {
	if src == srcContext || f == nil {
		return
	}
	text := f.text
	b := unsafe.Slice(unsafe.StringData(text), len(text)) // read only
	var p coPass
	var lx *lexicon
	if st.e != nil && st.e.lx != nil {
		lx = st.e.lx
		p.negs = lx
	}
	if len(b) < 8 {
		// coWords loads eight bytes at a time: a short text is read from a
		// zero-padded copy.
		var pad [16]byte
		b = pad[:copy(pad[:], b)+8]
	}
	// The words of one sentence and the leads among them, in buffers
	// reused from sentence to sentence (grown for a longer sentence).
	var wbuf [128]coClass
	var lbuf [128]uint64
	sc := coScan{b: b, ws: wbuf[:], leads: lbuf[:]}
	// one reads the sentence whose first word is spans[i] (not a lone
	// "."), and returns the index of the span after it.
	one := func(i int) int {
		for {
			m := min(len(spans)-i, len(sc.ws))
			nw, all := coWords(&sc, spans[i:i+m])
			if nw == m && i+m < len(spans) {
				if sp := spans[i+m]; sp.end-sp.start != 1 || b[sp.start] != '.' {
					sc.ws, sc.leads = make([]coClass, 2*len(sc.ws)), make([]uint64, 2*len(sc.ws))
					continue
				}
			}
			ws, leads := sc.ws[:nw], sc.leads[:sc.nl]
			sen := coSentence{text, spans[i : i+nw], ws}
			for _, l := range leads {
				all |= coLeadPhrases(&coLex, b, &sen, int(uint32(l)), &coLex.keys[l>>32].e)
			}
			if !coMayCue(all, p.prevFavour) {
				// No cue, and no favour carried to the next sentence.
				p.prevFavour, p.prevFavourStrong = false, false
				p.prevPos = int(sen.spans[0].start) - 1
			} else {
				p.sentence(&sen)
			}
			return i + nw
		}
	}
	if marks == nil || !coGated(lx) {
		for i := 0; i < len(spans); {
			if sp := spans[i]; sp.end-sp.start == 1 && b[sp.start] == '.' {
				i++
				continue
			}
			i = one(i)
		}
		st.addCoCues(f, src, p.hits)
		return
	}
	// The sentences are the stretches between lone "."s, which the marks
	// give with the gate's words; only those whose marks (and digits) may
	// pass coMayCue are read word by word. One that is passed by leaves
	// prevFavour false, as reading it would: after a favour, a sentence is
	// always read (coAssumed has the asks). The gate's marks are taken out
	// of *marks, which the message's views read again and again, unless
	// another set shares the literal.
	bit := uint64(1) << coGateSet.id
	ms := *marks
	kept := from
	a := 0        // where the sentence starts
	var g coClass // the classes its marks give
	// digit is where the first byte from a that may be a digit is
	// (coDigitFrom), when at or after a: each byte is read once at most.
	digit := -1
	sentence := func(z int) {
		if !coMayCue(g|coAssumed, p.prevFavour) {
			if !coMayCue(g|coAssumed|coNumber, p.prevFavour) {
				return
			}
			if digit < a {
				digit = coDigitFrom(b, a)
			}
			if digit >= z {
				return
			}
		}
		// The sentence's first word: spans[i], if it starts before z (two
		// lone "."s in a row have none between).
		lo, hi := 0, len(spans)
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if int(spans[m].start) < a {
				lo = m + 1
			} else {
				hi = m
			}
		}
		if lo < len(spans) && int(spans[lo].start) < z {
			one(lo)
		}
	}
	for _, m := range ms[from:] {
		ss := lx.setSS[m.lit]
		if ss&bit == 0 || ss&^bit != 0 || lx.setPS[m.lit] != 0 {
			ms[kept] = m
			kept++
			if ss&bit == 0 {
				continue
			}
		}
		s, e := int(m.start), int(m.start)+int(lx.setLen[m.lit])
		if s > 0 && text[s-1] != ' ' || e < len(text) && text[e] != ' ' {
			continue // inside a word
		}
		if e-s == 1 && text[s] == '.' {
			sentence(s)
			a, g = e, 0
			continue
		}
		lo, hi, _ := coLoad(b, s, e)
		if en, ok, _ := coLex.find(lo, hi, e-s, b, s); ok {
			g |= coKeyAdds(en)
		}
	}
	*marks = ms[:kept]
	sentence(len(text))
	st.addCoCues(f, src, p.hits)
}

// coPass is what cooccur carries from sentence to sentence.
type coPass struct {
	hits             []hitT
	negs             *lexicon // its negators
	prevFavour       bool     // the sentence before offered a favour without an ask
	prevFavourStrong bool
	prevPos          int
	// A sentence reads first[b] and last[b] only for the classes b it has
	// set them for: they need no clearing between sentences.
	first, last [32]int
}

// coScan is what coWords reads and fills, sentence by sentence: the
// function keeps only a pointer to it, so that the word loop's registers
// hold the loop's own values.
type coScan struct {
	b     []byte         // the text, at least eight bytes long
	ws    []coClass      // the sentence's words' classes: room for every span given
	leads []uint64       // as long as ws: the key's index<<32 | the word's
	nl    int            // the leads listed
	sp0   unsafe.Pointer // the sentence's first span
	n     int            // the spans given
}

// coWords classifies the words of the sentence that starts at spans[0]
// (not a lone "."), up to the next lone "." or the end, into sc.ws by
// their single-word entries, and lists in sc.leads the words that may start
// a multi-word entry (the key's index<<32 | the word's), for coLeadPhrases;
// it returns the number of words and the union of their classes.
//
// This loop runs for every word of the counterparty's text, and its cost
// was mostly the values it kept: with more of them live than the machine
// has registers (a probe loop inside the word loop, the slices it was
// given), the compiler spilt and reloaded a dozen on every word. So the
// look-up has no loop (a bucket's four tags are compared at once,
// colex.go), the loop walks the spans and the classes by pointer (no
// index, no bounds checks), what it rarely needs sits behind sc, and a
// word of up to 16 bytes is read by one or two loads that end inside the
// text: the eight bytes that end with a short word, the bytes before it
// masked, or the first and last eight of a longer one. The rare words
// that are longer or end in the text's first eight bytes go to sc.slow,
// called outside the inner loop.
func coWords(sc *coScan, spans []wordSpan) (int, coClass) {
	// Every pointer below is made from an index under len(spans) (or the
	// words' classes, as many): a pointer one past an array's end can
	// point into the next heap object, which Go's rules forbid and
	// checkptr (-race) reports.
	const spanSize, classSize = unsafe.Sizeof(wordSpan{}), unsafe.Sizeof(coClass(0))
	base := unsafe.Pointer(unsafe.SliceData(sc.b))
	sp0 := unsafe.Pointer(unsafe.SliceData(spans))
	wp0 := unsafe.Pointer(unsafe.SliceData(sc.ws))
	nw := uintptr(len(spans))
	sc.nl, sc.sp0, sc.n = 0, sp0, int(nw)
	var all coClass
	k := uintptr(0)
	// The words that end in the text's first eight bytes (at most the
	// text's first few) are read by sc.slow; then none does.
	for ; k < nw && (*wordSpan)(unsafe.Add(sp0, k*spanSize)).end < 8; k++ {
		sp := (*wordSpan)(unsafe.Add(sp0, k*spanSize))
		c, dot := sc.slow(int(sp.start), int(sp.end), int(k))
		if dot {
			return int(k), all
		}
		*(*coClass)(unsafe.Add(wp0, k*classSize)) = c
		all |= c
	}
words:
	for {
		// The words of up to 16 bytes, in a loop that makes no call (a
		// call would spill every value it keeps).
		for ; k < nw; k++ {
			sp := (*wordSpan)(unsafe.Add(sp0, k*spanSize))
			s, e := int(sp.start), int(sp.end)
			n := e - s
			if uint(n-1) >= 16 {
				break
			}
			var lo, hi, x uint64
			var c coClass
			if n <= 8 {
				// The eight bytes that end with the word, those before it
				// masked (as coKey keeps a short key).
				m := &coTops[n&15]
				lo = *(*uint64)(unsafe.Add(base, e-8)) & m.top
				x = bits.ReverseBytes64(lo) + uint64(n)
				if lo&m.bit6 != m.bit6 {
					if lo == '.'<<56 && n == 1 {
						break words
					}
					if digitBytes(lo) != 0 {
						c = coNumber
					}
				}
			} else {
				lo, hi = *(*uint64)(unsafe.Add(base, s)), *(*uint64)(unsafe.Add(base, e-8))
				x = (lo + uint64(n)) ^ hi*coK2
				if lo&hi&coBit6 != coBit6 && digitBytes(lo)|digitBytes(hi) != 0 {
					c = coNumber
				}
			}
			h := (x ^ coLex.seed) * coK1 // coHash
			bk := coBucket(h)
			if m := coLanes16(coLex.tags[bk], h); m != 0 {
				i := coLex.idx[bk][bits.TrailingZeros64(m)>>4]
				if key := &coLex.keys[i]; key.lo == lo && key.hi == hi && int(key.n) == n {
					c |= key.add
					if key.e.lead {
						sc.lead(int(i), int(k))
					}
				}
			}
			*(*coClass)(unsafe.Add(wp0, k*classSize)) = c
			all |= c
		}
		if k == nw {
			break
		}
		sp := (*wordSpan)(unsafe.Add(sp0, k*spanSize))
		c, dot := sc.slow(int(sp.start), int(sp.end), int(k))
		if dot {
			break
		}
		*(*coClass)(unsafe.Add(wp0, k*classSize)) = c
		all |= c
		k++
	}
	return int(k), all
}

// lead lists word k as starting a multi-word entry, key i's. It lists
// only a word followed by one that starts with a byte of the key's next:
// any other starts no entry of two or three words there.
func (sc *coScan) lead(i, k int) {
	if k+1 == sc.n {
		return
	}
	nx := (*wordSpan)(unsafe.Add(sc.sp0, uintptr(k+1)*unsafe.Sizeof(wordSpan{})))
	if coLex.keys[i].e.next>>(sc.b[nx.start]&31)&1 == 0 {
		return
	}
	sc.leads[sc.nl] = uint64(i)<<32 | uint64(k)
	sc.nl++
}

// slow is coWords' look-up of b[s:e], word k, when it is over 16
// bytes or ends in the text's first eight: it returns the word's classes
// (what its key adds, and coNumber if it holds a digit), and whether it is
// a lone "." (then nothing else).
//
//go:noinline
func (sc *coScan) slow(s, e, k int) (coClass, bool) {
	lo, hi, digit := coLoad(sc.b, s, e)
	if lo == '.' && e-s == 1 {
		return 0, true
	}
	var c coClass
	if digit {
		c = coNumber
	}
	if en, ok, i := coLex.find(lo, hi, e-s, sc.b, s); ok {
		c |= coLex.keys[i].add
		if en.lead {
			sc.lead(int(i), k)
		}
	}
	return c, false
}

// coLeadPhrases adds to word k of the sentence, which starts a multi-word
// entry (lead is its entry), the classes of the entries of two and three
// words that start at it, and returns its classes.
func coLeadPhrases(lx *coLexicon, b []byte, sen *coSentence, k int, lead *coEntry) coClass {
	c := &sen.ws[k]
	s := int(sen.spans[k].start)
	for m := 1; m < 3 && k+m < len(sen.spans); m++ {
		e := int(sen.spans[k+m].end)
		if lead.plens&(1<<min(e-s, 63)) == 0 {
			continue // no entry of this length starts with the word
		}
		lo, hi, _ := coLoad(b, s, e)
		if en, ok, _ := lx.find(lo, hi, e-s, b, s); ok && en.word {
			*c = (*c|en.cls)&^(3<<coSpanShift) | coClass(m)<<coSpanShift
		}
	}
	return *c
}

// sentence adds the cues of one sentence whose words coWords classified.
func (ps *coPass) sentence(sen *coSentence) {
	words, ws := sen.spans, sen.ws
	nw := len(words)
	sp, se := int(words[0].start)-1, int(words[nw-1].end)+1
	var has coClass
	limitNum, onlyNum, ownRole, cred := false, false, false, false
	// Negators are looked up only before words with a class: negTo is
	// the first word not looked at yet, lastNeg the last negator found.
	negTo, lastNeg := 0, -4
	for k := 0; k < nw; k++ {
		c := ws[k] & coClasses
		wd := sen.word(k)
		code := ws[k]&coCodeW != 0
		if c == 0 && !code {
			continue // every test below needs a class or a code word
		}
		// A negator up to three words before cancels verbs and favours.
		if c != 0 && ps.negs != nil {
			for j := max(negTo, k-3); j < k; j++ {
				if ps.negs.isNegator(sen.word(j)) {
					lastNeg = j
				}
			}
			negTo = k
			if lastNeg >= k-3 {
				c &^= coDirective | coMandate | coStatus | coRequest | coNeed | coFavour | coFavourW | coLimit | coRival
			}
		}
		// Offers ("we will send you") are not requests.
		if c&coRequest != 0 && coOffered(ws, k) {
			c &^= coRequest
		}
		// A code is a secret when the words around say which: "door code", "the code we sent".
		if code && coSecretCode(sen, k) {
			c |= coSecret
		}
		if c == 0 {
			continue // every test below needs a class of this word
		}
		// The speaker's own data is not extraction; plain codes are not secrets.
		if c&coSecret != 0 && k > 0 {
			pw := sen.word(k - 1)
			own := ws[k-1]&coOwnPoss != 0 || k-2 >= 0 && ws[k-2]&coOwnPoss != 0
			if own || (strings.HasPrefix(wd, "cod") && coSecretExempt[pw]) {
				c &^= coSecret
			}
		}
		// "my supervisor approved": the speaker's own side, not a claim on the agent.
		if c&coRole != 0 && k > 0 && ws[k-1]&coOwnPoss != 0 {
			ownRole = true
		}
		// "left"/"reste" is a limit only after a number, "only" or the object.
		if c&coLeft != 0 && k > 0 && ws[k-1]&(coNumber|coOnly|coAvail) != 0 {
			c |= coLimit
		}
		// "limitadas", "begrenzt": a limit right after the object.
		if c&coLimitPost != 0 {
			for n := 1; n <= 2 && k-n >= 0; n++ {
				if ws[k-n]&coAvail != 0 {
					c |= coLimit
					break
				}
			}
		}
		// "estoy agotada", "je suis épuisé": a person's state (judge17h.go).
		if c&coLimit != 0 && k > 0 && exhaustedPerson(sen, k) {
			c &^= coLimit
		}
		// "I only need two tickets" is a buyer, not a limit.
		if c&coOnly != 0 && coOffered(ws, k) {
			c &^= coOnly
		}
		// A limit next to a number: "quedan dos", "2 left", "nur noch 3".
		if c&coLimit != 0 {
			for n := -2; n <= 2; n++ {
				if n != 0 && k+n >= 0 && k+n < nw && ws[k+n]&coNumber != 0 {
					limitNum = true
				}
			}
		}
		// "only" right before a number: "only 3", "just about 600".
		if c&coOnly != 0 {
			for n := 1; n <= 2 && k+n < nw; n++ {
				if ws[k+n]&coNumber != 0 {
					onlyNum = true
				}
			}
		}
		// "last"/"final" is a limit only right before the object or a number.
		if c&coLast != 0 && !lastPeriod(sen, k, nw) {
			for n := 1; n <= 3 && k+n < nw; n++ {
				if ws[k+n]&(coAvail|coNumber) != 0 {
					c |= coLimit
					break
				}
			}
		}
		for m := uint32(c); m != 0; m &= m - 1 {
			bi := bits.TrailingZeros32(m)
			if has&(1<<bi) == 0 {
				ps.first[bi] = int(words[k].start)
			}
			ps.last[bi] = int(words[k+int(ws[k]>>coSpanShift)].end)
		}
		has |= c
		if c&coSecret != 0 && c&coPersonal == 0 {
			cred = true
		}
	}
	span := func(classes ...coClass) (int, int) {
		p, e := -1, -1
		for _, c := range classes {
			if has&c == 0 {
				continue
			}
			bi := bits.TrailingZeros32(uint32(c))
			if p < 0 || ps.first[bi] < p {
				p = ps.first[bi]
			}
			if ps.last[bi] > e {
				e = ps.last[bi]
			}
		}
		if p < 0 {
			p, e = int(words[0].start), int(words[nw-1].end)
		}
		return p - 1, e
	}
	addressed := has&(coYou|coRequest|coAsk|coNeed) != 0
	// authority_claim
	if has&coRole != 0 {
		w := 0.0
		switch {
		case has&coMandate != 0 && addressed:
			w = 0.55
		case has&coStatus != 0 && has&(coYou|coRequest|coNeed) != 0 && !ownRole:
			w = 0.4
		case has&coDirective != 0 && addressed:
			w = 0.4
		case has&coMandate != 0:
			w = 0.4
		}
		if w > 0 {
			p, e := span(coRole, coMandate, coStatus, coDirective)
			ps.hits = append(ps.hits, hitT{labAuthorityClaim, w, p, e, "co-occurrence: role + directive", sp, se})
		}
	}
	// data_extraction
	if has&coSecret != 0 && has&(coRequest|coNeed) != 0 {
		w := 0.4
		if cred && (has&(coYou|coAsk) != 0 || has&coRequest != 0 && coImperative(ws)) {
			w = 0.55 // an explicit request for a credential or a bulk list
		}
		p, e := span(coRequest, coNeed, coSecret)
		ps.hits = append(ps.hits, hitT{labDataExtraction, w, p, e, "co-occurrence: request + sensitive object", sp, se})
	}
	// scarcity
	{
		w := 0.0
		switch {
		case has&coLimit != 0 && has&coAvail != 0:
			w = 0.5
		case onlyNum && has&coAvail != 0:
			w = 0.5
		case limitNum:
			w = 0.4
		case has&coRival != 0:
			w = 0.4
		}
		if w > 0 {
			p, e := span(coLimit, coOnly, coRival, coAvail)
			ps.hits = append(ps.hits, hitT{labScarcity, w, p, e, "co-occurrence: limit + availability", sp, se})
		}
	}
	// reciprocity: a favour and an ask in this or the next sentence.
	favour := has&(coFavour|coFavourS) != 0 || has&coFavourW != 0 && has&coYou != 0
	strong := has&coFavourS != 0
	ask := has&(coAsk|coRequest|coNeed) != 0
	if (favour && ask) || (ps.prevFavour && ask) {
		w := 0.4
		if strong || ps.prevFavourStrong {
			w = 0.5
		}
		p, e := span(coFavourS, coFavour, coFavourW, coAsk, coRequest, coNeed)
		if !favour {
			p = ps.prevPos
		}
		ps.hits = append(ps.hits, hitT{labReciprocity, w, p, e, "co-occurrence: favour + request", min(p, sp), se})
	}
	ps.prevFavour, ps.prevFavourStrong = favour && !ask, strong && !ask
	ps.prevPos = int(words[0].start) - 1
}

// hitT is one co-occurrence cue found in a sentence.
type hitT struct {
	label      cueLabel
	weight     float64
	pos        int
	end        int
	what       string // the cue's phrase, "co-occurrence: ..." (a constant: no string built per cue)
	sPos, sEnd int    // the sentence (and the one before, for two-sentence cues)
}

// addCoCues adds a text's co-occurrence cues, in order, unless a cue of the
// same label at least as strong already covers the sentence.
func (st *state) addCoCues(f *folded, src int, hits []hitT) {
	if len(hits) == 0 {
		return
	}
	var tails coTails
	for _, h := range hits {
		if h.sEnd == 0 {
			h.sPos, h.sEnd = h.pos, h.end
		}
		if tails.covers(st, h.label, h.weight*srcWeight[src], h.sPos, h.sEnd) {
			continue
		}
		tails.added(h.label, h.end)
		st.addCue(cue{
			label:  h.label,
			weight: h.weight * srcWeight[src],
			src:    src,
			text:   f,
			phrase: h.what,
			pos:    h.pos,
			end:    h.end,
			srcIdx: st.nText,
		})
	}
}

// at most one per phrase, then the co-occurrence cues, at most one per
// sentence, which for a long message are thousands. For the latter, maxEnd
// keeps the running maximum of their ends, so the backward scan stops at
// the first cue before which none can reach the range asked about (their
// ends rise sentence by sentence, so that is one or two cues back).
type coTails []coTail

type coTail struct {
	label  cueLabel
	start  int   // index in st.cues[label] of the first co-occurrence cue of this text
	maxEnd []int // maxEnd[k]: the largest end among co-occurrence cues start..start+k
}

func (ts *coTails) get(st *state, label cueLabel) *coTail {
	for i := range *ts {
		if (*ts)[i].label == label {
			return &(*ts)[i]
		}
	}
	*ts = append(*ts, coTail{label: label, start: len(st.cues[label])})
	return &(*ts)[len(*ts)-1]
}

// covers reports whether a cue of the label at least as strong as w
// overlaps [pos, end) in the current text (lexCovers in the tests is the
// plain loop it replaces).
func (ts *coTails) covers(st *state, label cueLabel, w float64, pos, end int) bool {
	t := ts.get(st, label)
	cs := st.cues[label]
	hit := func(q *cue) bool { return q.srcIdx == st.nText && q.pos < end && pos < q.end && q.weight >= w }
	for k := len(t.maxEnd) - 1; k >= 0 && t.maxEnd[k] > pos; k-- {
		if hit(&cs[t.start+k]) {
			return true
		}
	}
	for i := t.start - 1; i >= 0 && cs[i].srcIdx == st.nText; i-- {
		if hit(&cs[i]) {
			return true
		}
	}
	return false
}

// added records a co-occurrence cue ending at end, appended to the label's
// list after covers looked at it.
func (ts *coTails) added(label cueLabel, end int) {
	for i := range *ts {
		if t := &(*ts)[i]; t.label == label {
			if n := len(t.maxEnd); n > 0 {
				end = max(end, t.maxEnd[n-1])
			}
			t.maxEnd = append(t.maxEnd, end)
			return
		}
	}
}

// coMayCue reports whether a sentence whose words have the classes all can
// give a cue or carry a favour to the next sentence (after a favour
// without an ask, prevFavour). It is a necessary condition only: the
// tests after it take classes away (negators, offers, the speaker's own
// data), except that a code word may become a secret and "left",
// "limitada" or "last" a limit next to the object or a number, which the
// terms below allow for.
func coMayCue(all coClass, prevFavour bool) bool {
	const limits = coLimit | coLeft | coLimitPost | coLast
	return all&(coRole|coRival|coFavour|coFavourS|coFavourW) != 0 || // authority, rivals, a favour
		all&(coSecret|coCodeW) != 0 && all&(coRequest|coNeed) != 0 || // data extraction
		all&limits != 0 && all&(coAvail|coNumber) != 0 || // a limit on the object or next to a number
		all&coOnly != 0 && all&coNumber != 0 && all&coAvail != 0 || // "only 3" seats
		prevFavour && all&(coAsk|coRequest|coNeed) != 0 // the ask after a favour
}

// coOffered: a request verb with a first-person subject up to two words
// before it ("we will send", "je vous envoie") is an offer, not a request.
func coOffered(ws []coClass, k int) bool {
	for b := 1; b <= 2 && k-b >= 0; b++ {
		if ws[k-b]&coOffer != 0 {
			return true
		}
	}
	return false
}

// coImperative: the sentence starts with a request verb (after "please" or a
// greeting word at most).
func coImperative(ws []coClass) bool {
	for k := 0; k < len(ws) && k < 3; k++ {
		if ws[k]&coRequest != 0 {
			return true
		}
	}
	return false
}

var coCodeWords = map[string]bool{"code": true, "codes": true, "codigo": true, "codigos": true, "codice": true,
	"codici": true, "clave": true, "claves": true, "pin": true, "pins": true}

// coCodeQual are the words that make a code a secret: what it opens or proves.
var coCodeQual = map[string]bool{"door": true, "lock": true, "lockbox": true, "gate": true, "access": true,
	"security": true, "verification": true, "otp": true, "sms": true, "auth": true, "login": true, "reset": true,
	"confirmation": true, "alarm": true, "entry": true, "2fa": true, "mfa": true, "backup": true, "recovery": true,
	"entrance": true, "safe": true, "keypad": true, "unlock": true, "one": true, "time": true, "cerradura": true,
	"puerta": true, "acceso": true, "seguridad": true, "verificacion": true, "tur": true, "turcode": true,
	"sicherheits": true, "zugangs": true, "porte": true, "acces": true, "securite": true, "portail": true,
	"porta": true, "accesso": true, "sicurezza": true, "acesso": true, "seguranca": true, "card": true, "bank": true}

// coSecretCode: "the door code", "el codigo de la cerradura", "the code we sent you".
func coSecretCode(s *coSentence, k int) bool {
	w := func(i int) string {
		if i < 0 || i >= len(s.spans) {
			return ""
		}
		return s.word(i)
	}
	for n := 1; n <= 2; n++ {
		if coCodeQual[w(k-n)] || coCodeQual[w(k+n)] && (w(k+1) == "de" || w(k+1) == "du" || w(k+1) == "for" || w(k+1) == "of" || w(k+1) == "to" || w(k+1) == "della" || w(k+1) == "da") {
			return true
		}
	}
	nx := w(k + 1)
	return nx == "" || nx == "you" || nx == "we" || nx == "that" || nx == "sent" || nx == "que" || nx == "quon"
}
