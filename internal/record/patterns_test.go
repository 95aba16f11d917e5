package record

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

var patternSeeds = []string{
	"0192f0c1-7a3b-7c4d-8e5f-000000000001", "0192F0C1-7A3B-1C4D-BE5F-00000000000A", "0192f0c1-7a3b-0c4d-8e5f-000000000002",
	"00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
	"0192f0c1-7a3b-9c4d-8e5f-000000000001", "0192f0c1-7a3b-7c4d-ce5f-000000000001", "0192f0c1-7a3b-7c4d-8e5f-00000000000g",
	"a3GSWtMiVvUolWYhRTtWi8fN-J6AqZ-kirswwCjcHS4", "a3GSWtMiVvUolWYhRTtWi8fN+J6AqZ-kirswwCjcHS4", "a3GSWtMiVvUolWYhRTtWi8fN-J6AqZ-kirswwCjcHS",
	"2026-11-29T18:08:46.123Z", "2024-02-29T00:00:00.000Z", "2026-02-29T00:00:00.000Z", "2000-02-29T23:59:59Z",
	"1900-02-29T00:00Z", "0000-02-29T00:00Z", "0400-02-29T00:00Z", "2026-04-31T00:00Z", "2026-12-31T23:59:59.9Z",
	"2026-11-29T24:00Z", "2026-11-29T18:60Z", "2026-11-29T18:08:60Z", "2026-11-29T18:08:46.Z", "2026-11-29T18:08:46+01:00",
	"2026-11-29t18:08Z", "2026-13-01T00:00Z", "2026-00-10T00:00Z", "2026-01-00T00:00Z", "2026-11-29T18:08", "",
	"2026-11-29T18:08:46.123Z\n", "２026-11-29T18:08Z",
}

// FuzzKnownPatterns holds each hand-written matcher to the regular
// expression it replaces.
func FuzzKnownPatterns(f *testing.F) {
	for _, s := range patternSeeds {
		f.Add(s)
	}
	type pair struct {
		re    *regexp.Regexp
		match func(string) bool
	}
	var pairs []pair
	for src, m := range knownPatterns {
		pairs = append(pairs, pair{regexp.MustCompile(src), m})
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range pairs {
			if got, want := p.match(s), p.re.MatchString(s); got != want {
				t.Errorf("%q: hand-written %v, regexp %v (%s)", s, got, want, p.re)
			}
		}
	})
}

