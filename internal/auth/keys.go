package auth

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

// ES256 is the only signing algorithm: auth-js verifies ES256 and RS256 tokens itself
// (getClaims with the JWKS), and P-256 keys are small and fast.
const algES256 = "ES256"

const (
	// keyRefreshInterval is how often an instance re-reads the stored keys, so that a
	// rotation made by another instance reaches it.
	keyRefreshInterval = 5 * time.Minute
	// keyMissInterval bounds how often an unknown kid makes an instance re-read the keys:
	// a flood of forged tokens must not become a flood of queries.
	keyMissInterval = 10 * time.Second
)

// signingKey is one key pair of the ring.
type signingKey struct {
	kid       string
	priv      *ecdsa.PrivateKey
	status    string
	createdAt time.Time
}

// keyRing holds the signing keys. Stored keys are cached and re-read now and then;
// configured keys never change while the process runs.
type keyRing struct {
	store      Store
	configured bool
	now        func() time.Time

	mu       sync.RWMutex
	signer   *signingKey
	keys     []*signingKey // newest first
	loadedAt time.Time
	missAt   time.Time
}

func newKeyRing(ctx context.Context, store Store, keysJSON string, now func() time.Time) (*keyRing, error) {
	k := &keyRing{store: store, now: now}
	if keysJSON != "" {
		keys, err := parseConfiguredKeys(keysJSON)
		if err != nil {
			return nil, err
		}
		k.configured = true
		k.keys = keys
		for _, key := range keys {
			if key.status == identity.KeyActive {
				k.signer = key
			}
		}
		return k, nil
	}
	if err := k.load(ctx); err != nil {
		return nil, err
	}
	if k.signer == nil {
		stored, err := generateSigningKey()
		if err != nil {
			return nil, err
		}
		if err := store.EnsureSigningKey(ctx, stored); err != nil {
			return nil, err
		}
		if err := k.load(ctx); err != nil {
			return nil, err
		}
		if k.signer == nil {
			return nil, errors.New("no active signing key after creating one")
		}
	}
	return k, nil
}

// load replaces the cache by the stored keys. The newest active key signs.
func (k *keyRing) load(ctx context.Context) error {
	stored, err := k.store.SigningKeys(ctx)
	if err != nil {
		return err
	}
	var keys []*signingKey
	var signer *signingKey
	for _, sk := range stored {
		if sk.Algorithm != algES256 {
			continue
		}
		priv, err := decodePrivateKey(sk.PrivateKey)
		if err != nil {
			return fmt.Errorf("signing key %s: %w", sk.KID, err)
		}
		key := &signingKey{kid: sk.KID, priv: priv, status: sk.Status, createdAt: sk.CreatedAt}
		keys = append(keys, key)
		if signer == nil && sk.Status == identity.KeyActive {
			signer = key
		}
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.keys, k.signer, k.loadedAt = keys, signer, k.now()
	return nil
}

// current returns the key that signs new tokens, re-reading the store when the cache is
// old. A failed re-read keeps the cached key: signing must not stop because of it.
func (k *keyRing) current(ctx context.Context) (*signingKey, error) {
	k.mu.RLock()
	signer, stale := k.signer, !k.configured && k.now().Sub(k.loadedAt) > keyRefreshInterval
	k.mu.RUnlock()
	if stale {
		if err := k.load(ctx); err == nil {
			k.mu.RLock()
			signer = k.signer
			k.mu.RUnlock()
		}
	}
	if signer == nil {
		return nil, errors.New("no active signing key")
	}
	return signer, nil
}

// publicKey returns the key with kid, re-reading the store (at most every
// keyMissInterval) when it is unknown, so that keys made by another instance verify.
func (k *keyRing) publicKey(ctx context.Context, kid string) (*ecdsa.PublicKey, bool) {
	if key := k.find(kid); key != nil {
		return &key.priv.PublicKey, true
	}
	if k.configured {
		return nil, false
	}
	k.mu.Lock()
	reload := k.now().Sub(k.missAt) > keyMissInterval
	if reload {
		k.missAt = k.now()
	}
	k.mu.Unlock()
	if !reload || k.load(ctx) != nil {
		return nil, false
	}
	if key := k.find(kid); key != nil {
		return &key.priv.PublicKey, true
	}
	return nil, false
}

func (k *keyRing) find(kid string) *signingKey {
	k.mu.RLock()
	defer k.mu.RUnlock()
	for _, key := range k.keys {
		if key.kid == kid {
			return key
		}
	}
	return nil
}

// jwk is a public key as /.well-known/jwks.json publishes it.
type jwk struct {
	Kty    string   `json:"kty"`
	Kid    string   `json:"kid"`
	Alg    string   `json:"alg"`
	Use    string   `json:"use"`
	KeyOps []string `json:"key_ops"`
	Crv    string   `json:"crv"`
	X      string   `json:"x"`
	Y      string   `json:"y"`
}

// publicJWKs returns the public halves of every key, the signing key first.
func (k *keyRing) publicJWKs() []jwk {
	k.mu.RLock()
	keys := slices.Clone(k.keys)
	signer := k.signer
	k.mu.RUnlock()
	out := make([]jwk, 0, len(keys))
	add := func(key *signingKey) {
		x, y := publicXY(&key.priv.PublicKey)
		out = append(out, jwk{Kty: "EC", Kid: key.kid, Alg: algES256, Use: "sig", KeyOps: []string{"verify"}, Crv: "P-256", X: x, Y: y})
	}
	if signer != nil {
		add(signer)
	}
	for _, key := range keys {
		if key != signer {
			add(key)
		}
	}
	return out
}

// RotateSigningKey makes a new active signing key and retires the current one. Tokens
// signed with retired keys keep verifying until they expire, so nobody is signed out.
// It fails when the keys are configured (SigningKeysJSON): those rotate by configuration.
func (s *Service) RotateSigningKey(ctx context.Context) error {
	if s.keys.configured {
		return growthdesk.Errorf(growthdesk.EConflict, "The signing keys are configured; rotate them in the configuration.")
	}
	key, err := generateSigningKey()
	if err != nil {
		return err
	}
	if err := s.store.RotateSigningKey(ctx, key); err != nil {
		return err
	}
	return s.keys.load(ctx)
}

// generateSigningKey makes a new P-256 key, named by its RFC 7638 thumbprint.
func generateSigningKey() (identity.SigningKey, error) {
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return identity.SigningKey{}, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return identity.SigningKey{}, err
	}
	return identity.SigningKey{
		KID:        thumbprint(&priv.PublicKey),
		Algorithm:  algES256,
		PrivateKey: string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		Status:     identity.KeyActive,
	}, nil
}

