// Command shield is the Shield safety checkpoint: a gRPC service that AI
// agents consult before they act, and the tools to drive and check it.
//
// Usage:
//
//	shield serve     run the gRPC service
//	shield consult   send a ConsultRequest (JSON) to a running service
//	shield digest    print the inputDigest of a ConsultRequest or Case
//	shield validate  check record JSON files against the record schema
//	shield schema    print the record schema
//	shield eval      measure judgment on labelled cases
//	shield version   print the version
//
// Every flag of every subcommand can also be set with SHIELD_<FLAG>, the
// flag's name in upper case with dashes as underscores (SHIELD_LISTEN,
// SHIELD_LLM_BASE_URL, ...); a flag on the command line wins.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) && !errors.Is(err, errReported) {
			fmt.Fprintln(os.Stderr, "shield:", err)
		}
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// errReported is returned by a command that already told the user what went
// wrong, so that main only sets the exit code.
var errReported = errors.New("reported")

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env *env, args []string) error
}

// env is what a command may touch of the outside world, injected so that
// tests never use the real environment or standard streams.
type env struct {
	getenv func(string) string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

var commands = []command{
	{"serve", "run the gRPC service", runServe},
	{"consult", "send a ConsultRequest (JSON) to a running service and print the record", runConsult},
	{"digest", "print the inputDigest of a ConsultRequest or Case JSON file", runDigest},
	{"validate", "check record JSON (or JSON lines) files against the record schema", runValidate},
	{"schema", "print the consultation record schema", runSchema},
	{"eval", "measure judgment on labelled cases (JSON lines)", runEval},
	{"version", "print the version", runVersion},
}

func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	e := &env{getenv: getenv, stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return errors.New("no command given")
		}
		return nil
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(ctx, e, args[1:])
		}
	}
	usage(stderr)
	return fmt.Errorf("unknown command %q", args[0])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Shield: the safety checkpoint AI agents consult before they act.")
	fmt.Fprintln(w, "\nUsage: shield <command> [flags]\n\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'shield <command> -h' for a command's flags. Every flag can also be set\nas SHIELD_<FLAG> (upper case, dashes as underscores); the command line wins.")
}
