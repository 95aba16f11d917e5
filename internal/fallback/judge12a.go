package fallback

import "strings"

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
}

// signoffVerbs are folded words of a past approval or promise.
var signoffVerbs = map[string]bool{
	"approved": true, "authorised": true, "authorized": true, "cleared": true, "okayed": true, "okd": true, "sanctioned": true,
	"greenlit": true, "greenlighted": true, "green-lit": true, "promised": true, "blessing": true, "waived": true,
	"agreed": true, "permission": true, "assured": true, "aseguro": true, "permiso": true, "versichert": true, "erlaubt": true,
	"assure": true, "permis": true, "instructed": true, "mandated": true, "decided": true, "mandato": true, "mandatado": true,
	"mandatados": true, "ordeno": true, "decidio": true, "beauftragt": true, "angewiesen": true, "beschlossen": true,
	"entschieden": true, "mandate": true, "mandates": true, "ordonne": true, "decide": true,
	"aprobo": true, "aprobado": true, "aprobada": true, "autorizo": true, "autorizado": true, "autorizada": true,
	"prometio": true, "prometido": true, "validado": true, "valido": true,
	"genehmigt": true, "freigegeben": true, "abgesegnet": true, "zugesagt": true, "versprochen": true, "bewilligt": true,
	"approuve": true, "autorise": true, "valide": true, "promis": true,
}

// signoffPairs are two-word approvals ("signed off", "visto bueno", "feu
// vert", "grünes Licht").
var signoffPairs = map[string]bool{
	"signed off": true, "green light": true, "go-ahead": true, "visto bueno": true, "luz verde": true, "dio permiso": true,
	"grunes licht": true, "feu vert": true, "son accord": true, "su aprobacion": true, "ihr okay": true, "sein okay": true,
	"green lit": true, "was fine": true, "its fine": true, "was ok": true, "was okay": true, "its ok": true, "its okay": true,
	"estaba bien": true, "esta bien": true, "sei okay": true, "ist okay": true, "etait possible": true, "cetait possible": true,
}

// saidMay are the three-word forms of a permission passed on ("the agent
// said you can", "me dijo que podía", "a dit que je pouvais").
var saidMay = map[string]bool{
	"said you can": true, "said you could": true, "said i can": true, "said i could": true, "said we can": true,
	"said we could": true, "said that was": true, "told me i": true, "me i could": true,
	"dijo que podia": true, "dijo que puede": true, "dijo que podian": true, "dijo que podemos": true, "dijo que podiamos": true,
	"sagte ich kann": true, "sagte ich konne": true, "sagte sie konnen": true, "meinte ich kann": true, "sagte das geht": true,
	"dit que je": true, "dit que vous": true, "dit quon pouvait": true,
}

// saidMayAt returns how many words from ws[j] a passed-on permission
// takes, or 0.
func saidMayAt(ws []string, j int) int {
	if j+2 < len(ws) && saidMay[ws[j]+" "+ws[j+1]+" "+ws[j+2]] {
		return 3
	}
	return 0
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

// signoffCue finds an office and a later past approval in one sentence of the
// folded text t that keep (given the sentence) accepts, and returns the span
// from the office to the verb.
func signoffCue(t string, keep func(sentence string, pos, end int) bool) (pos, end int, ok bool) {
	for from := 0; from < len(t); {
		to := strings.Index(t[from:], " . ")
		if to < 0 {
			to = len(t)
		} else {
			to += from
		}
		if p, e, ok := signoffIn(t, from, to); ok && keep(t[from:to], p, e) {
			return p, e, true
		}
		from = to + 2
	}
	return 0, 0, false
}

// signoffIn reads the sentence t[from:to].
func signoffIn(t string, from, to int) (int, int, bool) {
	ws := strings.Fields(t[from:to])
	for i, w := range ws {
		if !signoffRoles[w] {
			continue
		}
		if i > 0 && signoffBefore[ws[i-1]] || i > 1 && signoffBefore[ws[i-2]] || i > 2 && signoffBefore[ws[i-3]] {
			continue
		}
		for j := i + 1; j < len(ws) && j <= i+signoffWindow; j++ {
			v := ws[j]
			if signoffStops[v] {
				break
			}
			last := v
			if n := saidMayAt(ws, j); n > 0 {
				last = ws[j+n-1]
				j += n - 1
			} else if !signoffVerbs[v] {
				if j+1 >= len(ws) || !signoffPairs[v+" "+ws[j+1]] {
					continue
				}
				last = ws[j+1]
				j++
			}
			// A verb followed by "werden"/"sein" is still to happen
			// ("von der Zentrale genehmigt werden").
			if j+1 < len(ws) && (ws[j+1] == "werden" || ws[j+1] == "sein") {
				break
			}
			p := from + wordOffset(t[from:to], i)
			e := from + wordOffset(t[from:to], j) + len(last) + 1
			return p, e, true
		}
	}
	return 0, 0, false
}

// wordOffset returns the offset of the space before the n-th field of s.
func wordOffset(s string, n int) int {
	k := -1
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' && (i == 0 || s[i-1] == ' ') {
			k++
			if k == n {
				return max(0, i-1)
			}
		}
	}
	return len(s)
}

// signoffWeight is the cue's weight: below the threshold, so that it counts
// only with the case's own cause for concern.
const signoffWeight = 0.45

// checkJudge12a adds the sign-off cue for the message, unless a cue of the
// rule pack already reads the same words (one claim counts once) or a
// record shows the approval the sentence relays (relayedOnRecord).
func (st *state) checkJudge12a() {
	qs := st.cues["authority_claim"]
	p, e, ok := signoffCue(st.msg.text, func(sentence string, p, e int) bool {
		for _, q := range qs {
			if q.src == srcMessage && q.pos < e && p < q.end {
				return false
			}
		}
		return !st.relayedOnRecord(strings.TrimSpace(sentence))
	})
	if !ok {
		return
	}
	st.cues["authority_claim"] = append(qs, cue{label: "authority_claim", weight: signoffWeight,
		src: srcMessage, text: &st.msg, phrase: "an office's sign-off", pos: p, end: e, srcIdx: 1})
}
