package fallback

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- a claimed identity its reference cannot carry ----
//
// checkIdentity reads an unverified claim that the reference does not
// establish as raising risk, and as identity deception only with positive
// evidence: a look-alike or personal-mail domain, or a stranger asking for
// secrets. Three more kinds of evidence are structural, whatever words the
// message uses:
//   - the reference's address mixes scripts in one label ("сlearview" with
//     a Cyrillic "с"): nobody registers such a name but to pass for
//     another;
//   - a public authority ("Dirección General de Seguros", "Bundesamt",
//     "Ministère", "tax authority") writing from a generic commercial
//     domain (.info, .com, .net, .biz, ...), where no authority lives;
//   - a reference that names nobody the claim names (an unknown caller, a
//     bare number) asking for special-category data (health, government
//     id) sent to an address: the claimed identity is what unlocks the
//     data, as with secrets.

// authorityClaims mark a claimed identity as a public authority (folded,
// padded).
var authorityClaims = []string{" ministry ", " ministerio ", " ministere ", " ministerium ", " direccion general ", " direction generale ",
	" bundesamt ", " landesamt ", " finanzamt ", " behorde ", " tax authority ", " tax office ", " revenue service ", " government ",
	" gobierno ", " gouvernement ", " regierung ", " agencia tributaria ", " hacienda ", " supervisory authority ", " autoridad ",
	" autorite ", " aufsicht ", " regulator ", " national agency ", " federal agency ", " prefecture ", " police ", " policia ", " polizei "}

// commercialTLDs are generic top-level domains no public authority uses.
var commercialTLDs = map[string]bool{"com": true, "net": true, "info": true, "biz": true, "online": true, "site": true, "xyz": true, "top": true,
	"live": true, "click": true, "support": true, "services": true, "help": true, "app": true, "io": true}

// checkClaimedParty adds identity deception for an unverified counterparty
// whose reference cannot be the party it claims to be.
func (st *state) checkClaimedParty() {
	cp := st.c.Counterparty
	if cp.Verified || st.hasFinding("lookalike") || st.hasFinding("impersonation") {
		return
	}
	ref, claimed := strings.TrimSpace(cp.Reference), strings.TrimSpace(cp.ClaimedIdentity)
	if ref == "" {
		return
	}
	if lbl := mixedScriptLabel(ref); lbl != "" {
		st.add(finding{tactic: consult.IdentityDeception, kind: "mixedscript", score: 0.75, sig: consult.High, hard: true,
			obs:    "The counterparty's address " + strconv.Quote(st.clipCase(ref, 80)) + " mixes alphabets in " + strconv.Quote(lbl) + ", a look-alike of a Latin name.",
			reason: "A name that mixes Latin and Cyrillic or Greek letters in one label is built to pass for another; the sender is not verified.",
			disp:   consult.DoNotProceed})
		return
	}
	if claimed == "" {
		return
	}
	// A name written into the domain ("ministere-travail.net") establishes
	// a company, not an authority: this test does not wait for the
	// unverified finding.
	fc := " " + foldedText(claimed) + " "
	if containsAny(fc, authorityClaims...) {
		for _, d := range domainsOf(toLower(ref)) {
			if base := registrable(d); commercialTLDs[tld(base)] {
				st.add(finding{tactic: consult.IdentityDeception, kind: "authoritydomain", score: 0.65, sig: consult.High, hard: true,
					obs:    "Presents as a public authority (" + strconv.Quote(st.clipCase(claimed, 80)) + ") from the commercial domain " + base + ".",
					reason: "Public authorities write from their government domains, not from " + base + "; the sender is not verified.",
					disp:   consult.GatherEvidence})
				return
			}
		}
	}
	if !st.hasFinding("unverified") || !st.specialOut() || !addressRecipient(st.c.Action.Recipient) || shareWord(significantWords(strings.TrimSpace(fc)), compactAlnum(foldedText(ref))) {
		return
	}
	st.add(finding{tactic: consult.IdentityDeception, kind: "strangerdata", score: 0.6, sig: consult.High,
		obs:    "An unverified " + strconv.Quote(st.clipCase(ref, 60)) + " presents as " + strconv.Quote(st.clipCase(claimed, 60)) + " while asking for special-category data.",
		reason: "Nothing ties the reference " + st.clipCase(ref, 80) + " to " + st.clipCase(claimed, 80) + ", and the claimed identity is what unlocks the data asked for.",
		disp:   consult.DoNotProceed})
}

// specialOut reports an action that releases special-category data.
func (st *state) specialOut() bool {
	for _, d := range st.c.Action.DataCategories {
		if specialCategories[toLower(strings.TrimSpace(d))] {
			return true
		}
	}
	return false
}

// addressRecipient reports a recipient that is an address (mail, URL,
// domain) or none (data handed back in the conversation): a recipient
// given by name is a person the records can tie the data to, such as the
// patient a relative calls about.
func addressRecipient(r string) bool {
	r = strings.TrimSpace(r)
	return r == "" || strings.ContainsAny(r, "@") || strings.Contains(r, "://") || len(domainsOf(r)) > 0
}

// mixedScriptLabel returns the first label of an address in s that mixes
// ASCII letters with Cyrillic or Greek ones, or "".
func mixedScriptLabel(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return "" // the common case: nothing to mix
	}
	for _, lbl := range strings.FieldsFunc(s, func(r rune) bool {
		return r == '.' || r == '@' || r == '/' || r == ':' || r == '-' || unicode.IsSpace(r)
	}) {
		latin, other := false, false
		for _, r := range lbl {
			switch {
			case r < utf8.RuneSelf && unicode.IsLetter(r):
				latin = true
			case unicode.In(r, unicode.Cyrillic, unicode.Greek):
				other = true
			}
		}
		if latin && other {
			return lbl
		}
	}
	return ""
}
