package growthdesk

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Purposes of signed links. A token signed for one purpose never verifies for another, so
// the unsubscribe link of a message cannot be used to confirm an address, or the reverse.
const (
	PurposeNewsletterConfirm     = "newsletter-confirm"
	PurposeNewsletterUnsubscribe = "newsletter-unsubscribe"
)

// LinkTokenMinSecret is the shortest secret LinkTokens accepts, in bytes.
const LinkTokenMinSecret = 32

// LinkTokens signs and checks the tokens of links that work without signing in: an e-mail
// address, a purpose and an expiry, authenticated with HMAC-SHA256 under a server secret.
// Nothing is stored per token, so every link of every message stays checkable until it
// expires, and a forged or altered token is refused.
//
// A token reads v1.PURPOSE.EXPIRY.ADDRESS.MAC, with EXPIRY in Unix seconds and ADDRESS and
// MAC in unpadded base64url, so it travels in a URL query unescaped.
type LinkTokens struct {
	secret []byte
	// Now is the clock expiry is measured with; nil means time.Now.
	Now func() time.Time
}

// NewLinkTokens returns a signer with secret, which must be at least LinkTokenMinSecret
// bytes of random data kept on the server.
func NewLinkTokens(secret []byte) (*LinkTokens, error) {
	if len(secret) < LinkTokenMinSecret {
		return nil, errors.New("link tokens: the secret is too short")
	}
	return &LinkTokens{secret: append([]byte(nil), secret...)}, nil
}

func (t *LinkTokens) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}

var b64 = base64.RawURLEncoding

// Sign returns a token for email and purpose that expires ttl from now.
func (t *LinkTokens) Sign(purpose, email string, ttl time.Duration) string {
	exp := strconv.FormatInt(t.now().Add(ttl).Unix(), 10)
	body := "v1." + purpose + "." + exp + "." + b64.EncodeToString([]byte(email))
	return body + "." + b64.EncodeToString(t.mac(body))
}

func (t *LinkTokens) mac(body string) []byte {
	m := hmac.New(sha256.New, t.secret)
	m.Write([]byte(body))
	return m.Sum(nil)
}

// Errors of Verify, as the pages show them (422, with the message also under "token").
var (
	ErrLinkInvalid = linkError("This link is not valid. Please use the link from the most recent email we sent you.")
	ErrLinkExpired = linkError("This link has expired. Please subscribe again to get a new one.")
)

func linkError(msg string) *Error {
	return &Error{Code: EInvalid, Message: msg, Fields: map[string]string{"token": msg}}
}

// Verify checks token for purpose and returns the address it was signed for. It returns
// ErrLinkInvalid for a malformed or forged token or one of another purpose, and
// ErrLinkExpired for a genuine one past its expiry.
func (t *LinkTokens) Verify(token, purpose string) (string, error) {
	if len(token) > 1024 {
		return "", ErrLinkInvalid
	}
	parts := strings.Split(token, ".")
	if len(parts) != 5 || parts[0] != "v1" {
		return "", ErrLinkInvalid
	}
	body := strings.Join(parts[:4], ".")
	// The MAC is compared as text, in the one encoding Sign writes: decoding first would
	// accept other spellings of the same bytes (base64 ignores line breaks and the unused
	// bits of the last character), so one genuine token would have several valid forms.
	if !hmac.Equal([]byte(parts[4]), []byte(b64.EncodeToString(t.mac(body)))) {
		return "", ErrLinkInvalid
	}
	// The MAC covers the purpose, so comparing it after the MAC reveals nothing to a forger.
	if parts[1] != purpose {
		return "", ErrLinkInvalid
	}
	exp, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil {
		return "", ErrLinkInvalid
	}
	email, err := b64.DecodeString(parts[3])
	if err != nil {
		return "", ErrLinkInvalid
	}
	if !t.now().Before(time.Unix(exp, 0)) {
		return "", ErrLinkExpired
	}
	return string(email), nil
}
