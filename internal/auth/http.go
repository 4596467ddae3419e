package auth

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"sort"
	"strings"

	"github.com/growthdesk/growthdesk/internal/bodylimit"
	"github.com/growthdesk/growthdesk/internal/clientip"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// maxBodyBytes bounds every request body, as GoTrue does.
const maxBodyBytes = 1 << 20

// decodeBody reads a JSON object into dst. As in GoTrue (Go's encoding/json), unknown
// fields are ignored and null is the zero value; unlike GoTrue an empty body counts as {},
// so that bodiless POSTs from other clients still work. A string anywhere in the body that
// holds a control character its field does not allow (growthdesk's one rule) is refused with
// 422 validation_failed naming the field, before dst is filled. The body is bounded by
// bodylimit (the server's body limit drains what a refused body has left).
func decodeBody(_ http.ResponseWriter, r *http.Request, dst any) error {
	body, err := io.ReadAll(bodylimit.Reader(r, maxBodyBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return newError(http.StatusRequestEntityTooLarge, codeTooLarge, "Request body too large (at most 1 MB)")
		}
		return badRequest(codeBadJSON, "Could not read request body: %v", err)
	}
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return nil
	}
	if body[0] != '{' {
		return badRequest(codeBadJSON, "Could not parse request body as JSON: the body must be a JSON object")
	}
	var raw any
	if err := json.Unmarshal(body, &raw); err != nil {
		return badRequest(codeBadJSON, "Could not parse request body as JSON: %v", err)
	}
	if field, bad := growthdesk.ControlCharField(raw); bad {
		return controlChars(field)
	}
	if err := json.Unmarshal(body, dst); err != nil {
		return badRequest(codeBadJSON, "Could not parse request body as JSON: %v", err)
	}
	return nil
}

// controlChars is the answer to a field or query parameter holding a control character.
func controlChars(field string) *apiError {
	return unprocessable(codeValidationFailed, "%s: %s", field, growthdesk.ControlCharMessage(field))
}

// checkRequestText applies growthdesk's rule on control characters to what is not in the
// body: a path holding one names nothing (404, like an unknown factor id); a query
// parameter holding one is refused with 422 validation_failed naming the parameter.
func (s *Service) checkRequestText(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if growthdesk.HasControl(r.URL.Path) {
			s.writeError(w, r, newError(http.StatusNotFound, codeNotFound, "Not found"))
			return
		}
		if name, bad := growthdesk.ControlCharParam(r.URL.Query()); bad {
			s.writeError(w, r, unprocessable(codeValidationFailed, "Query parameter %s: Must not contain control characters.", name))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// CORS, as GoTrue and the gateway in front of it answer together: any origin may call
// (the API is bearer-token only, nothing rides on cookies), and the browser may read
// X-Supabase-Api-Version, without which auth-js cannot see error codes.
var (
	corsAllowMethods = "GET, POST, PUT, PATCH, DELETE, OPTIONS"
	corsAllowHeaders = "Accept, Authorization, Content-Type, X-Client-IP, X-Client-Info, X-JWT-AUD, X-Use-Cookie, X-Supabase-Api-Version, apikey"
	corsExpose       = "X-Total-Count, Link, X-Supabase-Api-Version, X-Sb-Error-Code, Retry-After"
)

func withCORS(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Add("Vary", "Origin")
		if origin := r.Header.Get("Origin"); origin != "" {
			h.Set("Access-Control-Allow-Origin", origin)
			h.Set("Access-Control-Allow-Credentials", "true")
			h.Set("Access-Control-Expose-Headers", corsExpose)
		}
		if r.Method == http.MethodOptions {
			h.Set("Access-Control-Allow-Methods", corsAllowMethods)
			h.Set("Access-Control-Allow-Headers", corsAllowHeaders)
			h.Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// clientIP is the address limits and MFA challenges are bound to.
func (s *Service) clientIP(r *http.Request) string {
	return clientip.Of(r, s.cfg.TrustProxyHeaders)
}

// handlerFunc is a handler that returns its error; the router writes it.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// router dispatches by path, then by method, answering unknown paths and methods with
// JSON errors in the same format as every other error.
type router struct {
	s        *Service
	mux      *http.ServeMux
	routes   map[string]map[string]handlerFunc
	order    []string
	declared []Route
}

func newRouter(s *Service) *router {
	return &router{s: s, mux: http.NewServeMux(), routes: map[string]map[string]handlerFunc{}}
}

// handle declares a route with who may call it: the access is checked (authed, and for
// AccessOwner notImpersonating) before h runs.
func (rt *router) handle(method, pattern string, access Access, h handlerFunc) {
	rt.declared = append(rt.declared, Route{Method: method, Path: pattern, Access: access})
	switch access {
	case AccessSignedIn:
		h = rt.s.authed(h)
	case AccessOwner:
		h = rt.s.authed(rt.s.notImpersonating(h))
	}
	if rt.routes[pattern] == nil {
		rt.routes[pattern] = map[string]handlerFunc{}
		rt.order = append(rt.order, pattern)
		methods := rt.routes[pattern]
		rt.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			// No HEAD for GET routes: a link checker's HEAD must not use up an e-mailed link.
			h, ok := methods[r.Method]
			if !ok {
				allowed := make([]string, 0, len(methods))
				for m := range methods {
					allowed = append(allowed, m)
				}
				sort.Strings(allowed)
				w.Header().Set("Allow", strings.Join(allowed, ", "))
				rt.s.writeError(w, r, newError(http.StatusMethodNotAllowed, codeMethodNotAllowed, "Method %s is not allowed here", r.Method))
				return
			}
			if err := h(w, r); err != nil {
				rt.s.writeError(w, r, err)
			}
		})
	}
	rt.routes[pattern][method] = h
}

// catchAll answers every pattern the same way whatever the method.
func (rt *router) catchAll(pattern string, h handlerFunc) {
	rt.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			rt.s.writeError(w, r, err)
		}
	})
}
