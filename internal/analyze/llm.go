package analyze

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sashabaranov/go-openai"

	"github.com/a2atrust/shield/internal/consult"
	"github.com/a2atrust/shield/internal/record"
)

// ResponseFormat is how the model is asked for JSON.
type ResponseFormat string

// Response formats.
const (
	// FormatJSONSchema sends the analysis schema as a strict json_schema
	// response format, so that the server constrains the answer to it.
	FormatJSONSchema ResponseFormat = "json_schema"
	// FormatJSONObject asks only for a JSON object and states the schema in
	// the system message, for servers without strict structured outputs.
	FormatJSONObject ResponseFormat = "json_object"
)

// ParseResponseFormat parses "json_schema" or "json_object".
func ParseResponseFormat(s string) (ResponseFormat, error) {
	switch f := ResponseFormat(s); f {
	case FormatJSONSchema, FormatJSONObject:
		return f, nil
	}
	return "", fmt.Errorf("analyze: response format %q: want json_schema or json_object", s)
}

// Defaults of Config.
const (
	DefaultTimeout        = 20 * time.Second
	DefaultMaxTokens      = 4096
	DefaultMaxConcurrency = 16
	DefaultReserve        = 250 * time.Millisecond
	DefaultBackoff        = 250 * time.Millisecond
	DefaultMaxAttempts    = 3
)

// Config configures an LLM. Zero values take the defaults above.
type Config struct {
	// BaseURL is the OpenAI-compatible API root, such as
	// http://localhost:8000/v1; empty means OpenAI's.
	BaseURL string
	// APIKey is sent as a bearer token; empty sends none, for local servers.
	APIKey string
	// Model is the model name sent upstream and recorded as
	// generation.model. Required.
	Model string
	// Timeout bounds one consultation's LLM call, retries included.
	Timeout time.Duration
	// MaxTokens bounds the answer's tokens.
	MaxTokens int
	// MaxConcurrency bounds the calls in flight; a consultation that would
	// exceed it falls back at once with CodeOverloaded.
	MaxConcurrency int
	// ResponseFormat is FormatJSONSchema (the default) or FormatJSONObject.
	ResponseFormat ResponseFormat
	// CacheSize bounds the answers kept; 0 keeps none.
	CacheSize int
	// CacheTTL is how long an answer is kept; 0 keeps it until evicted.
	CacheTTL time.Duration
	// Reserve is kept back from the caller's deadline for the fallback
	// and the record, so that the caller gets a record in time.
	Reserve time.Duration
	// Backoff is the first wait before retrying a 5xx answer; each retry
	// doubles it.
	Backoff time.Duration
	// MaxAttempts bounds the tries of one call, the first included.
	MaxAttempts int
	// HTTPClient sends the requests; nil uses a client of this package's.
	HTTPClient *http.Client
	// Now is the cache's clock; nil uses time.Now.
	Now func() time.Time
}

// String describes c without its API key, so that a Config can be logged.
func (c Config) String() string {
	key := "none"
	if c.APIKey != "" {
		key = "set"
	}
	return fmt.Sprintf("analyze.Config{BaseURL:%q Model:%q APIKey:%s Timeout:%s ResponseFormat:%s}",
		c.BaseURL, c.Model, key, c.Timeout, c.ResponseFormat)
}

// GoString is String, so that %#v does not print the key either.
func (c Config) GoString() string { return c.String() }

// LLM judges cases with an OpenAI-compatible chat-completions endpoint. It
// makes one structured call per consultation, caches answers by input
// digest, model and prompt version, shares identical calls in flight and
// bounds the calls in flight. It is safe for concurrent use.
type LLM struct {
	client    *openai.Client
	model     string
	format    ResponseFormat
	system    string
	maxTokens int
	reasoning bool
	timeout   time.Duration
	reserve   time.Duration
	backoff   time.Duration
	attempts  int
	key       string // only to redact it from errors
	sem       chan struct{}
	cache     *cache

	mu      sync.Mutex
	flights map[string]*flight
	waiters atomic.Int64
}

