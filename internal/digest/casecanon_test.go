package digest_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/casegen"
	"github.com/a2atrust/shield/internal/digest"
)

// checkCase asserts that the hand-written encoder of a case gives the
// reflective encoder's bytes, or fails where it fails.
func checkCase(t *testing.T, c *shieldv1.Case) {
	t.Helper()
	want, wantErr := digest.AppendCanonical([]byte("prefix"), c)
	got, err := digest.AppendCase([]byte("prefix"), c)
	if errors.Is(err, digest.ErrNilElement) && wantErr == nil {
		got, err = want, nil // OfMessage takes the reflective path: checked below
	}
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("error %v, reflective encoder's %v", err, wantErr)
	}
	if err != nil {
		return
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Fatalf("hand-written encoding differs from the reflective one (-want +got):\n%s", diff)
	}
	// And through OfMessage, which takes the hand-written path for a case.
	d, err := digest.OfMessage(c)
	if err != nil {
		t.Fatal(err)
	}
	if ref := digest.OfCanonical(want[len("prefix"):]); d != ref {
		t.Fatalf("OfMessage %s, reflective %s", d, ref)
	}
}

// fileCases are the cases of the test vectors, every labelled case in
// testdata/eval and every example request.
func fileCases(t *testing.T) map[string]*shieldv1.Case {
	t.Helper()
	cases := map[string]*shieldv1.Case{}
	for _, v := range loadVectors(t) {
		var c shieldv1.Case
		if err := protojson.Unmarshal(v.Case, &c); err != nil {
			t.Fatal(err)
		}
		cases["vector/"+v.Name] = &c
	}
	evals, _ := filepath.Glob("../../testdata/eval/*.jsonl")
	for _, f := range evals {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for n := 0; sc.Scan(); n++ {
			var line struct{ Request json.RawMessage }
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil || line.Request == nil {
				continue
			}
			var req shieldv1.ConsultRequest
			if err := protojson.Unmarshal(line.Request, &req); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			cases[filepath.Base(f)+"/"+string(rune('0'+n%10))+strings.Repeat("#", n/10)] = req.GetCase()
		}
		fh.Close()
	}
	examples, _ := filepath.Glob("../../examples/*.json")
	for _, f := range examples {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var req shieldv1.ConsultRequest
		if err := protojson.Unmarshal(raw, &req); err != nil {
			continue // not a request
		}
		cases["example/"+filepath.Base(f)] = req.GetCase()
	}
	if len(cases) < 100 {
		t.Fatalf("only %d cases", len(cases))
	}
	return cases
}

// TestCaseMatchesReflect holds the hand-written encoder of a case to the
// reflective one on every case on file, casegen's sizes, edge values, and
// cases with every field of the schema set to random values.
func TestCaseMatchesReflect(t *testing.T) {
	cases := fileCases(t)
	for _, size := range []int{1 << 10, 64 << 10, 1000 << 10} {
		cases["casegen"+strings.Repeat("+", size>>10)] = casegen.Request(size).GetCase()
	}
	for name, c := range map[string]*shieldv1.Case{
		"nil":            nil,
		"empty":          {},
		"empty messages": {ProposedAction: &shieldv1.ProposedAction{}, Counterparty: &shieldv1.Counterparty{}, Identity: &shieldv1.AgentIdentity{Scope: []*shieldv1.ScopeEntry{{}}}, Facts: []*shieldv1.Fact{{}}, History: []*shieldv1.Turn{{}}},
		"odd numbers":    {ProposedAction: &shieldv1.ProposedAction{Amount: 1e21}, Counterparty: &shieldv1.Counterparty{GaslLevel: -3, Type: 77}},
		"negative zero":  {ProposedAction: &shieldv1.ProposedAction{Amount: math.Copysign(0, -1)}},
		"NaN":            {ProposedAction: &shieldv1.ProposedAction{Amount: math.NaN()}},
		"infinities":     {ProposedAction: &shieldv1.ProposedAction{Amount: math.Inf(-1)}, Evidence: []*shieldv1.Evidence{{Type: -1, Verification: 1 << 30}}},
		"tiny number":    {ProposedAction: &shieldv1.ProposedAction{Amount: 5e-324}},
		"controls":       {Message: "\x00\x01\x1f\x7f\u2028\u2029\"\\/\b\f\n\r\t<>&'é😀"},
		"bad UTF-8":      {Policies: []*shieldv1.Policy{{Title: "a\xffb"}}},
		"bad UTF-8 item": {Identity: &shieldv1.AgentIdentity{Scope: []*shieldv1.ScopeEntry{{Actions: []string{"ok", "\xc3"}}}}},
		"nil element":    {Facts: []*shieldv1.Fact{{Id: "f1"}, nil}},
		// Bytes past ASCII where appendStringASCII's loop reads eight at a
		// time, after an escape, and in the last bytes it reads one by one.
		"bad UTF-8 in a step":       {Message: "plain text, plain text\xffmore plain text"},
		"bad UTF-8 after an escape": {Brief: "a \"quoted\" word\n\xc3\x28 and plain text after it"},
		"bad UTF-8 at the end":      {Goal: "sixteen bytes...\xed\xa0\x80"},
		"valid UTF-8 in a step":     {Message: "plain text, plain text é more plain text 😀 and more"},
	} {
		cases[name] = c
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		c := &shieldv1.Case{}
		fill(r, c.ProtoReflect())
		cases["filled"+strings.Repeat("*", i)] = c
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) { checkCase(t, c) })
	}
}

