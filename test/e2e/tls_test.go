package e2e

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
)

// pki is a throwaway CA that issues server and client certificates.
type pki struct {
	t    *testing.T
	dir  string
	ca   *x509.Certificate
	key  *ecdsa.PrivateKey
	pool *x509.CertPool
}

func newPKI(t *testing.T) *pki {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "shield test CA"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	ca, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	p := &pki{t: t, dir: t.TempDir(), ca: ca, key: key, pool: x509.NewCertPool()}
	p.pool.AddCert(ca)
	p.write("ca.pem", pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
	return p
}

func (p *pki) path(name string) string { return filepath.Join(p.dir, name) }

// write replaces a file atomically, as a rotation would.
func (p *pki) write(name string, data []byte) {
	p.t.Helper()
	tmp := p.path(name + ".tmp")
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		p.t.Fatal(err)
	}
	if err := os.Rename(tmp, p.path(name)); err != nil {
		p.t.Fatal(err)
	}
}

// issue writes name.pem and name-key.pem, a certificate with serial for
// 127.0.0.1 and localhost, usable by servers and clients.
func (p *pki) issue(name string, serial int64) tls.Certificate {
	p.t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		p.t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(serial),
		Subject:      pkix.Name{CommonName: name},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
		DNSNames:     []string{"localhost"},
		IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, p.ca, &key.PublicKey, p.key)
	if err != nil {
		p.t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		p.t.Fatal(err)
	}
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder})
	p.write(name+"-key.pem", keyPEM)
	p.write(name+".pem", certPEM)
	c, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		p.t.Fatal(err)
	}
	return c
}

func TestMutualTLS(t *testing.T) {
	p := newPKI(t)
	p.issue("server", 100)
	client := p.issue("client", 200)
	s := start(t, "--tls-cert="+p.path("server.pem"), "--tls-key="+p.path("server-key.pem"), "--tls-client-ca="+p.path("ca.pem"))

	tlsDial := func(certs ...tls.Certificate) *grpc.ClientConn {
		return s.dial(grpc.WithTransportCredentials(credentials.NewTLS(&tls.Config{RootCAs: p.pool, Certificates: certs})))
	}
	t.Run("plaintext is refused", func(t *testing.T) {
		if _, err := consult(s.dial(grpc.WithTransportCredentials(insecure.NewCredentials())), request("agent-a", "hi")); err == nil {
			t.Fatal("plaintext call succeeded")
		}
	})
	t.Run("no client certificate is refused", func(t *testing.T) {
		if _, err := consult(tlsDial(), request("agent-a", "hi")); err == nil {
			t.Fatal("call without a client certificate succeeded")
		}
	})
	t.Run("client certificate", func(t *testing.T) {
		if _, err := consult(tlsDial(client), request("agent-a", "hi")); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("the CLI", func(t *testing.T) {
		cmd := exec.Command(shieldBin, "consult", "--addr="+s.addr, "--tls-ca="+p.path("ca.pem"),
			"--tls-cert="+p.path("client.pem"), "--tls-key="+p.path("client-key.pem"),
			filepath.Join("..", "..", "examples", "vendor-bank-change.json"))
		cmd.Env = cleanEnv()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	})
	t.Run("a rotated certificate is served without a restart", func(t *testing.T) {
		serial := func() int64 {
			conn, err := tls.Dial("tcp", s.addr, &tls.Config{RootCAs: p.pool, Certificates: []tls.Certificate{client}, NextProtos: []string{"h2"}})
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			return conn.ConnectionState().PeerCertificates[0].SerialNumber.Int64()
		}
		if got := serial(); got != 100 {
			t.Fatalf("serial %d, want 100", got)
		}
		p.issue("server", 101)
		deadline := time.Now().Add(5 * time.Second)
		for serial() != 101 {
			if time.Now().After(deadline) {
				t.Fatalf("still serving the old certificate\n%s", s.stderr.String())
			}
			time.Sleep(200 * time.Millisecond)
		}
		if _, err := consult(tlsDial(client), request("agent-a", "hi")); err != nil {
			t.Fatal(err)
		}
	})
}
