package fallback

import (
	"fmt"
	"strings"
	"testing"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/google/go-cmp/cmp"
)

// textViewForms is every form a textView gives, computed the way the checks
// computed them before the view.
type textViewForms struct {
	Sents, FoldedSents, LowerSents       []string
	Clauses, FoldedClauses, LowerClauses []string
	Folded, Lower                        string
	Money                                []float64
}

func directForms(s string) textViewForms {
	f := textViewForms{Sents: splitSentences(s), Clauses: splitClauses(s), Folded: foldText(s).text, Lower: toLower(s), Money: parseMoney(s)}
	f.FoldedSents, f.LowerSents = []string{}, []string{}
	for _, x := range f.Sents {
		f.FoldedSents = append(f.FoldedSents, foldText(x).text)
		f.LowerSents = append(f.LowerSents, toLower(x))
	}
	f.FoldedClauses, f.LowerClauses = []string{}, []string{}
	for _, x := range f.Clauses {
		f.FoldedClauses = append(f.FoldedClauses, foldText(x).text)
		f.LowerClauses = append(f.LowerClauses, toLower(x))
	}
	return f
}

func viewForms(tv *textView) textViewForms {
	return textViewForms{
		Sents: tv.sentences(), FoldedSents: tv.foldedSentences(), LowerSents: tv.lowerSentences(),
		Clauses: tv.clauseList(), FoldedClauses: tv.foldedClauses(), LowerClauses: tv.lowerClauses(),
		Folded: tv.folded(), Lower: tv.lower(), Money: tv.money(),
	}
}

// TestTextViewMatchesDirect: each form of a view is what the check that
// reads it used to compute itself, for texts with the cuts that the
// splitters treat differently (decimals, abbreviations, dates, no cut).
func TestTextViewMatchesDirect(t *testing.T) {
	texts := map[string]string{
		"empty":     "",
		"blank":     "  \n ",
		"plain":     "Invoice INV-5521 for $900.00 is approved and due in 10 days.",
		"amounts":   "Paid $1,250.50 and €300 on 2 May; 2.500 € remain. Total USD 4,900.",
		"two":       "Vendor master lists an account ending 7710. It is unchanged since 2021!",
		"decimal":   "The limit is 2.500 € per claim; above it a manager approves",
		"abbrev":    "Dr. Chen signed off on 1. März. No change order exists?",
		"unicode":   "Ｐａｙ the ſupplier… ÜBERWEISUNG nicht freigegeben",
		"noEnd":     "no sentence end here",
		"leet":      "p@ssw0rd reset requested by the CFO",
		"newline":   "first line\nsecond line\n\nthird",
		"sepsOnly":  ".;!?",
		"longDigit": strings.Repeat("12345. ", 40),
	}
	for name, s := range texts {
		t.Run(name, func(t *testing.T) {
			st := &state{}
			tv := st.text(s)
			if diff := cmp.Diff(directForms(s), viewForms(tv)); diff != "" {
				t.Errorf("view of %q (-want +got):\n%s", s, diff)
			}
			// A second ask gives the same view, not a new one.
			if again := st.text(s); again != tv {
				t.Errorf("text(%q) made a second view", s)
			}
		})
	}
}

