package fallback

import (
	"maps"
	"strconv"
	"strings"
	"testing"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/google/go-cmp/cmp"
)

// containsAnyLists are the word lists that have a substrSet, with the set.
var substrSetLists = []struct {
	name  string
	words []string
	set   *substrSet
}{
	{"grant", grantWords, grantSet},
	{"reservedMark", reservedMarks, reservedMarkSet},
	{"priceStem", priceStems, priceStemSet},
	{"missedMark", missedMarks, missedMarkSet},
	{"selfModal", selfModals, selfModalSet},
	{"selfLimit", selfLimitSet.all, selfLimitSet},
	{"factLimit", factLimitSet.all, factLimitSet},
	{"factBelow", factBelowSet.all, factBelowSet},
	{"factAbove", factAboveSet.all, factAboveSet},
	{"elapsed", elapsedSet.all, elapsedSet},
	{"payFamily", payFamily, payFamilySet},
	{"refundFamily", refundFamily, refundFamilySet},
	{"paidWord", paidWords, paidWordSet},
	{"refundedWord", refundedWord, refundedWordSet},
	{"partWord", partWords, partWordSet},
	{"restWord", restWordSet.all, restWordSet},
	{"notDone", notDoneSet.all, notDoneSet},
	{"seniorRole", seniorRoles, seniorRoleSet},
	{"your", yourWords, newSubstrSet(yourWords)},
	{"noNeed", noNeedWords, noNeedSet},
	{"step", stepWords, stepSet},
	{"backdate", backdateGateWords, backdateGate},
	{"notOnFile", onFileRefNot, onFileRefNotSet},
	{"onFile", onFileRefWords, onFileRefSet},
	{"notStore", notStoreWords, notStoreSet},
	{"store", storeWords, storeSet},
	{"special", specialTerms, specialSet},
	{"bareBan", bareBanMarks, bareBanSet},
	{"cond", condWords, condSet},
	{"restrict", restrictWords, restrictSet},
	{"banMark", banMarks, banMarkSet},
	{"rec0", recWords[0], recSets[0]},
	{"rec1", recWords[1], recSets[1]},
	{"rec2", recWords[2], recSets[2]},
	{"recDigit0", recDigitWords[0], recDigitSets[0]},
	{"recDigit1", recDigitWords[1], recDigitSets[1]},
	{"recDigit2", recDigitWords[2], recDigitSets[2]},
	{"recordDeadline", recordDeadlineMarks, recordDeadlineSet},
	{"deadlineThreat", deadlineThreats, deadlineThreatSet},
	{"today", todayWords, todaySet},
	{"splitStem", splitStems, splitStemSet},
	{"splitBan", splitBans, splitBanSet},
	{"selfFuture", selfFutures, selfFutureSet},
	{"paceBreaker", paceBreakers, paceBreakerSet},
	{"control", controlWords, controlSet},
	{"senderNoun", senderNouns, senderNounSet},
	{"bankWord", bankWords[:], bankWordSet},
	{"onFileRule", onFileRules, onFileRuleSet},
	{"useVerb", useVerbs, useVerbSet},
	{"lapsedExempt", lapsedExempt, lapsedExemptSet},
}

// TestConceptSets checks each control concept's set against containsAny.
func TestConceptSets(t *testing.T) {
	texts := []string{"", "please skip the callback", " no change request needed ", "rappel", "zuruckruf", "call bac", "the change board"}
	for _, stems := range controlConcepts {
		for _, w := range stems {
			texts = append(texts, " "+w+" ", w[:len(w)-1]) // each stem, and a near miss
		}
	}
	for ci, stems := range controlConcepts {
		for _, tx := range texts {
			t.Run(stems[0]+"/"+tx, func(t *testing.T) {
				if got, want := conceptSets[ci].in(tx), containsAny(tx, stems...); got != want {
					t.Errorf("in(%q) = %v, containsAny = %v", tx, got, want)
				}
			})
		}
	}
}

