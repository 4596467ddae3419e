package server

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	"github.com/growthdesk/growthdesk/internal/clientip"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

type ctxKey int

const (
	requestIDKey ctxKey = iota
	requestInfoKey
)

func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// requestInfo is what the handlers learn of a request that its log line should carry: the
// staff member and the account acted as, when the request was made while impersonating.
type requestInfo struct {
	actorID, actedAsID string
}

func requestInfoOf(ctx context.Context) *requestInfo {
	info, _ := ctx.Value(requestInfoKey).(*requestInfo)
	return info
}

// newRequestID returns 16 hex digits from the runtime's random source: unique enough to
// find a request's lines in the log, and cheap (no system call, one allocation), since every
// request gets one. Request ids are not secrets, and they name a request in the log and the
// audit log, not a stored row: rows take growthdesk.NewID.
func newRequestID() string {
	const digits = "0123456789abcdef"
	var b [16]byte
	v := rand.Uint64()
	for i := len(b) - 1; i >= 0; i-- {
		b[i] = digits[v&15]
		v >>= 4
	}
	return string(b[:])
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
// lines are sampled; the metrics count every request.
const assetLogEvery = 100

// assetSampler decides which asset requests get a log line.
type assetSampler struct{ n atomic.Uint64 }

func (a *assetSampler) keep(path string, status int) bool {
	if status >= 400 || !strings.HasPrefix(path, "/assets/") {
		return true
	}
	return a.n.Add(1)%assetLogEvery == 1
}

// isAPIPath reports whether path belongs to the JSON services (the API, the auth service,
// the functions), whose request lines always go to the main log.
func isAPIPath(path string) bool {
	return strings.HasPrefix(path, "/api/") || strings.HasPrefix(path, "/auth/") || strings.HasPrefix(path, "/functions/")
}

// withRequestLog gives each request an id (echoed as X-Request-Id), recovers from panics as a
// 500, and logs one line per request with method, path, status and duration. The lines of
// the API and of every error go to log as they happen; those of successful answers elsewhere
// (pages, assets, probes, feeds) go to access, which the binary buffers, and of successful
// asset requests only one in assetLogEvery is kept.
func withRequestLog(log, access *slog.Logger, metrics *Metrics, next http.Handler) http.Handler {
	assetLog := &assetSampler{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := newRequestID()
		w.Header()["X-Request-Id"] = []string{id}
		ctx := context.WithValue(r.Context(), requestIDKey, id)
		var info *requestInfo
		if isAPIPath(r.URL.Path) {
			info = &requestInfo{}
			ctx = context.WithValue(ctx, requestInfoKey, info)
		}
		r = r.WithContext(ctx)
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
			elapsed := time.Since(start)
			if metrics != nil {
				// The mux records the pattern that matched on the request it was given.
				metrics.observe(r.Pattern, r.Method, rec.status, elapsed)
			}
			level, to := slog.LevelInfo, log
			switch {
			case rec.status >= 500:
				level = slog.LevelError
			case rec.status < 400 && !isAPIPath(r.URL.Path):
				if !assetLog.keep(r.URL.Path, rec.status) {
					return
				}
				to = access
			}
			attrs := []slog.Attr{
				slog.String("request_id", id),
				slog.String("method", r.Method),
				slog.String("path", r.URL.Path),
				slog.Int("status", rec.status),
				slog.Int("bytes", rec.bytes),
				slog.Duration("duration", elapsed),
			}
			if info != nil && info.actedAsID != "" {
				attrs = append(attrs, slog.String("actor_id", info.actorID), slog.String("acted_as_id", info.actedAsID))
			}
			to.LogAttrs(r.Context(), level, "request", attrs...)
		}()
		next.ServeHTTP(rec, r)
	})
}

// withSecurityHeaders sets the headers every answer carries. Pages set their own
// Content-Security-Policy; everything else gets one that allows nothing.
func withSecurityHeaders(hsts bool, next http.Handler) http.Handler {
	// One-element slices put into every header map as they are: no allocation a request.
	// Nothing appends to or changes them (Header.Set replaces the slice; Add copies a full one).
	headers := [][2]string{
		{"X-Content-Type-Options", "nosniff"},
		{"Referrer-Policy", "strict-origin-when-cross-origin"},
		{"X-Frame-Options", "DENY"},
		{"Cross-Origin-Opener-Policy", "same-origin"},
		{"Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"},
		{"Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"},
	}
	if hsts {
		headers = append(headers, [2]string{"Strict-Transport-Security", "max-age=63072000; includeSubDomains"})
	}
	keys := make([]string, len(headers))
	values := make([][]string, len(headers))
	for i, kv := range headers {
		keys[i], values[i] = http.CanonicalHeaderKey(kv[0]), []string{kv[1]}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for i, k := range keys {
			h[k] = values[i]
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