// TestRecViewClips: a record's view is of its first maxClaimBytes, where
// the sentence-level checks read it, and a view of another clip of the same
// record is a view of that clip.
func TestRecViewClips(t *testing.T) {
	long := strings.Repeat("The account ending 7710 is on file. ", maxClaimBytes/30)
	tests := []struct {
		name string
		text string
		clip int
	}{
		{"short", "Account ending 7710 is on file.", maxClaimBytes},
		{"long", long, maxClaimBytes},
		{"longOtherClip", long, 2048},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := &state{}
			rv := st.rec(trustedText{text: tc.text})
			clipped := clipBytes(tc.text, tc.clip)
			if diff := cmp.Diff(directForms(clipped), viewForms(st.text(clipped))); diff != "" {
				t.Errorf("view of the %d-byte clip (-want +got):\n%s", tc.clip, diff)
			}
			if diff := cmp.Diff(directForms(clipBytes(tc.text, maxClaimBytes)), viewForms(rv)); diff != "" {
				t.Errorf("record view (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCheckSubstrSets: the checks' substring sets find a word exactly where
// containsAny over their lists does.
func TestCheckSubstrSets(t *testing.T) {
	sets := []struct {
		name  string
		set   *substrSet
		words []string
	}{
		{"doneMarks", doneMarkSet, doneMarks},
		{"lapsed", lapsedSet, lapsedWords},
		{"reversal", reversalSet, reversalWords},
		{"standingLapsed", standingLapsedSet, standingLapsed},
	}
	texts := []string{"", " ", "i already paid", " i already paid ", "we did it", " we did it ", "la verificación ya está hecha",
		" ya ", "yay ", " das ist bereits erledigt ", " c'est déjà fait ", " he said so", "said", " prometimos ", " done", " done ",
		"the card expired", "voided", "void", "vertrag gekündigt", "abonnement résiliée", "suspendu", "closed.", "withdrawn from sale", "withdrawn",
		"payment returned", "charged back", "zurückgebucht", "rejetée", "account blocked", "debarred supplier", "licence révoquée", "bloquée"}
	for _, s := range sets {
		for _, tx := range texts {
			t.Run(s.name+"/"+tx, func(t *testing.T) {
				if got, want := s.set.in(tx), containsAny(tx, s.words...); got != want {
					t.Errorf("in(%q) = %v, containsAny says %v", tx, got, want)
				}
			})
		}
	}
}

// TestDestinationGates: the destination check's substring gates let
// through every text its patterns match, including texts whose case the
// patterns fold beyond ASCII (the Kelvin sign, the long s).
func TestDestinationGates(t *testing.T) {
	texts := []string{"", "Vendor master lists a remittance account ending 7710 at Wells Fargo.", "ACCT ENDS IN 1234", "Routing: 021000021",
		"Cuenta terminada en 4321", "Konto endet auf 9876", "compte se terminant par 5555", "RIB finissant par 1234", "Bank last four: 4444",
		"last 4 digits 1234", "Invoice INV-20931 for $48,250.00 is approved.", "Kelvin ban\u212a ending 1234", "\u212aonto la\u017ft four 1234",
		"bankruptcy filed", "the iban is DE89370400440532013000", "nothing here"}
	for _, tx := range texts {
		t.Run(tx, func(t *testing.T) {
			ascii, low := isASCII(tx), toLower(tx)
			if got, want := bankWordsIn(tx, ascii, low), reBankWords.MatchString(tx); got != want {
				t.Errorf("bankWordsIn = %v, reBankWords says %v", got, want)
			}
			if !mayEnd(tx, ascii, low) && reEnding.MatchString(tx) {
				t.Errorf("the ending gate drops a text reEnding matches")
			}
		})
	}
}

// TestMoneyCue: the cue words of kwMoney find what the currency words and
// strings.ContainsAny(s, "$€£") found, also on invalid UTF-8 around the
// signs and on text whose lower case changes its bytes.
func TestMoneyCue(t *testing.T) {
	texts := []string{"", "$", "USD 5", "5 €", "£3", "\xe2\x82", "\xe2\xe2\x82\xac", "\xf0\xe2\x82\xac", "\xc2\xc2\xa3", "\xa3", "€"[:2],
		"price: 4,900.00", "\u212a€", "İ£", "DOLLARS", "Eur", "\xff$"}
	for _, tx := range texts {
		t.Run(tx, func(t *testing.T) {
			k := kwOf(tx)
			if got, want := k.any(kwMoney), k.any(kwCurrency) || strings.ContainsAny(tx, "$€£"); got != want {
				t.Errorf("kwOf(%q).any(kwMoney) = %v, want %v", tx, got, want)
			}
		})
	}
}

// recordsCase is sbase with records of every kind the trusted list holds or
// leaves out: a long system fact (past maxClaimBytes), two entries with the
// same text, an owner fact, verified and unverified evidence, a disputed fact.
func recordsCase() *consult.Case {
	c := sbase()
	long := strings.Repeat("Vendor master lists account ending 7710. Invoice INV-5521 was paid on 2 May! ", maxClaimBytes/70)
	c.Facts = []consult.Fact{
		{ID: "f1", Statement: "Invoice INV-5521 for $900.00 is approved and due in 10 days. No change request is on file.", Source: consult.SourceSystem, Status: consult.FactVerified},
		{ID: "f2", Statement: long, Source: consult.SourceSystem, Status: consult.FactVerified},
		{ID: "f3", Statement: "Dr. Chen signed off on 1. März. Der Vertrag ist nicht gekündigt.", Source: consult.SourceOwner},
		{ID: "f4", Statement: "Invoice INV-5521 for $900.00 is approved and due in 10 days. No change request is on file.", Source: consult.SourceSystem, Status: consult.FactVerified},
		{ID: "f5", Statement: "The account was changed yesterday.", Source: consult.SourceSystem, Status: consult.FactDisputed},
		{ID: "f6", Statement: "", Source: consult.SourceSystem, Status: consult.FactVerified},
	}
	c.Evidence = []consult.Evidence{
		{ID: "e1", Summary: "Callback to the number on file confirmed the request. Ｐａｙ the ſupplier…", Verification: consult.VerificationVerified},
		{ID: "e2", Summary: "Screenshot of a bank letter.", Verification: "unverified"},
	}
	return c
}

// TestTrustedViews: the view st.rec keeps by a trusted entry's index is
// the forms of the entry's first maxClaimBytes, the same view on each ask,
// and st.whole's is the forms of the whole text.
func TestTrustedViews(t *testing.T) {
	st := Default().inspect(recordsCase())
	if len(st.trusted) != 6 {
		t.Fatalf("trusted entries: %d, want 6", len(st.trusted))
	}
	for i, e := range st.trusted {
		t.Run(e.id, func(t *testing.T) {
			if e.at != i+1 {
				t.Fatalf("at = %d, want %d", e.at, i+1)
			}
			tv := st.rec(e)
			if diff := cmp.Diff(directForms(clipBytes(e.text, maxClaimBytes)), viewForms(tv)); diff != "" {
				t.Errorf("rec view (-want +got):\n%s", diff)
			}
			if st.rec(e) != tv {
				t.Error("rec made a second view")
			}
			if diff := cmp.Diff(directForms(e.text), viewForms(st.whole(e))); diff != "" {
				t.Errorf("whole view (-want +got):\n%s", diff)
			}
			if got := st.whole(e) == tv; got != (len(e.text) <= maxClaimBytes) {
				t.Errorf("whole shares the rec view: %v, want %v", got, !got)
			}
		})
	}
}

// walkedSentence is what a record-sentence walk reads of one sentence.
type walkedSentence struct {
	ID, Kind, Text, Folded, Lower string
	Index                         int
	Stems                         map[string]bool
}

// oldWalk is the walk the checks wrote out before recordSentences, with
// the forms computed directly.
func oldWalk(st *state, keep func(trustedText) bool, stop int) []walkedSentence {
	var out []walkedSentence
	for _, t := range st.trusted {
		if !keep(t) {
			continue
		}
		for si, fs := range splitSentences(clipBytes(t.text, maxClaimBytes)) {
			if len(out) == stop {
				return out
			}
			out = append(out, walkedSentence{t.id, t.kind, fs, foldText(fs).text, toLower(fs), si, stemSet(fs)})
		}
	}
	return out
}

func walked(rs recSent) walkedSentence {
	return walkedSentence{rs.t.id, rs.t.kind, rs.text, rs.folded(), rs.lower(), rs.i, rs.stems()}
}

// TestRecordSentences: the iterators yield what the written-out walk read,
// in its order, and stop where the walk's body stops them.
func TestRecordSentences(t *testing.T) {
	st := Default().inspect(recordsCase())
	for _, stop := range []int{-1, 0, 1, 3} {
		t.Run(fmt.Sprintf("stop%d", stop), func(t *testing.T) {
			var got, gotTurn, gotNested []walkedSentence
			for rs := range st.recordSentences() {
				if len(got) == stop {
					break
				}
				got = append(got, walked(rs))
			}
			if diff := cmp.Diff(oldWalk(st, trustedText.isRecord, stop), got); diff != "" {
				t.Errorf("recordSentences (-want +got):\n%s", diff)
			}
			for rs := range st.trustedSentences(trustedText.notTurn) {
				if len(gotTurn) == stop {
					break
				}
				gotTurn = append(gotTurn, walked(rs))
			}
			if diff := cmp.Diff(oldWalk(st, func(t trustedText) bool { return t.kind != "earlier turn" }, stop), gotTurn); diff != "" {
				t.Errorf("trustedSentences(notTurn) (-want +got):\n%s", diff)
			}
		records:
			for r, tv := range st.records() {
				for rs := range tv.recSents(r) {
					if len(gotNested) == stop {
						break records
					}
					gotNested = append(gotNested, walked(rs))
				}
			}
			if diff := cmp.Diff(oldWalk(st, trustedText.isRecord, stop), gotNested); diff != "" {
				t.Errorf("records and recSents (-want +got):\n%s", diff)
			}
		})
	}
}
