package fallback_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/evaluate"
	"github.com/a2atrust/shield/internal/fallback"
	"github.com/google/go-cmp/cmp"
)

// allEvalCases returns the cases of every labelled set in testdata/eval.
func allEvalCases(t *testing.T) []*consult.Case {
	t.Helper()
	files, err := filepath.Glob("../../testdata/eval/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no eval sets: %v", err)
	}
	var out []*consult.Case
	for _, fn := range files {
		f, err := os.Open(fn)
		if err != nil {
			t.Fatal(err)
		}
		cases, err := evaluate.Load(f, filepath.Base(fn))
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			dc, err := c.DomainCase()
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, dc)
		}
	}
	return out
}

// TestPooledStates guards the pool of analysis states: an analysis must not
// share memory with a state that later cases reuse (it would change under
// its holder), and concurrent analyses of different cases, which hand
// states to each other through the pool, must give each case's own answer:
// a check that reads what this case did not write (a field the fold keeps
// only for some texts) reads the previous case's, and answers differently
// after another case. It runs on every labelled set, since such a read may
// matter for one case in a thousand (h10-028 once). Run it with -race.
func TestPooledStates(t *testing.T) {
	e := fallback.Default()
	cases := append(allEvalCases(t), sizedCase(2<<10), sizedCase(16<<10))
	marshal := func(a consult.Analysis) string {
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	kept := make([]consult.Analysis, len(cases))
	want := make([]string, len(cases))
	for i, c := range cases {
		kept[i] = e.Analyze(c)
		want[i] = marshal(kept[i])
	}
	const workers = 4
	got := make([][]string, workers)
	var wg sync.WaitGroup
	for w := range workers {
		got[w] = make([]string, len(cases))
		wg.Go(func() {
			// Each worker walks the cases from its own start, so that states
			// pass between different cases.
			for k := range cases {
				i := (k + w*len(cases)/workers) % len(cases)
				got[w][i] = marshal(e.Analyze(cases[i]))
			}
		})
	}
	wg.Wait()
	// Fresh states: two collections empty the pools (their victim caches
	// too), so each case gets zeroed buffers instead of a previous case's.
	fresh := make([]string, len(cases))
	for i, c := range cases {
		runtime.GC()
		runtime.GC()
		fresh[i] = marshal(e.Analyze(c))
	}
	for i := range cases {
		if diff := cmp.Diff(want[i], fresh[i]); diff != "" {
			t.Errorf("case %d: the analysis with fresh buffers differs from one after another case (-want +got):\n%s", i, diff)
		}
		if diff := cmp.Diff(want[i], marshal(kept[i])); diff != "" {
			t.Errorf("case %d: the first analysis changed after later ones (-want +got):\n%s", i, diff)
		}
		for w := range workers {
			if diff := cmp.Diff(want[i], got[w][i]); diff != "" {
				t.Errorf("case %d, worker %d: concurrent analysis differs (-want +got):\n%s", i, w, diff)
			}
		}
	}
}
