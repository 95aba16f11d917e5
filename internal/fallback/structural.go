package fallback

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/a2atrust/shield/internal/consult"
)

// Data categories by how much harm their release does.
var (
	secretCategories = map[string]bool{"credentials": true, "credential": true, "secrets": true, "secret": true,
		"api_keys": true, "api_key": true, "passwords": true, "password": true, "tokens": true, "system_prompt": true,
		"auth": true, "keys": true}
	specialCategories = map[string]bool{"government_id": true, "health": true, "phi": true, "medical": true,
		"biometric": true, "genetic": true, "religious_beliefs": true, "political_opinions": true,
		"sexual_orientation": true, "racial_or_ethnic_origin": true, "ethnicity": true, "trade_union": true,
		"privileged": true, "confidential_bids": true, "criminal": true}
	personalCategories = map[string]bool{"pii": true, "financial": true, "confidential": true, "business_confidential": true,
		"purchase_history": true, "internal": true, "location": true, "contacts": true}
)

// whyMoves stands in stakeWhy for "it moves " and the action's money,
// which the rationale writes (stakeWhy's only reader); whyUndone is the
// engine's own words, which it writes without a scan.
const (
	whyMoves  = "\x00it moves"
	whyUndone = "it cannot be undone"
)

// stakesOf grades what is at stake in the proposed action alone.
func (st *state) stakesOf() {
	a := st.c.Action
	lv := consult.Low
	raise := func(l consult.Level, why string) {
		if l.Rank() > lv.Rank() {
			lv = l
		}
		if why != "" {
			st.stakeWhy = append(st.stakeWhy, why)
		}
	}
	amt := a.Amount
	if math.IsNaN(amt) || math.IsInf(amt, 0) || amt < 0 {
		amt = 0
	}
	amt *= unitValue(a.Currency) // unitvalue.go: 14.5 BTC is no small sum
	switch {
	case amt >= 100000:
		raise(consult.Critical, whyMoves)
	case amt >= 10000:
		raise(consult.High, whyMoves)
	case amt >= 1000:
		raise(consult.Medium, whyMoves)
	case amt > 0:
		raise(consult.Low, "")
	}
	if a.Irreversible {
		if amt >= 1000 {
			raise(consult.High, whyUndone)
		} else {
			raise(consult.Medium, whyUndone)
		}
	}
	for _, d := range a.DataCategories {
		k := toLower(strings.TrimSpace(d))
		switch {
		case secretCategories[k]:
			raise(consult.Critical, "it releases "+k)
		case specialCategories[k]:
			raise(consult.High, "it releases "+k+" data")
		case personalCategories[k]:
			raise(consult.Medium, "it touches "+k+" data")
		}
	}
	if what := st.bulkSensitiveOut(); what != "" {
		raise(consult.Critical, "it sends "+what+" outside the company")
	}
	st.stakes = lv
}

// money formats an amount with its currency for the words. It is built
// in stack buffers and allocates only its result: the number, separators
// and symbol once took four or five allocations (FuzzMoney compares it
// with that version). A separator may follow a minus sign ("-,123"), as it
// always has.
func money(v float64, cur string) string {
	cur = strings.ToUpper(strings.TrimSpace(cur))
	var nb [32]byte
	s := strconv.AppendFloat(nb[:0], v, 'f', 2, 64)
	if n := len(s); n >= 3 && string(s[n-3:]) == ".00" {
		s = s[:n-3]
	}
	intPart, frac := s, s[len(s):]
	if i := bytes.IndexByte(s, '.'); i >= 0 {
		intPart, frac = s[:i], s[i+1:]
	}
	var ob [48]byte
	out := ob[:0]
	sym := true
	switch cur {
	case "USD", "":
		out = append(out, '$')
	case "EUR":
		out = append(out, "€"...)
	case "GBP":
		out = append(out, "£"...)
	default:
		sym = false
	}
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, c)
	}
	if len(frac) > 0 {
		out = append(out, '.')
		out = append(out, frac...)
	}
	if !sym {
		out = append(out, ' ')
		out = append(out, cur...)
	}
	return string(out)
}

func (st *state) add(f finding) { st.findings = append(st.findings, f) }

func (st *state) actionName() string {
	a := st.c.Action
	switch {
	case a.Service != "" && a.Action != "":
		return a.Service + ":" + a.Action
	case a.Action != "":
		return a.Action
	case a.Description != "":
		return st.clipCase(a.Description, 80)
	}
	return "the proposed action"
}

// checkScope compares the proposed service:action with the agent's declared
// scope (AIP 0.1: scope is immutable per version; anything outside it needs a
// new version and fresh consent).
func (st *state) checkScope() {
	a := st.c.Action
	id := st.c.Identity
	if !id.OutOfScope(a) {
		return
	}
	var granted []string
	for _, s := range id.Scope {
		if strings.EqualFold(s.Service, a.Service) {
			granted = append(granted, s.Actions...)
		}
	}
	obs := fmt.Sprintf("The proposed %s:%s is outside the agent's declared scope", a.Service, a.Action)
	if len(granted) > 0 {
		obs += fmt.Sprintf(" (%s allows only %s)", a.Service, strings.Join(limitList(granted, 6), ", "))
	} else {
		obs += fmt.Sprintf(" (no %s actions are declared)", a.Service)
	}
	st.add(finding{
		tactic: consult.ScopeExpansion, kind: "scope", score: 0.9, sig: consult.High, hard: true,
		obs: obs + ".", disp: consult.SeekApproval,
		reason: obs + "; AIP scope is fixed per agent version, so this step needs the owner's explicit approval or a new agent version.",
	})
}

