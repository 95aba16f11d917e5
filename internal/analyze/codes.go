package analyze

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"

	"github.com/sashabaranov/go-openai"

	"github.com/a2atrust/shield/internal/consult"
)

// Error codes of fallback records whose LLM call failed. They are short and
// stable: dashboards and alerts key on them, and docs/llm.md documents each.
const (
	// CodeConnectionRefused: nothing listens at the LLM's address.
	CodeConnectionRefused = "llm_connection_refused"
	// CodeUnreachable: the LLM's host could not be reached (DNS, routing,
	// TLS, a connection reset).
	CodeUnreachable = "llm_unreachable"
	// CodeTimeout: no answer within the LLM timeout, or within the
	// caller's deadline minus the reserve kept for the fallback.
	CodeTimeout = "llm_timeout"
	// CodeCanceled: the caller went away before the LLM answered.
	CodeCanceled = "llm_canceled"
	// CodeRateLimited: the endpoint answered 429.
	CodeRateLimited = "llm_rate_limited"
	// CodeServerError: the endpoint answered 5xx, and retries with backoff
	// did too or ran out of time.
	CodeServerError = "llm_server_error"
	// CodeBadResponse: the endpoint answered 2xx with a body that is not a
	// chat completion.
	CodeBadResponse = "llm_bad_response"
	// CodeInvalidJSON: the model's answer is not one JSON object.
	CodeInvalidJSON = "llm_invalid_json"
	// CodeSchemaInvalid: the model's answer is JSON that does not fit the
	// analysis schema and could not be repaired.
	CodeSchemaInvalid = "llm_schema_invalid"
	// CodeRefusal: the model refused to answer.
	CodeRefusal = "llm_refusal"
	// CodeTruncated: the answer was cut at the token limit
	// (finish_reason "length").
	CodeTruncated = "llm_truncated"
	// CodeContentFilter: the provider's content filter blocked the prompt
	// or the answer.
	CodeContentFilter = "llm_content_filter"
	// CodeEmptyChoices: the response carried no choice.
	CodeEmptyChoices = "llm_empty_choices"
	// CodeOverloaded: the configured number of LLM calls were already in
	// flight, so this consultation did not wait for one.
	CodeOverloaded = "llm_overloaded"
	// CodeError: any other failure, such as 4xx answers (a bad key, an
	// unknown model, a rejected request).
	CodeError = "llm_error"
)

// ErrorCodes lists every errorCode a fallback record from this package can
// carry, the LLM's and the Analyzer's.
var ErrorCodes = []string{
	CodeRulesRequested, CodeNotConfigured, CodeRecordInvalid,
	CodeConnectionRefused, CodeUnreachable, CodeTimeout, CodeCanceled,
	CodeRateLimited, CodeServerError, CodeBadResponse, CodeInvalidJSON,
	CodeSchemaInvalid, CodeRefusal, CodeTruncated, CodeContentFilter,
	CodeEmptyChoices, CodeOverloaded, CodeError,
}

// Error is why an LLM call gave no usable analysis. Its message never
// contains the API key.
type Error struct {
	// Code is the record's errorCode.
	Code string
	// Usage is the tokens the call consumed, when the endpoint answered.
	Usage *consult.TokenUsage
	err   error
}

func (e *Error) Error() string { return "analyze: " + e.Code + ": " + e.err.Error() }

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.err }

func newError(code string, format string, args ...any) *Error {
	return &Error{Code: code, err: fmt.Errorf(format, args...)}
}

// classify turns an error of the OpenAI client into an *Error.
func classify(err error) *Error {
	var (
		apiErr *openai.APIError
		reqErr *openai.RequestError
		netErr net.Error
		urlErr *url.Error
		synErr *json.SyntaxError
		typErr *json.UnmarshalTypeError
	)
	code := CodeError
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		code = CodeTimeout
	case errors.Is(err, context.Canceled):
		code = CodeCanceled
	case errors.As(err, &apiErr):
		code = byStatus(apiErr.HTTPStatusCode, apiErr.Code, apiErr.Type)
	case errors.As(err, &reqErr):
		code = byStatus(reqErr.HTTPStatusCode, nil, "")
	case errors.Is(err, syscall.ECONNREFUSED):
		code = CodeConnectionRefused
	case errors.As(err, &netErr) && netErr.Timeout():
		code = CodeTimeout
	case errors.As(err, &synErr), errors.As(err, &typErr), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		code = CodeBadResponse
	case errors.As(err, &netErr), errors.As(err, &urlErr):
		// Whatever else failed on the way: DNS, routing, TLS, a reset.
		code = CodeUnreachable
	}
	return &Error{Code: code, err: err}
}

// byStatus maps an HTTP error status, and the provider's error code or
// type where it refines it, to an error code.
func byStatus(status int, code any, typ string) string {
	c, _ := code.(string)
	switch {
	case status == http.StatusTooManyRequests:
		return CodeRateLimited
	case status >= 500:
		return CodeServerError
	case strings.Contains(c, "content_filter") || strings.Contains(typ, "content_filter"):
		// Azure OpenAI answers 400 with code "content_filter" when its
		// filter blocks the prompt.
		return CodeContentFilter
	}
	return CodeError
}
