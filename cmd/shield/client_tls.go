package main

import (
	"flag"

	"google.golang.org/grpc"
)

// TEMPORARY: the operations issue adds TLS and bearer tokens to the client.

// dialFlags configure how the client subcommands reach a server.
type dialFlags struct{}

func (f *dialFlags) register(fs *flag.FlagSet) {}

func (f *dialFlags) options(getenv func(string) string) ([]grpc.DialOption, error) {
	return []grpc.DialOption{insecureDial}, nil
}
