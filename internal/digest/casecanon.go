package digest

import (
	"errors"
	"math"
	"strconv"
	"unicode/utf8"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
)

// errNilElement sends a case with a nil element in a repeated message
// field, which no decoded request has, to the reflective encoder.
var errNilElement = errors.New("digest: nil element in a repeated field")

// appendCase appends the RFC 8785 canonical form of c's proto3 JSON to buf:
// the bytes of AppendCanonical(buf, c), written field by field from the
// generated struct instead of through protobuf reflection, which was about
// half of a typical case's digest. Each object's keys are written in JSON-name
// order, as JCS sorts them; a field is written when protoreflect's Has would
// report it (a non-empty string or list, a true bool, a non-zero number, a
// non-nil message). TestCaseMatchesReflect fills every field of the schema,
// so a field added to the proto and not here fails it, and
// FuzzCaseMatchesReflect holds the two together on any values.
func appendCase(buf []byte, c *shieldv1.Case) ([]byte, error) {
	if c == nil {
		return append(buf, '{', '}'), nil // what reflection sees in a nil message: no field set
	}
	w := caseWriter{buf: buf}
	w.open()
	w.str("brief", c.Brief, "shield.v1.Case.brief")
	if cp := c.Counterparty; cp != nil {
		w.key("counterparty")
		w.counterparty(cp)
	}
	if len(c.Evidence) > 0 {
		w.key("evidence")
		w.buf = append(w.buf, '[')
		for i, e := range c.Evidence {
			w.elem(i, e == nil)
			if e != nil {
				w.evidence(e)
			}
		}
		w.buf = append(w.buf, ']')
	}
	if len(c.Facts) > 0 {
		w.key("facts")
		w.buf = append(w.buf, '[')
		for i, f := range c.Facts {
			w.elem(i, f == nil)
			if f != nil {
				w.fact(f)
			}
		}
		w.buf = append(w.buf, ']')
	}
	w.str("goal", c.Goal, "shield.v1.Case.goal")
	if len(c.History) > 0 {
		w.key("history")
		w.buf = append(w.buf, '[')
		for i, t := range c.History {
			w.elem(i, t == nil)
			if t != nil {
				w.open()
				w.enum("role", int32(t.Role), shieldv1.Role_name)
				w.str("text", t.Text, "shield.v1.Turn.text")
				w.close()
			}
		}
		w.buf = append(w.buf, ']')
	}
	if id := c.Identity; id != nil {
		w.key("identity")
		w.identity(id)
	}
	w.str("message", c.Message, "shield.v1.Case.message")
	if len(c.Policies) > 0 {
		w.key("policies")
		w.buf = append(w.buf, '[')
		for i, p := range c.Policies {
			w.elem(i, p == nil)
			if p != nil {
				w.open()
				w.str("id", p.Id, "shield.v1.Policy.id")
				w.str("sourceReference", p.SourceReference, "shield.v1.Policy.source_reference")
				w.str("statement", p.Statement, "shield.v1.Policy.statement")
				w.str("title", p.Title, "shield.v1.Policy.title")
				w.close()
			}
		}
		w.buf = append(w.buf, ']')
	}
	if a := c.ProposedAction; a != nil {
		w.key("proposedAction")
		w.action(a)
	}
	w.str("situationContext", c.SituationContext, "shield.v1.Case.situation_context")
	w.str("title", c.Title, "shield.v1.Case.title")
	w.close()
	return w.buf, w.err
}

// caseWriter writes one case's canonical JSON. The first error stops
// nothing but is the one returned: the output is then discarded.
type caseWriter struct {
	buf   []byte
	first bool // no key written yet in the innermost open object
	err   error
}

func (w *caseWriter) open() {
	w.buf = append(w.buf, '{')
	w.first = true
}

// close ends an object; the object that contained it has a key written,
// the one this object is the value of.
func (w *caseWriter) close() {
	w.buf = append(w.buf, '}')
	w.first = false
}

// key writes a member's name; the names are plain ASCII, which JCS writes
// as they are.
func (w *caseWriter) key(k string) {
	if !w.first {
		w.buf = append(w.buf, ',')
	}
	w.first = false
	w.buf = append(w.buf, '"')
	w.buf = append(w.buf, k...)
	w.buf = append(w.buf, '"', ':')
}

// elem starts element i of an array of messages.
func (w *caseWriter) elem(i int, isNil bool) {
	if isNil && w.err == nil {
		w.err = errNilElement
	}
	if i > 0 {
		w.buf = append(w.buf, ',')
	}
}

