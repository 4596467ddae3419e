package server

// Fuzz targets of the API's request decoders: the JSON body decoder, the entrance's checks
// of paths and query strings, and the multipart upload reader (docs/fuzzing.md).

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/fuzzutil"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// requireDomainError fails unless err is a *growthdesk.Error with one of codes, a message,
// and (for a validation error) a message per named field.
func requireDomainError(t *testing.T, err error, codes ...string) *growthdesk.Error {
	t.Helper()
	e, ok := err.(*growthdesk.Error)
	if !ok {
		t.Fatalf("error %T %v is not a domain error", err, err)
	}
	if !slices.Contains(codes, e.Code) || e.Message == "" {
		t.Fatalf("error %+v: want one of %v with a message", e, codes)
	}
	if e.Code == growthdesk.EInvalid {
		if len(e.Fields) == 0 {
			t.Fatalf("validation error %+v names no field", e)
		}
		for _, m := range e.Fields {
			if m == "" {
				t.Fatalf("validation error %+v has a field without a message", e)
			}
		}
	}
	return e
}

func jsonRequest(body []byte, contentType string, chunked bool) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "/api/v1/fuzz", bytes.NewReader(body))
	if chunked {
		r.ContentLength = -1 // no declared length, as a chunked upload
	}
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	return r
}

// decodeTargets are request types the decoder fills, with field kinds that can mismatch.
var decodeTargets = []func() any{
	func() any { return &map[string]any{} },
	func() any { return &growthdesk.LeadInput{} },
	func() any { return &growthdesk.MeetingInput{} },
	func() any { return &growthdesk.RunInput{} },
	func() any { return &growthdesk.TicketChange{} },
	func() any { return &growthdesk.ProjectInput{} },
}

