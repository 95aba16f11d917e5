package tlsutil

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"log/slog"
	"math/big"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func writeSelfSigned(t *testing.T, dir string, serial int64) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: "x"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), DNSNames: []string{"localhost"}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, _ := x509.MarshalECPrivateKey(key)
	os.WriteFile(filepath.Join(dir, "key.pem"), pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600)
	os.WriteFile(filepath.Join(dir, "cert.pem"), pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
}

func TestReloadOnChange(t *testing.T) {
	dir := t.TempDir()
	writeSelfSigned(t, dir, 1)
	now := time.Now()
	clock := func() time.Time { return now }
	r, err := NewServer(ServerOptions{CertFile: filepath.Join(dir, "cert.pem"), KeyFile: filepath.Join(dir, "key.pem"),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	serial := func() int64 {
		cfg, err := r.Config().GetConfigForClient(&tls.ClientHelloInfo{})
		if err != nil {
			t.Fatal(err)
		}
		return cfg.Certificates[0].Leaf.SerialNumber.Int64()
	}
	if s := serial(); s != 1 {
		t.Fatalf("serial %d", s)
	}
	writeSelfSigned(t, dir, 2)
	later := now.Add(time.Hour) // a different mtime even on coarse file systems
	os.Chtimes(filepath.Join(dir, "cert.pem"), later, later)
	if s := serial(); s != 1 {
		t.Fatalf("reloaded within the check interval: serial %d", s)
	}
	now = now.Add(2 * minCheckInterval)
	if s := serial(); s != 2 {
		t.Fatalf("not reloaded: serial %d", s)
	}
	// A broken file keeps the loaded certificate.
	os.WriteFile(filepath.Join(dir, "cert.pem"), []byte("garbage"), 0o600)
	now = now.Add(2 * minCheckInterval)
	if s := serial(); s != 2 {
		t.Fatalf("broken file: serial %d", s)
	}
	if err := r.Reload(); err == nil {
		t.Fatal("Reload of a broken file succeeded")
	}
}

func TestOptions(t *testing.T) {
	tests := []struct {
		name string
		err  func() error
	}{
		{"server without key", func() error {
			_, err := NewServer(ServerOptions{CertFile: "c", Logger: slog.Default()})
			return err
		}},
		{"client cert without key", func() error { _, err := Client(ClientOptions{CertFile: "c"}); return err }},
		{"missing CA", func() error { _, err := Client(ClientOptions{CAFile: "/nonexistent"}); return err }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.err() == nil {
				t.Fatal("no error")
			}
		})
	}
}
