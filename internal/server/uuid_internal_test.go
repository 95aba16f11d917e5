package server

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/uuid"
)

// TestNewUUIDv7 holds newUUIDv7's ids to what github.com/google/uuid reads
// and writes: the text of random bytes as its String writes it, version 7,
// the RFC 9562 variant, the time of the call in the first 48 bits, and ids
// that strictly increase, as its NewV7's do, also when the clock does not
// move.
func TestNewUUIDv7(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for range 1000 {
		var u [16]byte
		for i := range u {
			u[i] = byte(rng.IntN(256))
		}
		if got, want := formatUUID(u), uuid.UUID(u).String(); got != want {
			t.Fatalf("formatUUID(%x) = %s, uuid's String %s", u, got, want)
		}
	}
	before := time.Now().UnixMilli()
	prev := ""
	for i := range 10000 {
		id := newUUIDv7()
		u, err := uuid.Parse(id)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if u.Version() != 7 || u.Variant() != uuid.RFC4122 || u.String() != id {
			t.Fatalf("%s: version %d, variant %v, reads back as %s", id, u.Version(), u.Variant(), u)
		}
		if i > 0 && id <= prev {
			t.Fatalf("id %s after %s: not increasing", id, prev)
		}
		prev = id
	}
	after := time.Now().UnixMilli()
	sec, nsec := uuid.MustParse(prev).Time().UnixTime()
	if ms := sec*1000 + nsec/1_000_000; ms < before || ms > after+1 {
		t.Errorf("last id's time %d ms, want within [%d, %d]", ms, before, after)
	}
	// A clock that stands still, or goes back, still gives increasing ids.
	nano := time.Now().UnixNano()
	m0, s0 := v7Time(nano)
	for _, n := range []int64{nano, nano, nano - 5_000_000} {
		m, s := v7Time(n)
		if m<<12+s != m0<<12+s0+1 {
			t.Fatalf("v7Time(%d) = %d, %d after %d, %d: want one step on", n, m, s, m0, s0)
		}
		m0, s0 = m, s
	}
}