// FuzzDecodeJSON checks decodeJSON on any body: it answers with a domain error of the right
// code (415 for another media type, 413 exactly when the body is over the limit, 400 for what
// is not one JSON object, 422 naming the field for a control character or a wrong type), or
// with a value that holds no forbidden control character; every clean JSON object within the
// limit decodes; and a decoded value, sent again, decodes to itself.
func FuzzDecodeJSON(f *testing.F) {
	f.Add([]byte(`{"name":"Dana","email":"dana@example.com","automation_goal":"Reminders\r\nand follow-ups"}`), "application/json", uint16(0), uint8(1), false)
	f.Add([]byte(`{"title":"Review","attendees":[{"name":"Ann","email":"ann@example.com"}],"start_time":"2026-06-01T10:00:00Z"}`), "application/json; charset=utf-8", uint16(100), uint8(2), true)
	f.Add([]byte(`{"outcome":"success","items_processed":"12"}`), "application/merge-patch+json", uint16(0), uint8(3), false)
	f.Add([]byte(`{"status":null,"priority":5}`), "", uint16(0), uint8(4), false)
	f.Add([]byte(`{"name":"a\u0000b"}`), "application/json", uint16(0), uint8(0), false)
	f.Add([]byte(`{"a":1}{"b":2}`), "application/json", uint16(0), uint8(0), false)
	f.Add([]byte(`[1,2,3]`), "text/plain", uint16(0), uint8(0), false)
	f.Add([]byte(`{"progress":1e400,"assigned_to":{"x":1}}`), "application/json", uint16(0), uint8(5), true)
	f.Add([]byte(" \n{\"\xff\":\"\xfe\"}\t"), "application/json", uint16(3), uint8(0), false)
	f.Add([]byte(``), "application/json", uint16(0), uint8(0), true)
	f.Add([]byte(`{"a":[1,{"b":-2E+999}]}`), "application/json", uint16(0), uint8(0), false)
	f.Fuzz(func(t *testing.T, body []byte, contentType string, limitSeed uint16, target uint8, chunked bool) {
		limit := int64(maxJSONBody)
		if limitSeed != 0 {
			limit = int64(limitSeed%1024) + 1
		}
		newDst := decodeTargets[int(target)%len(decodeTargets)]
		dst := newDst()
		err := decodeJSON(nil, jsonRequest(body, contentType, chunked), limit, dst)

		jsonType := contentType == ""
		if mt, _, perr := mime.ParseMediaType(contentType); perr == nil && (mt == "application/json" || strings.HasSuffix(mt, "+json")) {
			jsonType = true
		}
		if !jsonType {
			requireDomainError(t, err, growthdesk.EMediaType)
			return
		}
		if int64(len(body)) > limit {
			requireDomainError(t, err, growthdesk.ETooLarge)
			return
		}
		var raw any
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		oneObject := dec.Decode(&raw) == nil && dec.Decode(&struct{}{}) == io.EOF
		if _, ok := raw.(map[string]any); !ok {
			oneObject = false
		}
		if oneObject && fuzzutil.NumberTooLarge(raw) {
			// A number past float64's range fits no field: 422 naming the field.
			e := requireDomainError(t, err, growthdesk.EInvalid)
			for _, msg := range e.Fields {
				if msg == growthdesk.NumberRangeMessage {
					return
				}
			}
			if fuzzutil.TextProblem(raw) == "" {
				t.Fatalf("%q, with a number out of range, is answered %v", body, err)
			}
			return
		}
		if err != nil {
			e := requireDomainError(t, err, growthdesk.EBadJSON, growthdesk.EInvalid)
			switch {
			case e.Code == growthdesk.EBadJSON && oneObject && fuzzutil.TextProblem(raw) == "" && reflect.TypeOf(dst).Elem().Kind() == reflect.Map:
				t.Fatalf("a clean JSON object %q is refused: %v", body, err)
			case e.Code == growthdesk.EInvalid && oneObject && fuzzutil.TextProblem(raw) == "" && reflect.TypeOf(dst).Elem().Kind() == reflect.Map:
				t.Fatalf("a clean JSON object %q is refused as invalid: %v", body, err)
			case e.Code == growthdesk.EInvalid && !oneObject:
				t.Fatalf("%q, not one JSON object, is answered as invalid: %v", body, err)
			}
			return
		}
		if !oneObject {
			t.Fatalf("%q, not one JSON object, is accepted", body)
		}
		if p := fuzzutil.TextProblem(raw); p != "" {
			t.Fatalf("%q is accepted with a control character: %s", body, p)
		}
		again, err := json.Marshal(dst)
		if err != nil {
			t.Fatalf("the decoded %T does not encode: %v", dst, err)
		}
		back := newDst()
		if err := decodeJSON(nil, jsonRequest(again, "application/json", false), int64(len(again)), back); err != nil {
			t.Fatalf("the decoded value %s, sent again, is refused: %v", again, err)
		}
		if !reflect.DeepEqual(dst, back) {
			t.Fatalf("the decoded value %s, sent again, decodes to %+v", again, back)
		}
	})
}

// FuzzGuardAPI checks the API's entrance: a request reaches the handler exactly when its
// path and its query (names and values) hold no control character; otherwise it is answered
// 404 (path) or 422 naming a parameter (query), as JSON.
func FuzzGuardAPI(f *testing.F) {
	f.Add("/api/v1/tickets/0190a1b2", "status=open&q=chat+bot")
	f.Add("/api/v1/tickets/a\x00b", "")
	f.Add("/api/v1/tickets", "q=%00")
	f.Add("/api/v1/forum/topics", "q=%C2%85&category=general")
	f.Add("/api/v1/x", "%1B[31m=1")
	f.Add("/api/v1/x\u2028", "a=%E2%80%A8;b")
	s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	f.Fuzz(func(t *testing.T, path, rawQuery string) {
		reached := false
		h := s.guardAPI(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			reached = true
			w.WriteHeader(http.StatusNoContent)
		}))
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.URL = &url.URL{Path: path, RawQuery: rawQuery}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)

		pathBad := fuzzutil.HasControl(path)
		queryBad := false
		for k, vs := range r.URL.Query() {
			queryBad = queryBad || fuzzutil.HasControl(k)
			for _, v := range vs {
				queryBad = queryBad || fuzzutil.HasControl(v)
			}
		}
		if reached == (pathBad || queryBad) {
			t.Fatalf("path %q, query %q: reached = %v", path, rawQuery, reached)
		}
		if reached {
			return
		}
		var body growthdesk.ErrorBody
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
			t.Fatalf("refusal is not JSON: %q", w.Body.String())
		}
		switch {
		case pathBad && (w.Code != http.StatusNotFound || body.Code != growthdesk.ENotFound):
			t.Fatalf("path %q answers %d %+v", path, w.Code, body)
		case !pathBad && (w.Code != http.StatusUnprocessableEntity || len(body.Fields) != 1):
			t.Fatalf("query %q answers %d %+v", rawQuery, w.Code, body)
		}
	})
}

