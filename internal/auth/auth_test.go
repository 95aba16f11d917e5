package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
)

func sha(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

var file = `# tokens for the test
tok-alpha   agent-a agent-b   # two agents
sha256:` + sha("tok-hashed") + ` agent-c
tok-admin *

`

func TestParseAndCheck(t *testing.T) {
	tab, err := Parse(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if tab.Len() != 3 {
		t.Fatalf("Len = %d, want 3", tab.Len())
	}
	tests := []struct {
		token, agent string
		want         error
	}{
		{"tok-alpha", "agent-a", nil},
		{"tok-alpha", "agent-b", nil},
		{"tok-alpha", "agent-c", ErrForbidden},
		{"tok-hashed", "agent-c", nil},
		{"sha256:" + sha("tok-hashed"), "agent-c", ErrUnauthenticated}, // the hash is not the token
		{"tok-admin", "anyone", nil},
		{"tok-wrong", "agent-a", ErrUnauthenticated},
		{"", "agent-a", ErrUnauthenticated},
	}
	for _, tc := range tests {
		t.Run(tc.token+"/"+tc.agent, func(t *testing.T) {
			if err := tab.Check(tc.token, tc.agent); err != tc.want {
				t.Errorf("Check = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestParseErrorsNeverShowTheToken(t *testing.T) {
	tests := []struct{ name, file, want string }{
		{"no agent", "secret-token-1\n", "line 1"},
		{"bad hash", "sha256:abc agent\n", "64 hex digits"},
		{"duplicate", "secret-token-1 a\nsecret-token-1 b\n", "line 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.file))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to mention %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "secret-token") {
				t.Fatalf("error shows the token: %v", err)
			}
		})
	}
}

func call(t *testing.T, a *Authenticator, method, authz string, req any) codes.Code {
	t.Helper()
	ctx := context.Background()
	if authz != "" {
		ctx = metadata.NewIncomingContext(ctx, metadata.Pairs("authorization", authz))
	}
	_, err := a.UnaryInterceptor()(ctx, req, &grpc.UnaryServerInfo{FullMethod: method},
		func(context.Context, any) (any, error) { return "ok", nil })
	return status.Code(err)
}

func TestInterceptor(t *testing.T) {
	tab, err := Parse(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	var rejected []string
	a := NewFromTable(tab)
	a.OnReject = func(r string) { rejected = append(rejected, r) }
	consult := "/shield.v1.ShieldService/Consult"
	req := func(agent string) *shieldv1.ConsultRequest { return &shieldv1.ConsultRequest{AgentId: agent} }
	tests := []struct {
		name, method, authz string
		req                 any
		want                codes.Code
	}{
		{"ok", consult, "Bearer tok-alpha", req("agent-a"), codes.OK},
		{"lower-case scheme", consult, "bearer tok-alpha", req("agent-a"), codes.OK},
		{"missing", consult, "", req("agent-a"), codes.Unauthenticated},
		{"basic scheme", consult, "Basic tok-alpha", req("agent-a"), codes.Unauthenticated},
		{"wrong", consult, "Bearer nope", req("agent-a"), codes.Unauthenticated},
		{"other agent", consult, "Bearer tok-alpha", req("agent-z"), codes.PermissionDenied},
		{"wildcard", consult, "Bearer tok-admin", req("agent-z"), codes.OK},
		{"health without token", "/grpc.health.v1.Health/Check", "", nil, codes.OK},
		{"unnamed request needs wildcard", "/x.Y/Z", "Bearer tok-alpha", "not a consult", codes.PermissionDenied},
		{"unnamed request with wildcard", "/x.Y/Z", "Bearer tok-admin", "not a consult", codes.OK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := call(t, a, tc.method, tc.authz, tc.req); got != tc.want {
				t.Errorf("code %v, want %v", got, tc.want)
			}
		})
	}
	if len(rejected) != 5 {
		t.Errorf("rejections counted %v", rejected)
	}
}

func TestReloadKeepsOldTableOnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tokens")
	write := func(s string) {
		if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("tok-one agent-a\n")
	a, err := New(path)
	if err != nil {
		t.Fatal(err)
	}
	req := &shieldv1.ConsultRequest{AgentId: "agent-a"}
	consult := "/shield.v1.ShieldService/Consult"
	write("tok-two agent-a\n")
	if n, err := a.Reload(); err != nil || n != 1 {
		t.Fatalf("Reload = %d, %v", n, err)
	}
	if c := call(t, a, consult, "Bearer tok-two", req); c != codes.OK {
		t.Fatalf("new token: %v", c)
	}
	if c := call(t, a, consult, "Bearer tok-one", req); c != codes.Unauthenticated {
		t.Fatalf("old token after reload: %v", c)
	}
	write("tok-three\n") // invalid
	if _, err := a.Reload(); err == nil {
		t.Fatal("bad file reloaded")
	}
	if c := call(t, a, consult, "Bearer tok-two", req); c != codes.OK {
		t.Fatalf("token in force before the bad reload: %v", c)
	}
}
