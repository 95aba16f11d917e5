package fallback

import (
	"strings"
	"testing"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/google/go-cmp/cmp"
)

// The buffers the state keeps from case to case are written by the same
// functions as fresh ones: given the array of an earlier, longer text,
// each must give what it gives from nothing.
func TestIntoReusedBuffers(t *testing.T) {
	long := wordSpanTexts[len(wordSpanTexts)-1]
	for _, s := range wordSpanTexts {
		t.Run(s[:min(len(s), 20)], func(t *testing.T) {
			oldWords := wordSpansInto(nil, long)
			words := wordSpansInto(oldWords, s)
			if diff := cmp.Diff(wordSpans(s), words, cmp.AllowUnexported(wordSpan{})); diff != "" {
				t.Errorf("wordSpansInto (-want +got):\n%s", diff)
			}
			for _, head := range []int{0, len(s) / 2, len(s)} {
				old := headFieldsInto(nil, long, len(long), wordSpans(long))
				got := headFieldsInto(old, s, head, words)
				if diff := cmp.Diff(headFields(s, head, words), got); diff != "" {
					t.Errorf("headFieldsInto at %d (-want +got):\n%s", head, diff)
				}
			}
			old, oldSpans := foldTextInto(long, nil, nil, nil)
			want := foldText(s)
			got, gotSpans := foldTextInto(s, old.orig, old.runs, oldSpans)
			if diff := cmp.Diff(want.orig, allOffs(&got)); diff != "" || want.text != got.text {
				t.Errorf("foldTextInto: text %q, want %q; offsets (-want +got):\n%s", got.text, want.text, diff)
			}
			if diff := cmp.Diff(wordSpans(want.text), gotSpans, cmp.AllowUnexported(wordSpan{})); diff != "" {
				t.Errorf("foldTextInto: words (-want +got):\n%s", diff)
			}
		})
	}
}

// paddedHead is " "+msgHead()+" " in a kept array, for every case the
// state passes through, longer and shorter.
func TestPaddedHead(t *testing.T) {
	for _, msg := range []string{"Pay now.", "", "A much longer message, which the state sees before a short one. Pay today.", "x"} {
		t.Run(msg, func(t *testing.T) {
			st := &state{}
			st.v.padBuf = []byte("stale bytes of an earlier case, longer than most")[:0]
			st.msg = foldText(msg)
			if got, want := st.paddedHead(), " "+st.msgHead()+" "; got != want {
				t.Errorf("paddedHead = %q, want %q", got, want)
			}
		})
	}
}

// tacticSet must answer as the map of reported tactics it replaced: each
// tactic of tacticOrder at its place, no other tactic ever in it.
func TestTacticSet(t *testing.T) {
	for i, want := range tacticOrder {
		if got := tacticIndex(want); got != i {
			t.Errorf("tacticIndex(%s) = %d, want %d", want, got, i)
		}
	}
	for _, other := range []consult.Tactic{consult.NoTactic, consult.OtherTactic, ""} {
		if got := tacticIndex(other); got != -1 {
			t.Errorf("tacticIndex(%q) = %d, want -1", other, got)
		}
	}
	for mask := range 1 << len(tacticOrder) {
		var s tacticSet
		m := map[consult.Tactic]bool{}
		for i, tc := range tacticOrder {
			if mask&(1<<i) != 0 {
				s.add(tc)
				m[tc] = true
			}
		}
		if s.len() != len(m) {
			t.Fatalf("mask %b: len %d, want %d", mask, s.len(), len(m))
		}
		for _, tc := range append(tacticOrder[:len(tacticOrder):len(tacticOrder)], consult.OtherTactic) {
			if s.has(tc) != m[tc] {
				t.Fatalf("mask %b: has(%s) = %v, want %v", mask, tc, s.has(tc), m[tc])
			}
		}
		var got []consult.Tactic
		for tc := range s.all() {
			got = append(got, tc)
		}
		var want []consult.Tactic
		for _, tc := range tacticOrder {
			if m[tc] {
				want = append(want, tc)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("mask %b: all (-want +got):\n%s", mask, diff)
		}
	}
}

// policySents and actDesc must give what the five policy checks built for
// themselves from policy(i) and desc().
func TestPolicySents(t *testing.T) {
	c := &consult.Case{
		Action: consult.Action{Action: "Payment:Vendor_Bank_Change", Description: "Pay invoice INV-5521 to the new account."},
		Policies: []consult.Policy{
			{ID: "P1", Statement: "Payments over $1,000 need two approvals. No bank change without a callback!  If the vendor is new, do not pay."},
			{ID: "P2", Statement: ""},
			{ID: "P3", Statement: "...  . Never share codes ."},
		},
	}
	st := &state{e: Default(), c: c}
	v := &j3fold{st: st}
	for i := range c.Policies {
		var want []string
		for _, s := range strings.Split(v.policy(i), " . ") {
			want = append(want, " "+strings.TrimSpace(s)+" ")
		}
		if diff := cmp.Diff(want, v.policySents(i)); diff != "" {
			t.Errorf("policy %d (-want +got):\n%s", i, diff)
		}
	}
	if got, want := v.actDesc(), toLower(c.Action.Action)+" "+v.desc(); got != want {
		t.Errorf("actDesc = %q, want %q", got, want)
	}
}

// textIndexInto, given the index of an earlier, longer text, must give
// textIndexOf's words.
func TestTextIndexInto(t *testing.T) {
	long := wordSpanTexts[len(wordSpanTexts)-1]
	for _, s := range wordSpanTexts {
		t.Run(s[:min(len(s), 20)], func(t *testing.T) {
			ti := textIndexOf(long, wordSpans(long))
			got := textIndexInto(ti, s, wordSpans(s))
			want := textIndexOf(s, wordSpans(s))
			if diff := cmp.Diff(want.words, got.words, cmp.AllowUnexported(wordSpan{})); diff != "" || got.text != s {
				t.Errorf("text %q; words (-want +got):\n%s", got.text, diff)
			}
		})
	}
}
