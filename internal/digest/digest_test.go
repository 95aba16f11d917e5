package digest_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
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
