// Package growthdesk holds the domain of the product: its types, the rules that validate
// them, and the one error type every layer speaks. It imports only the standard library.
package growthdesk

import (
	"errors"
	"fmt"
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
	EInternal     = "internal"
)

// Error is the application error. Its Message is safe to show to the user; anything
// unexpected is wrapped as EInternal and its details go only to the log.
type Error struct {
	Code    string
	Message string
	Fields  map[string]string
}

func (e *Error) Error() string {
	return fmt.Sprintf("growthdesk error: code=%s message=%s", e.Code, e.Message)
}

// Errorf returns an *Error with a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid returns a validation error listing each problem by field.
func Invalid(fields map[string]string) *Error {
	return &Error{Code: EInvalid, Message: "Please correct the highlighted fields.", Fields: fields}
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
