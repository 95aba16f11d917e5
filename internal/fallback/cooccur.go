package fallback

import (
	"encoding/binary"
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
// The pass is linear: each word is looked up once as a unigram, bigram and
// trigram in one map, plus a few prefix lengths. Tables are read-only after
// init, so concurrent use is safe.

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
// accents, no apostrophes, hyphens as spaces) and have one to three words; a
// trailing * makes the last word a prefix.
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

var coLex = buildCoLex()

type coLexicon struct {
	ent    map[string]coEntry // entries, first words of multi-word entries, number words
	prefix map[string]coClass
	plens  []int
	// filter[first&31][last&31] has bit min(len, 63) set for every key of
	// ent: most words miss it and skip the hash lookup. filter2 is the same
	// on the second and the second-last byte (the first and last of a
	// one-byte key), which rejects most of the words the first lets pass.
	filter  [32][32]uint64
	filter2 [32][32]uint64
}

// coEntry is what a single word (or a 2-3 word key) is in the lexicon.
type coEntry struct {
	cls  coClass
	word bool // an entry of coTable (not only a lead or a number word)
	lead bool // first word of a multi-word entry
	num  bool // a number word (coNumberWords)
}

func buildCoLex() *coLexicon {
	lx := &coLexicon{ent: map[string]coEntry{}, prefix: map[string]coClass{}}
	seen := map[int]bool{}
	for _, row := range coTable {
		for _, w := range strings.Split(row.words, "|") {
			w = strings.TrimSpace(w)
			if w == "" {
				continue
			}
			if strings.HasSuffix(w, "*") {
				w = strings.TrimSuffix(w, "*")
				lx.prefix[w] |= row.cls
				if !seen[len(w)] {
					seen[len(w)] = true
					lx.plens = append(lx.plens, len(w))
				}
				continue
			}
			e := lx.ent[w]
			e.cls |= row.cls
			e.word = true
			lx.ent[w] = e
			if i := strings.IndexByte(w, ' '); i > 0 {
				e := lx.ent[w[:i]]
				e.lead = true
				lx.ent[w[:i]] = e
			}
		}
	}
	for w, ok := range coNumberWords {
		if ok && len(w) <= 7 {
			e := lx.ent[w]
			e.num = true
			lx.ent[w] = e
		}
	}
	for w := range lx.ent {
		lx.filter[w[0]&31][w[len(w)-1]&31] |= 1 << min(len(w), 63)
		lx.filter2[w[min(1, len(w)-1)]&31][w[max(len(w)-2, 0)]&31] |= 1 << min(len(w), 63)
	}
	return lx
}

// get looks a word (or a 2-3 word key) up.
func (lx *coLexicon) get(w string) (coEntry, bool) {
	if !lx.mayHave(w) {
		return coEntry{}, false
	}
	e, ok := lx.ent[w]
	return e, ok
}

// mayHave is false for most words that are not keys of ent and true for
// every key; it is small enough to inline into coClassify's word loop,
// where most words end at it.
func (lx *coLexicon) mayHave(w string) bool {
	n := len(w)
	if n == 0 {
		return false
	}
	lb := uint64(1) << min(n, 63)
	return lx.filter[w[0]&31][w[n-1]&31]&lb != 0 && lx.filter2[w[min(1, n-1)]&31][w[max(n-2, 0)]&31]&lb != 0
}

// coWord is one word of a sentence with the classes of the 1-3 word entries
// that start at it, and the end of the longest entry.
type coWord struct {
	// 32-bit offsets keep a word at 20 bytes: the words of every sentence
	// are written once and read several times.
	start, end int32 // byte range of the word in the folded text
	cls        coClass
	spanEnd    int32 // end of the longest entry starting here
	neg        bool
	negSt      int8 // 0 not looked up, 1 not a negator, 2 a negator
	code       bool // may be a code word (coCodeWords), which needs no class
}

// coDigits returns the byte range from the first ASCII digit of text to
// past its last one (or an empty range), found 8 bytes at a time: a word
// outside it has no digit, which saves a byte loop over every word (most
// texts have their digits in a few places, if any).
func coDigits(text string) [2]int {
	b := unsafe.Slice(unsafe.StringData(text), len(text)) // read only
	lo := len(b)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if m := digitBytes(binary.LittleEndian.Uint64(b[i : i+8])); m != 0 {
			lo = i + bits.TrailingZeros64(m)/8
			break
		}
	}
	if lo == len(b) {
		for ; i < len(b); i++ {
			if b[i] >= '0' && b[i] <= '9' {
				lo = i
				break
			}
		}
		if lo == len(b) {
			return [2]int{len(b), 0}
		}
	}
	// There is a digit at lo: the backward scan stops at it at the latest.
	j := len(b)
	for ; j-8 >= lo; j -= 8 {
		if m := digitBytes(binary.LittleEndian.Uint64(b[j-8 : j])); m != 0 {
			return [2]int{lo, j - 8 + (63-bits.LeadingZeros64(m))/8 + 1}
		}
	}
	for j--; j >= lo; j-- {
		if b[j] >= '0' && b[j] <= '9' {
			return [2]int{lo, j + 1}
		}
	}
	return [2]int{lo, lo + 1} // not reached: b[lo] is a digit
}