func TestSubstrSetMatchesContainsAny(t *testing.T) {
	texts := []string{"", "a", "your cfo approved it", "no need for a ticket", "x", "tu", "tu ", "please approv", "sign-of",
		"the ticket", "eine prüfung ist nicht nötig", "ihr chef hat zugestimmt", "dio el visto bueno", "validé", "valid",
		"backdated to june", "back date", "zuruckdatiert", "antedate", "antidaté", "backda",
		"not on file", "on file", "vendor master (sso)", "logged-in", "key vault", "own portal", "non enregistré", "neue ", "hsm", "kms",
		"your political views", " union member", "ethnicity",
		" refunds are never issued ", " si ", "tant que", " ne peuvent pas etre ",
		"internal only", "prohibited", "picked up", "expired", "12 cycles", "used 3", "2 months ago", "il y a 3 jours",
		" refunds cannot be issued ", " kann nicht ", " pay by today or lose it ", " cut off 14 00 ", " tonight", " split the payment ",
		" we will send it ", " ill do it or else ", " no splitting ", " disable mfa ", " skip the callback ", " fractionner ", " sinon ",
		"the sender is not", "iban de89", "pay to the account on file", "vendor master", "refill the order", "renew and ship", "final payout", "use the card"}
	odd := newSubstrSet([]string{"", "a", "ab", "é"})
	for _, l := range substrSetLists {
		for _, tx := range texts {
			t.Run(l.name+"/"+tx, func(t *testing.T) {
				if got, want := l.set.in(tx), containsAny(tx, l.words...); got != want {
					t.Errorf("in(%q) = %v, containsAny = %v", tx, got, want)
				}
				if got, want := odd.in(tx), containsAny(tx, "", "a", "ab", "é"); got != want {
					t.Errorf("odd.in(%q) = %v, containsAny = %v", tx, got, want)
				}
			})
		}
	}
}

func FuzzSubstrSet(f *testing.F) {
	f.Add("your cfo agreed, no need to call back", "ab")
	f.Add("ihr vorstand hat zugestimmt", "é")
	f.Fuzz(func(t *testing.T, s, w string) {
		for _, l := range substrSetLists {
			if got, want := l.set.in(s), containsAny(s, l.words...); got != want {
				t.Fatalf("%s.in(%q) = %v, containsAny = %v", l.name, s, got, want)
			}
		}
		// "of" keeps the stride at one; the space-led set's stride is the
		// fuzzed word's length less one, up to five, where starts at a
		// space share their first two bytes.
		for _, ws := range [][]string{{w, "of", strings.ToLower(w)}, {w, " " + w, " of the", " off "}} {
			if got, want := newSubstrSet(ws).in(s), containsAny(s, ws...); got != want {
				t.Fatalf("in(%q) over %q = %v, containsAny = %v", s, ws, got, want)
			}
		}
	})
}

// phraseSetRef is phraseSet.in before the pair filter: one map look-up at
// every space.
func phraseSetRef(ps *phraseSet, s string) bool {
	for i := 0; i+4 <= len(s); i++ {
		if s[i] != ' ' {
			continue
		}
		for _, p := range ps.byKey[s[i+1:i+4]] {
			if strings.HasPrefix(s[i:], p) {
				return true
			}
		}
	}
	return false
}

func FuzzPhraseSet(f *testing.F) {
	f.Add(" if you dont pay today we release the room ")
	f.Add("unless   now")
	f.Fuzz(func(t *testing.T, s string) {
		for i, ps := range []*phraseSet{psFavourPast, psFavourAsk, psGift, psAsk, psAck, psRule, psBut, psIfNot, psNow, psLoss, psClose, psHurt} {
			if got, want := ps.in(s), phraseSetRef(ps, s); got != want {
				t.Fatalf("set %d: in(%q) = %v, want %v", i, s, got, want)
			}
		}
	})
}

// countOfRef is countOf before the first-byte test.
func countOfRef(w string) (int, bool) {
	if n, ok := smallNumbers[w]; ok {
		return n, true
	}
	if len(w) == 0 || len(w) > 4 {
		return 0, false
	}
	n, err := strconv.Atoi(w)
	return n, err == nil && n > 0
}

