package record

// Hand-written matchers for the patterns of the embedded schema, used by
// the struct validator in place of the regular expressions (about 40% of
// its time). Each is keyed by the exact source of the pattern it replaces:
// a schema with any other pattern keeps the regular expression.
// FuzzKnownPatterns holds each matcher to its regular expression.
var knownPatterns = map[string]func(string) bool{
	uuidPattern:           matchUUID,
	`^[a-zA-Z0-9_-]{43}$`: matchDigest,
	dateTimePattern:       matchDateTime,
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// matchUUID: an RFC 9562 UUID of versions 1 to 8 in either case, the nil
// UUID or the (lower-case) max UUID.
func matchUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch i {
		case 8, 13, 18, 23:
			if s[i] != '-' {
				return false
			}
		default:
			if !isHex(s[i]) {
				return false
			}
		}
	}
	if s[14] >= '1' && s[14] <= '8' {
		switch s[19] {
		case '8', '9', 'a', 'b', 'A', 'B':
			return true
		}
	}
	return s == "00000000-0000-0000-0000-000000000000" || s == "ffffffff-ffff-ffff-ffff-ffffffffffff"
}

// matchDigest: 43 characters of the base64url alphabet.
func matchDigest(s string) bool {
	if len(s) != 43 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// matchDateTime: YYYY-MM-DD with real month lengths and Gregorian leap
// years, "T", hh:mm with optional :ss and optional fraction, and "Z".
func matchDateTime(s string) bool {
	if len(s) < 17 { // YYYY-MM-DDThh:mmZ
		return false
	}
	for _, i := range []int{0, 1, 2, 3, 5, 6, 8, 9} {
		if !isDigit(s[i]) {
			return false
		}
	}
	if s[4] != '-' || s[7] != '-' || s[10] != 'T' {
		return false
	}
	num := func(i int) int { return int(s[i]-'0')*10 + int(s[i+1]-'0') }
	century, year, month, day := num(0), num(2), num(5), num(8)
	var days int
	switch month {
	case 1, 3, 5, 7, 8, 10, 12:
		days = 31
	case 4, 6, 9, 11:
		days = 30
	case 2:
		days = 28
		if year%4 == 0 && (year != 0 || century%4 == 0) {
			days = 29
		}
	default:
		return false
	}
	if day < 1 || day > days {
		return false
	}
	t := s[11:] // hh:mm[:ss[.f+]]Z
	if !isDigit(t[0]) || !isDigit(t[1]) || t[2] != ':' || !isDigit(t[3]) || !isDigit(t[4]) {
		return false
	}
	if h := int(t[0]-'0')*10 + int(t[1]-'0'); h > 23 || t[3] > '5' {
		return false
	}
	t = t[5:]
	if len(t) > 0 && t[0] == ':' {
		if len(t) < 3 || !isDigit(t[1]) || !isDigit(t[2]) || t[1] > '5' {
			return false
		}
		t = t[3:]
		if len(t) > 0 && t[0] == '.' {
			n := 1
			for n < len(t) && isDigit(t[n]) {
				n++
			}
			if n == 1 {
				return false
			}
			t = t[n:]
		}
	}
	return t == "Z"
}

// formatsAfterPattern decide a format for a string that has matched a
// pattern of the embedded schema, keyed by the format's name and the
// pattern's exact source. The schema gives both to the record's ids and
// its createdAt, and the format validators of jsonschema split the string
// and parse it with time.Parse, allocating each time (three allocations a
// record). TestFormatsAfterPattern and FuzzFormatsAfterPattern hold each to
// the format's validator on strings that match the pattern.
var formatsAfterPattern = map[[2]string]func(string) bool{
	// Every string of the pattern (8-4-4-4-12 hex digits) is a uuid.
	{"uuid", uuidPattern}: func(string) bool { return true },
	// The pattern's date is a real one and its time has an hour, minute
	// and "Z"; RFC 3339's date-time also needs the seconds, which the
	// pattern leaves optional. "YYYY-MM-DDThh:mm" is 16 bytes long.
	{"date-time", dateTimePattern}: func(s string) bool { return len(s) > 16 && s[16] == ':' },
}

const (
	uuidPattern     = `^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$`
	dateTimePattern = `^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z))$`
)