// Stats is a snapshot of an LLM's load, for gauges.
type Stats struct {
	// InFlight is the number of upstream calls in flight.
	InFlight int
	// Sharing is the number of consultations waiting on another
	// consultation's identical call.
	Sharing int
	// Cached is the number of answers in the cache, expired ones that
	// were not looked up since included.
	Cached int
}

// Stats returns the current load.
func (l *LLM) Stats() Stats {
	return Stats{InFlight: len(l.sem), Sharing: int(l.waiters.Load()), Cached: l.cache.len()}
}

// NewLLM returns an LLM client for cfg. It makes no network call.
func NewLLM(cfg Config) (*LLM, error) {
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("analyze: LLM model is required")
	}
	if cfg.BaseURL != "" {
		u, err := url.Parse(cfg.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("analyze: LLM base URL %q: want http(s)://host[:port]/path", cfg.BaseURL)
		}
	}
	if cfg.ResponseFormat == "" {
		cfg.ResponseFormat = FormatJSONSchema
	}
	if _, err := ParseResponseFormat(string(cfg.ResponseFormat)); err != nil {
		return nil, err
	}
	if cfg.Timeout < 0 || cfg.MaxTokens < 0 || cfg.MaxConcurrency < 0 || cfg.CacheSize < 0 || cfg.CacheTTL < 0 ||
		cfg.Reserve < 0 || cfg.Backoff < 0 || cfg.MaxAttempts < 0 {
		return nil, errors.New("analyze: LLM limits must not be negative")
	}
	cfg.Timeout = orDefault(cfg.Timeout, DefaultTimeout)
	cfg.MaxTokens = orDefault(cfg.MaxTokens, DefaultMaxTokens)
	cfg.MaxConcurrency = orDefault(cfg.MaxConcurrency, DefaultMaxConcurrency)
	cfg.Reserve = orDefault(cfg.Reserve, DefaultReserve)
	cfg.Backoff = orDefault(cfg.Backoff, DefaultBackoff)
	cfg.MaxAttempts = orDefault(cfg.MaxAttempts, DefaultMaxAttempts)
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	hc := cfg.HTTPClient
	if hc == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxIdleConnsPerHost = cfg.MaxConcurrency
		hc = &http.Client{Transport: t}
	}
	reasoning := isReasoningModel(cfg.Model)
	oc := openai.DefaultConfig(cfg.APIKey)
	if cfg.BaseURL != "" {
		oc.BaseURL = cfg.BaseURL
	}
	oc.HTTPClient = hc
	if !reasoning {
		oc.HTTPClient = zeroTemperature{next: hc}
	}
	return &LLM{
		client:    openai.NewClientWithConfig(oc),
		model:     cfg.Model,
		format:    cfg.ResponseFormat,
		system:    SystemPrompt(cfg.ResponseFormat),
		maxTokens: cfg.MaxTokens,
		reasoning: reasoning,
		timeout:   cfg.Timeout,
		reserve:   cfg.Reserve,
		backoff:   cfg.Backoff,
		attempts:  cfg.MaxAttempts,
		key:       cfg.APIKey,
		sem:       make(chan struct{}, cfg.MaxConcurrency),
		cache:     newCache(cfg.CacheSize, cfg.CacheTTL, cfg.Now),
		flights:   make(map[string]*flight),
	}, nil
}

func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// isReasoningModel reports whether OpenAI's reasoning models' restrictions
// apply to model: they reject a temperature other than 1 and max_tokens,
// and want max_completion_tokens instead.
func isReasoningModel(model string) bool {
	for _, p := range []string{"o1", "o3", "o4", "gpt-5", "gpt-6"} {
		if strings.HasPrefix(model, p) {
			return true
		}
	}
	return false
}

// Model returns the model name recorded in generation.model.
func (l *LLM) Model() string { return l.model }

// String describes l without its API key.
func (l *LLM) String() string {
	return fmt.Sprintf("analyze.LLM{model:%q format:%s}", l.model, l.format)
}

// source says where an answer came from.
type source int

const (
	fromCall   source = iota // this consultation made the call
	fromCache                // a cached answer
	fromShared               // another consultation's call in flight
)

