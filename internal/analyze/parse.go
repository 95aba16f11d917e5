package analyze

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/record"
)

// parseAnswer reads the model's answer strictly: exactly one JSON object
// and nothing else, checked against the analysis schema. An answer that
// breaks the schema is repaired with record.Repair (text cut at rune
// boundaries, invalid items dropped) and checked again; repaired reports
// that this was needed. An answer that is not JSON is CodeInvalidJSON; one
// that cannot be made valid is CodeSchemaInvalid.
func parseAnswer(content string) (a consult.Analysis, repaired bool, err *Error) {
	dec := json.NewDecoder(strings.NewReader(content))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return a, false, newError(CodeInvalidJSON, "answer is not JSON: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return a, false, newError(CodeInvalidJSON, "answer has more than one JSON value")
	}
	obj, ok := doc.(map[string]any)
	if !ok {
		return a, false, newError(CodeSchemaInvalid, "answer is not a JSON object")
	}
	// Strict mode makes suggestedResponse required; the empty string is the
	// model's way of saying "none", which the record says by leaving it out.
	if s, ok := obj["suggestedResponse"].(string); ok && strings.TrimSpace(s) == "" {
		delete(obj, "suggestedResponse")
	}
	valid := analysisSchema.Validate(obj) == nil
	if err := json.Unmarshal([]byte(content), &a); err != nil {
		return consult.Analysis{}, false, newError(CodeSchemaInvalid, "answer does not fit the analysis: %w", err)
	}
	if err := record.Repair(&a); err != nil {
		return consult.Analysis{}, false, newError(CodeSchemaInvalid, "answer cannot be repaired: %w", err)
	}
	if err := validateAnalysis(a); err != nil {
		return consult.Analysis{}, false, newError(CodeSchemaInvalid, "repaired answer is still invalid: %w", err)
	}
	return a, !valid, nil
}

// zeroTemperature sends temperature 0 with every chat-completion request
// that does not set a temperature. go-openai's Temperature field is
// omitempty, so a 0 in it is left out of the body and the server applies
// its default of 1 (sashabaranov/go-openai#9); the body is therefore
// completed here, on its way out.
type zeroTemperature struct {
	next interface {
		Do(*http.Request) (*http.Response, error)
	}
}

// Do adds "temperature":0 to a JSON object body that lacks a temperature.
func (z zeroTemperature) Do(r *http.Request) (*http.Response, error) {
	if r.Body == nil || r.Method != http.MethodPost {
		return z.next.Do(r)
	}
	body, err := io.ReadAll(r.Body)
	r.Body.Close()
	if err != nil {
		return nil, err
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(body, &fields) == nil {
		if _, ok := fields["temperature"]; !ok {
			rest := bytes.TrimPrefix(bytes.TrimSpace(body), []byte("{"))
			if len(fields) > 0 {
				rest = append([]byte(","), rest...)
			}
			body = append([]byte(`{"temperature":0`), rest...)
		}
	}
	r2 := r.Clone(r.Context())
	r2.Body = io.NopCloser(bytes.NewReader(body))
	r2.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	r2.ContentLength = int64(len(body))
	return z.next.Do(r2)
}
