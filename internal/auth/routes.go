package auth

import (
	"net/http"
)

// Handler serves every route of the service relative to its mount point (the server
// mounts it at MountPath with http.StripPrefix). This is the whole API surface.
func (s *Service) Handler() http.Handler {
	rt := newRouter(s)

	// Sign-up, sign-in and sessions.
	rt.handle("POST", "/signup", s.limited(limitEmail, s.handleSignup))
	rt.handle("POST", "/token", s.limited(limitToken, s.handleToken))
	rt.handle("POST", "/logout", s.authed(s.handleLogout))

	// The signed-in user.
	rt.handle("GET", "/user", s.authed(s.handleGetUser))
	rt.handle("PUT", "/user", s.authed(s.notImpersonating(s.handleUpdateUser)))
	rt.handle("GET", "/reauthenticate", s.limited(limitEmail, s.authed(s.notImpersonating(s.handleReauthenticate))))

	// E-mailed links and codes.
	rt.handle("POST", "/recover", s.limited(limitEmail, s.handleRecover))
	rt.handle("POST", "/otp", s.limited(limitEmail, s.handleOTP))
	rt.handle("POST", "/magiclink", s.limited(limitEmail, s.handleOTP))
	rt.handle("POST", "/resend", s.limited(limitEmail, s.handleResend))
	rt.handle("GET", "/verify", s.handleVerifyLink)
	rt.handle("POST", "/verify", s.limited(limitVerify, s.handleVerify))

	// Multi-factor authentication.
	rt.handle("POST", "/factors", s.authed(s.notImpersonating(s.handleEnroll)))
	rt.handle("POST", "/factors/{id}/challenge", s.limited(limitMFA, s.authed(s.notImpersonating(s.handleChallenge))))
	rt.handle("POST", "/factors/{id}/verify", s.limited(limitMFA, s.authed(s.notImpersonating(s.handleVerifyFactor))))
	rt.handle("DELETE", "/factors/{id}", s.authed(s.notImpersonating(s.handleUnenroll)))

	// Public documents.
	rt.handle("GET", "/.well-known/jwks.json", s.handleJWKS)
	rt.handle("GET", "/settings", s.handleSettings)
	rt.handle("GET", "/health", s.handleHealth)

	// What auth-js knows but the product does not offer: a clear 4xx each.
	rt.catchAll("/sso", s.handleSSO)
	rt.catchAll("/sso/", s.handleSSO)
	rt.catchAll("/authorize", s.handleExternalProvider)
	rt.catchAll("/callback", s.handleExternalProvider)
	rt.catchAll("/user/identities", s.handleIdentities)
	rt.catchAll("/user/identities/", s.handleIdentities)
	rt.catchAll("/factors/recovery-codes", s.handleRecoveryCodes)
	rt.catchAll("/factors/recovery-codes/verify", s.handleRecoveryCodes)
	rt.catchAll("/factors/recovery-codes/regenerate", s.handleRecoveryCodes)
	rt.catchAll("/invite", s.handleAdminOnly)
	rt.catchAll("/admin/", s.handleAdminOnly)
	rt.catchAll("/", s.handleNotFound)

	return withCORS(s.checkRequestText(rt.mux))
}
