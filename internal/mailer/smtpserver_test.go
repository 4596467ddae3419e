package mailer

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"io"
	"log"
	"math/big"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// received is one message as the test SMTP server got it.
type received struct {
	From string
	To   []string
	Data []byte
	// User is who authenticated, "" without AUTH; TLS says whether the session was encrypted.
	User string
	TLS  bool
}

// serverConfig says how the test SMTP server behaves.
type serverConfig struct {
	// TLS is "" (plain), "starttls" (offers STARTTLS) or "implicit" (TLS from the first byte).
	TLS string
	// Users enables AUTH PLAIN with these credentials and then requires it for MAIL.
	Users map[string]string
	// InsecureAuth offers AUTH on connections without TLS.
	InsecureAuth bool
}

// testServer is a real SMTP server (emersion/go-smtp) on 127.0.0.1, recording what it
// accepts. It speaks the protocol for real, so the sender's dialogue, TLS and MIME output
// are tested as a mail relay would see them.
type testServer struct {
	Addr string
	// RootCAs trusts the server's certificate.
	RootCAs *x509.CertPool

	mu        sync.Mutex
	msgs      []received
	rcptErr   *smtp.SMTPError
	rcptCalls int
	authCalls int
	users     map[string]string
}

func startSMTPServer(t *testing.T, cfg serverConfig) *testServer {
	t.Helper()
	ts := &testServer{users: cfg.Users}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &testSession{server: ts, conn: c}, nil
	}))
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = cfg.InsecureAuth
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	srv.ErrorLog = log.New(io.Discard, "", 0)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.TLS != "" {
		cert, pool := selfSignedCert(t)
		ts.RootCAs = pool
		tlsConfig := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
		switch cfg.TLS {
		case "starttls":
			srv.TLSConfig = tlsConfig
		case "implicit":
			ln = tls.NewListener(ln, tlsConfig)
		default:
			t.Fatalf("unknown TLS mode %q", cfg.TLS)
		}
	}
	ts.Addr = ln.Addr().String()
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = srv.Serve(ln)
	}()
	t.Cleanup(func() {
		_ = srv.Close()
		<-done
	})
	return ts
}

// RejectRecipients makes every RCPT command fail with err (nil accepts again).
func (ts *testServer) RejectRecipients(err *smtp.SMTPError) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	ts.rcptErr = err
}

// Messages returns the messages accepted so far.
func (ts *testServer) Messages() []received {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return append([]received(nil), ts.msgs...)
}

// RcptCalls counts RCPT commands: one per delivery attempt of a one-recipient message.
func (ts *testServer) RcptCalls() int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return ts.rcptCalls
}

// AuthCalls counts AUTH commands, to prove credentials were or were not offered.
func (ts *testServer) AuthCalls() int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return ts.authCalls
}

// WaitForMessages waits until n messages have arrived, for tests of the background loop.
func (ts *testServer) WaitForMessages(t *testing.T, n int) []received {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if msgs := ts.Messages(); len(msgs) >= n {
			return msgs
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("SMTP server got %d messages, want %d", len(ts.Messages()), n)
	return nil
}

type testSession struct {
	server *testServer
	conn   *smtp.Conn
	user   string
	from   string
	to     []string
}

func (s *testSession) AuthMechanisms() []string {
	if s.server.users == nil {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *testSession) Auth(mech string) (sasl.Server, error) {
	s.server.mu.Lock()
	s.server.authCalls++
	s.server.mu.Unlock()
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if want, ok := s.server.users[username]; !ok || want != password {
			return smtp.ErrAuthFailed
		}
		s.user = username
		return nil
	}), nil
}

func (s *testSession) Mail(from string, _ *smtp.MailOptions) error {
	if s.server.users != nil && s.user == "" {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *testSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.server.mu.Lock()
	defer s.server.mu.Unlock()
	s.server.rcptCalls++
	if s.server.rcptErr != nil {
		return s.server.rcptErr
	}
	s.to = append(s.to, to)
	return nil
}

func (s *testSession) Data(r io.Reader) error {
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, r); err != nil {
		return err
	}
	_, isTLS := s.conn.TLSConnectionState()
	s.server.mu.Lock()
	defer s.server.mu.Unlock()
	s.server.msgs = append(s.server.msgs, received{From: s.from, To: s.to, Data: buf.Bytes(), User: s.user, TLS: isTLS})
	return nil
}

func (s *testSession) Reset() { s.from, s.to = "", nil }

func (s *testSession) Logout() error { return nil }

// selfSignedCert makes a certificate for 127.0.0.1 and a pool that trusts it.
func selfSignedCert(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "growthdesk test SMTP"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		DNSNames:              []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: cert}, pool
}

// url builds an SMTP URL for the server.
func (ts *testServer) url(scheme, userinfo, query string) string {
	u := scheme + "://"
	if userinfo != "" {
		u += userinfo + "@"
	}
	u += ts.Addr
	if query != "" {
		u += "?" + query
	}
	return u
}

// parsedMessage is a received message with its headers and its decoded parts by media type.
type parsedMessage struct {
	Header  mail.Header
	Subject string
	// MediaType is the top-level type, e.g. multipart/alternative.
	MediaType string
	// Parts maps text/plain and text/html to their decoded bodies; Order lists them as sent.
	Parts map[string]string
	Order []string
}

// parseMessage reads a MIME message the way a mail client would.
func parseMessage(t *testing.T, data []byte) parsedMessage {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("read message: %v\n%s", err, data)
	}
	p := parsedMessage{Header: msg.Header, Parts: map[string]string{}}
	if p.Subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); err != nil {
		t.Fatalf("decode subject: %v", err)
	}
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatalf("content type: %v", err)
	}
	p.MediaType = mediaType
	if !strings.HasPrefix(mediaType, "multipart/") {
		p.Parts[mediaType] = decodeBody(t, msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
		p.Order = append(p.Order, mediaType)
		return p
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("next part: %v", err)
		}
		partType, _, err := mime.ParseMediaType(part.Header.Get("Content-Type"))
		if err != nil {
			t.Fatalf("part content type: %v", err)
		}
		// multipart.Reader already decodes quoted-printable and drops the header.
		p.Parts[partType] = decodeBody(t, part.Header.Get("Content-Transfer-Encoding"), part)
		p.Order = append(p.Order, partType)
	}
	return p
}

func decodeBody(t *testing.T, encoding string, r io.Reader) string {
	t.Helper()
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		r = quotedprintable.NewReader(r)
	case "base64":
		r = base64.NewDecoder(base64.StdEncoding, r)
	}
	body, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decode %s body: %v", encoding, err)
	}
	return strings.ReplaceAll(string(body), "\r\n", "\n")
}