// text writes s as a JSON string and checks that it is UTF-8. A string of
// ASCII is, so utf8.ValidString reads s a second time only when
// appendStringASCII saw a byte past ASCII: most case text has none.
func (w *caseWriter) text(s, field string) {
	var ascii bool
	w.buf, ascii = appendStringASCII(w.buf, s)
	if !ascii && !utf8.ValidString(s) && w.err == nil {
		w.err = errors.New("digest: invalid UTF-8 in " + field)
	}
}

func (w *caseWriter) str(k, s, field string) {
	if s == "" {
		return
	}
	w.key(k)
	w.text(s, field)
}

func (w *caseWriter) strs(k string, l []string, field string) {
	if len(l) == 0 {
		return
	}
	w.key(k)
	w.buf = append(w.buf, '[')
	for i, s := range l {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		w.text(s, field)
	}
	w.buf = append(w.buf, ']')
}

// enum writes an enum's name, or its number when it has none, as proto3
// JSON does; the zero value is the default and is left out.
func (w *caseWriter) enum(k string, v int32, names map[int32]string) {
	if v == 0 {
		return
	}
	w.key(k)
	if name, ok := names[v]; ok {
		w.buf = appendString(w.buf, name)
		return
	}
	w.buf = strconv.AppendInt(w.buf, int64(v), 10)
}

func (w *caseWriter) boolean(k string, v bool) {
	if v {
		w.key(k)
		w.buf = append(w.buf, "true"...)
	}
}

func (w *caseWriter) counterparty(cp *shieldv1.Counterparty) {
	w.open()
	w.str("claimedIdentity", cp.ClaimedIdentity, "shield.v1.Counterparty.claimed_identity")
	if cp.GaslLevel != 0 {
		w.key("gaslLevel")
		w.buf = strconv.AppendInt(w.buf, int64(cp.GaslLevel), 10)
	}
	w.str("reference", cp.Reference, "shield.v1.Counterparty.reference")
	w.str("trustTier", cp.TrustTier, "shield.v1.Counterparty.trust_tier")
	w.enum("type", int32(cp.Type), shieldv1.CounterpartyType_name)
	w.boolean("verified", cp.Verified)
	w.close()
}

func (w *caseWriter) evidence(e *shieldv1.Evidence) {
	w.open()
	w.str("id", e.Id, "shield.v1.Evidence.id")
	w.str("sourceReference", e.SourceReference, "shield.v1.Evidence.source_reference")
	w.str("summary", e.Summary, "shield.v1.Evidence.summary")
	w.enum("type", int32(e.Type), shieldv1.EvidenceType_name)
	w.enum("verification", int32(e.Verification), shieldv1.Verification_name)
	w.close()
}

func (w *caseWriter) fact(f *shieldv1.Fact) {
	w.open()
	w.strs("evidenceReferences", f.EvidenceReferences, "shield.v1.Fact.evidence_references")
	w.str("id", f.Id, "shield.v1.Fact.id")
	w.enum("source", int32(f.Source), shieldv1.FactSource_name)
	w.str("statement", f.Statement, "shield.v1.Fact.statement")
	w.enum("status", int32(f.Status), shieldv1.FactStatus_name)
	w.close()
}

func (w *caseWriter) identity(id *shieldv1.AgentIdentity) {
	w.open()
	w.str("id", id.Id, "shield.v1.AgentIdentity.id")
	if len(id.Scope) > 0 {
		w.key("scope")
		w.buf = append(w.buf, '[')
		for i, s := range id.Scope {
			w.elem(i, s == nil)
			if s != nil {
				w.open()
				w.strs("actions", s.Actions, "shield.v1.ScopeEntry.actions")
				w.str("service", s.Service, "shield.v1.ScopeEntry.service")
				w.close()
			}
		}
		w.buf = append(w.buf, ']')
	}
	w.str("version", id.Version, "shield.v1.AgentIdentity.version")
	w.close()
}

func (w *caseWriter) action(a *shieldv1.ProposedAction) {
	w.open()
	w.str("action", a.Action, "shield.v1.ProposedAction.action")
	// protoreflect's Has reports a double by its bits, so -0 is written.
	if math.Float64bits(a.Amount) != 0 {
		w.key("amount")
		var err error
		if w.buf, err = appendFloat(w.buf, a.Amount); err != nil && w.err == nil {
			w.err = err
		}
	}
	w.str("currency", a.Currency, "shield.v1.ProposedAction.currency")
	w.strs("dataCategories", a.DataCategories, "shield.v1.ProposedAction.data_categories")
	w.str("description", a.Description, "shield.v1.ProposedAction.description")
	w.boolean("irreversible", a.Irreversible)
	w.str("recipient", a.Recipient, "shield.v1.ProposedAction.recipient")
	w.str("service", a.Service, "shield.v1.ProposedAction.service")
	w.close()
}
