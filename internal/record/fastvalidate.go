package record

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/a2atrust/shield/internal/consult"
)

// The schema validator works on the record's map form and spends most of
// its time in the generality of JSON Schema (a scope per value, numbers as
// big.Rat parsed from text). A record has a fixed shape, so the same checks
// can run on the struct directly. node holds, for one place in that shape,
// the constraints of the compiled schema: they are read from the schema
// once, not written out by hand, and compileNode refuses any keyword it does
// not model, so that a schema change cannot silently loosen validation (the
// Validator then falls back to the general validator for every record).
//
// FuzzStructValidator and TestStructValidatorAgrees hold the two validators
// to the same verdict on generated and mutated records.

// jsonKind is the JSON type of a value the record emits at a place.
type jsonKind int

const (
	kString  jsonKind = iota
	kNumber           // a float64
	kInteger          // an int64
	kArray
	kObject
)

// node is the compiled constraints of one place of the record.
type node struct {
	any bool // no schema here: everything is accepted

	typeOK  bool // the schema's type (if any) accepts the Go value's kind
	wholeOK bool // for kNumber: the type accepts integers only, so a whole float passes

	// strings
	minLen, maxLen int // -1: none
	pattern        func(string) bool
	format         *jsonschema.Format
	// formatAfter decides format for a string that matched pattern,
	// without the format's own validator (formatsAfterPattern); nil: the
	// format's validator decides.
	formatAfter func(string) bool
	enum        []string // nil: none
	constant    *string

	// numbers
	min, max       float64 // exact copies of the schema's bounds
	hasMin, hasMax bool
	minI, maxI     int64 // the same bounds, for integers
	minIOK, maxIOK bool  // the bound fits an int64 (else it is beyond every int64)

	// arrays
	minItems, maxItems int // -1: none
	items              *node

	// objects
	props      map[string]*node // every property the record emits here; nil: not declared
	required   []string
	additional bool // additionalProperties is not false

	requiredMissing bool     // a required property is never emitted
	undeclared      []string // emitted properties the schema does not declare
}

// errNotModeled reports a schema keyword the struct validator does not
// implement.
var errNotModeled = errors.New("record: schema keyword not modeled")

