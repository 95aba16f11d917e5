package fallback

import (
	"math/rand"
	"reflect"
	"testing"
)

// addCoCuesRef is addCoCues as it was, testing every hit against all cues
// of its label with lexCovers: the reference for TestAddCoCuesMatchesRef.
func (st *state) addCoCuesRef(f *folded, src int, hits []hitT) {
	for _, h := range hits {
		if h.sEnd == 0 {
			h.sPos, h.sEnd = h.pos, h.end
		}
		if st.lexCovers(h.label, h.weight*srcWeight[src], h.sPos, h.sEnd) {
			continue
		}
		st.cues[h.label] = append(st.cues[h.label], cue{label: h.label, weight: h.weight * srcWeight[src], src: src, text: f,
			phrase: h.what, pos: h.pos, end: h.end, srcIdx: st.nText})
	}
}

var coLabels = []cueLabel{labAuthorityClaim, labDataExtraction, labScarcity, labReciprocity}

// randomCues gives a state the cues of two earlier texts and the phrase
// cues of the current one, and returns hits for the current one: in
// sentence order like cooccur's, or, with shuffle, in any order.
func randomCues(r *rand.Rand, nHits int, shuffle bool) (*state, []hitT) {
	st := &state{nText: 3}
	weights := []float64{0.3, 0.4, 0.5, 0.55}
	for text := 1; text <= 3; text++ {
		for range r.Intn(6) {
			l := coLabels[r.Intn(len(coLabels))]
			p := r.Intn(40 * nHits)
			st.cues[l] = append(st.cues[l], cue{label: l, weight: weights[r.Intn(4)], pos: p, end: p + 1 + r.Intn(60), srcIdx: text})
		}
	}
	var hits []hitT
	pos := 0
	for range nHits {
		pos += 1 + r.Intn(40)
		l := coLabels[r.Intn(len(coLabels))]
		p, e := pos+r.Intn(10), pos+10+r.Intn(20)
		sp := pos - r.Intn(50)
		hits = append(hits, hitT{label: l, weight: weights[r.Intn(4)], pos: p, end: e, what: "co-occurrence: x", sPos: sp, sEnd: e + r.Intn(3)})
		if r.Intn(8) == 0 {
			hits[len(hits)-1].sEnd = 0
		}
	}
	if shuffle {
		r.Shuffle(len(hits), func(i, j int) { hits[i], hits[j] = hits[j], hits[i] })
	}
	return st, hits
}

func cloneCues(ct *cueTable) cueTable {
	var out cueTable
	for k, v := range ct {
		out[k] = append([]cue(nil), v...)
	}
	return out
}

func TestAddCoCuesMatchesRef(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	for n := range 4000 {
		st, hits := randomCues(r, 1+r.Intn(80), n%2 == 1)
		ref := &state{cues: cloneCues(&st.cues), nText: st.nText}
		src := []int{srcMessage, srcHistory}[r.Intn(2)]
		st.addCoCues(nil, src, hits)
		ref.addCoCuesRef(nil, src, hits)
		if !reflect.DeepEqual(st.cues, ref.cues) {
			t.Fatalf("case %d: addCoCues differs from the reference:\n got %v\nwant %v", n, st.cues, ref.cues)
		}
	}
}

func TestNestedAllMatchesLoop(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for n := range 3000 {
		cs := make([]cue, 1+r.Intn(120))
		for i := range cs {
			p := r.Intn(60)
			cs[i] = cue{pos: p, end: p + r.Intn(12), src: r.Intn(2), srcIdx: r.Intn(3)}
		}
		if n%3 == 0 && len(cs) > 2 {
			cs[1] = cs[0] // identical cues: the earlier one is the outer
		}
		got := nestedAll(cs)
		for i := range cs {
			if want := nested(cs, i); len(cs) > 1 && got[i] != want {
				t.Fatalf("case %d: nestedAll[%d] = %v, want %v (%v)", n, i, got[i], want, cs)
			}
		}
	}
}

// lexCovers reports whether a cue of the label at least as strong as w
// already lies in [pos, end) of the current text: the lexicon (or an earlier
// combination) found it, so the sentence adds nothing.
func (st *state) lexCovers(label cueLabel, w float64, pos, end int) bool {
	for _, q := range st.cues[label] {
		if q.srcIdx == st.nText && q.pos < end && pos < q.end && q.weight >= w {
			return true
		}
	}
	return false
}
