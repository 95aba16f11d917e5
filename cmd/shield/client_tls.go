package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	"github.com/a2atrust/shield/internal/tlsutil"
)

// dialFlags configure how the client subcommands (consult, eval) reach a
// server: TLS, mutual TLS and a bearer token. They are documented in
// docs/operations.md.
type dialFlags struct {
	tls        bool
	caFile     string
	certFile   string
	keyFile    string
	serverName string
	token      string
}

func (f *dialFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&f.tls, "tls", false, "connect with TLS, verifying the server against the system roots (implied by -tls-ca, -tls-cert and -tls-server-name)")
	fs.StringVar(&f.caFile, "tls-ca", "", "PEM CA certificates that verify the server (TLS)")
	fs.StringVar(&f.certFile, "tls-cert", "", "PEM client certificate for mutual TLS")
	fs.StringVar(&f.keyFile, "tls-key", "", "PEM private key of -tls-cert")
	fs.StringVar(&f.serverName, "tls-server-name", "", "name to verify the server's certificate against, when it differs from the address")
	fs.StringVar(&f.token, "token", "", "bearer token sent as 'authorization: Bearer TOKEN' (prefer SHIELD_TOKEN: flags show in ps)")
}

// options returns the dial options the flags describe. getenv is unused
// beyond what parseFlags already read (SHIELD_TOKEN and the rest), and is
// kept for the callers' signature.
func (f *dialFlags) options(getenv func(string) string) ([]grpc.DialOption, error) {
	useTLS := f.tls || f.caFile != "" || f.certFile != "" || f.keyFile != "" || f.serverName != ""
	var opts []grpc.DialOption
	if useTLS {
		cfg, err := tlsutil.Client(tlsutil.ClientOptions{CAFile: f.caFile, CertFile: f.certFile, KeyFile: f.keyFile, ServerName: f.serverName})
		if err != nil {
			return nil, fmt.Errorf("dial: %w", err)
		}
		opts = append(opts, grpc.WithTransportCredentials(credentials.NewTLS(cfg)))
	} else {
		opts = append(opts, insecureDial)
	}
	if f.token != "" {
		if f.token != strings.TrimSpace(f.token) {
			return nil, errors.New("dial: the token has leading or trailing white space")
		}
		opts = append(opts, grpc.WithPerRPCCredentials(bearerToken{token: f.token, secure: useTLS}))
	}
	return opts, nil
}

// bearerToken sends "authorization: Bearer TOKEN" with every call. Over
// plaintext it is allowed too, since the sidecar's localhost and Unix
// socket connections are plaintext by design; across a network, use TLS.
type bearerToken struct {
	token  string
	secure bool
}

func (b bearerToken) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": "Bearer " + b.token}, nil
}

func (b bearerToken) RequireTransportSecurity() bool { return b.secure }