// compileNode reads the constraints of s for a value of kind k.
func compileNode(s *jsonschema.Schema, k jsonKind) (*node, error) {
	n := &node{minLen: -1, maxLen: -1, minItems: -1, maxItems: -1, typeOK: true, additional: true}
	if s == nil {
		n.any = true
		return n, nil
	}
	if s.Bool != nil || s.Ref != nil || s.RecursiveRef != nil || s.DynamicRef != nil ||
		s.Not != nil || s.AllOf != nil || s.AnyOf != nil || s.OneOf != nil ||
		s.If != nil || s.Then != nil || s.Else != nil ||
		s.MaxProperties != nil || s.MinProperties != nil || s.PropertyNames != nil ||
		s.PatternProperties != nil || s.Dependencies != nil || s.DependentRequired != nil ||
		s.DependentSchemas != nil || s.UnevaluatedProperties != nil ||
		s.UniqueItems || s.Contains != nil || s.MinContains != nil || s.MaxContains != nil ||
		s.Items != nil || s.AdditionalItems != nil || s.PrefixItems != nil || s.UnevaluatedItems != nil ||
		s.ContentEncoding != nil || s.ContentMediaType != nil || s.ContentSchema != nil ||
		s.ExclusiveMaximum != nil || s.ExclusiveMinimum != nil || s.MultipleOf != nil ||
		len(s.Extensions) > 0 {
		return nil, fmt.Errorf("%w at %s", errNotModeled, s.Location)
	}
	if s.Types != nil {
		types := s.Types.ToStrings()
		has := func(t string) bool { return slices.Contains(types, t) }
		switch k {
		case kString:
			n.typeOK = has("string")
		case kNumber:
			n.typeOK = has("number")
			n.wholeOK = !n.typeOK && has("integer")
		case kInteger:
			n.typeOK = has("integer") || has("number")
		case kArray:
			n.typeOK = has("array")
		case kObject:
			n.typeOK = has("object")
		}
	}
	if s.Enum != nil {
		if k != kString {
			return nil, fmt.Errorf("%w: enum on a non-string at %s", errNotModeled, s.Location)
		}
		n.enum = []string{}
		for _, v := range s.Enum.Values {
			// A non-string member can never equal a string value.
			if str, ok := v.(string); ok {
				n.enum = append(n.enum, str)
			}
		}
	}
	if s.Const != nil {
		str, ok := (*s.Const).(string)
		if k != kString || !ok {
			return nil, fmt.Errorf("%w: const at %s", errNotModeled, s.Location)
		}
		n.constant = &str
	}
	if k == kString {
		if s.MinLength != nil {
			n.minLen = *s.MinLength
		}
		if s.MaxLength != nil {
			n.maxLen = *s.MaxLength
		}
		if s.Pattern != nil {
			n.pattern = s.Pattern.MatchString
			if m, ok := knownPatterns[s.Pattern.String()]; ok {
				n.pattern = m
			}
		}
		n.format = s.Format // the Validator asserts formats (AssertFormat)
		if s.Format != nil && s.Pattern != nil {
			n.formatAfter = formatsAfterPattern[[2]string{s.Format.Name, s.Pattern.String()}]
		}
	} else if s.Format != nil {
		return nil, fmt.Errorf("%w: format on a non-string at %s", errNotModeled, s.Location)
	}
	if k == kNumber || k == kInteger {
		var err error
		if n.min, n.minI, n.minIOK, n.hasMin, err = bound(s.Minimum, s.Location); err != nil {
			return nil, err
		}
		if n.max, n.maxI, n.maxIOK, n.hasMax, err = bound(s.Maximum, s.Location); err != nil {
			return nil, err
		}
	}
	if k == kArray {
		if s.MinItems != nil {
			n.minItems = *s.MinItems
		}
		if s.MaxItems != nil {
			n.maxItems = *s.MaxItems
		}
	}
	if k == kObject {
		n.required = s.Required
		switch ap := s.AdditionalProperties.(type) {
		case nil:
		case bool:
			n.additional = ap
		default:
			return nil, fmt.Errorf("%w: additionalProperties schema at %s", errNotModeled, s.Location)
		}
	}
	return n, nil
}

// bound returns a numeric bound as a float64 and, when it is an integer
// that fits, an int64; it refuses a bound a float64 cannot hold exactly,
// since comparing with a rounded bound could change the verdict.
func bound(r *big.Rat, loc string) (f float64, i int64, iok, has bool, err error) {
	if r == nil {
		return 0, 0, false, false, nil
	}
	f, exact := r.Float64()
	if !exact {
		return 0, 0, false, false, fmt.Errorf("%w: inexact bound %s at %s", errNotModeled, r.RatString(), loc)
	}
	if r.IsInt() {
		if !r.Num().IsInt64() {
			// Beyond every int64: not worth modelling.
			return 0, 0, false, false, fmt.Errorf("%w: bound %s beyond int64 at %s", errNotModeled, r.RatString(), loc)
		}
		i, iok = r.Num().Int64(), true
	}
	return f, i, iok, true, nil
}

// child compiles the schema of property name of the object schema s.
func child(s *jsonschema.Schema, name string, k jsonKind) (*node, error) {
	if s == nil {
		return compileNode(nil, k)
	}
	return compileNode(s.Properties[name], k)
}

// itemsOf compiles an array schema and the schema of its items.
func itemsOf(s *jsonschema.Schema, k jsonKind) (*node, error) {
	n, err := compileNode(s, kArray)
	if err != nil || s == nil {
		return n, err
	}
	if n.items, err = compileNode(s.Items2020, k); err != nil {
		return nil, err
	}
	return n, nil
}

// structValidator checks a Record with the constraints of the schema.
type structValidator struct {
	root, analysis, generation, tokenUsage, claim, signal *node
}

