package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	"github.com/growthdesk/growthdesk/internal/clientip"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

type ctxKey int

const requestIDKey ctxKey = iota

func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

func newRequestID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// statusRecorder remembers what a handler answered, for the access log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// assetLogEvery is how often a successful hashed-asset request is logged: one in this many.
// Assets are most of the requests under load and each is the same immutable file, so their
// lines are sampled; the API, pages and every error are always logged, and the metrics count
// every request.
const assetLogEvery = 100

// assetSampler decides which asset requests get a log line.
type assetSampler struct{ n atomic.Uint64 }

func (a *assetSampler) keep(path string, status int) bool {
	if status >= 400 || !strings.HasPrefix(path, "/assets/") {
		return true
	}
	return a.n.Add(1)%assetLogEvery == 1
}

// withRequestLog gives each request an id (echoed as X-Request-Id), recovers from panics as a
// 500, and logs one line per request with method, path, status and duration (successful
// asset requests: one in assetLogEvery).
func withRequestLog(log *slog.Logger, metrics *Metrics, next http.Handler) http.Handler {
	assetLog := &assetSampler{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := newRequestID()
		w.Header().Set("X-Request-Id", id)
		r = r.WithContext(context.WithValue(r.Context(), requestIDKey, id))
		rec := &statusRecorder{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				log.ErrorContext(r.Context(), "panic", "request_id", id, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				if rec.status == 0 {
					writeError(rec, r, log, growthdesk.Errorf(growthdesk.EInternal, "internal error"))
				}
			}
			if metrics != nil {
				// The mux records the pattern that matched on the request it was given.
				metrics.observe(r.Pattern, r.Method, rec.status, time.Since(start))
			}
			level := slog.LevelInfo
			if rec.status >= 500 {
				level = slog.LevelError
			}
			if !assetLog.keep(r.URL.Path, rec.status) {
				return
			}
			log.LogAttrs(r.Context(), level, "request",
				slog.String("request_id", id),
				slog.String("method", r.Method),
				slog.String("path", r.URL.Path),
				slog.Int("status", rec.status),
				slog.Int("bytes", rec.bytes),
				slog.Duration("duration", time.Since(start)),
			)
		}()
		next.ServeHTTP(rec, r)
	})
}

// withSecurityHeaders sets the headers every answer carries. Pages set their own
// Content-Security-Policy; everything else gets one that allows nothing.
func withSecurityHeaders(hsts bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		h.Set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'")
		if hsts {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

// clientIP is the address rate limits and audit entries name.
func clientIP(r *http.Request, trustProxy bool) string { return clientip.Of(r, trustProxy) }

// rateLimited refuses a client over lim with 429 and Retry-After. It fails closed: when the
// counter cannot be read or written, the request is refused with 503 and Retry-After, never
// let through unchecked.
func (s *Server) rateLimited(name string, lim growthdesk.Limit, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := name + ":" + clientIP(r, s.cfg.TrustProxyHeaders)
		ok, retry, err := s.deps.Limiter.Allow(r.Context(), key, lim.Requests, lim.Window)
		switch {
		case err != nil:
			s.log.ErrorContext(r.Context(), "rate limiter failed; refusing the request", "limit", name, "err", err, "request_id", requestID(r.Context()))
			writeError(w, r, s.log, growthdesk.Unavailable())
		case !ok:
			writeError(w, r, s.log, &growthdesk.Error{
				Code:       growthdesk.ERateLimited,
				Message:    "Too many requests. Please wait a few minutes and try again.",
				RetryAfter: max(retry, time.Second),
			})
		default:
			next.ServeHTTP(w, r)
		}
	})
}
