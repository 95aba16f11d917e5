package fallback

import "strings"

// digitsOnFile reports whether the recipient piece names an account or card
// by a number (four digits or more, such as "card ending 4410" or "carte se
// terminant par 4410") that the owner's side of the case also holds: the
// records speak of that very account, so the payee is not a new party
// whatever language the words around the number are in. k is the folded
// known text checkNewParty builds.
func digitsOnFile(name, k string) bool {
	for i := 0; i < len(name); {
		if !isDigitByte(name[i]) {
			i++
			continue
		}
		j := i
		for j < len(name) && isDigitByte(name[j]) {
			j++
		}
		if j-i >= 4 && digitRunOnFile(k, name[i:j]) {
			return true
		}
		i = j
	}
	return false
}

// digitRunOnFile reports whether run occurs in s as a whole run of digits
// that the words just around it do not deny: "the card ending 9911 is not on
// file" names the number in order to say it is not the owner's.
func digitRunOnFile(s, run string) bool {
	for off := 0; off+len(run) <= len(s); {
		p := strings.Index(s[off:], run)
		if p < 0 {
			return false
		}
		p += off
		e := p + len(run)
		if (p == 0 || !isDigitByte(s[p-1])) && (e == len(s) || !isDigitByte(s[e])) &&
			!hasNeg(s[max(0, p-24):min(len(s), e+32)]) {
			return true
		}
		off = p + 1
	}
	return false
}