// newStructValidator derives the struct validator from the compiled schema;
// it returns an error wrapping errNotModeled when the schema uses a keyword
// the struct validator does not implement.
func newStructValidator(root *jsonschema.Schema) (*structValidator, error) {
	var errs []error
	obj := func(parent *jsonschema.Schema, names map[string]jsonKind) *node {
		n, err := compileNode(parent, kObject)
		if err != nil {
			errs = append(errs, err)
			return nil
		}
		n.props = map[string]*node{}
		for name, k := range names {
			var c *node
			if k == kArray {
				var sub *jsonschema.Schema
				if parent != nil {
					sub = parent.Properties[name]
				}
				c, err = itemsOf(sub, arrayItemKind[name])
			} else {
				c, err = child(parent, name, k)
			}
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if parent != nil && parent.Properties[name] == nil {
				c = nil // not a declared property: additionalProperties decides
			}
			n.props[name] = c
		}
		// What object checks on every record, settled once: required
		// properties the record never emits, and emitted ones the schema
		// does not declare.
		for _, req := range n.required {
			if _, ok := n.props[req]; !ok {
				n.requiredMissing = true
			}
		}
		for name, c := range n.props {
			if c == nil {
				n.undeclared = append(n.undeclared, name)
			}
		}
		return n
	}
	prop := func(s *jsonschema.Schema, name string) *jsonschema.Schema {
		if s == nil {
			return nil
		}
		return s.Properties[name]
	}
	itemSchema := func(s *jsonschema.Schema) *jsonschema.Schema {
		if s == nil {
			return nil
		}
		return s.Items2020
	}
	v := &structValidator{}
	v.root = obj(root, map[string]jsonKind{
		"protocolVersion": kString, "consultationId": kString, "caseId": kString, "agentId": kString,
		"inputDigest": kString, "analysis": kObject, "generation": kObject, "createdAt": kString,
	})
	an := prop(root, "analysis")
	v.analysis = obj(an, map[string]jsonKind{
		"reply": kString, "situationSummary": kString, "disposition": kString, "riskTier": kString,
		"confidence": kNumber, "rationale": kArray, "claims": kArray, "manipulationSignals": kArray,
		"missingEvidence": kArray, "questionsToAsk": kArray, "nextSteps": kArray, "safeguards": kArray,
		"suggestedResponse": kString,
	})
	v.claim = obj(itemSchema(prop(an, "claims")), map[string]jsonKind{
		"claim": kString, "status": kString, "significance": kString, "evidenceReferences": kArray, "explanation": kString,
	})
	v.signal = obj(itemSchema(prop(an, "manipulationSignals")), map[string]jsonKind{
		"tactic": kString, "observation": kString, "confidence": kNumber, "significance": kString,
	})
	gen := prop(root, "generation")
	v.generation = obj(gen, map[string]jsonKind{
		"mode": kString, "model": kString, "promptVersion": kString, "tokenUsage": kObject, "errorCode": kString,
	})
	v.tokenUsage = obj(prop(gen, "tokenUsage"), map[string]jsonKind{
		"inputTokens": kInteger, "outputTokens": kInteger, "totalTokens": kInteger,
	})
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return v, nil
}

// arrayItemKind is the kind of the items of each array the record emits.
var arrayItemKind = map[string]jsonKind{
	"rationale": kString, "missingEvidence": kString, "questionsToAsk": kString, "nextSteps": kString,
	"safeguards": kString, "evidenceReferences": kString, "claims": kObject, "manipulationSignals": kObject,
}

// errStruct is the struct validator's verdict; it names the place only.
type errStruct struct{ at string }

func (e errStruct) Error() string { return "record: invalid at " + e.at }

