package server

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// statusOf maps each domain error code to its HTTP status. It is the only place that does.
var statusOf = map[string]int{
	growthdesk.EInvalid:      http.StatusUnprocessableEntity,
	growthdesk.EBadJSON:      http.StatusBadRequest,
	growthdesk.ETooLarge:     http.StatusRequestEntityTooLarge,
	growthdesk.EMediaType:    http.StatusUnsupportedMediaType,
	growthdesk.EMethod:       http.StatusMethodNotAllowed,
	growthdesk.ENotFound:     http.StatusNotFound,
	growthdesk.EConflict:     http.StatusConflict,
	growthdesk.EUnauthorized: http.StatusUnauthorized,
	growthdesk.EForbidden:    http.StatusForbidden,
	growthdesk.ERateLimited:  http.StatusTooManyRequests,
	growthdesk.EUnavailable:  http.StatusServiceUnavailable,
	growthdesk.EInternal:     http.StatusInternalServerError,
}

// errorBody is the JSON every /api/v1 error answers with; the web app's type is generated
// from the same declaration.
type errorBody = growthdesk.ErrorBody

// writeError answers with err's status and user-safe message, and with Retry-After when the
// error says how long to wait. An unexpected error becomes a 500 carrying the request id; its
// details go to the log only.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	code := growthdesk.ErrorCode(err)
	status, ok := statusOf[code]
	if !ok {
		status = http.StatusInternalServerError
	}
	body := errorBody{Code: code, Message: growthdesk.ErrorMessage(err)}
	var e *growthdesk.Error
	if errors.As(err, &e) {
		body.Fields = e.Fields
		if e.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(retrySeconds(e.RetryAfter)))
		}
	}
	if status >= 500 {
		body.RequestID = requestID(r.Context())
		log.ErrorContext(r.Context(), "request failed", "err", err, "request_id", body.RequestID)
	}
	writeJSON(w, status, body)
}

// retrySeconds rounds a wait up to whole seconds, at least one, as Retry-After counts them.
func retrySeconds(d time.Duration) int {
	return max(1, int((d+time.Second-1)/time.Second))
}
