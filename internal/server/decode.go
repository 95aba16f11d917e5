package server

import (
	"encoding/binary"
	"math"
	"unicode/utf8"

	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protowire"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
)

// unmarshalRequest decodes a ConsultRequest's wire bytes into m as
// proto.Unmarshal does, with far fewer allocations: protobuf-go allocates
// every string, every message and every step of every repeated field's
// growth (41 of the 75 allocations of a typical call), where this copies
// the request's bytes once into a string that every string field is a
// substring of, takes each case's singular messages from one block and its
// repeated messages from one slab per field, sized by counting the field's
// occurrences first. It reports false, leaving m to be reset, when the
// bytes hold anything it does not model: an unknown field, a known field of
// another wire type, a string that is not UTF-8, a malformed tag, length or
// varint. protobuf-go then decodes them, keeping unknown fields and
// returning its own errors. TestUnmarshalRequestMatchesProto and
// FuzzUnmarshalRequestMatchesProto hold the two to equal messages.
//
// The strings share one allocation, so a string kept past the call keeps
// the whole request's bytes (at most MaxRequestBytes) alive with it. The
// server keeps none: the LLM cache holds the model's answers under the
// digest, and records go to their sinks before the call returns.
func unmarshalRequest(data mem.BufferSlice, m *shieldv1.ConsultRequest) bool {
	var b []byte
	if len(data) == 1 {
		b = data[0].ReadOnlyData()
	} else {
		b = data.Materialize()
	}
	return decodeRequest(b, m)
}

// decodeRequest is unmarshalRequest on the request's bytes.
func decodeRequest(b []byte, m *shieldv1.ConsultRequest) bool {
	m.Reset()
	d := reqDecoder{b: b, s: string(b)}
	return d.request(0, len(b), m)
}

// reqDecoder reads fields from b, whose copy s the strings are cut from.
// Positions are offsets into both.
type reqDecoder struct {
	b []byte
	s string
}

// field is one field as next read it: a varint or fixed64 field's value
// in v, a length-delimited field's contents at [lo, hi).
type field struct {
	num    protowire.Number
	typ    protowire.Type
	v      uint64
	lo, hi int
}

// next reads the field at i, which ends before hi, into f and returns the
// position after it; ok is false for a malformed field or one of a wire
// type that no field of a ConsultRequest has (fixed32, groups).
func (d *reqDecoder) next(i, hi int, f *field) (int, bool) {
	// Every field of a ConsultRequest has a one-byte tag, and most values
	// and lengths fit in one byte; protowire reads the rest.
	if t := d.b[i]; t < 0x80 && t >= 8 {
		f.num, f.typ = protowire.Number(t>>3), protowire.Type(t&7)
		i++
	} else {
		num, typ, n := protowire.ConsumeTag(d.b[i:hi])
		if n < 0 {
			return 0, false
		}
		f.num, f.typ = num, typ
		i += n
	}
	switch f.typ {
	case protowire.VarintType:
		if i < hi && d.b[i] < 0x80 {
			f.v = uint64(d.b[i])
			return i + 1, true
		}
		v, n := protowire.ConsumeVarint(d.b[i:hi])
		if n < 0 {
			return 0, false
		}
		f.v = v
		return i + n, true
	case protowire.Fixed64Type:
		if hi-i < 8 {
			return 0, false
		}
		f.v = binary.LittleEndian.Uint64(d.b[i:])
		return i + 8, true
	case protowire.BytesType:
		var v uint64
		n := 1
		if i < hi && d.b[i] < 0x80 {
			v = uint64(d.b[i])
		} else if v, n = protowire.ConsumeVarint(d.b[i:hi]); n < 0 {
			return 0, false
		}
		if v > uint64(hi-i-n) {
			return 0, false
		}
		f.lo, f.hi = i+n, i+n+int(v)
		return f.hi, true
	}
	return 0, false
}

// str is f's contents as a string, if f is length-delimited and UTF-8 (a
// proto3 string that is not UTF-8 fails protobuf-go's decoding).
func (d *reqDecoder) str(f *field) (string, bool) {
	if f.typ != protowire.BytesType {
		return "", false
	}
	s := d.s[f.lo:f.hi]
	return s, utf8.ValidString(s)
}

// count is the number of length-delimited fields numbered num at [i, hi),
// for a repeated field's slab; it is a lower bound when the bytes are
// malformed, which the decoding then finds.
func (d *reqDecoder) count(i, hi int, num protowire.Number) int {
	n := 0
	var f field
	for i < hi {
		var ok bool
		if i, ok = d.next(i, hi, &f); !ok {
			break
		}
		if f.num == num && f.typ == protowire.BytesType {
			n++
		}
	}
	return n
}

// strs appends the string in f to *list, sizing the list for every
// occurrence of f's field from f on at its first.
func (d *reqDecoder) strs(list *[]string, f *field, hi int) bool {
	s, ok := d.str(f)
	if !ok {
		return false
	}
	if *list == nil {
		*list = make([]string, 0, 1+d.count(f.hi, hi, f.num))
	}
	*list = append(*list, s)
	return true
}

