package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlagSet returns a flag set for a subcommand whose -h output goes to w
// and mentions the SHIELD_* environment fallback.
func newFlagSet(name, synopsis string, w io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(w)
	fs.Usage = func() {
		fmt.Fprintf(w, "Usage: shield %s\n\nFlags (each also read from SHIELD_<FLAG> when not given):\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args, then fills every flag not given on the command line
// from SHIELD_<NAME> (upper case, dashes as underscores) through getenv.
// An invalid environment value is an error naming the variable, not its
// value, since it may be a secret.
func parseFlags(fs *flag.FlagSet, args []string, getenv func(string) string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	return applyEnv(fs, getenv)
}

// applyEnv fills every flag of fs that was not set on the command line from
// SHIELD_<NAME>.
func applyEnv(fs *flag.FlagSet, getenv func(string) string) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		if given[f.Name] || err != nil {
			return
		}
		key := EnvName(f.Name)
		if v := getenv(key); v != "" {
			if e := fs.Set(f.Name, v); e != nil {
				err = fmt.Errorf("invalid value in %s for -%s", key, f.Name)
			}
		}
	})
	return err
}

// EnvName is the environment variable that stands in for flag name.
func EnvName(name string) string {
	return "SHIELD_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
}