// validate reports the first place where r breaks the schema. It checks
// r's map form (Record.Map) without building it: the same properties, the
// same omitted optional ones.
func (v *structValidator) validate(r *Record) error {
	if !v.object(v.root, nil) {
		return errStruct{"/"}
	}
	for _, f := range []struct {
		name, s string
	}{
		{"protocolVersion", r.ProtocolVersion}, {"consultationId", r.ConsultationID}, {"caseId", r.CaseID},
		{"agentId", r.AgentID}, {"inputDigest", r.InputDigest}, {"createdAt", r.CreatedAt},
	} {
		if !v.str(v.root, f.name, f.s) {
			return errStruct{"/" + f.name}
		}
	}
	if err := v.validateAnalysis(&r.Analysis); err != nil {
		return err
	}
	return v.validateGeneration(&r.Generation)
}

func (v *structValidator) validateAnalysis(a *consult.Analysis) error {
	n := v.analysis
	var omitted []string
	if a.SuggestedResponse == "" {
		omitted = []string{"suggestedResponse"}
	}
	if !v.object(n, omitted) {
		return errStruct{"/analysis"}
	}
	strs := [...]struct{ name, s string }{
		{"reply", a.Reply}, {"situationSummary", a.SituationSummary},
		{"disposition", string(a.Disposition)}, {"riskTier", string(a.RiskTier)},
		{"suggestedResponse", a.SuggestedResponse},
	}
	n5 := len(strs)
	if a.SuggestedResponse == "" {
		n5-- // omitted from the map form
	}
	for _, f := range strs[:n5] {
		if !v.str(n, f.name, f.s) {
			return errStruct{"/analysis/" + f.name}
		}
	}
	if !v.num(n.props["confidence"], a.Confidence) {
		return errStruct{"/analysis/confidence"}
	}
	for _, f := range []struct {
		name string
		l    []string
	}{
		{"rationale", a.Rationale}, {"missingEvidence", a.MissingEvidence}, {"questionsToAsk", a.QuestionsToAsk},
		{"nextSteps", a.NextSteps}, {"safeguards", a.Safeguards},
	} {
		if !v.strList(n.props[f.name], f.l) {
			return errStruct{"/analysis/" + f.name}
		}
	}
	claims := n.props["claims"]
	if !v.list(claims, len(a.Claims)) {
		return errStruct{"/analysis/claims"}
	}
	for i := range a.Claims {
		if claims != nil && claims.any {
			break
		}
		c := &a.Claims[i]
		cn := v.claim
		if !v.object(cn, nil) ||
			!v.str(cn, "claim", c.Claim) || !v.str(cn, "status", string(c.Status)) ||
			!v.str(cn, "significance", string(c.Significance)) || !v.str(cn, "explanation", c.Explanation) ||
			!v.strList(cn.props["evidenceReferences"], c.EvidenceReferences) {
			return errStruct{fmt.Sprintf("/analysis/claims/%d", i)}
		}
	}
	signals := n.props["manipulationSignals"]
	if !v.list(signals, len(a.Signals)) {
		return errStruct{"/analysis/manipulationSignals"}
	}
	for i := range a.Signals {
		if signals != nil && signals.any {
			break
		}
		s := &a.Signals[i]
		sn := v.signal
		if !v.object(sn, nil) ||
			!v.str(sn, "tactic", string(s.Tactic)) || !v.str(sn, "observation", s.Observation) ||
			!v.str(sn, "significance", string(s.Significance)) || !v.num(sn.props["confidence"], s.Confidence) {
			return errStruct{fmt.Sprintf("/analysis/manipulationSignals/%d", i)}
		}
	}
	return nil
}

func (v *structValidator) validateGeneration(g *consult.Generation) error {
	n := v.generation
	var omitted []string
	if g.TokenUsage == nil {
		omitted = append(omitted, "tokenUsage")
	}
	if g.ErrorCode == "" {
		omitted = append(omitted, "errorCode")
	}
	if !v.object(n, omitted) {
		return errStruct{"/generation"}
	}
	if !v.str(n, "mode", g.Mode) || !v.str(n, "model", g.Model) || !v.str(n, "promptVersion", g.PromptVersion) {
		return errStruct{"/generation"}
	}
	if g.ErrorCode != "" && !v.str(n, "errorCode", g.ErrorCode) {
		return errStruct{"/generation/errorCode"}
	}
	if u := g.TokenUsage; u != nil {
		tn := v.tokenUsage
		if tu := n.props["tokenUsage"]; tu != nil && tu.any {
			return nil
		}
		if !v.object(tn, nil) || !v.integer(tn.props["inputTokens"], u.InputTokens) ||
			!v.integer(tn.props["outputTokens"], u.OutputTokens) || !v.integer(tn.props["totalTokens"], u.TotalTokens) {
			return errStruct{"/generation/tokenUsage"}
		}
	}
	return nil
}

