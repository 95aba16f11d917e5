package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- recording a status the records deny ----
//
// "Tick the transcript as received", "marcar el pago como recibido", "den
// Nachweis als eingegangen markieren": the action writes a status onto a
// record, and a verified system record says the thing is not there ("No
// transcript document is attached", "falta el justificante", "Nachweis
// fehlt"). Setting the status would make the records say what they do not
// show, which is how a rule that needs the document gets bypassed.

var statusLeads = []string{" as ", " como ", " als ", " comme ", " en tant que "}

var statusWords = map[string]bool{"received": true, "complete": true, "completed": true, "paid": true, "verified": true,
	"delivered": true, "submitted": true, "checked": true, "done": true, "present": true, "attached": true, "approved": true,
	"recibido": true, "recibida": true, "completo": true, "completa": true, "pagado": true, "pagada": true, "verificado": true,
	"verificada": true, "entregado": true, "entregada": true, "aprobado": true,
	"erhalten": true, "eingegangen": true, "vollstandig": true, "bezahlt": true, "gepruft": true, "erledigt": true, "vorhanden": true,
	"recu": true, "recue": true, "complet": true, "paye": true, "payee": true, "verifie": true, "livre": true, "fourni": true}

// notThereWords say a thing is not there.
var notThereWords = map[string]bool{"no": true, "not": true, "missing": true, "without": true, "pending": true, "outstanding": true,
	"falta": true, "faltan": true, "sin": true, "pendiente": true, "fehlt": true, "fehlen": true, "nicht": true, "kein": true,
	"keine": true, "ausstehend": true, "manque": true, "manquant": true, "manquante": true, "pas": true, "aucun": true, "aucune": true}

// markVerbs are the verbs of the marking itself, not what is marked.
var markVerbs = map[string]bool{"mark": true, "tick": true, "flag": true, "record": true, "marcar": true, "registrar": true,
	"markieren": true, "vermerken": true, "marquer": true, "cocher": true, "indiquer": true, "status": true, "update": true}

// checkMarkedStatus flags an action that sets a status a verified record
// contradicts.
func (st *state) checkMarkedStatus(v *j3fold) {
	if len(st.trusted) == 0 {
		return
	}
	d := v.spacedDesc()
	var objs []string
	status := ""
	for _, l := range statusLeads {
		i := strings.Index(d, l)
		if i < 0 {
			continue
		}
		after := strings.Fields(d[i+len(l):])
		if len(after) == 0 || !statusWords[after[0]] {
			continue
		}
		status = after[0]
		before := strings.Fields(d[:i])
		// The thing marked: the content words just before the lead ("the
		// final transcript", "le certificat médical").
		for k := len(before) - 1; k >= 0 && k >= len(before)-4 && len(objs) < 3; k-- {
			if len(before[k]) >= 4 && !markVerbs[before[k]] && !hasASCIIDigit(before[k]) {
				objs = append(objs, before[k])
			}
		}
		break
	}
	if len(objs) == 0 {
		return
	}
	for ti, t := range st.trusted {
		if !t.isRecord() {
			continue
		}
		tok := strings.Fields(v.record(ti))
		obj, absent := "", false
		for _, w := range tok {
			for _, o := range objs {
				if obj == "" && unitStem(w) == unitStem(o) {
					obj = o
				}
			}
			if notThereWords[w] {
				absent = true
			}
		}
		if obj == "" || !absent {
			continue
		}
		st.add(finding{tactic: consult.PolicyBypass, kind: "markedstatus", score: 0.6, sig: consult.High, hard: true, refs: []string{t.id},
			obs:    fmt.Sprintf("The action records the %s as %s, but %s %s says it is not there: %s", obj, status, t.kind, t.id, st.clipCase(t.text, 160)),
			reason: "Setting a status the records contradict would make the file say what it does not show; the document has to come first.",
			disp:   consult.DoNotProceed})
		return
	}
}