// digitBytes has the top bit of each byte of x that is an ASCII digit set
// (and no other bit): a byte c < 0x80 has 0x2f < c < 0x3a iff 0xb9-c and
// c+0x50 both have the top bit set, and neither borrows nor carries across
// bytes.
func digitBytes(x uint64) uint64 {
	const l = 0x0101010101010101
	t := x & (l * 0x7f)
	return ((l*0xb9 - t) &^ x) & (t + l*0x50) & (l * 0x80)
}

var coNumberWords = map[string]bool{"two": true, "three": true, "four": true, "five": true, "six": true,
	"seven": true, "eight": true, "nine": true, "ten": true, "dozen": true, "handful": true, "few": true,
	"dos": true, "tres": true, "cuatro": true, "cinco": true, "zwei": true, "drei": true, "vier": true,
	"funf": true, "deux": true, "trois": true, "quatre": true, "cinq": true, "due": true, "tre": true,
	"quattro": true, "duas": true, "quatro": true, "one": true, "uno": true, "einen": true, "un": false}

// cooccur adds co-occurrence cues for one folded text; it is called by
// collect right after the phrase pass over the same text. Only the
// counterparty's own words count (the message and its earlier turns).
// spans are wordSpans(f.text), the words the sentences are cut from.
func (st *state) cooccur(f *folded, src int, spans []wordSpan) {
	if src == srcContext || f == nil {
		return
	}
	text := f.text
	var negs *lexicon // its negators
	if st.e != nil && st.e.lx != nil {
		negs = st.e.lx
	}
	var hits []hitT
	var prevFavour, prevFavourStrong bool
	var prevPos int
	// One sentence at a time (word lists are per sentence: nothing looks
	// across a lone "."), in a reused buffer.
	var wbuf [96]coWord
	words := wbuf[:0]
	dig := coDigits(text)
	// A sentence reads first[b] and last[b] only for the classes b it has
	// set them for: they need no clearing between sentences.
	var first, last [32]int
	k0 := 0
	for k0 < len(spans) {
		words = words[:0]
		for k0 < len(spans) {
			sp := spans[k0]
			k0++
			if sp.end-sp.start == 1 && text[sp.start] == '.' {
				if len(words) > 0 {
					break
				}
				continue
			}
			words = append(words, coWord{start: sp.start, end: sp.end})
		}
		if len(words) == 0 {
			continue
		}
		s := [2]int{0, len(words)}
		if !coClassify(words, text, negs, dig) {
			// No word has a class and none is a code word: no cue, no
			// favour carried to the next sentence.
			prevFavour, prevFavourStrong = false, false
			prevPos = int(words[0].start) - 1
			continue
		}
		sp, se := int(words[s[0]].start)-1, int(words[s[1]-1].end)+1
		var has coClass
		limitNum, onlyNum, ownRole, cred := false, false, false, false
		for k := s[0]; k < s[1]; k++ {
			w := &words[k]
			if w.cls == 0 && !w.code {
				continue // every test below needs a class or a code word
			}
			c := w.cls
			if w.neg {
				c &^= coDirective | coMandate | coStatus | coRequest | coNeed | coFavour | coFavourW | coLimit | coRival
			}
			wd := text[w.start:w.end]
			// Offers ("we will send you") are not requests.
			if c&coRequest != 0 && coOffered(words, text, k, s[0]) {
				c &^= coRequest
			}
			// A code is a secret when the words around say which: "door code", "the code we sent".
			if len(wd) >= 3 && len(wd) <= 7 && (wd[0] == 'c' || wd[0] == 'p') && coCodeWords[wd] && coSecretCode(words, text, k, s) {
				c |= coSecret
			}
			if c == 0 {
				continue // every test below needs a class of this word
			}
			// The speaker's own data is not extraction; plain codes are not secrets.
			if c&coSecret != 0 && k > s[0] {
				pw := text[words[k-1].start:words[k-1].end]
				own := words[k-1].cls&coOwnPoss != 0 || k-2 >= s[0] && words[k-2].cls&coOwnPoss != 0
				if own || (strings.HasPrefix(wd, "cod") && coSecretExempt[pw]) {
					c &^= coSecret
				}
			}
			// "my supervisor approved": the speaker's own side, not a claim on the agent.
			if c&coRole != 0 && k > s[0] && words[k-1].cls&coOwnPoss != 0 {
				ownRole = true
			}
			// "left"/"reste" is a limit only after a number, "only" or the object.
			if c&coLeft != 0 && k > s[0] && words[k-1].cls&(coNumber|coOnly|coAvail) != 0 {
				c |= coLimit
			}
			// "limitadas", "begrenzt": a limit right after the object.
			if c&coLimitPost != 0 {
				for n := 1; n <= 2 && k-n >= s[0]; n++ {
					if words[k-n].cls&coAvail != 0 {
						c |= coLimit
						break
					}
				}
			}
			// "I only need two tickets" is a buyer, not a limit.
			if c&coOnly != 0 && coOffered(words, text, k, s[0]) {
				c &^= coOnly
			}
			// A limit next to a number: "quedan dos", "2 left", "nur noch 3".
			if c&coLimit != 0 {
				for n := -2; n <= 2; n++ {
					if n != 0 && k+n >= s[0] && k+n < s[1] && words[k+n].cls&coNumber != 0 {
						limitNum = true
					}
				}
			}
			// "only" right before a number: "only 3", "just about 600".
			if c&coOnly != 0 {
				for n := 1; n <= 2 && k+n < s[1]; n++ {
					if words[k+n].cls&coNumber != 0 {
						onlyNum = true
					}
				}
			}
			// "last"/"final" is a limit only right before the object or a number.
			if c&coLast != 0 {
				for n := 1; n <= 3 && k+n < s[1]; n++ {
					if words[k+n].cls&(coAvail|coNumber) != 0 {
						c |= coLimit
						break
					}
				}
			}
			for m := uint32(c); m != 0; m &= m - 1 {
				bi := bits.TrailingZeros32(m)
				if has&(1<<bi) == 0 {
					first[bi] = int(w.start)
				}
				last[bi] = int(w.spanEnd)
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
				if p < 0 || first[bi] < p {
					p = first[bi]
				}
				if last[bi] > e {
					e = last[bi]
				}
			}
			if p < 0 {
				p, e = int(words[s[0]].start), int(words[s[1]-1].end)
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
				hits = append(hits, hitT{"authority_claim", w, p, e, "co-occurrence: role + directive", sp, se})
			}
		}
		// data_extraction
		if has&coSecret != 0 && has&(coRequest|coNeed) != 0 {
			w := 0.4
			if cred && (has&(coYou|coAsk) != 0 || has&coRequest != 0 && coImperative(words, text, s)) {
				w = 0.55 // an explicit request for a credential or a bulk list
			}
			p, e := span(coRequest, coNeed, coSecret)
			hits = append(hits, hitT{"data_extraction", w, p, e, "co-occurrence: request + sensitive object", sp, se})
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
				hits = append(hits, hitT{"scarcity", w, p, e, "co-occurrence: limit + availability", sp, se})
			}
		}
		// reciprocity: a favour and an ask in this or the next sentence.
		favour := has&(coFavour|coFavourS) != 0 || has&coFavourW != 0 && has&coYou != 0
		strong := has&coFavourS != 0
		ask := has&(coAsk|coRequest|coNeed) != 0
		if (favour && ask) || (prevFavour && ask) {
			w := 0.4
			if strong || prevFavourStrong {
				w = 0.5
			}
			p, e := span(coFavourS, coFavour, coFavourW, coAsk, coRequest, coNeed)
			if !favour {
				p = prevPos
			}
			hits = append(hits, hitT{"reciprocity", w, p, e, "co-occurrence: favour + request", min(p, sp), se})
		}
		prevFavour, prevFavourStrong = favour && !ask, strong && !ask
		prevPos = int(words[s[0]].start) - 1
	}
	st.addCoCues(f, src, hits)
}

