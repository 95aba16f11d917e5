package digest_test

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/casegen"
	"github.com/a2atrust/shield/internal/digest"
)

// vector is one frozen test vector. Its digest was computed once, outside
// this package, by an independent JCS implementation, and is never updated
// from this code's output.
type vector struct {
	Name   string          `json:"name"`
	Case   json.RawMessage `json:"case"`
	Digest string          `json:"digest"`
}

func loadVectors(t *testing.T) []vector {
	t.Helper()
	f, err := os.Open("testdata/vectors.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vs []vector
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var v vector
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		vs = append(vs, v)
	}
	if len(vs) < 5 {
		t.Fatalf("only %d vectors", len(vs))
	}
	return vs
}

func TestVectors(t *testing.T) {
	for _, v := range loadVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			var c shieldv1.Case
			if err := protojson.Unmarshal(v.Case, &c); err != nil {
				t.Fatal(err)
			}
			got, err := digest.OfMessage(&c)
			if err != nil {
				t.Fatal(err)
			}
			if got != v.Digest {
				t.Errorf("OfMessage = %s, want %s", got, v.Digest)
			}
			got, err = digest.OfJSON(v.Case)
			if err != nil {
				t.Fatal(err)
			}
			if got != v.Digest {
				t.Errorf("OfJSON = %s, want %s", got, v.Digest)
			}
		})
	}
}

// reshape re-encodes a JSON value with its object keys in a random order and
// random whitespace between tokens.
func reshape(r *rand.Rand, v any) string {
	ws := func() string { return []string{"", " ", "\n", "\t  ", "\r\n "}[r.IntN(5)] }
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		r.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		parts := make([]string, len(keys))
		for i, k := range keys {
			kb, _ := json.Marshal(k)
			parts[i] = ws() + string(kb) + ws() + ":" + ws() + reshape(r, x[k]) + ws()
		}
		return "{" + strings.Join(parts, ",") + "}"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = ws() + reshape(r, e) + ws()
		}
		return "[" + strings.Join(parts, ",") + "]"
	default:
		b, _ := json.Marshal(x)
		return string(b)
	}
}

func TestKeyOrderAndWhitespaceDoNotMatter(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, v := range loadVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			var tree any
			if err := json.Unmarshal(v.Case, &tree); err != nil {
				t.Fatal(err)
			}
			for i := range 20 {
				doc := reshape(r, tree)
				got, err := digest.OfJSON([]byte(doc))
				if err != nil {
					t.Fatal(err)
				}
				if got != v.Digest {
					t.Fatalf("reshaping %d changed the digest: %s, want %s\n%s", i, got, v.Digest, doc)
				}
				// The same through the proto3 JSON path a server takes.
				var c shieldv1.Case
				if err := protojson.Unmarshal([]byte(doc), &c); err != nil {
					t.Fatal(err)
				}
				if got, _ := digest.OfMessage(&c); got != v.Digest {
					t.Fatalf("reshaping %d changed OfMessage: %s, want %s", i, got, v.Digest)
				}
			}
		})
	}
}

func TestDefaultsAndIDsDoNotMatter(t *testing.T) {
	// Fields at their default value are left out of proto3 JSON, so writing
	// them explicitly must not change the digest.
	explicit := `{"message":"Please pay the attached invoice.","title":"","proposedAction":{"amount":0,"irreversible":false},
		"counterparty":{"verified":false,"type":"COUNTERPARTY_TYPE_UNSPECIFIED"},"facts":[]}`
	var c shieldv1.Case
	if err := protojson.Unmarshal([]byte(explicit), &c); err != nil {
		t.Fatal(err)
	}
	// proposedAction and counterparty are present but empty messages, which
	// proto3 JSON keeps as {}: that is a different case from the minimal one.
	c.ProposedAction, c.Counterparty = nil, nil
	got, err := digest.OfMessage(&c)
	if err != nil {
		t.Fatal(err)
	}
	want := loadVectors(t)[0].Digest // "minimal"
	if got != want {
		t.Errorf("digest with explicit defaults = %s, want %s", got, want)
	}
}