func FuzzCountOf(f *testing.F) {
	for _, w := range []string{"", "0", "12", "+5", "-3", "zwei", "1234", "12345", "a1", "1a", " 1", "+", "-"} {
		f.Add(w)
	}
	f.Fuzz(func(t *testing.T, w string) {
		n, ok := countOf(w)
		rn, rok := countOfRef(w)
		if n != rn || ok != rok {
			t.Fatalf("countOf(%q) = %d, %v; want %d, %v", w, n, ok, rn, rok)
		}
	})
}

// The token views must give the same answers as the functions on the text.
func TestMessageTokenViews(t *testing.T) {
	for _, msg := range []string{"", "I received it two weeks ago", "pay before 17:00 today please", "hace dos semanas. tonight at 8", strings.Repeat("x ", 5000) + "3 days ago"} {
		t.Run(msg[:min(len(msg), 30)], func(t *testing.T) {
			st := &state{msg: foldText(msg)}
			if got, want := claimedElapsedIn(st.msgTokens()), claimedElapsed(st.msg.text); got != want {
				t.Errorf("claimedElapsedIn = %d, want %d", got, want)
			}
			p, e, ok := clockDeadlineIn(clipBytes(st.msg.text, maxClaimBytes), st.msgTokens())
			rp, re, rok := clockDeadline(st.msg.text)
			if p != rp || e != re || ok != rok {
				t.Errorf("clockDeadlineIn = %d %d %v, want %d %d %v", p, e, ok, rp, re, rok)
			}
		})
	}
}

// checkMsgClockDeadline compares msgClockDeadline, which cuts only the
// words around each digit from the message's word spans, with
// clockDeadlineIn on the whole token list.
// It does so with and without the lexicon's marks of the message
// (msgDigitWords).
func checkMsgClockDeadline(t *testing.T, msg string) {
	t.Helper()
	ref := &state{msg: foldText(msg)}
	rp, re, rok := clockDeadlineIn(ref.msgHead(), ref.msgTokens())
	for _, st := range []*state{spannedState(msg), markedState(msg)} {
		p, e, ok := st.msgClockDeadline()
		if p != rp || e != re || ok != rok {
			t.Errorf("msgClockDeadline(%q), marked %v = %d %d %v, want %d %d %v", msg[:min(len(msg), 60)], st.v.marked, p, e, ok, rp, re, rok)
		}
	}
}

// spannedState is a state with the folded message and its words.
func spannedState(msg string) *state {
	st := &state{msg: foldText(msg)}
	st.v.msgWords = wordSpans(st.msg.text)
	return st
}

func TestMsgClockDeadline(t *testing.T) {
	long := strings.Repeat("the truck is here ", maxClaimBytes/18)
	for _, msg := range []string{"", "5", "pay before 17:00 today please", "tonight at 8", "at 8 tonight", "8 pm today",
		"bis 16 uhr. heute", "by the 5 pm cutoff", "we deliver at 10 30 am", "room 12 . today at 9 . 3 4 5 6 7 8 today",
		"invoice 5521 for $4,900.00 is due today", long + "before 5pm", long[:len(long)-3] + "before 5pm today", long + "5"} {
		t.Run(msg[:min(len(msg), 30)], func(t *testing.T) {
			checkMsgClockDeadline(t, msg)
		})
	}
}

func FuzzMsgClockDeadline(f *testing.F) {
	for _, s := range []string{"pay before 17:00 today", "tonight at 8", "bis 17 uhr heute", "a a a 5pm", "heute um 5", "12 3 today 4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkMsgClockDeadline(t, s)
	})
}

