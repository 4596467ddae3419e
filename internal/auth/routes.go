package auth

import (
	"net/http"
)

// Access is who may call an auth route. Each route declares one, and the router checks it
// before the handler (and the route's rate limit) runs.
type Access int

// Access levels of the auth service's routes. Approval is not the auth service's business:
// an account waiting for approval signs in and manages its own credentials like any other.
const (
	AccessPublic   Access = iota // anyone; the route's per-address limit applies
	AccessSignedIn               // a valid access token of any account
	AccessOwner                  // signed in, and not while a staff member impersonates the account
)

func (a Access) String() string {
	switch a {
	case AccessPublic:
		return "public"
	case AccessSignedIn:
		return "signed in"
	case AccessOwner:
		return "owner (signed in, not impersonated)"
	}
	return "unknown"
}

// Route is one declared route of the service, relative to MountPath, and who may call it.
type Route struct {
	Method string
	Path   string
	Access Access
}

// Routes lists every declared route, for the route × role test and the docs. The catch-all
// answers for what auth-js knows but the product does not offer are not routes.
func Routes() []Route {
	rt := newRouter(&Service{})
	rt.s.declare(rt)
	return rt.declared
}

// Handler serves every route of the service relative to its mount point (the server
// mounts it at MountPath with http.StripPrefix). This is the whole API surface.
func (s *Service) Handler() http.Handler {
	rt := newRouter(s)
	s.declare(rt)
	return withCORS(s.checkRequestText(rt.mux))
}

// declare declares every route with who may call it.
func (s *Service) declare(rt *router) {
	// Sign-up, sign-in and sessions.
	rt.handle("POST", "/signup", AccessPublic, s.limited(limitEmail, s.handleSignup))
	rt.handle("POST", "/token", AccessPublic, s.limited(limitToken, s.handleToken))
	rt.handle("POST", "/logout", AccessSignedIn, s.handleLogout)

	// The signed-in user. Credentials change only by their owner, never while impersonated.
	rt.handle("GET", "/user", AccessSignedIn, s.handleGetUser)
	rt.handle("PUT", "/user", AccessOwner, s.handleUpdateUser)
	rt.handle("GET", "/reauthenticate", AccessOwner, s.limited(limitEmail, s.handleReauthenticate))

	// E-mailed links and codes.
	rt.handle("POST", "/recover", AccessPublic, s.limited(limitEmail, s.handleRecover))
	rt.handle("POST", "/otp", AccessPublic, s.limited(limitEmail, s.handleOTP))
	rt.handle("POST", "/magiclink", AccessPublic, s.limited(limitEmail, s.handleOTP))
	rt.handle("POST", "/resend", AccessPublic, s.limited(limitEmail, s.handleResend))
	rt.handle("GET", "/verify", AccessPublic, s.handleVerifyLink) // limited inside: its refusal is a redirect
	rt.handle("POST", "/verify", AccessPublic, s.limited(limitVerify, s.handleVerify))

	// Multi-factor authentication.
	rt.handle("POST", "/factors", AccessOwner, s.handleEnroll)
	rt.handle("POST", "/factors/{id}/challenge", AccessOwner, s.limited(limitMFA, s.handleChallenge))
	rt.handle("POST", "/factors/{id}/verify", AccessOwner, s.limited(limitMFA, s.handleVerifyFactor))
	rt.handle("DELETE", "/factors/{id}", AccessOwner, s.handleUnenroll)
	rt.handle("GET", "/factors/recovery-codes", AccessOwner, s.handleRecoveryCodeStatus)
	rt.handle("POST", "/factors/recovery-codes", AccessOwner, s.handleGenerateRecoveryCodes)
	rt.handle("DELETE", "/factors/recovery-codes", AccessOwner, s.handleDeleteRecoveryCodes)
	rt.handle("POST", "/factors/recovery-codes/regenerate", AccessOwner, s.handleRegenerateRecoveryCodes)
	rt.handle("POST", "/factors/recovery-codes/verify", AccessOwner, s.limited(limitMFA, s.handleVerifyRecoveryCode))

	// Public documents.
	rt.handle("GET", "/.well-known/jwks.json", AccessPublic, s.handleJWKS)
	rt.handle("GET", "/settings", AccessPublic, s.handleSettings)
	rt.handle("GET", "/health", AccessPublic, s.handleHealth)

	// What auth-js knows but the product does not offer: a clear 4xx each.
	rt.catchAll("/sso", s.handleSSO)
	rt.catchAll("/sso/", s.handleSSO)
	rt.catchAll("/authorize", s.handleExternalProvider)
	rt.catchAll("/callback", s.handleExternalProvider)
	rt.catchAll("/user/identities", s.handleIdentities)
	rt.catchAll("/user/identities/", s.handleIdentities)
	rt.catchAll("/invite", s.handleAdminOnly)
	rt.catchAll("/admin/", s.handleAdminOnly)
	rt.catchAll("/", s.handleNotFound)
}