func TestInvalidJSON(t *testing.T) {
	for _, doc := range []string{"", "{", `{"a":}`, `[1,]`, "nul"} {
		if _, err := digest.OfJSON([]byte(doc)); err == nil {
			t.Errorf("OfJSON(%q) succeeded, want an error", doc)
		}
	}
}

var digestPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`)

func FuzzOfJSON(f *testing.F) {
	f.Add([]byte(`{"message":"hi"}`))
	f.Add([]byte(`{"b":1,"a":[1.5,-0,1e21,"x\u0000"],"c":{"d":null,"e":true}}`))
	f.Add([]byte(`"just a string"`))
	f.Fuzz(func(t *testing.T, doc []byte) {
		got, err := digest.OfJSON(doc)
		if err != nil {
			return
		}
		if !digestPattern.MatchString(got) {
			t.Fatalf("digest %q is not 43 base64url characters", got)
		}
		canon, err := digest.Canonicalize(doc)
		if err != nil {
			t.Fatalf("OfJSON succeeded but Canonicalize failed: %v", err)
		}
		// Canonical JSON is a fixed point.
		again, err := digest.OfJSON(canon)
		if err != nil || again != got {
			t.Fatalf("digest of the canonical form = %q, %v; want %q", again, err, got)
		}
	})
}

func FuzzOfMessage(f *testing.F) {
	f.Add("hi", "stripe", 12.5, "note", int32(2))
	f.Add("Grüße\x00\n", "", -1.0, "", int32(-7))
	f.Fuzz(func(t *testing.T, msg, service string, amount float64, fact string, gasl int32) {
		c := &shieldv1.Case{
			Message:        msg,
			ProposedAction: &shieldv1.ProposedAction{Service: service, Amount: amount},
			Counterparty:   &shieldv1.Counterparty{GaslLevel: gasl},
			Facts:          []*shieldv1.Fact{{Statement: fact}},
		}
		got, err := digest.OfMessage(c)
		if err != nil {
			return // invalid UTF-8 or a non-finite number: rejected, not panicked on
		}
		if !digestPattern.MatchString(got) {
			t.Fatalf("digest %q is not 43 base64url characters", got)
		}
	})
}

func ExampleOfJSON() {
	d, err := digest.OfJSON([]byte(`{ "message": "Please pay the attached invoice." }`))
	if err != nil {
		panic(err)
	}
	fmt.Println(d, len(d))
	// Output: a3GSWtMiVvUolWYhRTtWi8fN-J6AqZ-kirswwCjcHS4 43
}

func ExampleCanonicalize() {
	out, err := digest.Canonicalize([]byte(`{"b": 2.50, "a": [true, "x"]}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(string(out))
	// Output: {"a":[true,"x"],"b":2.5}
}

// The fast canonical encoder must agree with the literal rule (proto3 JSON,
// then JCS) on every case.
func TestFastPathMatchesReference(t *testing.T) {
	cases := map[string]*shieldv1.Case{}
	for _, v := range loadVectors(t) {
		var c shieldv1.Case
		if err := protojson.Unmarshal(v.Case, &c); err != nil {
			t.Fatal(err)
		}
		cases[v.Name] = &c
	}
	for _, size := range []int{1 << 10, 64 << 10, 1000 << 10} {
		cases[fmt.Sprintf("casegen-%d", size)] = casegen.Request(size).GetCase()
	}
	cases["odd numbers"] = &shieldv1.Case{Message: "x", ProposedAction: &shieldv1.ProposedAction{Amount: 1e21},
		Counterparty: &shieldv1.Counterparty{GaslLevel: -3, Type: 77}}
	cases["tiny number"] = &shieldv1.Case{Message: "x", ProposedAction: &shieldv1.ProposedAction{Amount: 5e-324}}
	cases["empty messages"] = &shieldv1.Case{Message: "x", ProposedAction: &shieldv1.ProposedAction{}, Identity: &shieldv1.AgentIdentity{Scope: []*shieldv1.ScopeEntry{{}}}}
	cases["controls"] = &shieldv1.Case{Message: "\x00\x01\x1f\x7f\u2028\u2029\"\\/\b\f\n\r\t<>&'"}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			fast, err := digest.OfMessage(c)
			if err != nil {
				t.Fatal(err)
			}
			slow, err := digest.OfMessageSlow(c)
			if err != nil {
				t.Fatal(err)
			}
			if fast != slow {
				canon, _ := digest.AppendCanonical(nil, c)
				t.Errorf("fast %s != reference %s\n%s", fast, slow, canon)
			}
		})
	}
}

