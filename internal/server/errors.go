package server

import (
	"log/slog"
	"net/http"

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
	growthdesk.EInternal:     http.StatusInternalServerError,
}

// errorBody is the JSON every /api/v1 error answers with.
type errorBody struct {
	Code      string            `json:"code"`
	Message   string            `json:"message"`
	Fields    map[string]string `json:"fields,omitempty"`
	RequestID string            `json:"request_id,omitempty"`
}

// writeError answers with err's status and user-safe message. An unexpected error becomes a
// 500 carrying the request id; its details go to the log only.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	code := growthdesk.ErrorCode(err)
	status, ok := statusOf[code]
	if !ok {
		status = http.StatusInternalServerError
	}
	body := errorBody{Code: code, Message: growthdesk.ErrorMessage(err)}
	if e, ok := err.(*growthdesk.Error); ok {
		body.Fields = e.Fields
	}
	if status >= 500 {
		body.RequestID = requestID(r.Context())
		log.ErrorContext(r.Context(), "request failed", "err", err, "request_id", body.RequestID)
	}
	writeJSON(w, status, body)
}