// analyze judges req.Case with the LLM above the rules' floor, or with the
// rules alone when the LLM gives no usable answer.
func (l *LLM) analyze(ctx context.Context, req Request, rules Rules) Result {
	ruleAn := rules.Analyze(req.Case)
	ans, src, err := l.answer(ctx, req)
	if err != nil {
		res := rulesResult(rules, ruleAn, CodeError)
		var e *Error
		if errors.As(err, &e) {
			res.Generation.ErrorCode = e.Code
			if src == fromCall {
				res.Generation.TokenUsage = e.Usage
			}
		}
		res.Err = l.redact(err)
		return res
	}
	merged, raised := Merge(ans.analysis, ruleAn, hardSignals(rules, ruleAn))
	if err := record.Repair(&merged); err != nil {
		res := rulesResult(rules, ruleAn, CodeRecordInvalid)
		res.Err = fmt.Errorf("analyze: merged analysis: %w", err)
		return res
	}
	gen := consult.Generation{Mode: consult.ModeAI, Model: l.model, PromptVersion: PromptVersion}
	if src == fromCall {
		// Only the consultation that paid for the call reports its tokens,
		// so that summing tokenUsage over records gives the real cost.
		gen.TokenUsage = ans.usage
	}
	return Result{
		Analysis:   merged,
		Generation: gen,
		Cached:     src == fromCache,
		Shared:     src == fromShared,
		Floored:    raised,
		Repaired:   ans.repaired,
	}
}

// redact removes the API key from err's message, in case an endpoint
// echoed it back.
func (l *LLM) redact(err error) error {
	if l.key == "" || !strings.Contains(err.Error(), l.key) {
		return err
	}
	return errors.New(strings.ReplaceAll(err.Error(), l.key, "[REDACTED]"))
}

// flight is one upstream call that consultations of the same case share.
type flight struct {
	done chan struct{}
	val  answer
	err  error
}

// answer returns the model's answer for req: from the cache, from an
// identical call in flight, or from a new call.
func (l *LLM) answer(ctx context.Context, req Request) (answer, source, error) {
	if err := ctx.Err(); err != nil {
		return answer{}, fromCall, classify(err)
	}
	now := time.Now()
	deadline := now.Add(l.timeout)
	if d, ok := ctx.Deadline(); ok && d.Add(-l.reserve).Before(deadline) {
		deadline = d.Add(-l.reserve)
	}
	if !deadline.After(now) {
		return answer{}, fromCall, newError(CodeTimeout, "no time left for the LLM before the caller's deadline")
	}
	key := ""
	if req.Digest != "" {
		key = req.Digest + "\x00" + l.model + "\x00" + PromptVersion
		if a, ok := l.cache.get(key); ok {
			return a, fromCache, nil
		}
	}

	l.mu.Lock()
	if key != "" {
		// Looked up again under the lock: a call may have ended since.
		if a, ok := l.cache.get(key); ok {
			l.mu.Unlock()
			return a, fromCache, nil
		}
		if f, ok := l.flights[key]; ok {
			l.waiters.Add(1)
			l.mu.Unlock()
			defer l.waiters.Add(-1)
			return l.wait(ctx, f, deadline, fromShared)
		}
	}
	select {
	case l.sem <- struct{}{}:
	default:
		l.mu.Unlock()
		return answer{}, fromCall, newError(CodeOverloaded, "%d LLM calls already in flight", cap(l.sem))
	}
	f := &flight{done: make(chan struct{})}
	if key != "" {
		l.flights[key] = f
	}
	l.mu.Unlock()

	// The call outlives its leader's cancellation (not its deadline), so
	// that consultations sharing it, and the cache, still get its answer
	// when the first caller hangs up.
	callCtx, cancel := context.WithDeadline(context.WithoutCancel(ctx), deadline)
	go func() {
		defer cancel()
		l.run(callCtx, f, key, req)
	}()
	return l.wait(ctx, f, deadline, fromCall)
}

// run makes f's call, publishes its result and frees its slot.
func (l *LLM) run(ctx context.Context, f *flight, key string, req Request) {
	defer func() {
		if p := recover(); p != nil {
			f.val, f.err = answer{}, newError(CodeError, "panic in LLM call: %v", p)
		}
		if f.err == nil && key != "" {
			l.cache.put(key, f.val)
		}
		l.mu.Lock()
		if key != "" && l.flights[key] == f {
			delete(l.flights, key)
		}
		l.mu.Unlock()
		<-l.sem
		close(f.done)
	}()
	f.val, f.err = l.call(ctx, req)
}

