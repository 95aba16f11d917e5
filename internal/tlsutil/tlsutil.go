// Package tlsutil builds Shield's TLS configurations: a server side whose
// certificate and client CA are re-read when their files change, so that
// certificates can be rotated (by cert-manager, a Kubernetes secret update
// or a cron job) without a restart, and a client side for the CLI.
package tlsutil

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"
)

// minCheckInterval bounds how often the files are looked at: at most once
// per interval, on a handshake.
const minCheckInterval = time.Second

// ServerOptions configure a server TLS configuration.
type ServerOptions struct {
	CertFile, KeyFile string
	// ClientCAFile, when set, makes client certificates required and
	// verified against the CAs in it (mutual TLS).
	ClientCAFile string
	// Logger receives reloads and reload failures. Required.
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Reloader holds the server's current certificate and client CAs and
// re-reads them when their files change.
type Reloader struct {
	o ServerOptions

	mu        sync.Mutex
	cfg       *tls.Config
	stamps    map[string]stamp
	lastCheck time.Time
}

// stamp identifies a version of a file.
type stamp struct {
	mod  time.Time
	size int64
}

// NewServer loads the files and returns a reloader whose Config serves
// them.
func NewServer(o ServerOptions) (*Reloader, error) {
	if o.CertFile == "" || o.KeyFile == "" {
		return nil, errors.New("tlsutil: both a certificate and a key file are required")
	}
	if o.Logger == nil {
		return nil, errors.New("tlsutil: Logger is required")
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	r := &Reloader{o: o}
	stamps, err := r.stat()
	if err != nil {
		return nil, err
	}
	cfg, err := r.load()
	if err != nil {
		return nil, err
	}
	r.cfg, r.stamps, r.lastCheck = cfg, stamps, o.Now()
	return r, nil
}

// Config returns the TLS configuration to serve with: each handshake gets
// the current certificate and client CAs through GetConfigForClient.
func (r *Reloader) Config() *tls.Config {
	return &tls.Config{
		MinVersion: tls.VersionTLS12,
		NextProtos: []string{"h2"},
		GetConfigForClient: func(*tls.ClientHelloInfo) (*tls.Config, error) {
			return r.current(), nil
		},
	}
}

func (r *Reloader) files() []string {
	fs := []string{r.o.CertFile, r.o.KeyFile}
	if r.o.ClientCAFile != "" {
		fs = append(fs, r.o.ClientCAFile)
	}
	return fs
}

func (r *Reloader) stat() (map[string]stamp, error) {
	m := map[string]stamp{}
	for _, f := range r.files() {
		fi, err := os.Stat(f) // follows symlinks, as Kubernetes secret volumes use
		if err != nil {
			return nil, fmt.Errorf("tlsutil: %w", err)
		}
		m[f] = stamp{fi.ModTime(), fi.Size()}
	}
	return m, nil
}

// current returns the configuration for a handshake, reloading first when
// a file changed since the last look. A failed reload keeps the old
// configuration: a half-written rotation must not take the server down.
func (r *Reloader) current() *tls.Config {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.o.Now()
	if now.Sub(r.lastCheck) < minCheckInterval {
		return r.cfg
	}
	r.lastCheck = now
	stamps, err := r.stat()
	if err != nil {
		r.o.Logger.Error("TLS files unreadable, keeping the loaded certificate", "err", err)
		return r.cfg
	}
	if equalStamps(stamps, r.stamps) {
		return r.cfg
	}
	cfg, err := r.load()
	if err != nil {
		r.o.Logger.Error("TLS reload failed, keeping the loaded certificate", "err", err)
		return r.cfg
	}
	r.cfg, r.stamps = cfg, stamps
	r.o.Logger.Info("TLS certificate reloaded", "cert", r.o.CertFile, "not_after", notAfter(cfg))
	return r.cfg
}

// Reload re-reads the files now, whether or not they changed.
func (r *Reloader) Reload() error {
	stamps, err := r.stat()
	if err != nil {
		return err
	}
	cfg, err := r.load()
	if err != nil {
		return err
	}
	r.mu.Lock()
	r.cfg, r.stamps, r.lastCheck = cfg, stamps, r.o.Now()
	r.mu.Unlock()
	return nil
}

func equalStamps(a, b map[string]stamp) bool {
	for k, v := range a {
		if w, ok := b[k]; !ok || !w.mod.Equal(v.mod) || w.size != v.size {
			return false
		}
	}
	return len(a) == len(b)
}

func notAfter(cfg *tls.Config) string {
	if len(cfg.Certificates) == 0 || cfg.Certificates[0].Leaf == nil {
		return ""
	}
	return cfg.Certificates[0].Leaf.NotAfter.UTC().Format(time.RFC3339)
}

func (r *Reloader) load() (*tls.Config, error) {
	cert, err := tls.LoadX509KeyPair(r.o.CertFile, r.o.KeyFile)
	if err != nil {
		return nil, fmt.Errorf("tlsutil: load key pair: %w", err)
	}
	cfg := &tls.Config{
		MinVersion:   tls.VersionTLS12,
		NextProtos:   []string{"h2"},
		Certificates: []tls.Certificate{cert},
	}
	if r.o.ClientCAFile != "" {
		pool, err := loadPool(r.o.ClientCAFile)
		if err != nil {
			return nil, err
		}
		cfg.ClientCAs = pool
		cfg.ClientAuth = tls.RequireAndVerifyClientCert
	}
	return cfg, nil
}

func loadPool(path string) (*x509.CertPool, error) {
	pem, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("tlsutil: %w", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("tlsutil: no PEM certificate in %s", path)
	}
	return pool, nil
}

// ClientOptions configure a client TLS configuration.
type ClientOptions struct {
	// CAFile holds the CAs that verify the server; empty means the system
	// roots.
	CAFile string
	// CertFile and KeyFile, both or neither, are the client certificate
	// presented for mutual TLS.
	CertFile, KeyFile string
	// ServerName overrides the name the server's certificate is checked
	// against (the dialled host by default).
	ServerName string
}

// Client returns a client TLS configuration.
func Client(o ClientOptions) (*tls.Config, error) {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12, ServerName: o.ServerName}
	if o.CAFile != "" {
		pool, err := loadPool(o.CAFile)
		if err != nil {
			return nil, err
		}
		cfg.RootCAs = pool
	}
	if (o.CertFile == "") != (o.KeyFile == "") {
		return nil, errors.New("tlsutil: a client certificate needs both its certificate and its key file")
	}
	if o.CertFile != "" {
		cert, err := tls.LoadX509KeyPair(o.CertFile, o.KeyFile)
		if err != nil {
			return nil, fmt.Errorf("tlsutil: load client key pair: %w", err)
		}
		cfg.Certificates = []tls.Certificate{cert}
	}
	return cfg, nil
}
