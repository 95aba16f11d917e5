package fallback

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// moneyValueRef is moneyValue as parseMoney computed it before: the parts
// through ParseFloat. moneyValueSlow is that code, kept for the parts too
// long for the exact integer path, so it is the reference.
var moneyValueRef = moneyValueSlow

func checkMoneyValue(t *testing.T, ip, fp string) {
	t.Helper()
	got, gok := moneyValue(ip, fp)
	want, wok := moneyValueRef(ip, fp)
	if gok != wok || math.Float64bits(got) != math.Float64bits(want) {
		t.Errorf("moneyValue(%q, %q) = %v, %v; want %v, %v", ip, fp, got, gok, want, wok)
	}
}

// TestMoneyValue holds moneyValue to the ParseFloat reference, bit for bit,
// on the forms moneyAll gives and on digit runs of every length up to and
// past the exact path's fifteen.
func TestMoneyValue(t *testing.T) {
	for _, tc := range []struct{ ip, fp string }{
		{"4,900", "00"}, {"48,250", "00"}, {"900", ""}, {"1", "07"}, {"0", "1"}, {"1,234,567", "891"},
		{"999999999999999", "99"}, {"9999999999999999", "5"}, {"123", "1234567890123456"}, {"", ""}, {"12", ""},
		{"000123", "050"}, {"1,000", "333333333333333"},
	} {
		t.Run(tc.ip+"."+tc.fp, func(t *testing.T) { checkMoneyValue(t, tc.ip, tc.fp) })
	}
	r := rand.New(rand.NewSource(14))
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + r.Intn(10))
		}
		return string(b)
	}
	for range 20000 {
		ip := digits(1 + r.Intn(18))
		if r.Intn(3) == 0 {
			ip = digits(1+r.Intn(3)) + "," + digits(3) + "," + digits(3)
		}
		fp := ""
		if r.Intn(4) != 0 {
			fp = digits(1 + r.Intn(17))
		}
		checkMoneyValue(t, ip, fp)
	}
}

// FuzzMoneyValue holds moneyValue to the reference on any parts.
func FuzzMoneyValue(f *testing.F) {
	f.Add("4,900", "00")
	f.Add("999999999999999", "999999999999999")
	f.Add("1,2", "")
	f.Fuzz(func(t *testing.T, ip, fp string) {
		for _, s := range []string{ip, fp} {
			for i := 0; i < len(s); i++ {
				if s[i] != ',' && (s[i] < '0' || s[i] > '9') {
					return // moneyAll's parts are digits and commas
				}
			}
		}
		if strings.Contains(fp, ",") {
			return // a fraction has no commas
		}
		checkMoneyValue(t, ip, fp)
	})
}

// countsInRef is countsIn before it walked the words in place.
func countsInRef(folded string) map[string]int {
	tok := strings.Fields(folded)
	out := map[string]int{}
	for i := 0; i+1 < len(tok); i++ {
		n, ok := countOf(tok[i])
		if !ok || len(tok[i+1]) < 4 || hasASCIIDigit(tok[i+1]) {
			continue
		}
		if i > 0 && hasASCIIDigit(tok[i-1]) {
			continue
		}
		u := unitStem(tok[i+1])
		if n > out[u] {
			out[u] = n
		}
	}
	return out
}

func checkCountsIn(t *testing.T, s string) {
	t.Helper()
	for _, f := range []string{foldedText(s), " " + foldedText(s) + " ", clipBytes(foldedText(s), len(s)/2)} {
		got, want := countsIn(f), countsInRef(f)
		if len(want) == 0 {
			want = nil
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("countsIn(%q) (-want +got):\n%s", f, diff)
		}
	}
}

// TestCountsIn holds countsIn to the loop over strings.Fields it replaced.
func TestCountsIn(t *testing.T) {
	for name, s := range map[string]string{
		"empty":  "",
		"count":  "Book 6 passengers and three rooms, 2 travellers",
		"date":   "on 2024-05-20 passengers 4 nights",
		"larger": "2 tickets, then 5 tickets, then 3 tickets",
		"signs":  "+5 hours -3 days 0 units 12345 items zwei Stunden",
		"edge":   "7",
	} {
		t.Run(name, func(t *testing.T) { checkCountsIn(t, s) })
	}
}

func FuzzCountsIn(f *testing.F) {
	for _, s := range []string{"", "6 passengers", "2024 05 20 passenger", "three gift cards and 2 vouchers", "Ｐａｙ 3 Stück\u00a0now"} {
		f.Add(s)
	}
	f.Fuzz(checkCountsIn)
}