// wait waits for f until the caller's LLM deadline or cancellation.
func (l *LLM) wait(ctx context.Context, f *flight, deadline time.Time, src source) (answer, source, error) {
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case <-f.done:
		return f.val, src, f.err
	case <-t.C:
		// The call's own deadline is the leader's; a follower with less
		// time stops waiting here.
		select {
		case <-f.done:
			return f.val, src, f.err
		default:
		}
		return answer{}, src, newError(CodeTimeout, "no LLM answer before the deadline")
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return answer{}, src, newError(CodeTimeout, "caller's deadline passed")
		}
		return answer{}, src, newError(CodeCanceled, "caller canceled")
	}
}

// call makes the chat-completion request for req, retrying 5xx answers
// with exponential backoff while ctx leaves time for another try.
func (l *LLM) call(ctx context.Context, req Request) (answer, error) {
	user, err := UserMessage(req.Case, req.Digest)
	if err != nil {
		return answer{}, &Error{Code: CodeError, err: err}
	}
	cr := openai.ChatCompletionRequest{
		Model: l.model,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: l.system},
			{Role: openai.ChatMessageRoleUser, Content: user},
		},
		// Temperature 0 is added to the body by zeroTemperature: the
		// client's omitempty field cannot carry it.
	}
	if l.reasoning {
		cr.MaxCompletionTokens = l.maxTokens
	} else {
		//lint:ignore SA1019 OpenAI-compatible servers (vLLM, Ollama, llama.cpp, LiteLLM) read max_tokens; only reasoning models need its successor.
		cr.MaxTokens = l.maxTokens
	}
	switch l.format {
	case FormatJSONObject:
		cr.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
	default:
		cr.ResponseFormat = &openai.ChatCompletionResponseFormat{
			Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
			JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{
				Name:   responseSchemaName,
				Schema: responseSchema,
				Strict: true,
			},
		}
	}
	for attempt := 1; ; attempt++ {
		resp, err := l.client.CreateChatCompletion(ctx, cr)
		if err == nil {
			return interpret(resp)
		}
		e := classify(err)
		if e.Code != CodeServerError || attempt >= l.attempts {
			return answer{}, e
		}
		// Full jitter over [wait/2, wait), so that replicas that failed
		// together do not retry together.
		wait := l.backoff << (attempt - 1)
		wait = wait/2 + rand.N(wait/2+1)
		if d, ok := ctx.Deadline(); ok && time.Until(d) < 2*wait {
			return answer{}, e // no time for another try worth making
		}
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return answer{}, e
		}
	}
}

// interpret checks a chat completion and parses its answer.
func interpret(resp openai.ChatCompletionResponse) (answer, error) {
	var usage *consult.TokenUsage
	if u := resp.Usage; u.PromptTokens != 0 || u.CompletionTokens != 0 || u.TotalTokens != 0 {
		usage = &consult.TokenUsage{
			InputTokens:  int64(u.PromptTokens),
			OutputTokens: int64(u.CompletionTokens),
			TotalTokens:  int64(u.TotalTokens),
		}
	}
	fail := func(code, format string, args ...any) (answer, error) {
		e := newError(code, format, args...)
		e.Usage = usage
		return answer{}, e
	}
	if len(resp.Choices) == 0 {
		return fail(CodeEmptyChoices, "response has no choices")
	}
	ch := resp.Choices[0]
	switch {
	case ch.Message.Refusal != "":
		return fail(CodeRefusal, "model refused")
	case ch.FinishReason == openai.FinishReasonLength:
		return fail(CodeTruncated, "answer cut at the token limit")
	case ch.FinishReason == openai.FinishReasonContentFilter:
		return fail(CodeContentFilter, "answer blocked by the content filter")
	}
	an, repaired, err := parseAnswer(ch.Message.Content)
	if err != nil {
		err.Usage = usage
		return answer{}, err
	}
	return answer{analysis: an, usage: usage, repaired: repaired}, nil
}
