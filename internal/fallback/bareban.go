package fallback

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a ban on an act for every thing of a kind ----
//
// "Bags can be added later but never removed", "Passengers cannot be
// removed", "Las reservas no se pueden transferir", "Gutscheine können nicht
// ausgezahlt werden", "Les billets ne peuvent pas être remboursés": a
// policy whose subject is a bare noun (an article at most) bans an act on
// every thing of that kind, and the action's own verb does that act to such
// a thing ("Remove one checked bag"). checkPolicyBan reads bans on a class
// ("basic economy flights") and needs two words of the class in the
// description; a bare subject has none to give, and needs no class check.
// A sentence with a condition (if, unless, after, within, only...) is not a
// ban on every thing and is left to the condition checks. No tactic for a
// polite request; policy_bypass when the counterparty presses past a rule,
// with authority or emotion.

// bareBanMarks open the banned act in a policy sentence (folded, spaced).
var bareBanMarks = []string{" never ", " cannot be ", " can not be ", " may not be ", " must not be ", " are not ", " is not ",
	" nunca se ", " no se pueden ", " no se puede ", " jamas se ",
	" nie ", " niemals ", " konnen nicht ", " kann nicht ", " durfen nicht ", " darf nicht ",
	" jamais ", " ne peuvent pas etre ", " ne peut pas etre ", " ne peuvent etre ", " ne sont jamais "}

// bareBanVerbs map a banned act's stem to the stems an action's own verb
// may use for it.
var bareBanVerbs = map[string][]string{
	"remov": {"remov", "delet", "take ", "quita", "retir", "elimi", "entfe", "stree", "suppr", "enlev"},
	"delet": {"remov", "delet", "quita", "elimi", "entfe", "suppr"},
	"quita": {"remov", "quita", "retir", "elimi"}, "retir": {"remov", "quita", "retir", "elimi", "enlev"},
	"elimi": {"remov", "delet", "quita", "elimi"}, "entfe": {"remov", "entfe", "strei"},
	"suppr": {"remov", "delet", "suppr", "enlev"}, "enlev": {"remov", "enlev", "retir", "suppr"},
	"trans": {"trans", "trasp", "ubert", "cede "}, "ubert": {"trans", "ubert"},
	"chang": {"chang", "modif", "updat", "cambi", "ander"}, "cambi": {"chang", "modif", "cambi"},
	"refun": {"refun", "reemb", "rembo", "ersta"}, "reemb": {"refun", "reemb"}, "rembo": {"refun", "rembo"},
	"ersta": {"refun", "ersta"}, "cance": {"cance", "storn", "anul"}, "storn": {"cance", "storn"},
	"annul": {"cance", "annul"}, "split": {"split", "divid", "teile", "separ"},
	"ausge": {"ausza", "payou", "cash "}, "cashe": {"cash ", "payou"}, "redee": {"redee", "cash "},
}

// bareBanAnyVerb is every stem of bareBanVerbs' lists: an action whose
// verb starts with none of them does no act any ban names. A prefixList:
// every analysis asks it of the action's verb, and the stems' bytes, left
// where the map literal put them, were a cache line each.
var bareBanAnyVerb = newPrefixList(func() []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(bareBanVerbs)) {
		for _, v := range bareBanVerbs[k] {
			if !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}())

// condWords make a ban conditional (folded, spaced).
var condWords = []string{" if ", " unless ", " except ", " only ", " after ", " before ", " within ", " when ", " once ", " until ", " without ",
	" si ", " salvo ", " excepto ", " solo ", " despues ", " antes ", " cuando ", " hasta ",
	" wenn ", " falls ", " ausser ", " nur ", " nach ", " vor ", " bis ", " sofern ",
	" sauf ", " seulement ", " apres ", " avant ", " lorsque ", " quand ", " tant que "}

// The two lists as one-pass sets: checkBareBan tests every policy and every
// policy sentence against them.
var (
	bareBanSet = newSubstrSet(bareBanMarks)
	condSet    = newSubstrSet(condWords)
)

