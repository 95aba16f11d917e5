package fallback

import (
	"strings"
	"testing"
)

// checkCaseMasks asks one analysis's memo for the clips of texts, in the
// order given, and holds each answer to clipCase and clipCaseFinal, which
// mask the text anew every time.
func checkCaseMasks(t *testing.T, texts []string, ns []int) {
	t.Helper()
	st := &state{}
	for i, s := range texts {
		for _, n := range ns {
			// Ask twice in a row, so that the kept clip answers too, and
			// alternate the two methods, so that each finds the other's.
			for k := range 2 {
				var got, want string
				var gotF, wantF bool
				if (i+k)%2 == 0 {
					got, want = st.clipCase(s, n), clipCase(s, n)
					gotF, wantF = true, true
				} else {
					got, gotF = st.clipCaseFinal(s, n)
					want, wantF = clipCaseFinal(s, n)
				}
				if got != want || gotF != wantF {
					t.Fatalf("text %d %q, n %d, call %d: memo gives %q (final %v), want %q (final %v)", i, s, n, k, got, gotF, want, wantF)
				}
			}
		}
	}
}

// TestCaseMasks holds the per-analysis memo of masked texts to clipCase and
// clipCaseFinal: on texts that need masking, cutting or neither, on a text
// asked again after others, and past the memo's capacity, where it falls
// back to masking each time.
func TestCaseMasks(t *testing.T) {
	texts := []string{
		"",
		"Brightline Components Accounts Receivable",
		"ar-bot@brightline-components-billing.com",
		"First Coastal Bank acct 4410029381",
		"Pay invoice INV-20931 to new account 4410029381 at First Coastal Bank",
		"password: hunter2 and the rest",
		"AKIAIOSFODNN7EXAMPLE is the key",
		"a text that ends in a space ",
		strings.Repeat("long words go on and on ", 20),
		"Brightline Components Accounts Receivable", // again, after others
	}
	for i := range 14 {
		texts = append(texts, strings.Repeat("x", i+1)+" account 4410029381")
	}
	texts = append(texts, "First Coastal Bank acct 4410029381") // asked again with the memo full
	checkCaseMasks(t, texts, []int{80, 10, 80, 200, 0, 1})
}

// FuzzCaseMasks is TestCaseMasks on any two texts, each asked twice.
func FuzzCaseMasks(f *testing.F) {
	f.Add("Brightline Components", "acct 4410029381", 12)
	f.Add("password: x", "ar-bot@brightline-components-billing.com", 30)
	f.Add("ends in a space ", "…", 1)
	f.Fuzz(func(t *testing.T, a, b string, n int) {
		n %= 400
		checkCaseMasks(t, []string{a, b, a, b}, []int{n, n + 1, n})
	})
}