func FuzzFastPathMatchesReference(f *testing.F) {
	f.Add("hi", "stripe", 12.5, "note", int32(2), int32(1))
	f.Add("\u2028\x00é😀", "", 1e-7, "", int32(-7), int32(99))
	f.Fuzz(func(t *testing.T, msg, service string, amount float64, fact string, gasl, enum int32) {
		c := &shieldv1.Case{
			Message:        msg,
			ProposedAction: &shieldv1.ProposedAction{Service: service, Amount: amount, DataCategories: []string{fact, msg}},
			Counterparty:   &shieldv1.Counterparty{GaslLevel: gasl, Type: shieldv1.CounterpartyType(enum)},
			Facts:          []*shieldv1.Fact{{Statement: fact, Source: shieldv1.FactSource(enum)}},
		}
		fast, errFast := digest.OfMessage(c)
		slow, errSlow := digest.OfMessageSlow(c)
		if (errFast == nil) != (errSlow == nil) {
			t.Fatalf("fast error %v, reference error %v", errFast, errSlow)
		}
		if fast != slow {
			t.Fatalf("fast %s != reference %s", fast, slow)
		}
	})
}

// BenchmarkOfMessage measures the fast path against the reference path
// (proto3 JSON text, then a JCS parse and rewrite) in the same run: the
// ratio is what the direct encoder saves.
func BenchmarkOfMessage(b *testing.B) {
	for _, size := range []int{1 << 10, 64 << 10, 1000 << 10} {
		c := casegen.Request(size).GetCase()
		name := fmt.Sprintf("%dKB", size>>10)
		b.Run(name+"/fast", func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := digest.OfMessage(c); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/reference", func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := digest.OfMessageSlow(c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestNeedsEscape8 checks the eight-byte test against the byte rule with
// each byte value at each position, and on random words.
func TestNeedsEscape8(t *testing.T) {
	escapes := func(b byte) bool { return b < 0x20 || b == '"' || b == '\\' }
	for pos := range 8 {
		for b := range 256 {
			w := uint64(0x6161616161616161) // "aaaaaaaa"
			w = w&^(0xff<<(8*pos)) | uint64(b)<<(8*pos)
			if got, want := digest.NeedsEscape8(w), escapes(byte(b)); got != want {
				t.Fatalf("byte %#x at %d: got %v, want %v", b, pos, got, want)
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		w := r.Uint64()
		want := false
		for i := range 8 {
			want = want || escapes(byte(w>>(8*i)))
		}
		if got := digest.NeedsEscape8(w); got != want {
			t.Fatalf("%#016x: got %v, want %v", w, got, want)
		}
	}
}

// TestEncode holds the digest's text of a hash to base64.RawURLEncoding's
// EncodeToString, on hashes of the bytes 0 to 999 and the all-zero and
// all-one hashes.
func TestEncode(t *testing.T) {
	sums := [][sha256.Size]byte{{}, [sha256.Size]byte(bytes.Repeat([]byte{0xff}, sha256.Size))}
	for i := range 1000 {
		sums = append(sums, sha256.Sum256([]byte(strconv.Itoa(i))))
	}
	for _, sum := range sums {
		if got, want := digest.Encode(sum), base64.RawURLEncoding.EncodeToString(sum[:]); got != want {
			t.Fatalf("Encode(%x) = %s, want %s", sum, got, want)
		}
	}
}
