package fallback

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// wordSetCases are word lists for the wordSet tests: the package's own
// sets' kinds of words, words that share a hash's bytes (length, first,
// middle and last byte), words at and past a slot's length, and words
// with bytes a slot's padding could pass for.
var wordSetCases = map[string][]string{
	"none":     nil,
	"one":      {"of"},
	"stop":     {"the", "of", "and", "for", "from", "del", "des", "der", "die", "das", "los", "las", "les", "von", "with", "our", "your"},
	"hashmate": {"abxa", "acxa", "adxa", "aexa", "afxa", "agxa", "ahxa", "aixa", "ajxa", "akxa", "a", "b", "aa", "ab", "ba"},
	"long":     {"fifteen-bytes-x", "sixteen-bytes-xy", "a-much-longer-word-than-a-slot", "gmail.com", "nº"},
	"dup":      {"same", "same", "other"},
}

// wordSetProbes are words to ask each set about, beyond its own and
// variants of them.
var wordSetProbes = []string{"", "a", "of\x00", "\x00", "the ", " the", "THE", "fifteen-bytes-", "sixteen-bytes-x", "nº", "n", "é"}

// TestWordSet checks has against a map of the same words, for each list's
// words, their prefixes and extensions, and other probes.
func TestWordSet(t *testing.T) {
	for name, words := range wordSetCases {
		t.Run(name, func(t *testing.T) {
			s := newWordSet(words...)
			m := map[string]bool{}
			for _, w := range words {
				m[w] = true
			}
			probes := append([]string(nil), wordSetProbes...)
			for _, w := range words {
				probes = append(probes, w, w[:len(w)-1], w+"s", w+"\x00", strings.ToUpper(w), "x"+w[1:])
			}
			var want, got []bool
			for _, p := range probes {
				want = append(want, m[p])
				got = append(got, s.has(p))
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("has on %q (-want +got):\n%s", probes, d)
			}
			short := 0
			for w := range m {
				if len(w) <= wordSlotMax {
					short++
				}
			}
			if 2*short > len(s.slots) {
				t.Errorf("%d slots for %d words in slots, want the table at most half full", len(s.slots), short)
			}
		})
	}
}

// TestWordSetRandom checks has against a map on random sets of short
// words over a small alphabet, where many words share their hash's bytes
// and the searches run through long clusters.
func TestWordSetRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	word := func() string {
		b := make([]byte, 1+rng.Intn(18))
		for i := range b {
			b[i] = "abc\x00é"[rng.Intn(6)]
		}
		return string(b)
	}
	for range 200 {
		var words []string
		m := map[string]bool{}
		for range rng.Intn(80) {
			w := word()
			words = append(words, w)
			m[w] = true
		}
		s := newWordSet(words...)
		for range 500 {
			w := word()
			if rng.Intn(3) == 0 && len(words) > 0 {
				w = words[rng.Intn(len(words))]
			}
			if got := s.has(w); got != m[w] {
				t.Fatalf("set %q: has(%q) = %v, want %v", words, w, got, m[w])
			}
		}
	}
}

func FuzzWordSet(f *testing.F) {
	f.Add("the of and", "of")
	f.Add("gmail.com a-much-longer-word-than-a-slot nº", "nº")
	f.Fuzz(func(t *testing.T, list, w string) {
		words := strings.Fields(list)
		m := map[string]bool{}
		for _, x := range words {
			m[x] = true
		}
		if got := newWordSet(words...); got.has(w) != m[w] {
			t.Fatalf("set %q: has(%q) = %v, want %v", words, w, got.has(w), m[w])
		}
	})
}

// TestPrefixList checks prefixOf against hasPrefixAny over the same stems,
// bareBanAnyVerb's among them, on the stems, their cuts and extensions.
func TestPrefixList(t *testing.T) {
	var banStems []string
	for _, l := range bareBanVerbs {
		banStems = append(banStems, l...)
	}
	for name, stems := range map[string][]string{"none": nil, "one": {"ab"}, "ban": banStems,
		"nested": {"remov", "re", "removal"}, "samefirst": {"abc", "abd", "a", "b"}} {
		t.Run(name, func(t *testing.T) {
			s := newPrefixList(stems)
			probes := append([]string{"", "r", "re", "removing", "cash out", "xyz"}, wordSetProbes...)
			for _, p := range stems {
				if p != "" {
					probes = append(probes, p, p[:len(p)-1], p+"s", "z"+p)
				}
			}
			var want, got []bool
			for _, p := range probes {
				want = append(want, hasPrefixAny(p, stems))
				got = append(got, s.prefixOf(p))
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("prefixOf on %q (-want +got):\n%s", probes, d)
			}
		})
	}
	if got, want := len(bareBanAnyVerb.ends), 0; got == want {
		t.Error("bareBanAnyVerb holds no stems")
	}
}