// actionStems must give what each check built for itself, whichever clip
// asks first and whether or not the description is longer than a clip.
func TestActionStems(t *testing.T) {
	long := strings.Repeat("refund the deposit for booking ", 100) + " cancellation"
	for _, tc := range []struct{ name, desc, action string }{
		{"short", "Refund the deposit to the guest", "payment:refund_deposit"},
		{"long", long, "data_export:customer_list"},
		{"empty", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &state{c: &consult.Case{Action: consult.Action{Description: tc.desc, Action: tc.action}}}
			for _, clip := range []int{2048, maxClaimBytes, 2048, maxClaimBytes} {
				want := stemSet(clipBytes(tc.desc, clip) + " " + strings.NewReplacer(":", " ", "_", " ").Replace(clipBytes(tc.action, 200)))
				if got := st.actionStems(clip); !maps.Equal(got, want) {
					t.Errorf("clip %d: %v, want %v", clip, got, want)
				}
			}
		})
	}
}

// checkClauseView compares every set's bit in a clause view of s with the
// set's own scan.
func checkClauseView(t *testing.T, s string) {
	t.Helper()
	cv := newClauseView(s)
	for i, cl := range cv.cl {
		for _, ps := range allPhraseSets {
			if got, want := cv.has(i, ps), ps.in(cl); got != want {
				t.Fatalf("clause %q, set %d: has = %v, in = %v", cl, ps.id, got, want)
			}
		}
	}
	if got, want := len(cv.cl), len(clausesOf(s)); got != want {
		t.Fatalf("%d clauses, want %d", got, want)
	}
}

func TestClauseView(t *testing.T) {
	for _, s := range []string{"", " ", "the boss approved it. send the po later", " if you dont pay today we release the room. my son is in hospital ",
		"no. i approved it myself. ich habe genehmigt", " den bestellschein reichen wir nach ", strings.Repeat(" you helped me before. ", 50)} {
		t.Run(s[:min(len(s), 30)], func(t *testing.T) { checkClauseView(t, s) })
	}
	if len(allPhraseSets) > 64 {
		t.Logf("%d phrase sets: sets past 64 are scanned directly", len(allPhraseSets))
	}
}

func FuzzClauseView(f *testing.F) {
	f.Add(" my manager said its fine. we will send the signed form after ")
	f.Add(" unless you pay now we cancel. ")
	f.Fuzz(func(t *testing.T, s string) { checkClauseView(t, s) })
}

// clockDeadlineRef is clockDeadline as it was, finding each token with
// strings.Index.
func clockDeadlineRef(folded string) (int, int, bool) {
	s := clipBytes(folded, maxClaimBytes)
	tok := strings.Fields(s)
	pos := 0
	for i := range tok {
		p := strings.Index(s[pos:], tok[i]) + pos
		pos = p + len(tok[i])
		if bareHourToday(tok, i) {
			return p, pos, true
		}
		if !clockAt(tok, i) {
			continue
		}
		for k := i - 1; k >= 0 && k >= i-3; k-- {
			if tok[k] == "." {
				break
			}
			for _, l := range clockLead {
				if tok[k] == l {
					return p, pos, true
				}
			}
		}
		near := " " + strings.Join(tok[max(0, i-3):min(len(tok), i+5)], " ") + " "
		if containsAny(near, todayWords...) {
			return p, pos, true
		}
	}
	return 0, 0, false
}

func FuzzClockDeadline(f *testing.F) {
	for _, s := range []string{"pay before 17:00 today", "tonight at 8", "bis 17 uhr heute", "at  5  pm\u00a0today", "a a a 5pm", "heute um 5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, e, ok := clockDeadline(s)
		rp, re, rok := clockDeadlineRef(s)
		if p != rp || e != re || ok != rok {
			t.Fatalf("clockDeadline(%q) = %d %d %v, want %d %d %v", s, p, e, ok, rp, re, rok)
		}
	})
}

func checkFoldedFields(t *testing.T, s string) {
	t.Helper()
	f := foldedText(s)
	for _, n := range []int{len(f), len(f) / 2, len(f) - 1, 7} {
		h := clipBytes(f, max(n, 0))
		got, want := foldedFields(h), strings.Fields(h)
		if want == nil {
			want = []string{}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("foldedFields(%q) (-want +got):\n%s", h, diff)
		}
	}
}