// TestKnownPatternsCoverSchema: every pattern of the embedded schema has a
// hand-written matcher, else the struct validator is slower than it could
// be (still correct: it falls back to the regular expression).
func TestKnownPatternsCoverSchema(t *testing.T) {
	found := regexp.MustCompile(`"pattern":\s*"((?:[^"\\]|\\.)*)"`).FindAllSubmatch(SchemaJSON, -1)
	if len(found) < 4 {
		t.Fatalf("found %d patterns in the schema, want 4 or more", len(found))
	}
	for _, m := range found {
		src := strings.ReplaceAll(string(m[1]), `\\`, `\`)
		if _, ok := knownPatterns[src]; !ok {
			t.Errorf("no matcher for pattern %s", src)
		}
	}
}

// TestKnownPatternsMutations compares each matcher with its regular
// expression on random edits of the seeds (substituted, deleted and
// inserted bytes), which reach the edges a fuzzer may take long to find.
func TestKnownPatternsMutations(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	const alphabet = "0123456789abcdefABCDEFxyzXYZ-_:.+TtZ\n\x00é"
	for src, match := range knownPatterns {
		re := regexp.MustCompile(src)
		for _, seed := range patternSeeds {
			for range 2000 {
				b := []byte(seed)
				for range 1 + rng.IntN(3) {
					c := alphabet[rng.IntN(len(alphabet))]
					switch i := rng.IntN(len(b) + 1); {
					case rng.IntN(3) == 0 && i < len(b):
						b = append(b[:i], b[i+1:]...)
					case rng.IntN(2) == 0 || i == len(b):
						b = append(b[:i], append([]byte{c}, b[i:]...)...)
					default:
						b[i] = c
					}
				}
				if got, want := match(string(b)), re.MatchString(string(b)); got != want {
					t.Fatalf("%q: hand-written %v, regexp %v (%s)", b, got, want, src)
				}
			}
		}
	}
}

// formatCheck pairs a formatsAfterPattern entry with the pattern's regular
// expression and the format's own validator, compiled by jsonschema.
type formatCheck struct {
	name    string
	re      *regexp.Regexp
	after   func(string) bool
	formats func(string) bool
}

func formatChecks(t testing.TB) []formatCheck {
	t.Helper()
	var cs []formatCheck
	for key, after := range formatsAfterPattern {
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		if err := c.AddResource("f.json", map[string]any{"type": "string", "format": key[0]}); err != nil {
			t.Fatal(err)
		}
		s, err := c.Compile("f.json")
		if err != nil {
			t.Fatal(err)
		}
		if s.Format == nil {
			t.Fatalf("no format %q", key[0])
		}
		f := s.Format
		cs = append(cs, formatCheck{key[0], regexp.MustCompile(key[1]), after, func(v string) bool { return f.Validate(v) == nil }})
	}
	if len(cs) != 2 {
		t.Fatalf("%d format checks, want 2", len(cs))
	}
	return cs
}

// check compares, for a string s that matches the pattern, the verdict of
// formatAfter with the format's validator; it returns whether s matched.
func (c formatCheck) check(t *testing.T, s string) bool {
	t.Helper()
	if !c.re.MatchString(s) {
		return false
	}
	if got, want := c.after(s), c.formats(s); got != want {
		t.Errorf("%s %q: after the pattern %v, format validator %v", c.name, s, got, want)
	}
	return true
}

// TestFormatsAfterPattern holds each format decided after its pattern to
// the format's validator, on every day of leap and common years (year 0
// and 9999 included) at times with and without seconds and fractions,
// and on UUIDs of every version and case.
func TestFormatsAfterPattern(t *testing.T) {
	matched := map[string]int{}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range formatChecks(t) {
		var cands []string
		cands = append(cands, patternSeeds...)
		switch c.name {
		case "date-time":
			for _, y := range []int{0, 1, 4, 100, 400, 1900, 2000, 2024, 2026, 9999} {
				for m := 0; m <= 13; m++ {
					for d := 0; d <= 32; d++ {
						for _, tm := range []string{"00:00Z", "23:59Z", "12:34:56Z", "23:59:59.999999Z", "00:00:00.000Z", "12:34:5Z", "24:00:00Z"} {
							cands = append(cands, fmt.Sprintf("%04d-%02d-%02dT%s", y, m, d, tm))
						}
					}
				}
			}
		case "uuid":
			const hex = "0123456789abcdefABCDEF"
			for i := range 5000 {
				b := []byte("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx")
				for i := range b {
					if b[i] == 'x' {
						b[i] = hex[rng.IntN(len(hex))]
					}
				}
				if i%10 != 0 { // mostly of a version and variant the pattern takes
					b[14], b[19] = "12345678"[rng.IntN(8)], "89abAB"[rng.IntN(6)]
				}
				cands = append(cands, string(b))
			}
		}
		for _, s := range cands {
			if c.check(t, s) {
				matched[c.name]++
			}
		}
	}
	// Enough strings reached the format check for it to mean something.
	if matched["date-time"] < 10000 || matched["uuid"] < 1000 {
		t.Errorf("matched %v: too few strings reached the formats", matched)
	}
}

// FuzzFormatsAfterPattern is TestFormatsAfterPattern on arbitrary strings.
func FuzzFormatsAfterPattern(f *testing.F) {
	for _, s := range patternSeeds {
		f.Add(s)
	}
	cs := formatChecks(f)
	f.Fuzz(func(t *testing.T, s string) {
		for _, c := range cs {
			c.check(t, s)
		}
	})
}
