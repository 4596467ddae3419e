package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"math/big"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

// redirectTarget is where a link sends the browser with a session: redirect_to when it names
// a page of the portal, as a path or as an absolute URL on the site's scheme and host (any
// port when the site's host is a loopback address, for local development); otherwise the
// portal's dashboard. redirect_to is judged on its decoded path and the answer is rebuilt from
// its parsed parts (growthdesk.ParseSiteTarget), never copied from the raw string: an open
// redirect would let a phishing mail carry our domain and deliver the user's tokens
// elsewhere. Only the portal receives a session: it is where the web app reads the tokens
// from the fragment and clears them, so they never wait on a page that does not.
func (s *Service) redirectTarget(raw string) string {
	fallback := s.cfg.SiteURL + portalPath
	t, ok := growthdesk.ParseSiteTarget(raw)
	if !ok || !receivesSessions(t.Path) {
		return fallback
	}
	host := s.site.Host
	if t.Host != "" {
		if t.Scheme != s.site.Scheme || !strings.EqualFold(t.Hostname(), s.site.Hostname()) {
			return fallback
		}
		if t.Port() != s.site.Port() && !isLoopback(s.site.Hostname()) {
			return fallback
		}
		host = t.Host
	}
	return t.URL(s.site.Scheme, host)
}

// portalPath is the web app's portal, the only part of the site that reads a session from a
// link (auth-js's detectSessionInUrl); its dashboard is where a link lands by default.
const portalPath = "/portal"

// receivesSessions reports whether a link may deliver a session to the path.
func receivesSessions(p string) bool {
	return p == portalPath || strings.HasPrefix(p, portalPath+"/")
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// verifyURL is the link e-mailed for a token, GoTrue's format: the browser follows it to
// GET /verify, which redirects to redirect_to with the session or a PKCE code.
func (s *Service) verifyURL(token, linkType, redirectTo string) string {
	q := url.Values{"token": {token}, "type": {linkType}, "redirect_to": {redirectTo}}
	return s.cfg.SiteURL + MountPath + "/verify?" + q.Encode()
}

// pkceParams is the code challenge of a PKCE flow.
type pkceParams struct {
	challenge string
	method    string // s256 or plain
}

// parsePKCE validates the optional code challenge of a request.
func parsePKCE(challenge, method string) (*pkceParams, error) {
	if challenge == "" && method == "" {
		return nil, nil
	}
	if challenge == "" || method == "" {
		return nil, invalid("PKCE flow requires code_challenge_method and code_challenge")
	}
	m := strings.ToLower(method)
	if m != "s256" && m != "plain" {
		return nil, invalid("code_challenge_method must be s256 or plain")
	}
	if n := len(challenge); n < 43 || n > 128 {
		return nil, invalid("code challenge has to be between 43 and 128 characters")
	}
	return &pkceParams{challenge: challenge, method: m}, nil
}

// verifyCodeVerifier checks a PKCE verifier against the stored challenge.
func verifyCodeVerifier(f *identity.FlowState, verifier string) bool {
	want := verifier
	if f.CodeChallengeMethod == "s256" {
		sum := sha256.Sum256([]byte(verifier))
		want = b64.EncodeToString(sum[:])
	}
	return subtle.ConstantTimeCompare([]byte(want), []byte(f.CodeChallenge)) == 1
}

// mailKind describes one kind of e-mailed token.
type mailKind struct {
	email     string        // growthdesk.Email* kind for the renderer
	tokenType string        // one_time_tokens.token_type
	linkType  string        // type= of the link and of /verify
	ttl       time.Duration // how long the link and code work
	amr       string        // authentication method of a PKCE flow state
	// code: the message carries a 6-digit code. Only where a page asks for one (the
	// reauthentication nonce); a code nobody receives would only be something to guess.
	code bool
}

var (
	mailConfirmation = mailKind{growthdesk.EmailConfirmation, identity.TokenConfirmation, "signup", confirmationExpiry, "email/signup", false}
	mailRecovery     = mailKind{growthdesk.EmailRecovery, identity.TokenRecovery, "recovery", linkExpiry, "recovery", false}
	mailMagicLink    = mailKind{growthdesk.EmailMagicLink, identity.TokenMagicLink, "magiclink", linkExpiry, "magiclink", false}
	mailReauth       = mailKind{growthdesk.EmailReauth, identity.TokenReauthentication, "", linkExpiry, "", true}
)

// outgoingToken is a token ready to store with the message that carries it.
type outgoingToken struct {
	token identity.OneTimeToken
	flow  *identity.FlowState
	mail  *growthdesk.Email
}

// prepareToken makes a link secret for the user (and a 6-digit code when the message
// carries one), the PKCE flow state if the request started one, and renders the message.
// The link carries a 256-bit random secret rather than GoTrue's hash of the code, so a link
// cannot be guessed from the code's small space; only hashes are stored. A message without a
// code leaves the token's code hash empty, which no code matches (OneTimeTokenByOTP).
func (s *Service) prepareToken(userID, email, name string, kind mailKind, pkce *pkceParams, redirectTo string) (*outgoingToken, error) {
	secretBytes := make([]byte, 32)
	if _, err := rand.Read(secretBytes); err != nil {
		return nil, err
	}
	secret := hex.EncodeToString(secretBytes)
	code, otpHash := "", ""
	if kind.code {
		var err error
		if code, err = newOTP(); err != nil {
			return nil, err
		}
		otpHash = hashOTP(userID, code)
	}
	out := &outgoingToken{token: identity.OneTimeToken{
		UserID:    userID,
		Type:      kind.tokenType,
		TokenHash: hashToken(secret),
		OTPHash:   otpHash,
		ExpiresAt: s.now().Add(kind.ttl),
	}}
	linkToken := secret
	if pkce != nil {
		out.flow = &identity.FlowState{
			ID:                   newUUID(),
			UserID:               userID,
			AuthCode:             newUUID(), // replaced when the link is followed
			CodeChallenge:        pkce.challenge,
			CodeChallengeMethod:  pkce.method,
			AuthenticationMethod: kind.amr,
		}
		out.token.RelatesTo = out.flow.ID
		linkToken = "pkce_" + secret
	}
	data := growthdesk.EmailData{FullName: name, Code: code}
	if kind.linkType != "" {
		data.ActionURL = s.verifyURL(linkToken, kind.linkType, s.redirectTarget(redirectTo))
	}
	var err error
	out.mail, err = s.mailer.Render(kind.email, email, data)
	if err != nil {
		return nil, fmt.Errorf("render %s mail: %w", kind.email, err)
	}
	return out, nil
}

// newOTP is a uniformly random 6-digit code.
func newOTP() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// hashOTP binds a code to its user, so equal codes of two users differ in the table.
func hashOTP(userID, code string) string {
	return hashToken(userID + ":" + strings.TrimSpace(code))
}

// linkSecretHash turns a link's token parameter into the stored hash; the pkce_ prefix
// only tells GoTrue-minded readers which flow the link belongs to.
func linkSecretHash(token string) string {
	return hashToken(strings.TrimPrefix(strings.TrimSpace(token), "pkce_"))
}