func (d *reqDecoder) request(i, hi int, m *shieldv1.ConsultRequest) bool {
	var (
		blk *caseBlock
		f   field
	)
	for i < hi {
		var ok bool
		if i, ok = d.next(i, hi, &f); !ok {
			return false
		}
		switch f.num {
		case 1:
			m.ConsultationId, ok = d.str(&f)
		case 2:
			m.CaseId, ok = d.str(&f)
		case 3:
			m.AgentId, ok = d.str(&f)
		case 4:
			if f.typ != protowire.BytesType {
				return false
			}
			if blk == nil {
				blk = new(caseBlock)
				m.Case = &blk.c
			}
			ok = d.caseMsg(f.lo, f.hi, blk)
		case 5:
			m.Mode, ok = shieldv1.AnalysisMode(int32(f.v)), f.typ == protowire.VarintType
		default:
			return false
		}
		if !ok {
			return false
		}
	}
	return true
}

// caseBlock holds a case with the singular messages it may have, so that
// they take one allocation.
type caseBlock struct {
	c  shieldv1.Case
	pa shieldv1.ProposedAction
	cp shieldv1.Counterparty
	id shieldv1.AgentIdentity
}

// slab hands out the messages of one repeated field from one allocation,
// made at the field's first occurrence for every occurrence from there on.
type slab[T any] struct {
	items []T
	used  int
}

func (s *slab[T]) take(d *reqDecoder, f *field, hi int) *T {
	if s.used == len(s.items) {
		s.items, s.used = make([]T, 1+d.count(f.hi, hi, f.num)), 0
	}
	s.used++
	return &s.items[s.used-1]
}

// add appends a message to *list from s, sizing the list as s is sized.
func add[T any](list *[]*T, s *slab[T], d *reqDecoder, f *field, hi int) *T {
	m := s.take(d, f, hi)
	if cap(*list)-len(*list) == 0 {
		grown := make([]*T, len(*list), len(*list)+len(s.items)-s.used+1)
		copy(grown, *list)
		*list = grown
	}
	*list = append(*list, m)
	return m
}

// caseMsg decodes a case into blk's, taking its singular messages from
// blk. A second occurrence of the case field is decoded into the same case,
// which merges the two as protobuf-go does.
func (d *reqDecoder) caseMsg(i, hi int, blk *caseBlock) bool {
	c := &blk.c
	var (
		facts    slab[shieldv1.Fact]
		evidence slab[shieldv1.Evidence]
		policies slab[shieldv1.Policy]
		history  slab[shieldv1.Turn]
		f        field
	)
	for i < hi {
		var ok bool
		if i, ok = d.next(i, hi, &f); !ok {
			return false
		}
		switch f.num {
		case 1:
			c.Title, ok = d.str(&f)
		case 2:
			c.Goal, ok = d.str(&f)
		case 3:
			c.Brief, ok = d.str(&f)
		case 4:
			c.Message, ok = d.str(&f)
		case 5:
			c.SituationContext, ok = d.str(&f)
		case 6:
			if f.typ != protowire.BytesType {
				return false
			}
			if c.ProposedAction == nil {
				c.ProposedAction = &blk.pa
			}
			ok = d.action(f.lo, f.hi, c.ProposedAction)
		case 7:
			if f.typ != protowire.BytesType {
				return false
			}
			if c.Counterparty == nil {
				c.Counterparty = &blk.cp
			}
			ok = d.counterparty(f.lo, f.hi, c.Counterparty)
		case 8:
			ok = f.typ == protowire.BytesType && d.fact(f.lo, f.hi, add(&c.Facts, &facts, d, &f, hi))
		case 9:
			ok = f.typ == protowire.BytesType && d.evidence(f.lo, f.hi, add(&c.Evidence, &evidence, d, &f, hi))
		case 10:
			ok = f.typ == protowire.BytesType && d.policy(f.lo, f.hi, add(&c.Policies, &policies, d, &f, hi))
		case 11:
			ok = f.typ == protowire.BytesType && d.turn(f.lo, f.hi, add(&c.History, &history, d, &f, hi))
		case 12:
			if f.typ != protowire.BytesType {
				return false
			}
			if c.Identity == nil {
				c.Identity = &blk.id
			}
			ok = d.identity(f.lo, f.hi, c.Identity)
		default:
			return false
		}
		if !ok {
			return false
		}
	}
	return true
}

func (d *reqDecoder) action(i, hi int, a *shieldv1.ProposedAction) bool {
	var f field
	for i < hi {
		var ok bool
		if i, ok = d.next(i, hi, &f); !ok {
			return false
		}
		switch f.num {
		case 1:
			a.Description, ok = d.str(&f)
		case 2:
			a.Service, ok = d.str(&f)
		case 3:
			a.Action, ok = d.str(&f)
		case 4:
			a.Amount, ok = math.Float64frombits(f.v), f.typ == protowire.Fixed64Type
		case 5:
			a.Currency, ok = d.str(&f)
		case 6:
			a.Recipient, ok = d.str(&f)
		case 7:
			a.Irreversible, ok = f.v != 0, f.typ == protowire.VarintType
		case 8:
			ok = d.strs(&a.DataCategories, &f, hi)
		default:
			return false
		}
		if !ok {
			return false
		}
	}
	return true
}