// wordsRefs are nameWordsOf and significantWords as they were, over
// strings.Fields.
func nameWordsOfRef(folded string) []string {
	var out []string
	for _, w := range strings.Fields(folded) {
		if len(w) >= 3 && !genericWords.has(w) && !stopWords.has(w) {
			out = append(out, w)
		}
	}
	return out
}

func significantWordsRef(f string) []string {
	var out []string
	for _, w := range strings.Fields(f) {
		w = strings.Trim(w, ".,;:()'\"")
		if len(w) < 3 || stopWords.has(w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

func checkFoldedWordLists(t *testing.T, s string) {
	t.Helper()
	for _, f := range []string{foldedText(s), strings.TrimSpace(foldedText(s)), clipBytes(foldedText(s), len(s)/2)} {
		if diff := cmp.Diff(nameWordsOfRef(f), nameWordsOf(f)); diff != "" {
			t.Fatalf("nameWordsOf(%q) (-want +got):\n%s", f, diff)
		}
		if diff := cmp.Diff(significantWordsRef(f), significantWords(f)); diff != "" {
			t.Fatalf("significantWords(%q) (-want +got):\n%s", f, diff)
		}
	}
}

// TestFoldedWordLists holds the word lists cut by nextFoldedWord to those
// cut by strings.Fields, on folded texts (their only input).
func TestFoldedWordLists(t *testing.T) {
	for name, s := range map[string]string{
		"empty":   "",
		"person":  "Laura Bennett, executive assistant to the CFO",
		"company": "Norden Tools Accounts Receivable (billing)",
		"unicode": "Lucía Ferrer\u00a0Núñez \u2003 of the Straße",
	} {
		t.Run(name, func(t *testing.T) { checkFoldedWordLists(t, s) })
	}
}

func FuzzFoldedWordLists(f *testing.F) {
	for _, s := range []string{"", "Laura Bennett", "Ｐａｙ straße\u00a0now\u2003ok \u0085 x", "a.b (c) 'd'"} {
		f.Add(s)
	}
	f.Fuzz(checkFoldedWordLists)
}

func checkSpacedWord(t *testing.T, f, w string) {
	t.Helper()
	if got, want := hasSpacedWord(f, w), strings.Contains(f, " "+w+" "); got != want {
		t.Fatalf("hasSpacedWord(%q, %q) = %v, want %v", f, w, got, want)
	}
}

// TestHasSpacedWord holds hasSpacedWord to the padded search it replaced.
func TestHasSpacedWord(t *testing.T) {
	for _, tc := range []struct{ f, w string }{
		{" no laura bennett is employed ", "bennett"}, {" bennettx bennett ", "bennett"}, {"bennett ", "bennett"},
		{" bennett", "bennett"}, {" xbennett bennettx ", "bennett"}, {"", "a"}, {" a ", "a"}, {"  ", ""}, {" ", ""}, {" aa a", "a"},
	} {
		t.Run(tc.f+"/"+tc.w, func(t *testing.T) { checkSpacedWord(t, tc.f, tc.w) })
	}
}

func FuzzHasSpacedWord(f *testing.F) {
	f.Add(" no laura bennett is employed ", "bennett")
	f.Add(" aa a", "a")
	f.Fuzz(checkSpacedWord)
}

// TestFoldPadOK checks the equivalence the record walks rely on: for a
// folded text that foldPadOK accepts, each of designations is found in it
// one byte before where it is found in its padded form, and elapsedSet
// answers alike for both.
func TestFoldPadOK(t *testing.T) {
	for _, s := range []string{"", "Names Pacific Crest Escrow as escrow agent.", "as agent", "agent as", "comme agent, en tant que mandataire", "seit 47 Tagen; 12 days ago", "ago"} {
		t.Run(s, func(t *testing.T) {
			f := foldedText(s)
			if !foldPadOK(f) {
				return
			}
			p := " " + f + " "
			for _, d := range designations {
				if got, want := strings.Index(f, d), strings.Index(p, d); (want < 0) != (got < 0) || want >= 0 && got != want-1 {
					t.Errorf("Index(%q, %q) = %d, padded %d", f, d, got, want)
				}
			}
			if elapsedSet.in(f) != elapsedSet.in(p) {
				t.Errorf("elapsedSet.in(%q) differs from its padded form", f)
			}
		})
	}
}