// FuzzReadUpload checks the multipart reader of ticket attachments: any body is answered with
// a domain error of the right kind or with at most five files, none over 10 MB, and a
// response id that is clean text.
func FuzzReadUpload(f *testing.F) {
	form := func(parts ...[3]string) ([]byte, string) {
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		for _, p := range parts {
			if p[1] == "" {
				_ = mw.WriteField(p[0], p[2])
				continue
			}
			w, _ := mw.CreateFormFile(p[0], p[1])
			_, _ = w.Write([]byte(p[2]))
		}
		_ = mw.Close()
		return b.Bytes(), mw.Boundary()
	}
	body, boundary := form([3]string{"response_id", "", "0190a1b2"}, [3]string{"files", "screenshot.png", "\x89PNG\r\n"}, [3]string{"files", `C:\a\b "c".pdf`, "%PDF-1.7"})
	f.Add(body, boundary, "")
	body, boundary = form([3]string{"response_id", "", " id\x00 "}, [3]string{"other", "", "x"})
	f.Add(body, boundary, "")
	body, boundary = form([3]string{"files", "a.txt", "1"}, [3]string{"files", "b.txt", "2"}, [3]string{"files", "c.txt", "3"},
		[3]string{"files", "d.txt", "4"}, [3]string{"files", "e.txt", "5"}, [3]string{"files", "f.txt", "6"})
	f.Add(body, boundary, "")
	f.Add([]byte("--x\r\nContent-Disposition: form-data; name=\"files\"; filename=\"..\"\r\n\r\nabc\r\n--x--\r\n"), "x", "")
	f.Add([]byte("garbage"), "x", "multipart/mixed")
	f.Add([]byte(""), "", "")
	f.Fuzz(func(t *testing.T, body []byte, boundary, contentType string) {
		if contentType == "" {
			contentType = "multipart/form-data; boundary=" + boundary
		}
		r := httptest.NewRequest(http.MethodPost, "/api/v1/tickets/x/attachments", bytes.NewReader(body))
		r.Header.Set("Content-Type", contentType)
		authorized := 0
		spool := &uploadSpool{}
		defer spool.Close()
		responseID, files, err := readUpload(r, spool, func(*string) error { authorized++; return nil })
		if authorized > 1 {
			t.Fatalf("the upload was authorized %d times", authorized)
		}
		if err != nil {
			requireDomainError(t, err, growthdesk.EMediaType, growthdesk.EBadJSON, growthdesk.ETooLarge, growthdesk.EInvalid)
			return
		}
		if len(files) > 0 && authorized == 0 {
			t.Fatalf("%d files read before the caller was authorized", len(files))
		}
		if len(files) > growthdesk.AttachmentsPerMessage {
			t.Fatalf("%d files read from one message", len(files))
		}
		for _, file := range files {
			if file.Len() > growthdesk.AttachmentMaxBytes {
				t.Fatalf("a file of %d bytes read", file.Len())
			}
			_ = growthdesk.CleanFilename(file.Filename)
		}
		if responseID != nil && (*responseID == "" || fuzzutil.HasControl(*responseID) || *responseID != strings.TrimSpace(*responseID)) {
			t.Fatalf("response id %q read", *responseID)
		}
	})
}
