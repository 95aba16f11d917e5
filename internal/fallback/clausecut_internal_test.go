package fallback

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// clausesRef is the reference cutClause replaced: strings.FieldsFunc at
// the clause marks.
func clausesRef(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == '\n' || r == '(' || r == ')' })
}

func clausesCut(s string) []string {
	var out []string
	for cl, rest, ok := cutClause(s); ok; cl, rest, ok = cutClause(rest) {
		out = append(out, cl)
	}
	return out
}

func TestCutClause(t *testing.T) {
	for _, s := range []string{"", ";", "a", "a;b", ";;a;;b;;", "approved (up to €2,000); paid\n3 x €200)", "\xff;\xc3(é)"} {
		t.Run(s, func(t *testing.T) {
			if diff := cmp.Diff(clausesRef(s), clausesCut(s), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("cutClause(%q) (-want +got):\n%s", s, diff)
			}
		})
	}
}

// FuzzCutClause compares cutClause's clauses with strings.FieldsFunc's.
func FuzzCutClause(f *testing.F) {
	for _, s := range []string{"", "a;b", "Adjuster approved repairs on MC-2291 up to €2,000 (pending); paid\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if diff := cmp.Diff(clausesRef(s), clausesCut(s), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("cutClause(%q) (-want +got):\n%s", s, diff)
		}
	})
}

// capOpenerMaskRef is the reference capOpenerMask replaced: one search per
// opener.
func capOpenerMaskRef(low string) uint32 {
	var m uint32
	for i, op := range capOpeners {
		if strings.Contains(low, op) {
			m |= 1 << i
		}
	}
	return m
}

func TestCapOpenerMask(t *testing.T) {
	if len(capOpeners) > 32 {
		t.Fatalf("capOpeners has %d words; capOpenerMask holds 32", len(capOpeners))
	}
	texts := []string{"", "approved up to €2,000", "aprobada hasta 2.000 €", "jusqu’à 2 000 €; jusqu'à", "pre-authorised; preauthoriz",
		strings.Join(capOpeners, " ")}
	for _, op := range capOpeners { // each opener, cut short, and at a text's end
		texts = append(texts, op, op[:len(op)-1], "x"+op)
	}
	for _, s := range texts {
		t.Run(s, func(t *testing.T) {
			if got, want := capOpenerMask(s), capOpenerMaskRef(s); got != want {
				t.Errorf("capOpenerMask(%q) = %b, want %b", s, got, want)
			}
		})
	}
}

// FuzzCapOpenerMask compares capOpenerMask with one search per opener.
func FuzzCapOpenerMask(f *testing.F) {
	for _, s := range []string{"approved up to €2,000", "freigegeben bis zu 2.000 €", "jusqu’à"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		low := toLower(s)
		if got, want := capOpenerMask(low), capOpenerMaskRef(low); got != want {
			t.Errorf("capOpenerMask(%q) = %b, want %b", low, got, want)
		}
	})
}