// object checks an object's own keywords: its type, that every required
// property is among those emitted (all of n.props but omitted), and that
// additionalProperties allows every emitted one the schema does not declare.
func (v *structValidator) object(n *node, omitted []string) bool {
	if n.any {
		return true
	}
	if !n.typeOK {
		return false
	}
	if n.requiredMissing {
		return false
	}
	for _, o := range omitted {
		if slices.Contains(n.required, o) {
			return false
		}
	}
	if !n.additional {
		for _, name := range n.undeclared {
			if !slices.Contains(omitted, name) {
				return false
			}
		}
	}
	return true
}

// str checks the string property name of the object n.
func (v *structValidator) str(n *node, name, s string) bool {
	if n.any {
		return true
	}
	return v.strVal(n.props[name], s)
}

func (v *structValidator) strVal(n *node, s string) bool {
	if n == nil || n.any {
		return true
	}
	if !n.typeOK {
		return false
	}
	if n.constant != nil && s != *n.constant {
		return false
	}
	if n.enum != nil && !slices.Contains(n.enum, s) {
		return false
	}
	if n.minLen >= 0 || n.maxLen >= 0 {
		// Counted as the schema validator counts (utf8.RuneCount: an
		// invalid byte is one character). A character has one to four
		// bytes, so the byte length often settles both bounds.
		l := len(s)
		sureMin := n.minLen < 0 || l >= 4*n.minLen
		sureMax := n.maxLen < 0 || l <= n.maxLen
		if !sureMin || !sureMax {
			l = utf8.RuneCountInString(s)
			if l < n.minLen || (n.maxLen >= 0 && l > n.maxLen) {
				return false
			}
		}
	}
	if n.pattern != nil && !n.pattern(s) {
		return false
	}
	if n.format != nil {
		// After the pattern, which a string of a format with a
		// formatAfter has matched.
		if n.formatAfter != nil {
			return n.formatAfter(s)
		}
		if n.format.Validate(s) != nil {
			return false
		}
	}
	return true
}

// list checks an array's own keywords for an array of length l.
func (v *structValidator) list(n *node, l int) bool {
	if n == nil || n.any {
		return true
	}
	if !n.typeOK {
		return false
	}
	return l >= n.minItems && (n.maxItems < 0 || l <= n.maxItems)
}

func (v *structValidator) strList(n *node, l []string) bool {
	if !v.list(n, len(l)) {
		return false
	}
	if n == nil || n.any {
		return true
	}
	for _, s := range l {
		if !v.strVal(n.items, s) {
			return false
		}
	}
	return true
}

// num checks a float64. NaN and the infinities have no JSON form, so they
// never pass.
func (v *structValidator) num(n *node, f float64) bool {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return false
	}
	if n == nil || n.any {
		return true
	}
	if !n.typeOK && !(n.wholeOK && f == math.Trunc(f)) {
		return false
	}
	return !(n.hasMin && f < n.min) && !(n.hasMax && f > n.max)
}

// integer checks an int64 against bounds held exactly.
func (v *structValidator) integer(n *node, i int64) bool {
	if n == nil || n.any {
		return true
	}
	if !n.typeOK {
		return false
	}
	if n.hasMin && (n.minIOK && i < n.minI || !n.minIOK && float64(i) < n.min) {
		return false
	}
	if n.hasMax && (n.maxIOK && i > n.maxI || !n.maxIOK && float64(i) > n.max) {
		return false
	}
	return true
}
