package fallback

import "strings"

// ---- a never-share item with a carve-out ----
//
// "Never give out ... anything about Jana or the children beyond their
// ages", "nada sobre los niños salvo su edad", "rien sur les enfants sauf
// leur âge": the item forbids everything about its object except the part
// it names after "beyond". An action that sends only that part ("children
// aged 7 and 10") keeps to the policy; one that sends anything else about
// them ("the children's vaccination records") breaks it. objectPhrases cuts
// such an item at the exception word, and checkForbiddenShare passes over
// it when the action's description names the allowed part.

// exceptWords open the carve-out of a list item (folded).
var exceptWords = map[string]bool{"beyond": true, "except": true, "besides": true, "excepto": true, "salvo": true, "menos": true,
	"ausser": true, "ausgenommen": true, "sauf": true, "hormis": true, "excepte": true}

// cutException splits a list item's folded words at its exception word:
// the object before it and the allowed part after it (nil without one).
func cutException(words []string) (object, allow []string) {
	for i, w := range words {
		if exceptWords[w] {
			return words[:i], words[i+1:]
		}
	}
	return words, nil
}

// allowedPart reports whether the description names one of the allowed
// words of a carve-out ("ages" and "aged", "edad" and "edades"): the words
// are compared without their plural or participle ending.
func allowedPart(allow []string, desc string) bool {
	if len(allow) == 0 {
		return false
	}
	var want []string
	for _, w := range allow {
		if w = bareWord(w); len(w) >= 3 && !stopWords.has(w) && !weakStems[w] {
			want = append(want, w)
		}
	}
	if len(want) == 0 {
		return false
	}
	for _, w := range strings.FieldsFunc(foldedText(clipBytes(desc, maxClaimBytes)), func(r rune) bool { return r < 'a' || r > 'z' }) {
		b := bareWord(w)
		for _, x := range want {
			if b == x {
				return true
			}
		}
	}
	return false
}

// bareWord drops a plural or participle ending and keeps five letters at
// most, so that "ages", "aged" and "age" compare equal.
func bareWord(w string) string {
	for _, suf := range []string{"es", "ed", "s", "d"} {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
			w = w[:len(w)-len(suf)]
			break
		}
	}
	return w[:min(len(w), 5)]
}
