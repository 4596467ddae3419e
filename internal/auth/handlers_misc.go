package auth

import (
	"net/http"
	"strings"
)

// handleJWKS publishes the public keys, the signing key first and the retired ones after
// it, so tokens signed before a rotation still verify. Browsers and auth-js may cache it
// for ten minutes.
func (s *Service) handleJWKS(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", "public, max-age=600")
	writeJSON(w, http.StatusOK, map[string]any{"keys": s.keys.publicJWKs()})
	return nil
}

// handleSettings tells clients which sign-in methods exist: e-mail only.
func (s *Service) handleSettings(w http.ResponseWriter, r *http.Request) error {
	external := map[string]bool{"email": true, "phone": false, "anonymous_users": false}
	for _, p := range []string{"apple", "azure", "bitbucket", "discord", "facebook", "figma", "github", "gitlab",
		"google", "keycloak", "kakao", "linkedin", "linkedin_oidc", "notion", "slack", "slack_oidc", "spotify",
		"twitch", "twitter", "workos", "zoom", "web3_ethereum", "web3_solana"} {
		external[p] = false
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"external":                         external,
		"disable_signup":                   false,
		"mailer_autoconfirm":               s.cfg.AutoConfirm,
		"phone_autoconfirm":                false,
		"sms_provider":                     "",
		"saml_enabled":                     false,
		"saml_private_key_next_configured": false,
		"passkeys_enabled":                 false,
	})
	return nil
}

// handleHealth answers as GoTrue's /health does; clients use it to detect the service.
func (s *Service) handleHealth(w http.ResponseWriter, r *http.Request) error {
	version := s.cfg.Version
	if version == "" {
		version = "dev"
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"version":     version,
		"name":        "GoTrue",
		"description": "GoTrue is a user registration and authentication API",
	})
	return nil
}

// The product signs in with e-mail only. These answer what auth-js's own tests expect
// from a GoTrue with those features off.

func (s *Service) handleSSO(w http.ResponseWriter, r *http.Request) error {
	return badRequest(codeSAMLDisabled, "SAML 2.0 is disabled")
}

func (s *Service) handleExternalProvider(w http.ResponseWriter, r *http.Request) error {
	return badRequest(codeProviderDisabled, "Unsupported provider: sign-in with external providers is not enabled")
}

// handleIdentities: linking is off, and the one e-mail identity cannot be unlinked.
func (s *Service) handleIdentities(w http.ResponseWriter, r *http.Request) error {
	if r.Method == http.MethodDelete && strings.HasPrefix(r.URL.Path, "/user/identities/") {
		return unprocessable(codeSingleIdentity, "User must have at least 1 identity after unlinking")
	}
	return newError(http.StatusNotFound, codeManualLinkingDisabled, "Manual linking is disabled")
}

// handleAdminOnly: the admin API lives at /api/v1, for staff, not here for service keys.
func (s *Service) handleAdminOnly(w http.ResponseWriter, r *http.Request) error {
	return forbidden(codeNotAdmin, "User not allowed")
}

func (s *Service) handleNotFound(w http.ResponseWriter, r *http.Request) error {
	return newError(http.StatusNotFound, codeNotFound, "There is no such auth endpoint.")
}
