package fallback

// endLeads are reEnding's lead phrases, lower case, in the regexp's
// preference order: a longer form before the shorter one it extends.
var endLeads = [...]string{
	"ending in", "ending", "ends in", "ends", "terminada en", "terminado en",
	"endet auf", "endend auf", "se terminant par", "finissant par",
	"last four digits", "last four", "last 4 digits", "last 4",
}

// endDigits is the first groups of reEnding.FindAllStringSubmatch(s, n),
// appended to out. On ASCII text it matches by hand: the regexp is among
// the dearest steps of checkDestination on records that name an account,
// and without non-ASCII letters (?i) is plain ASCII folding. Other text
// goes to the regexp, whose Unicode folding the hand matcher does not
// copy.
func endDigits(s string, ascii bool, n int, out []string) []string {
	if !ascii {
		for _, m := range reEnding.FindAllStringSubmatch(s, n) {
			out = append(out, m[1])
		}
		return out
	}
	found := 0
	for i := 0; i < len(s) && found < n; i++ {
		if i > 0 && asciiWordByte(s[i-1]) {
			continue // \b before the lead: every lead starts with a letter
		}
		switch s[i] | 0x20 {
		case 'e', 't', 's', 'f', 'l':
		default:
			continue
		}
		for _, lead := range endLeads {
			if !hasFoldPrefix(s[i:], lead) {
				continue
			}
			if d, end, ok := digitsAfter(s, i+len(lead)); ok {
				out = append(out, d)
				found++
				i = end - 1 // the next match starts where this one ends
				break
			}
		}
	}
	return out
}

// digitsAfter matches `\s*:?\s*(\d{3,4})\b` at s[p:]. The spaces and the
// colon are not digits, so greed leaves one place where the digits can
// start, and \b after them needs a run of exactly three or four.
func digitsAfter(s string, p int) (d string, end int, ok bool) {
	p = skipPerlSpace(s, p)
	if p < len(s) && s[p] == ':' {
		p = skipPerlSpace(s, p+1)
	}
	q := p
	for q < len(s) && s[q] >= '0' && s[q] <= '9' {
		q++
	}
	if q-p < 3 || q-p > 4 || q < len(s) && asciiWordByte(s[q]) {
		return "", 0, false
	}
	return s[p:q], q, true
}

// skipPerlSpace skips the bytes of Go's \s, [\t\n\f\r ], from s[p].
func skipPerlSpace(s string, p int) int {
	for p < len(s) {
		switch s[p] {
		case '\t', '\n', '\f', '\r', ' ':
			p++
		default:
			return p
		}
	}
	return p
}

// asciiWordByte reports whether c is an ASCII word byte, as \b sees it.
func asciiWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// hasFoldPrefix reports whether s begins with lead under ASCII case
// folding; lead is lower case.
func hasFoldPrefix(s, lead string) bool {
	if len(s) < len(lead) {
		return false
	}
	for j := 0; j < len(lead); j++ {
		c := lead[j]
		if c >= 'a' && c <= 'z' {
			if s[j]|0x20 != c {
				return false
			}
		} else if s[j] != c {
			return false
		}
	}
	return true
}

// bankWords are reBankWords' words, lower case.
var bankWords = [...]string{"acct", "account", "remittance", "iban", "routing", "bank", "cuenta", "konto", "compte", "rib"}

// hasBankWord is reBankWords.MatchString(s) for ASCII s. Every word of
// the regexp is letters between \b, so a match is a whole run of ASCII
// word bytes equal to one of them under ASCII folding.
func hasBankWord(s string) bool {
	for i := 0; i < len(s); {
		if !asciiWordByte(s[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && asciiWordByte(s[j]) {
			j++
		}
		if j-i >= 3 && j-i <= len("remittance") {
			for _, w := range bankWords {
				if len(w) == j-i && hasFoldPrefix(s[i:j], w) {
					return true
				}
			}
		}
		i = j
	}
	return false
}

// digitRuns is reDigits4.FindAllString(s, n) (`\d[\d ]{2,}\d`): from a
// digit, the longest run of digits and spaces that ends in a digit and
// holds at least two bytes between its ends. Both classes are ASCII, so
// the bytes of any text decide it.
func digitRuns(s string, n int) []string {
	var out []string
	for p := 0; p < len(s) && len(out) < n; p++ {
		if s[p] < '0' || s[p] > '9' {
			continue
		}
		last := -1
		for q := p + 1; q < len(s) && (s[q] == ' ' || s[q] >= '0' && s[q] <= '9'); q++ {
			if s[q] != ' ' {
				last = q
			}
		}
		if last >= p+3 {
			out = append(out, s[p:last+1])
			p = last
		}
	}
	return out
}

// newDestWords are reNewDest's alternatives that match anywhere, and
// newDestWholeWords those it wants between \b.
var (
	newDestWords      = newSubstrSet([]string{"paypal", "venmo", "zelle", "revolut", "wise", "crypto", "bitcoin", "usdt", "wallet", "gift card", "routing"})
	newDestWholeWords = [...]string{"acct", "account", "iban", "cuenta", "konto", "compte"}
)

// newDestIn is reNewDest.MatchString(s), for low = toLower(s). On ASCII
// text the pattern's (?i) is ASCII folding and its parts are tested by
// hand; other text goes to the regexp, whose folding reaches the Kelvin
// sign and the long s.
func newDestIn(s, low string) bool {
	if !isASCII(s) {
		return reNewDest.MatchString(s)
	}
	if newDestWords.in(low) {
		return true
	}
	for i := 0; i < len(low); i++ {
		switch c := low[i]; {
		case c == '@':
			// @[a-z0-9-]+\.[a-z]{2,}: the run cannot hold the dot, so
			// the dot follows its longest form.
			j := i + 1
			for j < len(low) && (low[j] >= 'a' && low[j] <= 'z' || low[j] >= '0' && low[j] <= '9' || low[j] == '-') {
				j++
			}
			if j > i+1 && j+2 < len(low) && low[j] == '.' && isLowerASCII(low[j+1]) && isLowerASCII(low[j+2]) {
				return true
			}
		case isREWord(c) && (i == 0 || !isREWord(low[i-1])):
			j := i + 1
			for j < len(low) && isREWord(low[j]) {
				j++
			}
			for _, w := range newDestWholeWords {
				if low[i:j] == w {
					return true
				}
			}
			i = j - 1
		}
	}
	return false
}

// isLowerASCII reports whether c is an ASCII lower-case letter.
func isLowerASCII(c byte) bool { return c >= 'a' && c <= 'z' }