func decodePrivateKey(pemText string) (*ecdsa.PrivateKey, error) {
	block, _ := pem.Decode([]byte(pemText))
	if block == nil {
		return nil, errors.New("not PEM")
	}
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, err
	}
	ec, ok := key.(*ecdsa.PrivateKey)
	if !ok || ec.Curve != elliptic.P256() {
		return nil, errors.New("not a P-256 key")
	}
	return ec, nil
}

var b64 = base64.RawURLEncoding

// publicXY returns the base64url coordinates of a P-256 public key.
func publicXY(pub *ecdsa.PublicKey) (x, y string) {
	raw, err := pub.Bytes() // 0x04 | X (32 bytes) | Y (32 bytes)
	if err != nil || len(raw) != 65 {
		return "", ""
	}
	return b64.EncodeToString(raw[1:33]), b64.EncodeToString(raw[33:])
}

// thumbprint is the RFC 7638 JWK thumbprint: a kid that names the key itself.
func thumbprint(pub *ecdsa.PublicKey) string {
	x, y := publicXY(pub)
	sum := sha256.Sum256([]byte(`{"crv":"P-256","kty":"EC","x":"` + x + `","y":"` + y + `"}`))
	return b64.EncodeToString(sum[:])
}

// configuredJWK is a private key as SigningKeysJSON gives it.
type configuredJWK struct {
	Kty    string   `json:"kty"`
	Crv    string   `json:"crv"`
	Alg    string   `json:"alg"`
	Kid    string   `json:"kid"`
	X      string   `json:"x"`
	Y      string   `json:"y"`
	D      string   `json:"d"`
	KeyOps []string `json:"key_ops"`
}

// parseConfiguredKeys reads private EC P-256 JWKs. Exactly one key signs: the one whose
// key_ops holds "sign", or the only key when there is one.
func parseConfiguredKeys(text string) ([]*signingKey, error) {
	var list []configuredJWK
	if err := json.Unmarshal([]byte(text), &list); err != nil {
		var set struct {
			Keys []configuredJWK `json:"keys"`
		}
		if err2 := json.Unmarshal([]byte(text), &set); err2 != nil {
			return nil, fmt.Errorf("signing keys must be a JSON array of JWKs: %w", err)
		}
		list = set.Keys
	}
	if len(list) == 0 {
		return nil, errors.New("no signing keys configured")
	}
	var keys []*signingKey
	signers := 0
	for i, j := range list {
		if j.Kty != "EC" || j.Crv != "P-256" || (j.Alg != "" && j.Alg != algES256) {
			return nil, fmt.Errorf("key %d: only EC P-256 (ES256) keys are supported", i)
		}
		d, err := b64.DecodeString(j.D)
		if err != nil || len(d) == 0 {
			return nil, fmt.Errorf("key %d: missing or bad private part d", i)
		}
		priv, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), d)
		if err != nil {
			return nil, fmt.Errorf("key %d: %w", i, err)
		}
		if x, y := publicXY(&priv.PublicKey); (j.X != "" && j.X != x) || (j.Y != "" && j.Y != y) {
			return nil, fmt.Errorf("key %d: x and y do not match d", i)
		}
		kid := j.Kid
		if kid == "" {
			kid = thumbprint(&priv.PublicKey)
		}
		status := identity.KeyRetired
		if slices.Contains(j.KeyOps, "sign") || (len(list) == 1 && len(j.KeyOps) == 0) {
			status = identity.KeyActive
			signers++
		}
		keys = append(keys, &signingKey{kid: kid, priv: priv, status: status})
	}
	if signers != 1 {
		return nil, fmt.Errorf("exactly one configured key must have \"sign\" in key_ops, found %d", signers)
	}
	return keys, nil
}
