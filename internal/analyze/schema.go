package analyze

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/record"
)

// responseSchemaName names the response schema in the request, as OpenAI's
// json_schema response format requires.
const responseSchemaName = "shield_analysis"

// responseSchema is the JSON Schema the model's answer must match: the
// record schema's "analysis" object, adapted to OpenAI's strict structured
// outputs, derived from the embedded record schema so that the two cannot
// drift apart.
var responseSchema = mustResponseSchema()

// analysisSchema validates a decoded answer against the record schema's
// "analysis" object itself, with every limit the strict variant could only
// state in words.
var analysisSchema = mustAnalysisSchema()

// ResponseSchema returns the JSON Schema sent as the strict json_schema
// response format. It describes exactly the record schema's "analysis"
// object, adapted to strict mode: every property is required (so
// suggestedResponse is required but may be the empty string, which means
// none), every object forbids additional properties, and string lengths,
// which strict mode does not accept as keywords, are stated in each
// property's description.
func ResponseSchema() json.RawMessage { return slices.Clone(responseSchema) }

func mustResponseSchema() json.RawMessage {
	var doc map[string]any
	if err := json.Unmarshal(record.SchemaJSON, &doc); err != nil {
		panic(fmt.Sprintf("analyze: record schema: %v", err))
	}
	analysis, ok := doc["properties"].(map[string]any)["analysis"].(map[string]any)
	if !ok {
		panic("analyze: record schema has no analysis object")
	}
	strictify("analysis", analysis)
	props := analysis["properties"].(orderedProps).vals
	props["suggestedResponse"].(map[string]any)["description"] =
		fmt.Sprintf("A message the agent could send to the counterparty, at most %d characters; the empty string when none is needed.", record.MaxSuggestedResponse)
	b, err := json.Marshal(analysis)
	if err != nil {
		panic(fmt.Sprintf("analyze: response schema: %v", err))
	}
	return b
}

// propertyOrder is the order in which the model is asked to write the
// properties of each object. Models write in schema order, so the
// observations come first and the verdict after them, where it can rest on
// them. Properties not listed follow in alphabetical order.
var propertyOrder = map[string][]string{
	"analysis": {"situationSummary", "claims", "manipulationSignals", "missingEvidence", "rationale",
		"riskTier", "disposition", "confidence", "reply", "questionsToAsk", "nextSteps", "safeguards", "suggestedResponse"},
	"claims":              {"claim", "evidenceReferences", "explanation", "status", "significance"},
	"manipulationSignals": {"observation", "tactic", "significance", "confidence"},
}

// orderedProps is a JSON object that keeps its keys in order.
type orderedProps struct {
	keys []string
	vals map[string]any
}

// MarshalJSON writes the properties in order.
func (o orderedProps) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		vb, err := json.Marshal(o.vals[k])
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// strictify rewrites the schema node n, named name, in place for strict
// structured outputs.
func strictify(name string, n map[string]any) {
	switch n["type"] {
	case "object":
		props, _ := n["properties"].(map[string]any)
		keys := make([]string, 0, len(props))
		for _, k := range propertyOrder[name] {
			if _, ok := props[k]; ok {
				keys = append(keys, k)
			}
		}
		var rest []string
		for k := range props {
			if !slices.Contains(keys, k) {
				rest = append(rest, k)
			}
		}
		slices.Sort(rest)
		keys = append(keys, rest...)
		req := make([]any, 0, len(keys))
		for _, k := range keys {
			req = append(req, k)
			strictify(k, props[k].(map[string]any))
		}
		n["properties"] = orderedProps{keys: keys, vals: props}
		n["required"] = req
		n["additionalProperties"] = false
	case "array":
		if items, ok := n["items"].(map[string]any); ok {
			strictify(name, items)
		}
		lo, hasLo := n["minItems"].(float64)
		hi, hasHi := n["maxItems"].(float64)
		switch {
		case hasLo && hasHi:
			n["description"] = fmt.Sprintf("%d to %d items.", int(lo), int(hi))
		case hasHi:
			n["description"] = fmt.Sprintf("At most %d items; may be empty.", int(hi))
		}
	case "string":
		hi, hasHi := n["maxLength"].(float64)
		lo, _ := n["minLength"].(float64)
		delete(n, "maxLength")
		delete(n, "minLength")
		if hasHi {
			d := fmt.Sprintf("At most %d characters.", int(hi))
			if lo >= 1 {
				d = fmt.Sprintf("Not empty; at most %d characters.", int(hi))
			}
			n["description"] = d
		}
	}
}

const analysisSchemaURL = "https://shield.invalid/schema/shield_consultation.schema.json"

func mustAnalysisSchema() *jsonschema.Schema {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(record.SchemaJSON))
	if err != nil {
		panic(fmt.Sprintf("analyze: record schema: %v", err))
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource(analysisSchemaURL, doc); err != nil {
		panic(fmt.Sprintf("analyze: record schema: %v", err))
	}
	s, err := c.Compile(analysisSchemaURL + "#/properties/analysis")
	if err != nil {
		panic(fmt.Sprintf("analyze: analysis schema: %v", err))
	}
	return s
}

// validateAnalysis checks a against the record schema's analysis object.
func validateAnalysis(a consult.Analysis) error {
	m := (&record.Record{Analysis: a}).Map()["analysis"]
	if err := analysisSchema.Validate(m); err != nil {
		return fmt.Errorf("analysis schema: %w", err)
	}
	return nil
}
