// Package growthdesk holds the domain of the product: its types, the rules that validate
// them, and the one error type every layer speaks. It imports only the standard library.
package growthdesk

import (
	"errors"
	"fmt"
	"time"
)

// Error codes. The HTTP layer maps each to a status in exactly one place.
const (
	EInvalid      = "validation_failed" // input failed validation; Fields says where
	EBadJSON      = "bad_json"          // the body is not the JSON we expect
	ETooLarge     = "payload_too_large" // the body is larger than the endpoint accepts
	EMediaType    = "unsupported_media_type"
	EMethod       = "method_not_allowed"
	ENotFound     = "not_found"
	EConflict     = "conflict"
	EUnauthorized = "unauthorized"
	EForbidden    = "forbidden"
	ERateLimited  = "rate_limited"
	EUnavailable  = "unavailable" // a check the request needs (a rate limit, a lockout) cannot be made now
	EInternal     = "internal"
)

// Error is the application error. Its Message is safe to show to the user; anything
// unexpected is wrapped as EInternal and its details go only to the log.
type Error struct {
	Code    string
	Message string
	Fields  map[string]string
	// RetryAfter, when set, tells the client how long to wait before trying again; the HTTP
	// layer sends it as Retry-After (429 and 503 answers).
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	return fmt.Sprintf("growthdesk error: code=%s message=%s", e.Code, e.Message)
}

// ErrorBody is the JSON every API error answers with: the code, the user-safe message, a
// message per invalid field, and for a 500 the request id to quote when reporting it.
type ErrorBody struct {
	Code      string            `json:"code"`
	Message   string            `json:"message"`
	Fields    map[string]string `json:"fields,omitempty"`
	RequestID string            `json:"request_id,omitempty"`
}

// Errorf returns an *Error with a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid returns a validation error listing each problem by field.
func Invalid(fields map[string]string) *Error {
	return &Error{Code: EInvalid, Message: "Please correct the highlighted fields.", Fields: fields}
}

// UnavailableRetry is how long a client is asked to wait when a check it needs cannot be
// made, such as a rate limit whose counter the database cannot read.
const UnavailableRetry = 5 * time.Second

// Unavailable returns the refusal of a request whose safety check could not be made. Such a
// check fails closed: the request is refused, never let through unchecked.
func Unavailable() *Error {
	return &Error{
		Code:       EUnavailable,
		Message:    "The service cannot take this request right now. Please try again in a few seconds.",
		RetryAfter: UnavailableRetry,
	}
}

// ErrorCode returns the code of err, EInternal for errors that are not *Error, "" for nil.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EInternal
}

// ErrorMessage returns the user-safe message of err.
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Message
	}
	return "Something went wrong on our side. Please try again."
}
