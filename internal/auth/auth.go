// Package auth authenticates Shield's callers with bearer tokens and
// authorises each token for the agent ids it may consult for.
//
// The token file has one token a line:
//
//	# comment
//	TOKEN AGENT_ID [AGENT_ID...]
//	sha256:HEX AGENT_ID [AGENT_ID...]
//	TOKEN *
//
// TOKEN is the token itself, or "sha256:" and the lower- or upper-case hex
// SHA-256 of it, so that the file need not hold a secret. "*" allows any
// agent id. Tokens are kept only as their SHA-256 and compared in constant
// time; they are never logged.
package auth

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// entry is one line of the token file.
type entry struct {
	hash   [sha256.Size]byte
	any    bool
	agents map[string]bool
	line   int
}

// Table is a parsed token file. It is immutable.
type Table struct {
	entries []entry
}

// Len returns the number of tokens in t.
func (t *Table) Len() int { return len(t.entries) }

// maxFileBytes bounds the token file, which is read whole.
const maxFileBytes = 16 << 20

// Parse reads a token file. Errors name the line, never the token.
func Parse(r io.Reader) (*Table, error) {
	t := &Table{}
	seen := map[[sha256.Size]byte]int{}
	sc := bufio.NewScanner(io.LimitReader(r, maxFileBytes))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if len(fields) < 2 {
			return nil, fmt.Errorf("auth: line %d: a token needs at least one agent id or *", n)
		}
		e := entry{line: n, agents: map[string]bool{}}
		tok := fields[0]
		if hexHash, ok := strings.CutPrefix(tok, "sha256:"); ok {
			b, err := hex.DecodeString(hexHash)
			if err != nil || len(b) != sha256.Size {
				return nil, fmt.Errorf("auth: line %d: sha256: must be followed by 64 hex digits", n)
			}
			copy(e.hash[:], b)
		} else {
			e.hash = sha256.Sum256([]byte(tok))
		}
		if prev, dup := seen[e.hash]; dup {
			return nil, fmt.Errorf("auth: line %d: the same token as line %d", n, prev)
		}
		seen[e.hash] = n
		for _, a := range fields[1:] {
			if a == "*" {
				e.any = true
				continue
			}
			e.agents[a] = true
		}
		t.entries = append(t.entries, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("auth: read: %w", err)
	}
	return t, nil
}

// Load reads and parses the token file at path.
func Load(path string) (*Table, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("auth: %w", err)
	}
	t, err := Parse(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w (in %s)", err, path)
	}
	return t, nil
}

// Errors of Check; the interceptor maps them to gRPC codes.
var (
	ErrUnauthenticated = errors.New("auth: missing or unknown bearer token")
	ErrForbidden       = errors.New("auth: token not allowed for this agent id")
)

// Check reports whether token may consult for agentID: nil, or
// ErrUnauthenticated when the token is not in the table, or ErrForbidden
// when it is but not for agentID. It compares the token's hash with every
// entry's in constant time, so that the time taken says nothing of which
// token, if any, came close.
func (t *Table) Check(token, agentID string) error {
	if token == "" {
		return ErrUnauthenticated
	}
	h := sha256.Sum256([]byte(token))
	match := -1
	for i := range t.entries {
		if subtle.ConstantTimeCompare(h[:], t.entries[i].hash[:]) == 1 {
			match = i
		}
	}
	if match < 0 {
		return ErrUnauthenticated
	}
	e := &t.entries[match]
	if e.any || e.agents[agentID] {
		return nil
	}
	return ErrForbidden
}

// Authenticator checks calls against a token table that can be swapped
// while serving (Reload). It is safe for concurrent use.
type Authenticator struct {
	path  string
	table atomic.Pointer[Table]
	// public are the full method name prefixes that need no token.
	public []string
	// OnReject, if set, is told of every refused call with a reason:
	// "unauthenticated" or "permission_denied".
	OnReject func(reason string)
}

// PublicPrefixes are the services reachable without a token: health, so
// that orchestrators can probe, and reflection, which describes the API
// but serves no data.
var PublicPrefixes = []string{"/grpc.health.v1.Health/", "/grpc.reflection.v1.ServerReflection/", "/grpc.reflection.v1alpha.ServerReflection/"}