// checkBareBan flags an action whose own verb does an act a policy bans for
// every thing of the kind it handles.
func (st *state) checkBareBan(v *j3fold) {
	if len(st.c.Policies) == 0 || st.hasFinding("policyban") || st.hasFinding("ifforbidden") {
		return
	}
	desc := v.desc()
	first, rest, ok := strings.Cut(strings.TrimSpace(desc), " ")
	if !ok || rest == "" {
		return
	}
	lead := first + " "
	if !bareBanAnyVerb.prefixOf(lead) {
		return // no ban's verbs can be the action's: no policy is read
	}
	for pi, p := range st.policies() {
		if !bareBanSet.in(v.policy(pi)) {
			continue // most policies ban nothing outright
		}
		for _, sent := range v.policySents(pi) {
			if condSet.in(sent) {
				continue
			}
			for _, m := range bareBanMarks {
				i := strings.Index(sent, m)
				if i < 0 {
					continue
				}
				verbs, tail := bannedVerbs(strings.Fields(sent[i+len(m):]))
				if verbs == nil || !hasPrefixAny(lead, verbs) || narrowed(tail) {
					continue
				}
				head := bareSubject(sent[:i])
				if head == "" || !strings.Contains(desc, " "+head) {
					continue
				}
				q := banSentence(p.Statement, m)
				f := finding{kind: "bareban", score: 0.5, sig: consult.High, hard: true,
					obs:    fmt.Sprintf("Policy %s bans this act for every %s (%q), and the action does it.", policyName(p), head, st.clipCase(q, 120)),
					reason: fmt.Sprintf("Policy %s rules out the proposed action outright: %q.", policyName(p), st.clipCase(q, 120)),
					disp:   consult.SeekApproval}
				if st.anyCue(labPolicyBypass, labAuthorityClaim, labEmotionalPressure) {
					f.tactic = consult.PolicyBypass
				}
				st.add(f)
				return
			}
		}
	}
}

// bannedVerbs reads the banned act in the first words after a ban mark,
// also the participle German puts last ("können nicht ausgezahlt werden").
func bannedVerbs(after []string) (verbs, tail []string) {
	for k := 0; k < len(after) && k < 3; k++ {
		if w := after[k]; len(w) >= 5 {
			if vs := bareBanVerbs[w[:5]]; vs != nil {
				return vs, after[k+1:]
			}
		}
	}
	return nil, nil
}

// narrowed reports words after the banned verb that narrow the ban to
// some of the things ("cannot be changed for a single segment", "on
// connecting flights"): a prepositional phrase, or more than three words.
func narrowed(tail []string) bool {
	if len(tail) > 3 {
		return true
	}
	for _, w := range tail {
		if narrowWords[w] {
			return true
		}
	}
	return false
}

var narrowWords = map[string]bool{"for": true, "on": true, "in": true, "from": true, "to": true, "of": true, "by": true, "para": true, "por": true,
	"en": true, "de": true, "a": true, "fur": true, "auf": true, "bei": true, "von": true, "pour": true, "sur": true, "dans": true, "par": true}

// hasPrefixAny reports whether s starts with one of the stems.
func hasPrefixAny(s string, stems []string) bool {
	for _, p := range stems {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// bareSubject returns the unit stem of a subject that is one noun, after an
// article at most, and before a modal ("bags can be added later but", "les
// billets"); "" for any longer subject.
func bareSubject(before string) string {
	ws := strings.Fields(before)
	var noun []string
	for _, w := range ws {
		if modalWords[w] {
			break
		}
		if articleWords[w] {
			continue
		}
		noun = append(noun, w)
	}
	if len(noun) != 1 || len(noun[0]) < 3 || stopWords.has(noun[0]) {
		return ""
	}
	return unitStem(noun[0])
}

var modalWords = map[string]bool{"can": true, "may": true, "are": true, "is": true, "must": true, "se": true, "no": true,
	"konnen": true, "kann": true, "durfen": true, "darf": true, "werden": true, "sind": true, "ne": true, "peuvent": true, "peut": true, "sont": true}

var articleWords = map[string]bool{"the": true, "los": true, "las": true, "el": true, "la": true, "die": true, "der": true, "das": true,
	"les": true, "le": true}

// banSentence returns the sentence of a statement whose folded text
// holds the mark, as written, for quoting; the whole statement otherwise.
func banSentence(stmt, mark string) string {
	for _, s := range splitSentences(clipBytes(stmt, maxClaimBytes)) {
		if strings.Contains(" "+foldedText(s)+" ", mark) {
			return strings.TrimSpace(s)
		}
	}
	return strings.TrimSpace(stmt)
}