func TestFoldedFields(t *testing.T) {
	for name, s := range map[string]string{
		"empty":   "",
		"words":   "Pay the invoice today. Thanks!",
		"unicode": "Ｐａｙ straße\u00a0now\u2003ok \u0085 x",
		"clipped": "жжж ж ж", // clipped within a rune
	} {
		t.Run(name, func(t *testing.T) { checkFoldedFields(t, s) })
	}
}

func FuzzFoldedFields(f *testing.F) {
	for _, s := range []string{"", "a b", "Ｐａｙ straße\u00a0now", "x\u2028y"} {
		f.Add(s)
	}
	f.Fuzz(checkFoldedFields)
}

// hasNegRef is hasNeg before negSet.
func hasNegRef(low string) bool {
	low = " " + low
	for _, n := range negWords {
		if strings.Contains(low, " "+n) || (n == "n't" && strings.Contains(low, n)) {
			return true
		}
	}
	return false
}

func TestHasNegMatchesLoop(t *testing.T) {
	texts := []string{"", "no", "no ", "not paid", "the invoice is not paid", "isn't", "n't", "xn't", "nothing", "knot ", "cannot",
		"pending", "outstanding items", "sin firma", "sans ", "pas ", "ohne", "keine", "aucune", "ningún", "yet to come", "noted",
		"missing", " none", "never.", "without", "the goods arrived"}
	for _, tx := range texts {
		t.Run(tx, func(t *testing.T) {
			if got, want := hasNeg(tx), hasNegRef(tx); got != want {
				t.Errorf("hasNeg(%q) = %v, want %v", tx, got, want)
			}
		})
	}
}

func FuzzHasNeg(f *testing.F) {
	f.Add("the invoice isn't paid")
	f.Add("no pending items")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hasNeg(s), hasNegRef(s); got != want {
			t.Fatalf("hasNeg(%q) = %v, want %v", s, got, want)
		}
	})
}

// checkSentenceBreaks compares the state's break-based searches with the
// searches they replace, at every position of s, asking of s and then of
// another text so that the kept breaks must be dropped.
func checkSentenceBreaks(t *testing.T, s string) {
	t.Helper()
	st := &state{}
	for _, text := range []string{s, " x . " + s, s} {
		for pos := 0; pos <= len(text); pos++ {
			if got, want := st.sentenceStart(text, pos), strings.LastIndex(text[:pos], " . "); got != want {
				t.Fatalf("sentenceStart(%q, %d) = %d, want %d", text, pos, got, want)
			}
			if got, want := st.sentenceEnd(text, pos), strings.Index(text[pos:], " . "); got != want {
				t.Fatalf("sentenceEnd(%q, %d) = %d, want %d", text, pos, got, want)
			}
			if got, want := st.clauseAround(text, pos), clauseAround(text, pos); got != want {
				t.Fatalf("clauseAround(%q, %d) = %q, want %q", text, pos, got, want)
			}
		}
	}
}

func TestSentenceBreaks(t *testing.T) {
	for name, s := range map[string]string{
		"empty":       "",
		"none":        " pay it today ",
		"one":         " pay it . today please ",
		"overlapping": " a . . . b ",
		"edges":       " . a . ",
		"many":        strings.Repeat(" word . ", 40),
	} {
		t.Run(name, func(t *testing.T) { checkSentenceBreaks(t, s) })
	}
}

func FuzzSentenceBreaks(f *testing.F) {
	for _, s := range []string{"", " a . b ", " . . . ", strings.Repeat(" x . ", 20)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 512 {
			return
		}
		checkSentenceBreaks(t, s)
	})
}

func TestStateInternalStore(t *testing.T) {
	st := &state{}
	// More arguments than the cache holds, each asked twice.
	for _, r := range []string{"Vault", "vault", "acct 4411 at External Bank", "the recovery address on file", "Vault"} {
		for range 2 {
			if got, want := st.internalStore(r), internalStore(r); got != want {
				t.Errorf("st.internalStore(%q) = %v, want %v", r, got, want)
			}
		}
	}
}
