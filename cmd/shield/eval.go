package main

import (
	"context"
	"errors"
	"io"
)

// TEMPORARY placeholder: the rule-engine issue replaces this file.
func runEval(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return errors.New("eval: not built yet")
}