// New loads the token file at path.
func New(path string) (*Authenticator, error) {
	t, err := Load(path)
	if err != nil {
		return nil, err
	}
	a := &Authenticator{path: path, public: PublicPrefixes}
	a.table.Store(t)
	return a, nil
}

// NewFromTable returns an authenticator over a fixed table, for tests and
// embedding; Reload fails on it.
func NewFromTable(t *Table) *Authenticator {
	a := &Authenticator{public: PublicPrefixes}
	a.table.Store(t)
	return a
}

// Reload re-reads the token file. On error the current table stays in
// force. It returns the number of tokens now loaded.
func (a *Authenticator) Reload() (int, error) {
	if a.path == "" {
		return 0, errors.New("auth: no token file to reload")
	}
	t, err := Load(a.path)
	if err != nil {
		return a.table.Load().Len(), err
	}
	a.table.Store(t)
	return t.Len(), nil
}

// Len returns the number of tokens in force.
func (a *Authenticator) Len() int { return a.table.Load().Len() }

// agentIDer is a request that names the agent it consults for.
type agentIDer interface{ GetAgentId() string }

// UnaryInterceptor checks the bearer token of every call except to the
// public services. A call whose request names an agent id (ConsultRequest)
// must carry a token allowed for that id.
func (a *Authenticator) UnaryInterceptor() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if a.isPublic(info.FullMethod) {
			return handler(ctx, req)
		}
		// A request that names no agent id (none does today) needs a token
		// allowed for every agent.
		agentID, named := "", false
		if r, ok := req.(agentIDer); ok {
			agentID, named = r.GetAgentId(), true
		}
		if err := a.check(ctx, agentID, !named); err != nil {
			return nil, err
		}
		return handler(ctx, req)
	}
}

// StreamInterceptor refuses streams to non-public services without a
// valid token. Shield has no such stream today; this keeps a future one
// from being open by accident. A stream names no agent id up front, so
// only a token allowed for any agent ("*") may open one.
func (a *Authenticator) StreamInterceptor() grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		if a.isPublic(info.FullMethod) {
			return handler(srv, ss)
		}
		if err := a.check(ss.Context(), "", true); err != nil {
			return err
		}
		return handler(srv, ss)
	}
}

func (a *Authenticator) isPublic(method string) bool {
	for _, p := range a.public {
		if strings.HasPrefix(method, p) {
			return true
		}
	}
	return false
}

// check authorises the call in ctx for agentID; anyAgent demands a token
// allowed for every agent id.
func (a *Authenticator) check(ctx context.Context, agentID string, anyAgent bool) error {
	token, ok := bearer(ctx)
	if !ok {
		a.reject("unauthenticated")
		return status.Error(codes.Unauthenticated, "a bearer token is required (metadata authorization: Bearer TOKEN)")
	}
	t := a.table.Load()
	err := t.Check(token, agentID)
	if err == nil && anyAgent {
		err = t.checkAny(token)
	}
	switch {
	case errors.Is(err, ErrUnauthenticated):
		a.reject("unauthenticated")
		return status.Error(codes.Unauthenticated, "unknown bearer token")
	case errors.Is(err, ErrForbidden):
		a.reject("permission_denied")
		return status.Error(codes.PermissionDenied, "this token may not consult for this agent id")
	}
	return nil
}

// checkAny reports ErrForbidden unless token is allowed for any agent id.
func (t *Table) checkAny(token string) error {
	h := sha256.Sum256([]byte(token))
	allowed := 0
	for i := range t.entries {
		allowed |= subtle.ConstantTimeCompare(h[:], t.entries[i].hash[:]) & boolInt(t.entries[i].any)
	}
	if allowed == 1 {
		return nil
	}
	return ErrForbidden
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (a *Authenticator) reject(reason string) {
	if a.OnReject != nil {
		a.OnReject(reason)
	}
}

// bearer returns the token of the call's "authorization: Bearer TOKEN"
// metadata.
func bearer(ctx context.Context) (string, bool) {
	md, ok := metadata.FromIncomingContext(ctx)
	if !ok {
		return "", false
	}
	for _, v := range md.Get("authorization") {
		scheme, tok, found := strings.Cut(strings.TrimSpace(v), " ")
		if found && strings.EqualFold(scheme, "bearer") {
			if tok = strings.TrimSpace(tok); tok != "" {
				return tok, true
			}
		}
	}
	return "", false
}
