package fallback

import (
	"strings"
)

// Structural checks, third round: what the records, policies and recipient
// of a case say about the request, read without depending on the
// counterparty's wording. Each check is linear in the text it reads and
// bounded by maxClaimBytes like the others.

// titleAbbrevs are words written with a full stop that do not end a
// sentence ("Dr. Chen", "Mr. Petrov", "Sra. Vidal", "Nr. 5").
var titleAbbrevs = map[string]bool{
	"dr": true, "mr": true, "mrs": true, "ms": true, "mx": true, "prof": true, "st": true, "sr": true, "sra": true,
	"srta": true, "dra": true, "hr": true, "fr": true, "frau": true, "herr": true, "mme": true, "mlle": true, "me": true,
	"nr": true, "nº": true, "inc": true, "corp": true, "co": true, "ltd": true, "vs": true, "etc": true,
	"approx": true, "ca": true, "bzw": true, "z": true, "b": true, "u": true, "a": true, "s": true, "l": true,
}

// sentenceSplit cuts s into sentences at '!', '?', ';', newlines and full
// stops, but not at a full stop inside a token ("2.500", "S.L", an address)
// or after a title or abbreviation followed by a word ("Dr. Chen", "S.L. es"): a record naming "Dr. Chen"
// and "Lakeside Cardiology" in one sentence must stay one sentence, or a
// check that ties a name to a grant would see two halves.
func sentenceSplit(s string) []string {
	var out []string
	start := 0
	emit := func(end int) {
		if end > start {
			out = append(out, s[start:end])
		}
		start = end + 1
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '!', '?', ';', '\n':
			emit(i)
		case '.':
			if i+1 < len(s) && s[i+1] != ' ' && s[i+1] != '\t' && s[i+1] != '\r' && s[i+1] != '\n' && s[i+1] != ')' && s[i+1] != '"' {
				continue // inside a token: 2.500, S.L, mail.example.com
			}
			j := i
			for j > start && isAlnumByte(s[j-1]) {
				j--
			}
			if j < i && titleAbbrevs[strings.ToLower(s[j:i])] && (j == start || !isAlnumByte(s[j-1])) && i+2 < len(s) && s[i+1] == ' ' && (isAlnumByte(s[i+2]) || s[i+2] >= 0x80) {
				continue // "Dr. Chen", "Nr. 5" stays in its sentence
			}
			emit(i)
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// moreScalingUnits are units a limit is multiplied by beyond scalingUnits:
// people and things an action commonly buys several of.
var moreScalingUnits = []string{"employee", "attendee", "participant", "traveller", "traveler", "user", "licen", "member",
	"child", "adult", "student", "vehicle", "kg", "kilo", "mile", "km", "bag", "piece", "copy", "page", "share", "box", "pallet",
	"mitarbeit", "teilnehm", "gast", "gäst", "kind", "empleado", "asistente", "participante", "huésped", "huesped", "viajero",
	"pasajero", "maleta", "salarié", "salarie", "invité", "invite", "voyageur", "bagage", "enfant", "adulte"}

// unitIsWhole decides a limit stated per a unit the action gives no count
// of. A scaling unit (per night, per attendee) cannot be compared without
// the count. Any other unit - per trip, per claim, je Schadenfall, par
// sinistre, por siniestro, per incident - is the case itself: the action is
// one of it, and the limit applies as stated.
func unitIsWhole(unit string, lim float64) (float64, bool) {
	if unit == "" || unit == "?" || unit == "item" {
		return 0, false
	}
	for _, u := range scalingUnits {
		if strings.HasPrefix(unit, u) || strings.HasPrefix(u, unit) {
			return 0, false
		}
	}
	for _, u := range moreScalingUnits {
		if strings.HasPrefix(unit, u) || strings.HasPrefix(u, unit) {
			return 0, false
		}
	}
	if !isLetter(unit[0]) && unit[0] < 0x80 {
		return 0, false // "per 100 km", "/ 2": not a word
	}
	return lim, true
}

// limitLead reports a bare "up to" word right before an amount: German "bis
// 2.500 €", Spanish "de hasta", Italian "fino a", Portuguese "até". Bare
// "bis" only counts right before the amount, so "bis zum 31. März" does not.
func limitLead(lead string) bool {
	l := strings.TrimRight(lead, " ")
	for _, w := range []string{" bis", " fino a", " até", " ate", " max.", " max"} {
		if strings.HasSuffix(l, w) {
			return true
		}
	}
	return false
}