// TestFillSetsEveryField checks fill, which TestCaseMatchesReflect relies
// on to meet a field the hand-written encoder does not know: every field of
// every message in a filled case is set.
func TestFillSetsEveryField(t *testing.T) {
	c := &shieldv1.Case{}
	fill(rand.New(rand.NewPCG(3, 4)), c.ProtoReflect())
	var check func(m protoreflect.Message)
	check = func(m protoreflect.Message) {
		fs := m.Descriptor().Fields()
		for i := range fs.Len() {
			fd := fs.Get(i)
			if !m.Has(fd) {
				t.Errorf("%s is not set", fd.FullName())
				continue
			}
			if fd.Kind() != protoreflect.MessageKind {
				continue
			}
			if fd.IsList() {
				for j := range m.Get(fd).List().Len() {
					check(m.Get(fd).List().Get(j).Message())
				}
			} else {
				check(m.Get(fd).Message())
			}
		}
	}
	check(c.ProtoReflect())
}

// fill sets every field of m, recursively, to a random non-default value:
// strings from plain text to controls and astral characters, enums known and
// unknown, numbers of every sign and size, one to three list items.
func fill(r *rand.Rand, m protoreflect.Message) {
	strs := []string{"x", "Pay invoice INV-1", "é \"q\" \\ \n\t\x01 😀 \u2028", "ZZ", "a\u00a0b", "0", "ACME Ltd."}
	fs := m.Descriptor().Fields()
	for i := range fs.Len() {
		fd := fs.Get(i)
		value := func() protoreflect.Value {
			switch fd.Kind() {
			case protoreflect.StringKind:
				return protoreflect.ValueOfString(strs[r.IntN(len(strs))] + strings.Repeat("y", r.IntN(3)))
			case protoreflect.BoolKind:
				return protoreflect.ValueOfBool(true)
			case protoreflect.Int32Kind:
				return protoreflect.ValueOfInt32([]int32{1, -1, 5, math.MaxInt32, math.MinInt32}[r.IntN(5)])
			case protoreflect.DoubleKind:
				return protoreflect.ValueOfFloat64([]float64{1, -2.5, 48250, 1e21, 1e-7, 0.1 + 0.2, math.MaxFloat64, r.NormFloat64() * 1e6}[r.IntN(8)])
			case protoreflect.EnumKind:
				n := fd.Enum().Values().Len()
				return protoreflect.ValueOfEnum(protoreflect.EnumNumber(1 + r.IntN(n+1))) // one past the last is unknown
			}
			panic("fill: unhandled kind " + fd.Kind().String())
		}
		switch {
		case fd.IsList():
			l := m.Mutable(fd).List()
			for range 1 + r.IntN(3) {
				if fd.Kind() == protoreflect.MessageKind {
					e := l.NewElement()
					fill(r, e.Message())
					l.Append(e)
				} else {
					l.Append(value())
				}
			}
		case fd.Kind() == protoreflect.MessageKind:
			fill(r, m.Mutable(fd).Message())
		default:
			m.Set(fd, value())
		}
	}
}

// FuzzCaseMatchesReflect holds the hand-written encoder of a case to the
// reflective one on cases decoded from any bytes, and on filled cases
// whose values the fuzzer picks.
func FuzzCaseMatchesReflect(f *testing.F) {
	for _, v := range []*shieldv1.Case{
		casegen.Request(1 << 10).GetCase(),
		{Message: "x", ProposedAction: &shieldv1.ProposedAction{Amount: -0.5, DataCategories: []string{"pii"}}, Counterparty: &shieldv1.Counterparty{Type: 9}},
	} {
		b, err := proto.Marshal(v)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint64(1))
	}
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		var c shieldv1.Case
		if proto.Unmarshal(b, &c) == nil {
			checkCase(t, &c)
		}
		filled := &shieldv1.Case{}
		fill(rand.New(rand.NewPCG(seed, seed>>7)), filled.ProtoReflect())
		checkCase(t, filled)
	})
}
