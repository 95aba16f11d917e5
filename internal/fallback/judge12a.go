package fallback

// ---- someone else's sign-off, invoked in the message ----
//
// The rule pack names the offices that approve ("the director wants",
// "legal has", "el director ha aprobado") one phrase at a time, so a new
// office or a new verb ("the partner in charge gave her blessing", "die
// Zentrale hat die Überweisung genehmigt", "un autre conseiller m'a promis")
// is missed. The tactic is a structure: a person or office other than the
// speaker, then, in the same sentence and a few words on, a verb of approval
// or promise in the past. It is a weak cue, reported only when the case
// gives cause for concern, because a real approval is told the same way.
// It is not read when the approval is denied ("has not approved"), still to
// come ("once legal has approved", "must be approved by"), or asked for.

// signoffRoles are folded words that name a person or office whose approval
// or promise binds others, in English, Spanish, German and French.
var signoffRoles = map[string]bool{
	"manager": true, "supervisor": true, "boss": true, "director": true, "ceo": true, "cfo": true, "coo": true, "vp": true,
	"president": true, "partner": true, "principal": true, "legal": true, "compliance": true, "counsel": true, "lawyer": true,
	"attorney": true, "board": true, "headquarters": true, "hq": true, "management": true, "leadership": true, "owner": true,
	"colleague": true, "coworker": true, "agent": true, "representative": true, "rep": true, "advisor": true, "adviser": true,
	"regulator": true, "auditor": true, "auditors": true, "treasury": true, "controller": true, "superior": true,
	"head": true, "office": true, "department": true, "team": true, "lead": true, "chair": true, "chairman": true,
	"jefe": true, "jefa": true, "gerente": true, "directora": true, "supervisora": true, "juridico": true, "cumplimiento": true,
	"socio": true, "socia": true, "sede": true, "direccion": true, "gerencia": true, "junta": true, "consejo": true,
	"agente": true, "companero": true, "companera": true, "abogado": true, "abogada": true, "responsable": true, "departamento": true,
	"asesor": true, "asesora": true,
	"vorgesetzter": true, "vorgesetzte": true, "chef": true, "chefin": true, "leiter": true, "leiterin": true,
	"rechtsabteilung": true, "zentrale": true, "hauptsitz": true, "vorstand": true, "geschaftsfuhrung": true,
	"geschaftsleitung": true, "kollege": true, "kollegin": true, "mitarbeiter": true, "mitarbeiterin": true, "berater": true,
	"beraterin": true, "aufsichtsrat": true, "anwalt": true, "anwaltin": true, "justiziar": true, "abteilung": true,
	"directeur": true, "directrice": true, "juridique": true, "conformite": true, "associe": true, "associee": true,
	"siege": true, "conseil": true, "collegue": true, "conseiller": true, "conseillere": true, "superieur": true, "avocat": true,
	"avocate": true, "service": true,
	"physician": true, "doctor": true, "landlord": true, "procurement": true, "security": true, "dean": true, "registrar": true,
	"executor": true, "trustee": true, "trustees": true, "hr": true, "finance": true, "accounting": true,
	"medico": true, "medica": true, "arrendador": true, "casero": true, "compras": true, "seguridad": true, "finanzas": true,
	"arzt": true, "arztin": true, "vermieter": true, "einkauf": true, "buchhaltung": true, "personalabteilung": true,
	"employer": true, "empleador": true, "empresa": true, "arbeitgeber": true, "employeur": true, "docteur": true, "doktor": true,
	"doctora": true, "medecin": true, "bailleur": true, "proprietaire": true, "achats": true, "comptabilite": true, "rh": true,
	"captain": true, "capitan": true, "kapitan": true, "capitaine": true, "orchestrator": true, "ombudsman": true, "underwriter": true, "officer": true, "inspector": true, "pediatrician": true, "paediatrician": true, "gp": true, "administrator": true, "admin": true, "regulador": true, "mediateur": true, "asociacion": true, "colegio": true, "verband": true, "kammer": true, "association": true, "chambre": true, // judge13a round
}