func (d *reqDecoder) counterparty(i, hi int, c *shieldv1.Counterparty) bool {
	var f field
	for i < hi {
		var ok bool
		if i, ok = d.next(i, hi, &f); !ok {
			return false
		}
		switch f.num {
		case 1:
			c.Type, ok = shieldv1.CounterpartyType(int32(f.v)), f.typ == protowire.VarintType
		case 2:
			c.Reference, ok = d.str(&f)
		case 3:
			c.ClaimedIdentity, ok = d.str(&f)
		case 4:
			c.Verified, ok = f.v != 0, f.typ == protowire.VarintType
		case 5:
			c.TrustTier, ok = d.str(&f)
		case 6:
			c.GaslLevel, ok = int32(f.v), f.typ == protowire.VarintType
		default:
			return false
		}
		if !ok {
			return false
		}
	}
	return true
}

func (d *reqDecoder) fact(i, hi int, m *shieldv1.Fact) bool {
	var f field
	for i < hi {
		var ok bool
		if i, ok = d.next(i, hi, &f); !ok {
			return false
		}
		switch f.num {
		case 1:
			m.Id, ok = d.str(&f)
		case 2:
			m.Statement, ok = d.str(&f)
		case 3:
			m.Source, ok = shieldv1.FactSource(int32(f.v)), f.typ == protowire.VarintType
		case 4:
			m.Status, ok = shieldv1.FactStatus(int32(f.v)), f.typ == protowire.VarintType
		case 5:
			ok = d.strs(&m.EvidenceReferences, &f, hi)
		default:
			return false
		}
		if !ok {
			return false
		}
	}
	return true
}

func (d *reqDecoder) evidence(i, hi int, m *shieldv1.Evidence) bool {
	var f field
	for i < hi {
		var ok bool
		if i, ok = d.next(i, hi, &f); !ok {
			return false
		}
		switch f.num {
		case 1:
			m.Id, ok = d.str(&f)
		case 2:
			m.Type, ok = shieldv1.EvidenceType(int32(f.v)), f.typ == protowire.VarintType
		case 3:
			m.Summary, ok = d.str(&f)
		case 4:
			m.SourceReference, ok = d.str(&f)
		case 5:
			m.Verification, ok = shieldv1.Verification(int32(f.v)), f.typ == protowire.VarintType
		default:
			return false
		}
		if !ok {
			return false
		}
	}
	return true
}

func (d *reqDecoder) policy(i, hi int, m *shieldv1.Policy) bool {
	var f field
	for i < hi {
		var ok bool
		if i, ok = d.next(i, hi, &f); !ok {
			return false
		}
		switch f.num {
		case 1:
			m.Id, ok = d.str(&f)
		case 2:
			m.Title, ok = d.str(&f)
		case 3:
			m.Statement, ok = d.str(&f)
		case 4:
			m.SourceReference, ok = d.str(&f)
		default:
			return false
		}
		if !ok {
			return false
		}
	}
	return true
}

func (d *reqDecoder) turn(i, hi int, m *shieldv1.Turn) bool {
	var f field
	for i < hi {
		var ok bool
		if i, ok = d.next(i, hi, &f); !ok {
			return false
		}
		switch f.num {
		case 1:
			m.Role, ok = shieldv1.Role(int32(f.v)), f.typ == protowire.VarintType
		case 2:
			m.Text, ok = d.str(&f)
		default:
			return false
		}
		if !ok {
			return false
		}
	}
	return true
}

func (d *reqDecoder) identity(i, hi int, m *shieldv1.AgentIdentity) bool {
	var (
		scope slab[shieldv1.ScopeEntry]
		f     field
	)
	for i < hi {
		var ok bool
		if i, ok = d.next(i, hi, &f); !ok {
			return false
		}
		switch f.num {
		case 1:
			m.Id, ok = d.str(&f)
		case 2:
			m.Version, ok = d.str(&f)
		case 3:
			ok = f.typ == protowire.BytesType && d.scope(f.lo, f.hi, add(&m.Scope, &scope, d, &f, hi))
		default:
			return false
		}
		if !ok {
			return false
		}
	}
	return true
}

func (d *reqDecoder) scope(i, hi int, m *shieldv1.ScopeEntry) bool {
	var f field
	for i < hi {
		var ok bool
		if i, ok = d.next(i, hi, &f); !ok {
			return false
		}
		switch f.num {
		case 1:
			m.Service, ok = d.str(&f)
		case 2:
			ok = d.strs(&m.Actions, &f, hi)
		default:
			return false
		}
		if !ok {
			return false
		}
	}
	return true
}
