package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"

	shieldv1 "github.com/a2atrust/shield/gen/shield/v1"
	"github.com/a2atrust/shield/internal/digest"
	"github.com/a2atrust/shield/internal/record"
)

// readInput reads the file named by the only argument, or standard input
// when there is none or it is "-".
func readInput(e *env, args []string) ([]byte, string, error) {
	if len(args) > 1 {
		return nil, "", fmt.Errorf("expected one input file, got %d", len(args))
	}
	if len(args) == 0 || args[0] == "-" {
		b, err := io.ReadAll(io.LimitReader(e.stdin, 64<<20))
		return b, "stdin", err
	}
	b, err := os.ReadFile(args[0])
	return b, args[0], err
}

// consultConfig is the configuration of `shield consult`.
type consultConfig struct {
	addr    string
	timeout time.Duration
	full    bool
	dial    dialFlags // client_tls.go
}

func runConsult(ctx context.Context, e *env, args []string) error {
	var c consultConfig
	fs := newFlagSet("consult", "consult [flags] [request.json|-]", e.stderr)
	fs.StringVar(&c.addr, "addr", "127.0.0.1:50051", "address of the Shield service: host:port or unix:///path")
	fs.DurationVar(&c.timeout, "timeout", 30*time.Second, "deadline of the call")
	fs.BoolVar(&c.full, "full", false, "print the whole ConsultResponse (typed fields and record), not just the record")
	c.dial.register(fs)
	if err := parseFlags(fs, args, e.getenv); err != nil {
		return err
	}
	data, name, err := readInput(e, fs.Args())
	if err != nil {
		return fmt.Errorf("consult: %w", err)
	}
	var req shieldv1.ConsultRequest
	if err := protojson.Unmarshal(data, &req); err != nil {
		return fmt.Errorf("consult: %s is not a ConsultRequest in proto3 JSON: %w", name, err)
	}
	opts, err := c.dial.options(e.getenv)
	if err != nil {
		return fmt.Errorf("consult: %w", err)
	}
	conn, err := grpc.NewClient(dialTarget(c.addr), opts...)
	if err != nil {
		return fmt.Errorf("consult: %w", err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	resp, err := shieldv1.NewShieldServiceClient(conn).Consult(ctx, &req)
	if err != nil {
		st := status.Convert(err)
		return fmt.Errorf("consult: %s: %s", st.Code(), st.Message())
	}
	var out []byte
	if c.full {
		out, err = protojson.MarshalOptions{Multiline: true, Indent: "  "}.Marshal(resp)
	} else {
		out, err = json.MarshalIndent(resp.GetRecord().AsMap(), "", "  ")
	}
	if err != nil {
		return fmt.Errorf("consult: %w", err)
	}
	_, err = fmt.Fprintf(e.stdout, "%s\n", out)
	return err
}

// dialTarget turns a listen address into a gRPC target.
func dialTarget(addr string) string {
	if len(addr) > 7 && addr[:7] == "unix://" {
		return addr
	}
	return "passthrough:///" + addr
}

// insecureDial is the dial option of a plaintext connection.
var insecureDial = grpc.WithTransportCredentials(insecure.NewCredentials())

func runDigest(_ context.Context, e *env, args []string) error {
	fs := newFlagSet("digest", "digest [request-or-case.json|-]", e.stderr)
	if err := parseFlags(fs, args, e.getenv); err != nil {
		return err
	}
	data, name, err := readInput(e, fs.Args())
	if err != nil {
		return fmt.Errorf("digest: %w", err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return fmt.Errorf("digest: %s is not a JSON object: %w", name, err)
	}
	c := &shieldv1.Case{}
	if _, isRequest := top["case"]; isRequest {
		var req shieldv1.ConsultRequest
		if err := protojson.Unmarshal(data, &req); err != nil {
			return fmt.Errorf("digest: %s is not a ConsultRequest: %w", name, err)
		}
		c = req.GetCase()
	} else if err := protojson.Unmarshal(data, c); err != nil {
		return fmt.Errorf("digest: %s is not a Case: %w", name, err)
	}
	d, err := digest.OfMessage(c)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(e.stdout, d)
	return err
}

func runValidate(_ context.Context, e *env, args []string) error {
	fs := newFlagSet("validate", "validate record.json|records.jsonl|- ...", e.stderr)
	if err := parseFlags(fs, args, e.getenv); err != nil {
		return err
	}
	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	v, err := record.DefaultValidator()
	if err != nil {
		return err
	}
	bad := 0
	for _, f := range files {
		data, name, err := readInput(e, []string{f})
		if err != nil {
			return fmt.Errorf("validate: %w", err)
		}
		for _, doc := range splitDocuments(data) {
			label := name
			if doc.line > 0 {
				label = fmt.Sprintf("%s:%d", name, doc.line)
			}
			if err := v.ValidateJSON(doc.data); err != nil {
				bad++
				fmt.Fprintf(e.stdout, "%s: INVALID\n%v\n", label, err)
				continue
			}
			fmt.Fprintf(e.stdout, "%s: ok\n", label)
		}
	}
	if bad > 0 {
		fmt.Fprintf(e.stderr, "%d invalid record(s)\n", bad)
		return errReported
	}
	return nil
}

type document struct {
	data []byte
	line int // 0 for a whole-file document
}

// splitDocuments treats data as one JSON document, or as JSON lines when it
// is not one document but every non-blank line is.
func splitDocuments(data []byte) []document {
	if json.Valid(data) {
		return []document{{data: data}}
	}
	var docs []document
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for n := 1; sc.Scan(); n++ {
		if line := bytes.TrimSpace(sc.Bytes()); len(line) > 0 {
			docs = append(docs, document{data: append([]byte(nil), line...), line: n})
		}
	}
	if len(docs) == 0 {
		return []document{{data: data}}
	}
	return docs
}

func runSchema(_ context.Context, e *env, args []string) error {
	fs := newFlagSet("schema", "schema", e.stderr)
	if err := parseFlags(fs, args, e.getenv); err != nil {
		return err
	}
	_, err := e.stdout.Write(record.SchemaJSON)
	return err
}

// buildVersion is set at link time (-ldflags "-X main.buildVersion=v1.2.3").
var buildVersion = ""

func version() string {
	if buildVersion != "" {
		return buildVersion
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

func runVersion(_ context.Context, e *env, args []string) error {
	fs := newFlagSet("version", "version", e.stderr)
	if err := parseFlags(fs, args, e.getenv); err != nil {
		return err
	}
	goVersion := "unknown"
	if bi, ok := debug.ReadBuildInfo(); ok {
		goVersion = bi.GoVersion
	}
	_, err := fmt.Fprintf(e.stdout, "shield %s (record protocol %s, %s)\n", version(), record.ProtocolVersion, goVersion)
	return err
}