var (
	reDomain   = regexp.MustCompile(`(?i)\b([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.[a-z]{2,24})\b`)
	freemail   = newWordSet("gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "yahoo.com", "proton.me", "protonmail.com", "icloud.com", "gmx.de", "gmx.net", "aol.com", "mail.com", "live.com", "yandex.ru", "web.de")
	lureLabels = []string{"secure", "verify", "verification", "update", "review", "billing", "support", "security", "account", "accounts", "portal", "login", "signin", "regulatory", "alert", "notice", "help", "service", "payments", "refund", "confirm", "auth", "helpdesk", "compliance"}
)

// checkIdentity looks for a counterparty who is not who they claim to be.
func (st *state) checkIdentity() {
	cp := st.c.Counterparty
	claimed := strings.TrimSpace(cp.ClaimedIdentity)
	ref := strings.TrimSpace(cp.Reference)
	// The claim and the reference folded once for all the tests below.
	fc, fr := st.text(claimed).folded(), st.text(ref).folded() // shared with the other identity checks
	words, cr := significantWords(fc), compactAlnum(fr)
	established := claimed == "" || ref == "" || sameIdentity(fc, fr) || nameInRef(words, cr) || onFileRef(ref)
	if !cp.Verified && !established {
		// Unverified is not deceptive: the difference raises risk and asks
		// for evidence; identity_deception needs positive evidence below.
		// Each clip is made once for the two texts that quote it.
		claim80, claim80F := st.clipCaseFinal(claimed, 80)
		ref80, ref80F := st.clipCaseFinal(ref, 80)
		b := st.say()
		b.lit("Claims to be ")
		b.quoted(claim80, claim80F)
		b.lit(" but is known only as ")
		b.quoted(ref80, ref80F)
		b.lit(", and the identity is not verified.")
		obs := st.said(&b)
		b = st.say()
		b.lit("The counterparty claims to be ")
		b.part(claim80, claim80F)
		b.lit(", which its known reference (")
		b.part(ref80, ref80F)
		b.lit(") does not establish, and nothing verified it out of band.")
		f := finding{
			kind: "unverified", score: 0, sig: consult.Medium,
			obs: obs, disp: consult.GatherEvidence,
			reason: st.said(&b),
		}
		b = st.say()
		b.lit("The counterparty is ")
		b.part(st.clipCaseFinal(claimed, 200))
		claim := st.said(&b)
		b = st.say()
		b.lit("The counterparty's reference (")
		b.part(st.clipCaseFinal(ref, 120))
		b.lit(") differs from the claimed identity and the identity is not verified.")
		f.claim = &consult.Claim{Claim: claim, Status: consult.ClaimUnverified, Significance: consult.High,
			EvidenceReferences: []string{}, Explanation: st.said(&b)}
		st.add(f)
		// Someone the reference does not name at all, asking for secrets.
		if !shareWord(words, cr) && st.secretsOut() {
			st.add(finding{tactic: consult.IdentityDeception, kind: "impersonation", score: 0.6, sig: consult.High,
				obs:    "An unverified " + strconv.Quote(st.clipCase(ref, 60)) + " presents as " + strconv.Quote(st.clipCase(claimed, 60)) + " while asking for secrets.",
				reason: "Nothing ties the reference " + st.clipCase(ref, 80) + " to " + st.clipCase(claimed, 80) + ", and the claimed identity is what unlocks the secret asked for.",
				disp:   consult.DoNotProceed})
		}
	}
	st.checkRoleSwitch()
	st.checkRecordedImpostor()
	if cp.Verified {
		return
	}
	// Look-alike and throwaway domains.
	for _, d := range domainsOf(ref + " " + claimed) {
		d = toLower(d)
		base := registrable(d)
		if freemail.has(base) && claimed != "" && orgClaim(fc) && !onFileRef(ref) {
			st.add(finding{tactic: consult.IdentityDeception, kind: "lookalike", score: 0.6, sig: consult.High, hard: true,
				obs:    "Writes from a personal mailbox (" + base + ") while presenting as " + strconv.Quote(st.clipCase(claimed, 80)) + ".",
				reason: "A personal mailbox at " + base + " is not where " + st.clipCase(claimed, 80) + " would write from.", disp: consult.GatherEvidence})
			break
		}
		if lk := st.lookalikeOf(base); lk != "" {
			st.add(finding{tactic: consult.IdentityDeception, kind: "lookalike", score: 0.7, sig: consult.High, hard: true,
				obs:    "The domain " + base + " looks like " + lk + " but is not it.",
				reason: "The counterparty's domain " + base + " imitates " + lk + ", a known domain of this case.", disp: consult.DoNotProceed})
			break
		}
		label := strings.TrimSuffix(base, "."+tld(base))
		if strings.Contains(label, "-") {
			for _, w := range strings.Split(label, "-") {
				if containsStr(lureLabels, w) {
					sc := 0.45
					if brandIn(label, words) {
						sc = 0.65 // the claimed brand joined with a lure word
					} else if orgClaim(fc) {
						sc = 0.6 // an organisation writing from a lure domain not its own
					}
					// w, a word of lureLabels, needs no escape.
					baseFinal := isFinal(base)
					b := st.say()
					b.lit("The unverified domain ")
					b.part(base, baseFinal)
					b.lit(" joins a name with \"")
					b.lit(w)
					b.lit("\", a pattern of look-alike domains.")
					obs := st.said(&b)
					b = st.say()
					b.lit("The domain ")
					b.part(base, baseFinal)
					b.lit(" has the shape of a look-alike domain (a name plus \"")
					b.lit(w)
					b.lit("\") and the sender is not verified.")
					st.add(finding{tactic: consult.IdentityDeception, kind: "lookalike", score: sc, sig: consult.High,
						obs: obs, reason: st.said(&b), disp: consult.GatherEvidence})
					break
				}
			}
		}
	}
}

func containsStr(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func domainsOf(s string) []string {
	// The domain pattern is costly; most texts have no "x.y" at all. The
	// dots are found by a vectorised search, not a test of every byte.
	maybe := false
	for i := 0; ; i++ {
		j := strings.IndexByte(s[i:], '.')
		if j < 0 {
			break
		}
		i += j
		if i >= 1 && i+1 < len(s) && isAlnumByte(s[i-1]) && isAlnumByte(s[i+1]) {
			maybe = true
			break
		}
	}
	if !maybe || !hasTLDStart(s) {
		return nil
	}
	return domains(s, 8) // reDomain.FindAllString(s, 8), see scan.go
}

// hasTLDStart reports a dot followed by a letter the domain pattern's
// top-level domain can start with (under (?i), 'ſ' and the Kelvin sign
// too): every match holds one. Amounts ("4,900.00") and versions pass the
// "x.y" test above but not this one, and most texts that name no domain
// hold only those.
func hasTLDStart(s string) bool {
	for i := strings.IndexByte(s, '.'); i >= 0 && i+1 < len(s); {
		c := s[i+1]
		if c|0x20 >= 'a' && c|0x20 <= 'z' || strings.HasPrefix(s[i+1:], "ſ") || strings.HasPrefix(s[i+1:], "\u212a") {
			return true
		}
		j := strings.IndexByte(s[i+1:], '.')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

func tld(d string) string {
	if i := strings.LastIndexByte(d, '.'); i >= 0 {
		return d[i+1:]
	}
	return ""
}

// registrable returns the last two labels of a domain (a simplification of
// the public suffix list that is good enough for look-alike checks).
func registrable(d string) string {
	parts := strings.Split(d, ".")
	if len(parts) <= 2 {
		return d
	}
	n := 2
	if l := parts[len(parts)-2]; (l == "co" || l == "com" || l == "org" || l == "ac" || l == "gov" || l == "gouv" || l == "gob" || l == "govt" || l == "net" || l == "edu") && len(parts[len(parts)-1]) == 2 {
		n = 3
	}
	if len(parts) < n {
		return d
	}
	return strings.Join(parts[len(parts)-n:], ".")
}

// lookalikeOf returns a domain known from the trusted parts of the case that
// d imitates: same name with extra words, or an edit or two away.
func (st *state) lookalikeOf(d string) string {
	dl := strings.TrimSuffix(d, "."+tld(d))
	for _, k := range st.knownDomainList() {
		if k == d || freemail.has(k) {
			continue
		}
		kl := strings.TrimSuffix(k, "."+tld(k))
		if len(kl) < 4 {
			continue
		}
		if strings.Contains(dl, kl) || strings.Contains(strings.ReplaceAll(dl, "-", ""), kl) || editDistance(foldLeet(dl), foldLeet(kl)) <= 2 { // "brandt-logistik-gmbh" imitates "brandtlogistik"
			return k
		}
	}
	return ""
}

// knownDomainList returns, sorted, the registrable domains named in the
// trusted parts of the case; it is computed once per case.
func (st *state) knownDomainList() []string {
	if st.knownOK {
		return st.knownDomains
	}
	known := map[string]bool{}
	add := func(s string) {
		for _, k := range domainsOf(s) {
			known[registrable(toLower(k))] = true
		}
	}
	add(st.c.Goal)
	add(st.c.Brief)
	for _, t := range st.trusted {
		add(t.text)
	}
	for _, p := range st.policies() {
		add(p.Statement)
	}
	for _, t := range st.c.History {
		if t.Role == consult.RoleOwner || t.Role == consult.RoleAgent || t.Role == consult.RoleSystem {
			add(t.Text)
		}
	}
	list := sortedKeysList(known)
	st.knownDomains, st.knownOK = list, true
	return list
}

func sortedKeysList(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sortStrings(out)
	return out
}

func foldLeet(s string) string {
	b := []byte(s)
	for i, c := range b {
		if l := leetByte(c); l != 0 {
			b[i] = l
		}
	}
	return strings.ReplaceAll(string(b), "rn", "m")
}

func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 99
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// sameIdentity reports whether a claimed identity is established by the
// reference (both given folded): equal, or one contains the other.
func sameIdentity(fc, fr string) bool {
	a := strings.TrimSpace(fc)
	b := strings.TrimSpace(fr)
	a = strings.TrimPrefix(strings.TrimPrefix(a, "email "), "agent ")
	b = strings.TrimPrefix(strings.TrimPrefix(b, "email "), "agent ")
	if a == "" || b == "" {
		return true
	}
	if a == b {
		return true
	}
	// Containment counts only when the shorter is most of the longer: "Li
	// Wei, Engineering Manager" is established by "Li Wei, Engineering
	// Manager (li.wei@...)" only if the reference adds little.
	short, long := a, b
	if len(short) > len(long) {
		short, long = long, short
	}
	return strings.Contains(long, short) && len(short)*10 >= len(long)*6
}

// ---- contradictions ----

var (
	reTierClaim  = regexp.MustCompile(`(?i)\b(gold|silver|platinum|bronze|diamond|regular)\s+(?:member|membership|status|tier|customer|card ?holder|level)`)
	reTierClaim2 = regexp.MustCompile(`(?i)\bi(?:'|’)?m\s+(?:a|an)\s+(?:valued\s+|loyal\s+)?(gold|silver|platinum|bronze|diamond)\b`)
	reTierWord   = regexp.MustCompile(`(?i)\b(gold|silver|platinum|bronze|diamond|regular)\b`)
	reInsClaim   = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:have|had|added|bought|purchased|got|took out|paid for)\s+(?:the\s+|travel\s+|trip\s+)*insurance|\bunder my insurance\b|\bmy (?:travel )?insurance\b|\bi(?:'|’)?m insured\b`)
	reInsNo      = regexp.MustCompile(`(?i)\bno (?:travel )?insurance\b|\binsurance:? no\b|\buninsured\b|\bnot insured\b|\bwithout insurance\b|\bhas no travel insurance\b`)
	reNotArrive  = regexp.MustCompile(`(?i)\b(?:never|not|didn(?:'|’)?t|did not|hasn(?:'|’)?t|has not|haven(?:'|’)?t|have not|nothing)\s+(?:\w+\s+){0,2}?(?:arrived|delivered|received|came|come|showed up|turned up)\b`)
	reDelivered  = regexp.MustCompile(`(?i)\b(?:delivered|proof of delivery|signed for|signed by|doorstep photo)\b`)
	reNotPaid    = regexp.MustCompile(`(?i)\b(?:didn(?:'|’)?t|did not|never|hasn(?:'|’)?t|has not|haven(?:'|’)?t|have not)\s+(?:\w+\s+){0,1}?(?:pay|paid|deposit|deposited)\b`)
	rePaid       = regexp.MustCompile(`(?i)\b(?:was deposited|were deposited|deposited on|deposited to|paid out|settlement|was paid on|confirmed settlement)\b`)
	reCount      = regexp.MustCompile(`(?i)\b(\d{1,4}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(passengers?|units?|people|persons?|travell?ers?|bags?|seats?|rooms?|nights?|employees?|items?|tickets?|adults?|children|users?|licenses?|licences?)\b`)
	reRecentBuy  = regexp.MustCompile(`(?i)\b(?:booked|bought|ordered|purchased|made (?:it|the booking))\b[^.!?]{0,40}?\b(?:\d{1,2}\s+hours?\s+ago|this morning|earlier today|today|last night|yesterday|within (?:the last )?24 hours)`)
	reDaysAgo    = regexp.MustCompile(`(?i)\b(\d{1,3})\s+days\s+ago\b|\bmore than (?:a|one|two|three|ten|\d+) (?:days?|weeks?) ago\b|\bmore than a day\b`)
	reMoney      = regexp.MustCompile(`(?i)(?:[$€£]\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?)|(?:\b(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s?(?:usd|eur|gbp|dollars|euros|€)\b)`)
	reRefID      = regexp.MustCompile(`\b[A-Z]{1,6}-?\d{2,}[A-Z0-9-]*\b|\b\d{2,}-\d{3,}\b`)
	reDate       = regexp.MustCompile(`(?i)\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b|\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b`)
	reEventVerb  = regexp.MustCompile(`(?i)\b(ordered|order|placed|bought|purchased|booked)\b`)
)

var countWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}

func (st *state) contradiction(obs, reason string, refs []string, claimText string) {
	st.add(finding{
		tactic: consult.InconsistentClaims, kind: "contradiction", score: 0.85, sig: consult.High, hard: true,
		obs: obs, refs: refs, disp: consult.DoNotProceed, reason: reason,
		claim: &consult.Claim{Claim: st.clipCase(claimText, 300), Status: consult.ClaimContradicted, Significance: consult.High,
			EvidenceReferences: refs, Explanation: st.clipCase(reason, 900)},
	})
}

// checkContradictions compares what the counterparty says with what the
// agent's systems and verified evidence say.
func (st *state) checkContradictions() {
	c := st.c
	// Counterparty facts the agent already marked as contradicted or disputed.
	for _, f := range c.Facts {
		if f.Source == consult.SourceCounterparty && (f.Status == consult.FactContradicted || f.Status == consult.FactDisputed) {
			refs := nonEmpty(f.EvidenceReferences)
			if len(refs) == 0 {
				refs = st.refsAll()
			}
			st.contradiction(
				fmt.Sprintf("The counterparty's claim %q is marked %s in the case facts.", st.clipCase(f.Statement, 160), f.Status),
				fmt.Sprintf("The counterparty asserts that %s, which the agent's records %s.", st.clipCase(lowerFirst(f.Statement), 200), map[bool]string{true: "contradict", false: "dispute"}[f.Status == consult.FactContradicted]),
				refs, f.Statement)
		}
	}
	msg := c.Message
	claimsText := msg
	for _, f := range c.Facts {
		if f.Source == consult.SourceCounterparty && f.Status != consult.FactVerified {
			claimsText += "\n" + f.Statement
		}
	}
	// The message's sentences are the first ones of the claims text (a
	// message at or over the bound fills it alone, and otherwise ends at the
	// "\n" before the first fact): msgScan's split of the message serves
	// both, and only the facts after it are split here.
	st.msgScan()
	msgSents, claimSents := st.msgSents, st.msgSents
	if len(claimsText) > len(msg) && len(msg)+1 < maxClaimBytes {
		tail := claimsText[len(msg)+1 : min(len(claimsText), maxClaimBytes)]
		claimSents = make([]sentence, len(msgSents), len(msgSents)+len(tail)/48+4)
		copy(claimSents, msgSents)
		claimSents = splitScan(tail, len(msg)+1, claimSents, nil)
	}
	if len(st.trusted) == 0 {
		st.historyDates(msgSents)
		return
	}
	// Membership tier.
	claimTier := ""
	for _, sn := range claimSents {
		if !sn.kw.any(kwTier) {
			continue
		}
		if m := reTierClaim2.FindStringSubmatch(sn.text); m != nil {
			claimTier = toLower(m[1])
		} else if m := reTierClaim.FindStringSubmatch(sn.text); m != nil && !negatedBefore(sn.text, strings.Index(sn.text, m[0])) {
			claimTier = toLower(m[1])
		}
		if claimTier != "" {
			break
		}
	}
	if claimTier != "" {
		for _, t := range st.trusted {
			low := st.whole(t).lower()
			if !strings.Contains(low, "member") && !strings.Contains(low, "tier") && !strings.Contains(low, "loyalty") && !strings.Contains(low, "level") {
				continue
			}
			vals := map[string]bool{}
			neg := false
			for _, idx := range reTierWord.FindAllStringIndex(low, -1) {
				w := low[idx[0]:idx[1]]
				if negatedBefore(low, idx[0]) {
					if w == claimTier {
						neg = true
					}
					continue
				}
				vals[w] = true
			}
			if neg || (len(vals) > 0 && !vals[claimTier]) {
				st.contradiction(
					fmt.Sprintf("Claims %s status; %s %s says otherwise: %q.", claimTier, t.kind, t.id, st.clipCase(t.text, 120)),
					fmt.Sprintf("The counterparty claims %s membership, but %s %s records: %s", claimTier, t.kind, t.id, st.clipCase(t.text, 300)),
					[]string{t.id}, "The counterparty holds "+claimTier+" status.")
				break
			}
		}
	}
	// Insurance held.
	if firstMatch(claimSents, reInsClaim, kwInsur) != "" && firstMatch(msgSents, reInsNo, kwInsur) == "" {
		for _, t := range st.trusted {
			if reInsNo.MatchString(t.text) {
				st.contradiction(
					fmt.Sprintf("Says the booking is insured; %s %s records no insurance.", t.kind, t.id),
					fmt.Sprintf("The counterparty says they hold insurance, but %s %s records: %s", t.kind, t.id, st.clipCase(t.text, 300)),
					[]string{t.id}, "The counterparty holds insurance on this booking.")
				break
			}
		}
	}
	// Non-delivery against proof of delivery.
	if m := firstMatchNeg(msgSents, reNotArrive, kwArrive); m != "" {
		for _, t := range st.trusted {
			if reDelivered.MatchString(t.text) && !reNotArrive.MatchString(t.text) {
				st.contradiction(
					fmt.Sprintf("Says %q; %s %s shows delivery.", st.clipCase(m, 60), t.kind, t.id),
					fmt.Sprintf("The counterparty says the goods never arrived, but %s %s records delivery: %s", t.kind, t.id, st.clipCase(t.text, 300)),
					[]string{t.id}, "The goods were not delivered.")
				break
			}
		}
	}
	// Non-payment against a recorded payment.
	if m := firstMatchNeg(msgSents, reNotPaid, kwPay); m != "" {
		for _, t := range st.trusted {
			if rePaid.MatchString(t.text) {
				st.contradiction(
					fmt.Sprintf("Says %q; %s %s records the payment.", st.clipCase(m, 60), t.kind, t.id),
					fmt.Sprintf("The counterparty says they were not paid, but %s %s records: %s", t.kind, t.id, st.clipCase(t.text, 300)),
					[]string{t.id}, "The counterparty was not paid.")
				break
			}
		}
	}
	// Counts of the same thing.
	st.checkCounts(claimSents)
	// Recent purchase against an older record.
	recent := false
	for _, sn := range claimSents {
		if sn.kw.any(kwBought) && sn.kw.any(kwRecent) && reRecentBuy.MatchString(sn.text) {
			recent = true
			break
		}
	}
	if recent {
		for _, t := range st.trusted {
			m := reDaysAgo.FindStringSubmatch(t.text)
			if m == nil {
				continue
			}
			if m[1] != "" {
				if n, _ := strconv.Atoi(m[1]); n < 2 {
					continue
				}
			}
			st.contradiction(
				fmt.Sprintf("Says it was bought or booked very recently; %s %s says %q.", t.kind, t.id, st.clipCase(m[0], 40)),
				fmt.Sprintf("The counterparty places the purchase within the last day, but %s %s records: %s", t.kind, t.id, st.clipCase(t.text, 300)),
				[]string{t.id}, "The booking or purchase was made within the last day.")
			break
		}
	}
	st.checkAmounts(msgSents)
	st.historyDates(msgSents)
	st.checkStates(msgSents)
	st.checkRates(msgSents)
}

// sentence is one sentence of a text with the cue keywords its lower-case
// form contains, so that the structural checks run their patterns only on
// sentences that contain the right words: the patterns are regular
// expressions, far slower per byte than an automaton, and most sentences
// never need them.
type sentence struct {
	text  string
	start int // byte offset in the text it was split from
	kw    kwSet
	gate  uint32 // judgeGates.mask of its lower case
}

// maxClaimBytes bounds the text the sentence-level checks read: claims that
// matter come early, and the bound keeps huge messages linear and cheap.
const maxClaimBytes = 16 << 10

// sentencesOf splits s (its first maxClaimBytes) at ".", "!", "?", ";" and
// line ends, drops blank pieces, and finds the cue keywords of each piece
// (kwOf) and its gate words, in one pass (splitScan).
func sentencesOf(s string) []sentence {
	s = clipBytes(s, maxClaimBytes)
	if out := splitScan(s, 0, make([]sentence, 0, len(s)/48+4), nil); len(out) > 0 {
		return out
	}
	return nil // no sentences stay nil, as they were
}

// isSentenceSep: the bytes splitSentences cuts at (all ASCII, so a byte
// test is the same as a rune test on UTF-8).
func isSentenceSep(c byte) bool {
	return c == '.' || c == '!' || c == '?' || c == '\n' || c == ';'
}

// sentenceSep is isSentenceSep as a table, for the loops that test every
// byte of a message.
var sentenceSep = func() (t [256]bool) {
	for c := range 256 {
		t[c] = isSentenceSep(byte(c))
	}
	return t
}()

func containsAny(s string, ws ...string) bool {
	for _, w := range ws {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// firstMatch returns re's first match in a sentence containing one of keys.
func firstMatch(ss []sentence, re *regexp.Regexp, keys kwSet) string {
	for _, sn := range ss {
		if sn.kw.any(keys) {
			if m := re.FindString(sn.text); m != "" {
				return m
			}
		}
	}
	return ""
}

// firstMatchNeg is firstMatch for patterns that need a negation word too.
func firstMatchNeg(ss []sentence, re *regexp.Regexp, keys kwSet) string {
	for _, sn := range ss {
		if sn.kw.any(keys) && sn.kw.any(kwNegation) {
			if m := re.FindString(sn.text); m != "" {
				return m
			}
		}
	}
	return ""
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	if len(s) > 1 && s[1] >= 'a' && s[1] <= 'z' && s[0] >= 'A' && s[0] <= 'Z' {
		return string(s[0]+'a'-'A') + s[1:]
	}
	return s
}

func (st *state) refsAll() []string {
	var out []string
	for _, t := range st.trusted {
		if t.id != "" && t.kind != "owner fact" {
			out = append(out, t.id)
		}
	}
	return limitList(out, 6)
}

func nonEmpty(ss []string) []string {
	var out []string
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	return out
}

// negatedBefore reports whether a negator sits within the two words before
// byte i of s.
func negatedBefore(s string, i int) bool {
	if i < 0 {
		return false
	}
	// The last two words of the lowered window, read from its end (the
	// words strings.Fields would give, without cutting them all).
	rest := toLower(s[max(0, i-24):i])
	for range 2 {
		rest = strings.TrimRightFunc(rest, unicode.IsSpace)
		if rest == "" {
			break
		}
		w := rest
		if j := strings.LastIndexFunc(rest, unicode.IsSpace); j >= 0 {
			_, n := utf8.DecodeRuneInString(rest[j:])
			w, rest = rest[j+n:], rest[:j]
		} else {
			rest = ""
		}
		switch strings.Trim(w, ",.;:()") {
		case "not", "never", "no", "none", "nor", "non", "isn't", "isnt", "wasn't", "wasnt":
			return true
		}
	}
	return false
}

func singular(n string) string {
	n = toLower(n)
	switch n {
	case "people", "persons", "person":
		return "person"
	case "children":
		return "child"
	}
	return strings.TrimSuffix(n, "s")
}

func countValue(s string) int {
	if v, ok := countWords[toLower(s)]; ok {
		return v
	}
	v, _ := strconv.Atoi(s)
	return v
}

// checkCounts compares "three passengers" in the claim with the counts the
// records give for the same noun.
func (st *state) checkCounts(sents []sentence) {
	var ms [][]string
	for _, sn := range sents {
		if !sn.kw.any(kwCount) {
			continue
		}
		ms = append(ms, reCount.FindAllStringSubmatch(sn.text, 4)...)
		if len(ms) >= 8 {
			break
		}
	}
	if len(ms) == 0 {
		return
	}
	for _, m := range ms {
		noun := singular(m[2])
		n := countValue(m[1])
		if n <= 0 {
			continue
		}
		for _, t := range st.trusted {
			var vals []int
			for _, fm := range reCount.FindAllStringSubmatch(t.text, 8) {
				if singular(fm[2]) == noun {
					vals = append(vals, countValue(fm[1]))
				}
			}
			if len(vals) == 0 {
				continue
			}
			match := false
			for _, v := range vals {
				if v == n {
					match = true
				}
			}
			if !match {
				st.contradiction(
					fmt.Sprintf("Says %s %s; %s %s gives %d.", m[1], m[2], t.kind, t.id, vals[0]),
					fmt.Sprintf("The counterparty speaks of %s %s, but %s %s records: %s", m[1], m[2], t.kind, t.id, st.clipCase(t.text, 300)),
					[]string{t.id}, fmt.Sprintf("There were %s %s.", m[1], m[2]))
				return
			}
		}
	}
}

// parseMoney returns the amounts written in s.
func parseMoney(s string) []float64 {
	var out []float64
	var buf [8]moneyMatch
	for _, m := range moneyAll(s, 32, buf[:0]) {
		v, ok := moneyValue(m.ip, m.fp)
		if !ok {
			continue
		}
		out = append(out, v)
	}
	return out
}

// moneyValue is the amount of a money match: its integer part without the
// commas, plus its fraction. Both parts are digits (and commas), so up to
// fifteen digits each are exact integers in a float64, and the fraction's
// quotient by a power of ten rounds, as ParseFloat does, to the nearest
// float64 of the same rational: the values are those of
// ParseFloat(ip less commas) + ParseFloat("0."+fp) without the copies
// (parseMoneyRef in the tests).
func moneyValue(ip, fp string) (float64, bool) {
	iv, ok := smallDigits(ip, true)
	if !ok {
		return moneyValueSlow(ip, fp)
	}
	v := float64(iv)
	if fp != "" {
		fv, ok := smallDigits(fp, false)
		if !ok {
			return moneyValueSlow(ip, fp)
		}
		v += float64(fv) / pow10f[len(fp)]
	}
	return v, true
}

// moneyValueSlow is moneyValue by ParseFloat, for parts too long for the
// exact integer path.
func moneyValueSlow(ip, fp string) (float64, bool) {
	v, err := strconv.ParseFloat(strings.ReplaceAll(ip, ",", ""), 64)
	if err != nil {
		return 0, false
	}
	if fp != "" {
		f, _ := strconv.ParseFloat("0."+fp, 64)
		v += f
	}
	return v, true
}

// smallDigits reads a run of one to fifteen digits (commas skipped where
// commas is set), or reports false.
func smallDigits(s string, commas bool) (int64, bool) {
	var n int64
	d := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			n = n*10 + int64(c-'0')
			d++
		case c == ',' && commas:
		default:
			return 0, false
		}
	}
	return n, d > 0 && d <= 15
}

// pow10f holds the powers of ten a fraction of up to fifteen digits
// divides by, each exact in a float64.
var pow10f = [16]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}

// checkAmounts compares a price or amount the message ties to a reference
// (contract, invoice, PO) with the amounts the records give for it.
// trustedHoldsAny reports whether some trusted entry's text holds one of
// ids.
func (st *state) trustedHoldsAny(ids []string) bool {
	for _, t := range st.trusted {
		for _, id := range ids {
			if strings.Contains(t.text, id) {
				return true
			}
		}
	}
	return false
}

func (st *state) checkAmounts(sents []sentence) {
	for _, sn := range sents {
		if !sn.kw.any(kwMoney) {
			continue
		}
		sent := sn.text
		// The sentence's amounts are read only once a record holds one of
		// its references: without that the loop below has nothing to
		// compare them with.
		sids := refIDs(sent, 4)
		if len(sids) == 0 || !st.trustedHoldsAny(sids) {
			continue
		}
		amts := parseMoney(sent)
		if len(amts) == 0 {
			continue
		}
		for _, id := range sids {
			for _, t := range st.trusted {
				if !strings.Contains(t.text, id) {
					continue
				}
				tv := st.whole(t).money()
				if len(tv) == 0 || st.whole(t).lowerHas(capOpenerSet) && st.capOnlyRecord(t.text) {
					continue // an approval or a cap is not the thing's price (judge14i.go)
				}
				if pt := partTotals(t.text); len(pt) > 0 {
					tv = append(append([]float64(nil), tv...), pt...) // "3 x €200" is €600
				}
				for _, a := range amts {
					found, higher := false, true
					for _, v := range tv {
						if math.Abs(v-a) < 0.005 {
							found = true
						}
						if v >= a {
							higher = false
						}
					}
					// Only a claim of more than the record supports is a
					// contradiction worth stopping for; a lower figure is
					// usually a part or a quote within a budget.
					if !found && higher {
						// The amount, the reference and the record's id go
						// into three texts: each is scanned once, and its
						// finality reused (scanned is outText.scan's test).
						ma := money(a, "")
						maF, idF, tidF := isFinal(ma), isFinal(id), isFinal(t.id)
						scanned := func(b *outText, s string, final bool) { b.part(s, !b.unknown && final) }
						b := st.say()
						b.lit("Puts ")
						scanned(&b, ma, maF)
						b.lit(" on ")
						scanned(&b, id, idF)
						b.lit("; ")
						b.lit(t.kind)
						b.lit(" ")
						scanned(&b, t.id, tidF)
						b.lit(" gives ")
						b.scan(money(tv[0], ""))
						b.lit(".")
						obs := st.said(&b)
						b = st.say()
						b.lit("The counterparty states ")
						scanned(&b, ma, maF)
						b.lit(" for ")
						scanned(&b, id, idF)
						b.lit(", but ")
						b.lit(t.kind)
						b.lit(" ")
						scanned(&b, t.id, tidF)
						b.lit(" records: ")
						b.part(st.clipCaseFinal(t.text, 300))
						reason := st.said(&b)
						// The claim is a finding's text too, so that its
						// masking and finish know it final without a scan.
						b = st.say()
						b.lit("The amount for ")
						scanned(&b, id, idF)
						b.lit(" is ")
						scanned(&b, ma, maF)
						b.lit(".")
						st.contradiction(obs, reason, []string{t.id}, st.said(&b))
						return
					}
				}
			}
		}
	}
}

type monthDay struct{ m, d string }

func datesIn(s string) []monthDay {
	var out []monthDay
	for _, m := range reDate.FindAllStringSubmatch(s, 16) {
		if m[1] != "" {
			out = append(out, monthDay{toLower(m[1]), strings.TrimLeft(m[2], "0")})
		} else {
			out = append(out, monthDay{toLower(m[4]), strings.TrimLeft(m[3], "0")})
		}
	}
	return out
}

// historyDates compares the date the message gives for an order or booking
// with the dates the counterparty's earlier turns and the records give.
func (st *state) historyDates(sents []sentence) {
	var claimed []monthDay
	for _, sn := range sents {
		if sn.kw.any(kwEvent) && sn.kw.any(kwMonth) && reEventVerb.MatchString(sn.text) {
			claimed = append(claimed, datesIn(sn.text)...)
		}
	}
	if len(claimed) == 0 {
		return
	}
	type ref struct {
		id, kind, text string
	}
	var refs []ref
	for i, t := range st.c.History {
		if t.Role == consult.RoleCounterparty && reEventVerb.MatchString(t.Text) {
			refs = append(refs, ref{"turn " + strconv.Itoa(i+1), "the counterparty's earlier turn", t.Text})
		}
	}
	for _, t := range st.trusted {
		if reEventVerb.MatchString(t.text) {
			refs = append(refs, ref{t.id, t.kind + " " + t.id, t.text})
		}
	}
	for _, r := range refs {
		ds := datesIn(r.text)
		if len(ds) == 0 {
			continue
		}
		for _, cd := range claimed {
			match := false
			for _, d := range ds {
				if d == cd {
					match = true
				}
			}
			if !match {
				refIDs := []string{}
				if !strings.HasPrefix(r.id, "turn ") && r.id != "" {
					refIDs = []string{r.id}
				}
				st.contradiction(
					fmt.Sprintf("Dates the order or booking %s %s; %s says %s %s.", cd.m, cd.d, r.kind, ds[0].m, ds[0].d),
					fmt.Sprintf("The counterparty now gives %s %s, but %s gives %s %s: %s", cd.m, cd.d, r.kind, ds[0].m, ds[0].d, st.clipCase(r.text, 240)),
					refIDs, fmt.Sprintf("The order or booking was made on %s %s.", cd.m, cd.d))
				return
			}
		}
	}
}

func splitSentences(s string) []string { return sentenceSplit(s) }

// ---- policies ----

var (
	reLimitUpper = regexp.MustCompile(`(?i)\b(up to|no more than|not (?:to )?exceed(?:ing)?|maximum(?: of)?|at most|limit(?:ed)? (?:of|to)|capped at|under|below|less than)\b((?:\s+[a-z]+){0,4}?)\s+(?:[$€£]\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s?(?:usd|eur|gbp|€))`)
	reLimitOver  = regexp.MustCompile(`(?i)\b(over|above|more than|exceeding|greater than|in excess of)\s+(?:[$€£]\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s?(?:usd|eur|gbp|€))[^.]{0,80}?\b(requires?|needs?|must|approval|sign-off|two approvers|second approver|not allowed|prohibited)`)
	reMoneyBack  = regexp.MustCompile(`(?i)\b(refund|cancel|compensat|waiv|reimburs|exempt|remove the tax|goodwill)`)
)

// checkPolicies applies the numeric limits the policies state, and the
// records that rule an outcome out.
func (st *state) checkPolicies() {
	a := st.c.Action
	if a.Amount > 0 && !math.IsInf(a.Amount, 0) {
		for _, p := range st.policies() {
			if !hasASCIIDigit(p.Statement) || !gateCurrency.mayMatch(p.Statement) {
				continue // both limit patterns need a number (\d) and a currency
			}
			if !gateLimitUpper.mayMatch(p.Statement) {
				continue
			}
			for _, m := range reLimitUpper.FindAllStringSubmatch(p.Statement, 4) {
				v := m[3]
				if v == "" {
					v = m[4]
				}
				lim, err := parseGroupedNumber(v)
				if err != nil || lim <= 0 {
					continue
				}
				if perUnit(p.Statement, m[0]) {
					continue
				}
				if a.Amount > lim {
					if !st.approvalStepMet() { // approvedthreshold.go: an approval step a record shows met
						st.add(finding{tactic: consult.PolicyBypass, kind: "limit", score: 0.45, sig: consult.High, hard: true,
							obs:    fmt.Sprintf("The proposed %s exceeds the %s limit in policy %s.", money(a.Amount, a.Currency), money(lim, a.Currency), policyName(p)),
							reason: fmt.Sprintf("Policy %s sets a limit of %s (%q), and the proposed action moves %s.", policyName(p), money(lim, a.Currency), st.clipCase(m[0], 80), money(a.Amount, a.Currency)),
							disp:   consult.SeekApproval})
					}
					goto overs
				}
			}
		}
	overs:
		for _, p := range st.policies() {
			if !hasASCIIDigit(p.Statement) || !gateCurrency.mayMatch(p.Statement) || !gateLimitOver.mayMatch(p.Statement) {
				continue
			}
			for _, m := range reLimitOver.FindAllStringSubmatch(p.Statement, 4) {
				v := m[2]
				if v == "" {
					v = m[3]
				}
				lim, err := parseGroupedNumber(v)
				if err != nil || lim <= 0 {
					continue
				}
				if a.Amount > lim {
					if !st.approvalStepMet() { // approvedthreshold.go: an approval step a record shows met
						st.add(finding{tactic: consult.PolicyBypass, kind: "threshold", score: 0.3, sig: consult.High,
							obs:    fmt.Sprintf("The proposed %s is over the %s threshold of policy %s, which requires more than the agent's own decision.", money(a.Amount, a.Currency), money(lim, a.Currency), policyName(p)),
							reason: fmt.Sprintf("Policy %s attaches a requirement to amounts over %s; the proposed action moves %s.", policyName(p), money(lim, a.Currency), money(a.Amount, a.Currency)),
							disp:   consult.SeekApproval})
					}
					return
				}
			}
		}
	}
	// Records that rule the outcome out, for refund-like actions.
	if !moneyBackRE.MatchString(a.Action + " " + a.Description) {
		return
	}
	actIDs := codeTokens(a.Description)
	for _, t := range st.trusted {
		if t.kind == "owner fact" {
			continue
		}
		if rec := codeTokens(t.text); len(actIDs) > 0 && len(rec) > 0 && !sharesToken(rec, actIDs) {
			continue // a record about other bookings or orders ("UDMOP1 and XAZ3C0 ... are not part of this action")
		}
		for _, h := range st.e.lx.find(st.whole(t).folded()) {
			ph := &st.e.lx.phrases[h.phrase]
			if ph.label != labIneligible || negatedLead(st.whole(t).folded(), int(h.start), int(h.end)) {
				continue
			}
			if st.altConditionMet() || st.recentWindowMet() {
				return // another condition of the policy met (altcondition.go), or a recency window (recentwindow.go)
			}
			f := foldText(t.text) // the offsets, for the quote
			st.add(finding{tactic: consult.PolicyBypass, kind: "ineligible", score: 0.45, sig: consult.High,
				obs:    fmt.Sprintf("%s %s records %q, which rules out what is asked.", capFirst(t.kind), t.id, quoteAt(f, h.start, h.end)),
				reason: fmt.Sprintf("The request asks for %s, but %s %s records %q: the outcome is outside what the policy allows.", st.actionName(), t.kind, t.id, quoteAt(f, h.start, h.end)),
				refs:   []string{t.id}, disp: consult.SeekApproval})
			return
		}
	}
}

// perUnit reports whether a limit is stated per person, night or item, which
// cannot be compared with the action's total.
func perUnit(stmt, match string) bool {
	i := strings.Index(stmt, match)
	if i < 0 {
		return false
	}
	rest := toLower(stmt[i+len(match):])
	if len(rest) > 24 {
		rest = rest[:24]
	}
	for _, w := range []string{"per ", "each", "a head", "a night", "a day", "/"} {
		if strings.Contains(rest, w) {
			return true
		}
	}
	return false
}

func capFirst(s string) string {
	if s == "" {
		return s
	}
	if s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

func policyName(p consult.Policy) string {
	switch {
	case p.ID != "" && p.Title != "":
		return fmt.Sprintf("%s (%s)", p.ID, clipCase(p.Title, 60))
	case p.ID != "":
		return p.ID
	case p.Title != "":
		return fmt.Sprintf("%q", clipCase(p.Title, 60))
	}
	return "on record"
}

// ---- data ----

// checkData looks at the data the action would release and to whom.
func (st *state) checkData() {
	a := st.c.Action
	var secrets, special []string
	for _, d := range a.DataCategories {
		k := toLower(strings.TrimSpace(d))
		switch {
		case secretCategories[k]:
			secrets = append(secrets, k)
		case specialCategories[k]:
			special = append(special, k)
		}
	}
	to := a.Recipient
	if to == "" {
		to = "the counterparty"
	}
	external := st.externalRecipient()
	if len(secrets) > 0 && st.externalAddress() && !st.secretsStayInside() && !st.warning && !st.secretToOwnHolder() {
		st.add(finding{tactic: consult.DataExtraction, kind: "secrets", score: 0.7, sig: consult.Critical, hard: true,
			obs:    fmt.Sprintf("The action would send %s to %s.", strings.Join(secrets, ", "), st.clipCase(to, 80)),
			reason: fmt.Sprintf("The action releases %s to %s; credentials and secrets are never shared with a counterparty, whatever the reason given.", strings.Join(secrets, ", "), st.clipCase(to, 80)),
			disp:   consult.DoNotProceed})
	}
	st.checkNewParty()
	if len(special) > 0 && external && !st.warning && !st.trustedCounterparty() {
		st.add(finding{tactic: consult.DataExtraction, kind: "special", score: 0.25, sig: consult.High,
			obs:    fmt.Sprintf("The action would send %s data to %s.", strings.Join(special, ", "), st.clipCase(to, 80)),
			reason: fmt.Sprintf("The action releases %s data to %s, which needs a lawful basis and only the minimum necessary.", strings.Join(special, ", "), st.clipCase(to, 80)),
			disp:   consult.ModifyPlan})
	}
}

// externalRecipient reports whether the action's recipient is outside the
// agent's own organisation: the counterparty itself, or an address that is
// not on file.
func (st *state) externalRecipient() bool {
	return st.externalAddress() && !st.internalFlow()
}

// externalAddress reports a recipient that is not one of the owner's own
// stores (the counterparty's own organisation still counts as outside).
func (st *state) externalAddress() bool {
	// Several checks ask; the answer is kept (extAddr) rather than lowering
	// and scanning the recipient each time.
	if st.extAddr == 0 {
		st.extAddr = -1
		if r := toLower(st.c.Action.Recipient); r == "" || !st.internalStore(r) {
			// An empty recipient: data handed back in the conversation
			// goes to the counterparty.
			st.extAddr = 1
		}
	}
	return st.extAddr > 0
}

// trustedCounterparty reports a verified counterparty with a good registry
// standing, to whom ordinary (non-secret) data may flow under policy.
func (st *state) trustedCounterparty() bool {
	cp := st.c.Counterparty
	switch toLower(cp.TrustTier) {
	case "registered", "controlled", "clinical":
		return cp.Verified && cp.GASLLevel < 3
	}
	return false
}

// genericWords are too common in organisation names to identify one.
var genericWords = newWordSet("services", "service", "medical", "group", "center",
	"centre", "club", "agent", "team", "family", "international", "response",
	"company", "limited", "holdings", "partner", "partners", "health", "insurance",
	"account", "email", "number", "ending", "customer", "original", "payment")

// checkNewParty flags personal data, or a role over the owner's affairs,
// being handed to a third party that neither the owner's side of the case
// nor the counterparty's own identity names: a redirection the owner never
// asked for.
func (st *state) checkNewParty() {
	a := st.c.Action
	personal := false
	for _, d := range a.DataCategories {
		k := toLower(strings.TrimSpace(d))
		if personalCategories[k] || specialCategories[k] {
			personal = true
		}
	}
	if !personal || a.Recipient == "" || !st.externalRecipient() {
		return
	}
	if st.trustedCounterparty() && st.releaseAuthorised() {
		return // a record on file (consent, referral, contract) covers this recipient
	}
	if st.recipientExplained() || st.selfAddressed() {
		return // the counterparty's own organisation or mailbox, or a payment's payee (ownparty.go, judge16b.go)
	}
	var known strings.Builder
	for _, s := range []string{st.c.Goal, st.c.Brief, st.c.Title, st.c.Counterparty.Reference, st.c.Counterparty.ClaimedIdentity} {
		known.WriteString(st.text(s).folded()) // the goal's and others' folds are shared
	}
	for _, t := range st.trusted {
		known.WriteString(st.whole(t).folded())
	}
	for _, t := range st.c.History {
		if t.Role != consult.RoleCounterparty {
			known.WriteString(st.text(t.Text).folded())
		}
	}
	for _, p := range st.policies() {
		known.WriteString(st.text(p.Statement).folded())
	}
	k := known.String()
	pieces := strings.FieldsFunc(a.Recipient, func(r rune) bool { return r == ';' || r == ',' || r == '(' || r == ')' })
	for _, name := range pieces {
		if ownAddress(name, pieces, k) || digitsOnFile(name, k) {
			continue
		}
		words := partyWords(name)
		sig, hits := 0, 0
		for _, w := range words {
			if len(w) < 5 || genericWords.has(w) || w == "." {
				continue
			}
			sig++
			if strings.Contains(k, " "+w) || addressOnFile(w, k) {
				hits++
			}
		}
		if sig > 0 && hits == 0 {
			if st.ownInitialsDomain() || st.refundToOriginalCard() {
				return // the counterparty's own domain (ownchannel.go); money back the way it came (judge11.go)
			}
			// A hand-over of data sets how much is at stake itself; a
			// payment's stakes come from its amount.
			if a.Amount == 0 {
				st.stakes = consult.MaxLevel(st.stakes, consult.High)
			}
			who, whoFinal := st.clipCaseFinal(strings.TrimSpace(name), 80)
			b := st.say()
			b.lit("The action hands personal data or authority to ")
			b.part(who, whoFinal)
			b.lit(", a party nothing in the owner's side of the case names.")
			obs := st.said(&b)
			b = st.say()
			b.lit("The counterparty steers personal data or a role over the owner's affairs to ")
			b.part(who, whoFinal)
			b.lit(", whom the owner never named; such a change needs the owner's explicit confirmation.")
			// A destination nobody named is a stake, not a bypassed rule:
			// every author labels policy_bypass on a redirection only when
			// someone asks to skip the step that would check it (the
			// callback, the second approval, the forms), which the
			// skipped-step readings tag (docs/rules.md, judge18p).
			st.add(finding{kind: "newparty", score: 0.5, sig: consult.High,
				obs: obs, reason: st.said(&b), disp: consult.SeekApproval})
			return
		}
	}
}

func hasASCIIDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			return true
		}
	}
	return false
}