// signoffStops end the window: a denial, or a condition or duty that puts the
// approval in the future. signoffBefore are the same words read just before
// the office.
var signoffStops = map[string]bool{
	"not": true, "never": true, "hasnt": true, "havent": true, "didnt": true, "wont": true, "yet": true, "no": true, "nunca": true,
	"todavia": true, "aun": true, "nicht": true, "nie": true, "noch": true, "kein": true, "keine": true, "pas": true, "jamais": true,
	"must": true, "needs": true, "need": true, "should": true, "will": true, "would": true, "to": true, "be": true,
	"debe": true, "tiene": true, "muss": true, "soll": true, "werden": true, "doit": true, "faut": true, "etre": true,
}

var signoffBefore = map[string]bool{
	"once": true, "when": true, "if": true, "until": true, "unless": true, "whether": true, "ask": true, "asked": true,
	"cuando": true, "si": true, "hasta": true, "pregunte": true, "sobald": true, "wenn": true, "falls": true, "bis": true, "ob": true,
	"quand": true, "lorsque": true, "des": true, "demander": true, "demande": true,
}

// signoffWindow is how many words after the office the verb may come.
const signoffWindow = 7

// signoffBack reads the words before the approval the rule pack's @signoff
// lines found at t[pos:end], back to the start of its sentence and at most
// signoffWindow words: an office among them, with no denial or duty
// between, no condition just before it, and no "werden"/"sein" after the
// verb. It returns the start of the office's word.
func signoffBack(t string, pos, end int) (int, bool) {
	if after := nextWord(t, end-1); after == "werden" || after == "sein" {
		return 0, false
	}
	i := pos
	for n := 0; n < signoffWindow; n++ {
		w, p := prevWord(t, i)
		if w == "" || w == "." {
			return 0, false
		}
		if signoffStops[w] {
			return 0, false
		}
		if signoffRoles[w] {
			q := p
			for k := 0; k < 3; k++ {
				b, bp := prevWord(t, q)
				if b == "" || b == "." {
					break
				}
				if signoffBefore[b] {
					return 0, false
				}
				q = bp
			}
			return p, true
		}
		i = p
	}
	return 0, false
}

// prevWord returns the word that ends before the space at t[i] and the
// offset of the space before it, or "".
func prevWord(t string, i int) (string, int) {
	for i > 0 && i <= len(t) && t[i-1] == ' ' {
		i--
	}
	j := i
	for j > 0 && t[j-1] != ' ' {
		j--
	}
	if j == i {
		return "", 0
	}
	return t[j:i], max(0, j-1)
}

// nextWord returns the word that starts after the space at t[i], or "".
func nextWord(t string, i int) string { return wordAfter(t, i, 0) }

// signoffWeight is the cue's weight: below the threshold, so that it counts
// only with the case's own cause for concern.
const signoffWeight = 0.45

// checkJudge12a adds the sign-off cue for the message: the first approval
// the matcher found (@signoff) with an office before it, unless a cue of the
// rule pack already reads the same words (one claim counts once) or a
// record shows the approval the sentence relays (relayedOnRecord).
func (st *state) checkJudge12a() {
	vs := st.cues[labSignoff]
	if len(vs) == 0 {
		return
	}
	qs := st.cues[labAuthorityClaim]
	for _, v := range vs {
		if !v.inMessage() {
			continue
		}
		t := v.text.text
		p, ok := signoffBack(t, v.pos, v.end)
		if !ok || overlapsCue(qs, p, v.end) {
			continue
		}
		if st.relayedSentenceOnRecord(t, p, v.end) {
			continue
		}
		st.cues[labAuthorityClaim] = append(qs, cue{label: labAuthorityClaim, weight: st.relayedWeight(signoffWeight),
			src: srcMessage, text: v.text, phrase: "an office's sign-off", pos: p, end: v.end, srcIdx: v.srcIdx})
		return
	}
}

// overlapsCue reports a message cue of qs that shares words with t[p:e].
func overlapsCue(qs []cue, p, e int) bool {
	for _, q := range qs {
		if q.src == srcMessage && q.pos < e && p < q.end {
			return true
		}
	}
	return false
}