// hitT is one co-occurrence cue found in a sentence.
type hitT struct {
	label      string
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

// coClassify sets the classes of the words of one sentence and reports
// whether any word has a class or may be a code word (coCodeWords): if not,
// the sentence cannot give a cue.
// dig is coDigits(text).
func coClassify(words []coWord, text string, negs *lexicon, dig [2]int) bool {
	some := false
	lx := coLex
	plens := lx.plens
	for k := range words {
		w := &words[k]
		wd := text[w.start:w.end]
		var e coEntry
		ok := false
		if lx.mayHave(wd) {
			e, ok = lx.ent[wd]
		}
		if ok && e.word {
			w.cls |= e.cls
			w.spanEnd = w.end
		}
		if ok && e.lead {
			for n := 1; n < 3 && k+n < len(words); n++ {
				if e2, ok := coLex.get(text[w.start:words[k+n].end]); ok && e2.word {
					w.cls |= e2.cls
					w.spanEnd = words[k+n].end
				}
			}
		}
		for _, L := range plens {
			if len(wd) >= L {
				if c, ok := coLex.prefix[wd[:L]]; ok {
					w.cls |= c
					if w.spanEnd < w.end {
						w.spanEnd = w.end
					}
				}
			}
		}
		if e.num || int(w.end) > dig[0] && int(w.start) < dig[1] && hasASCIIDigit(wd) {
			w.cls |= coNumber
		}
		if w.spanEnd < w.end {
			w.spanEnd = w.end
		}
		if w.cls != 0 {
			some = true
		} else if len(wd) >= 3 && len(wd) <= 7 && (wd[0] == 'c' || wd[0] == 'p') {
			w.code, some = true, true
		}
		// A negator up to three words before cancels verbs and favours.
		for b := 1; w.cls != 0 && b <= 3 && k-b >= 0; b++ {
			x := &words[k-b]
			if x.negSt == 0 {
				x.negSt = 1
				if negs != nil && negs.isNegator(text[x.start:x.end]) {
					x.negSt = 2
				}
			}
			if x.negSt == 2 {
				w.neg = true
				break
			}
		}
	}
	return some
}

// coTails tells the loop that adds a text's co-occurrence cues whether one
// is already covered (lexCovers in the tests is the plain loop it replaces),
// in time linear in the number of cues. A label's cues of the current text
// are the tail of its list (collect adds a text's phrase cues, then its
// co-occurrence cues, and nothing else adds cues): first the phrase cues,
// at most one per phrase, then the co-occurrence cues, at most one per
// sentence, which for a long message are thousands. For the latter, maxEnd
// keeps the running maximum of their ends, so the backward scan stops at
// the first cue before which none can reach the range asked about (their
// ends rise sentence by sentence, so that is one or two cues back).
type coTails []coTail

type coTail struct {
	label  string
	start  int   // index in st.cues[label] of the first co-occurrence cue of this text
	maxEnd []int // maxEnd[k]: the largest end among co-occurrence cues start..start+k
}

func (ts *coTails) get(st *state, label string) *coTail {
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
func (ts *coTails) covers(st *state, label string, w float64, pos, end int) bool {
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
func (ts *coTails) added(label string, end int) {
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

// coOffered: a request verb with a first-person subject up to two words
// before it ("we will send", "je vous envoie") is an offer, not a request.
func coOffered(words []coWord, text string, k, s0 int) bool {
	for b := 1; b <= 2 && k-b >= s0; b++ {
		if words[k-b].cls&coOffer != 0 {
			return true
		}
	}
	return false
}

// coImperative: the sentence starts with a request verb (after "please" or a
// greeting word at most).
func coImperative(words []coWord, text string, s [2]int) bool {
	for k := s[0]; k < s[1] && k < s[0]+3; k++ {
		if words[k].cls&coRequest != 0 {
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
func coSecretCode(words []coWord, text string, k int, s [2]int) bool {
	w := func(i int) string {
		if i < s[0] || i >= s[1] {
			return ""
		}
		return text[words[i].start:words[i].end]
	}
	for n := 1; n <= 2; n++ {
		if coCodeQual[w(k-n)] || coCodeQual[w(k+n)] && (w(k+1) == "de" || w(k+1) == "du" || w(k+1) == "for" || w(k+1) == "of" || w(k+1) == "to" || w(k+1) == "della" || w(k+1) == "da") {
			return true
		}
	}
	nx := w(k + 1)
	return nx == "" || nx == "you" || nx == "we" || nx == "that" || nx == "sent" || nx == "que" || nx == "quon"
}