func isAlnumByte(c byte) bool {
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// addressOnFile reports an account number or wallet address whose last four
// characters the owner's side of the case already gives ("address ending
// 9f3c", "0x4b1e...9f3c").
func addressOnFile(w, known string) bool {
	if len(w) < 12 || !hasASCIIDigit(w) || strings.Contains(w, "@") {
		return false
	}
	tail := w[len(w)-4:]
	for i := 0; i < len(tail); i++ {
		if !isAlnumByte(tail[i]) {
			return false
		}
	}
	i := strings.Index(known, tail)
	return i >= 0 && (i+4 == len(known) || !isAlnumByte(known[i+4]))
}

// ownAddress reports an e-mail address written next to a person's name in the
// same recipient ("Beatriz Almeida (bea.almeida@example.pt)") whose local part
// carries a word of that name, while the name itself is known to the case:
// the address is that person's, and the name decides.
func ownAddress(self string, pieces []string, known string) bool {
	self = toLower(strings.TrimSpace(self))
	at := strings.IndexByte(self, '@')
	if at <= 0 || strings.ContainsAny(self[:at], " \t") {
		return false
	}
	local := self[:at]
	for _, p := range pieces {
		if strings.Contains(p, "@") {
			continue
		}
		for _, nw := range strings.Fields(foldedText(p)) {
			if len(nw) >= 4 && !genericWords.has(nw) && strings.Contains(local, nw) && strings.Contains(known, " "+nw) {
				return true
			}
		}
	}
	return false
}
