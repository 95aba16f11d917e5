package fallback

import "strings"

// ---- judge18h: a business cost is not a person's hardship ----
//
// Across the readable sets the authors label "can't afford" emotional
// pressure when a person's hardship is told: "I really can't afford this
// otherwise" (h5-056), "she really can't afford another gap" (h10-036),
// "she can't afford to be underinsured again" (cv-ins-036). Said of an
// operation's cost they label no emotion: "the sensor keeps tripping ...
// we can't afford another stoppage" (vjudge13a-001: authority_claim,
// policy_bypass). The rule pack reads the words alone (@emotional_pressure
// "cant afford", "cant afford to be"); businessCost reads the frame, and
// checkJudge13f drops the cue before any check reads it.

// affordAdverbs may stand between the subject and "cant" (folded).
var affordAdverbs = map[string]bool{"really": true, "simply": true, "just": true, "truly": true, "absolutely": true, "honestly": true,
	"definitely": true, "still": true, "now": true}

// orgSubjects are subjects that name an organisation or an operation, not
// a person (folded).
var orgSubjects = map[string]bool{"company": true, "business": true, "firm": true, "plant": true, "factory": true, "team": true,
	"department": true, "store": true, "shop": true, "site": true, "project": true, "organisation": true, "organization": true,
	"line": true, "warehouse": true, "office": true, "practice": true, "operation": true, "operations": true, "production": true}

// operationNouns name what an operation loses (folded): "another delay on
// this shipment", "more downtime", "to miss the launch".
var operationNouns = map[string]bool{"delay": true, "delays": true, "stoppage": true, "stoppages": true, "downtime": true, "outage": true,
	"outages": true, "disruption": true, "disruptions": true, "shutdown": true, "shutdowns": true, "slippage": true, "backlog": true,
	"penalty": true, "penalties": true, "holdup": true, "shipment": true, "shipments": true, "delivery": true, "deliveries": true,
	"launch": true, "deadline": true, "contract": true, "client": true, "clients": true, "customer": true, "customers": true,
	"sla": true, "audit": true, "recall": true, "production": true, "rollout": true, "release": true}

// affordWindow is how many words after "afford" the object may take.
const affordWindow = 6

// businessCost reports a "cant afford" cue whose sentence tells an
// operation's cost: an organisation as the subject ("the plant can't
// afford"), or an operation's loss as the object within affordWindow words
// ("we can't afford another delay on this shipment"). A person's hardship
// ("I can't afford this", "she can't afford another gap", "we can't afford
// the rent") keeps its cue.
func businessCost(q cue) bool {
	if !strings.HasPrefix(q.phrase, "cant afford") {
		return false
	}
	t := q.text.text
	i := strings.Index(t[q.pos:min(len(t), q.end+1)], " cant afford")
	if i < 0 {
		return false
	}
	at := q.pos + i
	w, p := prevWord(t, at)
	for n := 0; n < 2 && affordAdverbs[w]; n++ {
		w, p = prevWord(t, p)
	}
	if orgSubjects[w] {
		return true
	}
	rest := t[at+len(" cant afford"):]
	for n := 0; n < affordWindow; n++ {
		w, r, ok := nextFoldedWord(rest)
		if !ok || w == "." {
			break
		}
		if operationNouns[w] {
			return true
		}
		rest = r
	}
	return false
}
