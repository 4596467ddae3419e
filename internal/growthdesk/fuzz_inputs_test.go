package growthdesk

// Fuzz targets of the request types: every input is sent through what the API's door does
// to a JSON body, normalized and validated, and what passes must hold up (docs/fuzzing.md).
// `go test` runs the seeds below and testdata/fuzz; `make fuzz` searches for more.

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/growthdesk/growthdesk/internal/browserurl"
)

// door does to a body what the API's decoder (server.decodeJSON) does before a handler sees
// it: one JSON value, every string and key checked by CheckJSONText, then the request type
// filled. The server's own fuzz target checks decodeJSON against the same rule.
func door(body []byte, dst any) error {
	var raw any
	if err := json.Unmarshal(body, &raw); err != nil {
		return Errorf(EBadJSON, "%v", err)
	}
	if err := CheckJSONText(raw); err != nil {
		return err
	}
	if err := json.Unmarshal(body, dst); err != nil {
		return Errorf(EBadJSON, "%v", err)
	}
	return nil
}

// isControl is the rule of ADR 9 written out by code point, apart from the code under test:
// C0, DEL and C1 are control characters.
func isControl(r rune) bool { return r < 0x20 || (r >= 0x7f && r <= 0x9f) }

// badFor reports whether s holds a control character a field of that name may not hold:
// line feed, carriage return and tab are allowed in the multi-line fields only.
func badFor(name, s string) bool {
	for _, r := range s {
		if isControl(r) && !(multilineFields[name] && (r == '\n' || r == '\r' || r == '\t')) {
			return true
		}
	}
	return false
}

// textProblem walks a decoded JSON value and describes the first key or string that breaks
// the rule, or returns "".
func textProblem(v any, name string) string {
	switch t := v.(type) {
	case string:
		if badFor(name, t) {
			return fmt.Sprintf("%s: %q", name, t)
		}
	case map[string]any:
		for k, e := range t {
			if badFor("", k) {
				return fmt.Sprintf("key %q", k)
			}
			if p := textProblem(e, k); p != "" {
				return p
			}
		}
	case []any:
		for _, e := range t {
			if p := textProblem(e, name); p != "" {
				return p
			}
		}
	}
	return ""
}

// textProblemOf is textProblem of v as it travels: encoded as JSON.
func textProblemOf(t *testing.T, v any) string {
	var raw any
	if err := json.Unmarshal(mustJSON(t, v), &raw); err != nil {
		t.Fatalf("decode %T: %v", v, err)
	}
	return textProblem(raw, "")
}

// snapshot is v as JSON, or for a value JSON cannot carry (an invalid one, such as a time
// before year 0) its Go syntax, so that two states of v can be compared either way.
func snapshot(v any) []byte {
	if b, err := json.Marshal(v); err == nil {
		return b
	}
	return fmt.Appendf(nil, "%#v", deref(reflect.ValueOf(v)))
}

// deref replaces the pointers of a struct by what they point to, for printing.
func deref(v reflect.Value) any {
	if v.Kind() != reflect.Struct {
		return v.Interface()
	}
	out := make([]any, v.NumField())
	for i := range out {
		f := v.Field(i)
		if f.Kind() == reflect.Pointer && !f.IsNil() {
			f = f.Elem()
		}
		out[i] = f.Interface()
	}
	return out
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("encode %T: %v", v, err)
	}
	return b
}

// requireInvalid fails unless err is the validation error the API answers 422 with: code,
// a message, and a message for every field it names.
func requireInvalid(t *testing.T, err error) {
	t.Helper()
	e, ok := err.(*Error)
	if !ok {
		t.Fatalf("error %T %v is not a domain error", err, err)
	}
	if e.Code != EInvalid || e.Message == "" || len(e.Fields) == 0 {
		t.Fatalf("error %+v is not a validation error naming its fields", e)
	}
	// A field may be named "" (a query parameter or JSON key without a name); its message
	// may not be empty.
	for _, msg := range e.Fields {
		if msg == "" {
			t.Fatalf("error %+v has a field without a message", e)
		}
	}
}

// inputSpec says how to treat one request type T.
type inputSpec[T any] struct {
	normalize func(*T)
	validate  func(*T) error
	// valid checks what a value that passed validation must hold besides the text rule.
	valid func(t *testing.T, v *T)
}

// checkInput sends in through the door as a client would, then checks:
//   - the door refuses only a value with a control character its field does not allow,
//     with a validation error naming a field;
//   - Normalize is idempotent; Validate answers the same twice (and, where it normalizes
//     itself, leaves the value as it found it the second time);
//   - a refusal is a validation error naming fields;
//   - a value that passes holds no forbidden control character, satisfies valid, and, sent
//     again, comes back through door, Normalize and Validate unchanged.
func checkInput[T any](t *testing.T, in T, spec inputSpec[T]) {
	t.Helper()
	body := mustJSON(t, in)
	var v T
	if err := door(body, &v); err != nil {
		requireInvalid(t, err)
		var raw any
		_ = json.Unmarshal(body, &raw)
		if textProblem(raw, "") == "" {
			t.Fatalf("the door refused %s, which holds no forbidden control character: %v", body, err)
		}
		return
	}
	if p := textProblemOf(t, v); p != "" {
		t.Fatalf("the door let a control character through: %s", p)
	}
	spec.normalize(&v)
	normalized := mustJSON(t, v)
	spec.normalize(&v)
	if again := mustJSON(t, v); string(again) != string(normalized) {
		t.Fatalf("Normalize is not idempotent:\n once: %s\ntwice: %s", normalized, again)
	}
	err := spec.validate(&v)
	validated := snapshot(v)
	err2 := spec.validate(&v)
	if !reflect.DeepEqual(err, err2) || string(snapshot(v)) != string(validated) {
		t.Fatalf("Validate answers differently the second time: %v, then %v", err, err2)
	}
	if err != nil {
		requireInvalid(t, err)
		return
	}
	if p := textProblemOf(t, v); p != "" {
		t.Fatalf("a valid value holds a control character: %s", p)
	}
	spec.valid(t, &v)
	var back T
	if err := door(validated, &back); err != nil {
		t.Fatalf("a valid value, sent again, is refused at the door: %v", err)
	}
	spec.normalize(&back)
	if err := spec.validate(&back); err != nil {
		t.Fatalf("a valid value, sent again, does not validate: %v", err)
	}
	if got := mustJSON(t, back); string(got) != string(validated) {
		t.Fatalf("a valid value does not survive a round trip:\n sent: %s\n back: %s", validated, got)
	}
}

// trimmed fails unless every field holds no surrounding white space.
func trimmed(t *testing.T, fields map[string]string) {
	t.Helper()
	for name, s := range fields {
		if s != strings.TrimSpace(s) {
			t.Fatalf("%s %q is not trimmed", name, s)
		}
	}
}

// within fails unless s is non-blank (when required) and at most max characters.
func within(t *testing.T, name, s string, required bool, max int) {
	t.Helper()
	if required && strings.TrimSpace(s) == "" {
		t.Fatalf("%s is blank but valid", name)
	}
	if n := utf8.RuneCountInString(s); n > max {
		t.Fatalf("%s has %d characters, more than %d, but is valid", name, n, max)
	}
}

func validAddress(t *testing.T, name, s string) {
	t.Helper()
	if !ValidEmail(s) || s != strings.ToLower(s) || s != strings.TrimSpace(s) {
		t.Fatalf("%s %q is valid but not a normalized address", name, s)
	}
}

// fuzzTime makes a time from fuzzed numbers that JSON can carry (years 0 to 9999) in a
// fixed zone of the given offset, so that zones are exercised too.
func fuzzTime(sec int64, nsec int32, offsetMinutes int16) time.Time {
	const span = 253402300799 + 62135596800 // seconds from 0001-01-01 to 9999-12-31
	s := sec % span
	if s < 0 {
		s += span
	}
	zone := time.FixedZone("", int(offsetMinutes%(14*60))*60)
	t := time.Unix(s-62135596800, int64(nsec)%1e9).In(zone)
	if t.Year() < 1 || t.Year() > 9999 {
		return time.Unix(0, 0).In(zone)
	}
	return t
}

func FuzzLeadInput(f *testing.F) {
	f.Add("Dana Whitfield", "Dana@Example.com ", "Whitfield Dental", "+1 (555) 010-2000 ext 4", "Automate appointment reminders and follow-ups.", "morning")
	f.Add(" Zoë 東京 ", "zoe@example.co.jp", "Ünïcode GmbH", "", "Ten chars!", "anytime")
	f.Add("A", "a@b", "C", "12", "too short", "noon")
	f.Add("Eve\x00", "eve@example.com", "Evil\u0085Corp", "555", "line one\r\nline two\tand a tab", "evening")
	f.Add("", "not an address", "", "call me", "", "")
	f.Fuzz(func(t *testing.T, name, email, company, phone, goal, when string) {
		checkInput(t, LeadInput{Name: name, Email: email, Company: company, Phone: phone, AutomationGoal: goal, PreferredTime: when}, inputSpec[LeadInput]{
			normalize: (*LeadInput).Normalize,
			validate:  func(in *LeadInput) error { return in.Validate() },
			valid: func(t *testing.T, in *LeadInput) {
				trimmed(t, map[string]string{"name": in.Name, "company": in.Company, "phone": in.Phone, "automation_goal": in.AutomationGoal})
				within(t, "name", in.Name, true, LeadNameMax)
				within(t, "company", in.Company, true, LeadCompanyMax)
				within(t, "phone", in.Phone, false, LeadPhoneMax)
				if n := utf8.RuneCountInString(in.AutomationGoal); n < LeadGoalMin || n > LeadGoalMax {
					t.Fatalf("automation_goal of %d characters is valid", n)
				}
				if strings.Trim(in.Phone, "0123456789+-(). ext") != "" {
					t.Fatalf("phone %q is valid", in.Phone)
				}
				validAddress(t, "email", in.Email)
				if !slices.Contains(PreferredTimes, in.PreferredTime) {
					t.Fatalf("preferred_time %q is valid", in.PreferredTime)
				}
			},
		})
	})
}

func FuzzSubscribeInput(f *testing.F) {
	f.Add(" Reader@Example.COM", "footer")
	f.Add("reader@example", "blog-sidebar")
	f.Add("\"quoted\"@example.com", strings.Repeat("s", 41))
	f.Add("a@b.c\n", "footer\t")
	f.Add("Ω@παράδειγμα.δοκιμή", "")
	f.Fuzz(func(t *testing.T, email, source string) {
		checkInput(t, SubscribeInput{Email: email, Source: source}, inputSpec[SubscribeInput]{
			normalize: (*SubscribeInput).Normalize,
			validate:  func(in *SubscribeInput) error { return in.Validate() },
			valid: func(t *testing.T, in *SubscribeInput) {
				validAddress(t, "email", in.Email)
				trimmed(t, map[string]string{"source": in.Source})
				within(t, "source", in.Source, false, NewsletterSrcMax)
			},
		})
	})
}

func FuzzTicketInput(f *testing.F) {
	f.Add("Chatbot answers in the wrong language", "Since Monday the bot answers in German.\r\nSteps:\n\t1. ask", "high", "cat-1", "")
	f.Add("  ", "", "", " ", " ")
	f.Add("Title\x1b[31m", "desc", "URGENT", "", "cust")
	f.Add(strings.Repeat("t", TicketTitleMax+1), "d", "medium", "", "")
	f.Fuzz(func(t *testing.T, title, description, priority, categoryID, customerID string) {
		in := TicketInput{Title: title, Description: description, Priority: priority}
		if categoryID != "" {
			in.CategoryID = &categoryID
		}
		if customerID != "" {
			in.CustomerID = &customerID
		}
		checkInput(t, in, inputSpec[TicketInput]{
			normalize: (*TicketInput).Normalize,
			validate:  (*TicketInput).Validate,
			valid: func(t *testing.T, in *TicketInput) {
				trimmed(t, map[string]string{"title": in.Title, "description": in.Description})
				within(t, "title", in.Title, true, TicketTitleMax)
				within(t, "description", in.Description, true, TicketDescriptionMax)
				if !validPriority(in.Priority) {
					t.Fatalf("priority %q is valid", in.Priority)
				}
				for _, id := range []*string{in.CategoryID, in.CustomerID} {
					if id != nil && strings.TrimSpace(*id) == "" {
						t.Fatalf("a blank id %q is kept", *id)
					}
				}
			},
		})
	})
}

func FuzzResponseInput(f *testing.F) {
	f.Add("Thanks, we are looking into it.\r\n\r\n— Sam", false)
	f.Add("   \n\t ", true)
	f.Add("note\x00", true)
	f.Add(strings.Repeat("é", ResponseContentMax+1), false)
	f.Fuzz(func(t *testing.T, content string, internal bool) {
		checkInput(t, ResponseInput{Content: content, IsInternal: internal}, inputSpec[ResponseInput]{
			normalize: (*ResponseInput).Normalize,
			validate:  func(in *ResponseInput) error { return in.Validate() },
			valid: func(t *testing.T, in *ResponseInput) {
				trimmed(t, map[string]string{"content": in.Content})
				within(t, "content", in.Content, true, ResponseContentMax)
			},
		})
	})
}

func FuzzProjectInput(f *testing.F) {
	f.Add("org-1", "Customer Service Chatbot", "A bot for the front desk.\nPhase 1", "in_progress", "high", 45, "2026-01-15", "2026-03-31", "staff-1", "Shipped the FAQ intents.", 50)
	f.Add("", " ", "", "done", "none", 101, "2026-02-30", "2026-01-01", "", "", -1)
	f.Add("org", "Name", "", "planning", "low", 0, "2026-1-5", "", "", "  ", 100)
	f.Add("org", "Name", "", "testing", "urgent", 100, "2026-05-01", "2026-04-30", "a\x00", "x", 0)
	f.Fuzz(func(t *testing.T, org, name, description, status, priority string, progress int, start, end, assignee, update string, updateProgress int) {
		in := ProjectInput{OrganizationID: org, Name: name, Description: description, Status: status, Priority: priority,
			Progress: progress, StartDate: start, EndDate: end}
		if assignee != "" {
			in.AssignedTo = []string{assignee, assignee + "2"}
		}
		for _, creating := range []bool{true, false} {
			checkInput(t, in, inputSpec[ProjectInput]{
				normalize: (*ProjectInput).Normalize,
				validate:  func(in *ProjectInput) error { return in.Validate(creating) },
				valid: func(t *testing.T, in *ProjectInput) {
					trimmed(t, map[string]string{"organization_id": in.OrganizationID, "name": in.Name, "description": in.Description})
					if creating && in.OrganizationID == "" {
						t.Fatal("a new project without an organization is valid")
					}
					within(t, "name", in.Name, true, WorkspaceNameMax)
					within(t, "description", in.Description, false, WorkspaceDescriptionMax)
					if !slices.Contains(projectStatuses, in.Status) || !slices.Contains(projectPriorities, in.Priority) {
						t.Fatalf("status %q or priority %q is valid", in.Status, in.Priority)
					}
					if in.Progress < 0 || in.Progress > 100 {
						t.Fatalf("progress %d is valid", in.Progress)
					}
					s, err := time.Parse(time.DateOnly, in.StartDate)
					if err != nil || s.Format(time.DateOnly) != in.StartDate {
						t.Fatalf("start_date %q is valid", in.StartDate)
					}
					if in.EndDate != "" {
						e, err := time.Parse(time.DateOnly, in.EndDate)
						if err != nil || e.Format(time.DateOnly) != in.EndDate || e.Before(s) {
							t.Fatalf("end_date %q after %q is valid", in.EndDate, in.StartDate)
						}
					}
					if in.AssignedTo == nil || len(in.AssignedTo) > ProjectAssigneesMax {
						t.Fatalf("assigned_to %v is valid", in.AssignedTo)
					}
				},
			})
		}
		up := ProjectUpdateInput{Content: update}
		if updateProgress != -1 {
			up.Progress = &updateProgress
		}
		checkInput(t, up, inputSpec[ProjectUpdateInput]{
			normalize: func(*ProjectUpdateInput) {}, // Validate trims the text itself
			validate:  (*ProjectUpdateInput).Validate,
			valid: func(t *testing.T, in *ProjectUpdateInput) {
				trimmed(t, map[string]string{"content": in.Content})
				within(t, "content", in.Content, true, ProjectUpdateMax)
				if in.Progress != nil && (*in.Progress < 0 || *in.Progress > 100) {
					t.Fatalf("progress %d is valid", *in.Progress)
				}
			},
		})
	})
}

func FuzzAutomationInput(f *testing.F) {
	f.Add("org-1", "Lead Qualification Bot", "Scores inbound leads.\n", "chatbot", "active", int64(1767225600), int32(0), int16(0), true, 15, int64(5000))
	f.Add("", "", "", "robot", "running", int64(-1), int32(-5), int16(-300), false, -1, int64(-1))
	f.Add("org", "Name", "", "email", "draft", int64(253402300799), int32(999999999), int16(840), false, MinutesSavedMax+1, int64(HourlyCostCentsMax))
	f.Fuzz(func(t *testing.T, org, name, description, typ, status string, nextSec int64, nextNsec int32, offset int16, hasNext bool, minutes int, cost int64) {
		in := AutomationInput{OrganizationID: org, Name: name, Description: description, Type: typ, Status: status,
			MinutesSavedPerRun: minutes, HourlyCostCents: cost}
		if hasNext {
			next := fuzzTime(nextSec, nextNsec, offset)
			in.NextRun = &next
		}
		checkInput(t, in, inputSpec[AutomationInput]{
			normalize: (*AutomationInput).Normalize,
			validate:  func(in *AutomationInput) error { return in.Validate(true) },
			valid: func(t *testing.T, in *AutomationInput) {
				trimmed(t, map[string]string{"organization_id": in.OrganizationID, "name": in.Name, "description": in.Description})
				within(t, "organization_id", in.OrganizationID, true, 1<<20)
				within(t, "name", in.Name, true, WorkspaceNameMax)
				within(t, "description", in.Description, false, WorkspaceDescriptionMax)
				if !slices.Contains(automationTypes, in.Type) || !slices.Contains(automationStatuses, in.Status) {
					t.Fatalf("type %q or status %q is valid", in.Type, in.Status)
				}
				if in.MinutesSavedPerRun < 0 || in.MinutesSavedPerRun > MinutesSavedMax || in.HourlyCostCents < 0 || in.HourlyCostCents > HourlyCostCentsMax {
					t.Fatalf("figures %d, %d are valid", in.MinutesSavedPerRun, in.HourlyCostCents)
				}
				if in.NextRun != nil && (in.NextRun.Location() != time.UTC || in.NextRun.Nanosecond() != 0) {
					t.Fatalf("next_run %v is not whole seconds in UTC", in.NextRun)
				}
			},
		})
	})
}

// FuzzRunInput is the payload an automation engine posts to
// /api/v1/automations/{id}/runs/ingest. It is fuzzed as raw JSON, since engines are other
// programs that may send anything.
func FuzzRunInput(f *testing.F) {
	f.Add([]byte(`{"outcome":"success","items_processed":42,"message":"Processed 42 invoices."}`))
	f.Add([]byte(`{"started_at":"2026-06-01T11:58:00+02:00","finished_at":"2026-06-01T10:00:00.123456789Z","outcome":"failure","message":"  timeout\nretrying\t"}`))
	f.Add([]byte(`{"started_at":"2020-01-01T00:00:00Z","outcome":"success","items_processed":-1}`))
	f.Add([]byte(`{"started_at":"2026-06-01T12:10:00Z","outcome":"ok","items_processed":1000000001}`))
	f.Add([]byte(`{"outcome":"success","message":"nul \u0000 here"}`))
	f.Add([]byte(`{"outcome":"success","started_at":null,"finished_at":"9999-12-31T23:59:59Z"}`))
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, body []byte) {
		var in RunInput
		if err := door(body, &in); err != nil {
			return // the server's target checks the door's answers to any body
		}
		checkInput(t, in, inputSpec[RunInput]{
			normalize: func(*RunInput) {}, // Validate normalizes
			validate:  func(in *RunInput) error { return in.Validate(now) },
			valid: func(t *testing.T, in *RunInput) {
				trimmed(t, map[string]string{"message": in.Message})
				within(t, "message", in.Message, false, RunMessageMax)
				if in.Outcome != RunOutcomeSuccess && in.Outcome != RunOutcomeFailure {
					t.Fatalf("outcome %q is valid", in.Outcome)
				}
				if in.StartedAt == nil || in.StartedAt.After(now.Add(5*time.Minute)) || in.StartedAt.Before(now.AddDate(-2, 0, 0)) {
					t.Fatalf("started_at %v is valid at %v", in.StartedAt, now)
				}
				if in.FinishedAt != nil && in.FinishedAt.Before(*in.StartedAt) {
					t.Fatalf("finished_at %v before started_at %v is valid", in.FinishedAt, in.StartedAt)
				}
				if in.ItemsProcessed < 0 || in.ItemsProcessed > RunItemsMax {
					t.Fatalf("items_processed %d is valid", in.ItemsProcessed)
				}
			},
		})
	})
}

func FuzzMeetingInput(f *testing.F) {
	f.Add("org-1", "Quarterly review", "Agenda:\r\n- figures\n- next steps", "review", "2026-06-01T10:00:00Z", "2026-06-01T11:00:00+01:00",
		"Zoom", "https://meet.example.com/abc?pwd=1", "Casey Customer", "Casey@Example.com", "Sam", "")
	f.Add("", "", "", "party", "tomorrow", "2026-06-01", "", "javascript:alert(1)", "", "a@b", "B", "a@b")
	f.Add("org", "T", "", "support", "2026-06-01T10:00:00Z", "2026-06-01T22:00:01Z", "", "http://", "N", "n@example.com", "M", "N@example.com")
	f.Add("org", "Title\n", "d\x07", "training", "2026-06-01T10:00:00.5Z", "2026-06-01T10:00:00.9Z", "Room 1", "https://x.example/ y", "Ann\u0085", "ann@example.com", "", "")
	f.Fuzz(func(t *testing.T, org, title, description, typ, start, end, location, meetingURL, name1, email1, name2, email2 string) {
		in := MeetingInput{OrganizationID: org, Title: title, Description: description, Type: typ, StartTime: start, EndTime: end,
			Location: location, MeetingURL: meetingURL, Attendees: []MeetingAttendee{{Name: name1, Email: email1}, {Name: name2, Email: email2}}}
		checkInput(t, in, inputSpec[MeetingInput]{
			normalize: (*MeetingInput).Normalize,
			validate: func(in *MeetingInput) error {
				_, _, err := in.parse(true)
				return err
			},
			valid: func(t *testing.T, in *MeetingInput) {
				trimmed(t, map[string]string{"organization_id": in.OrganizationID, "title": in.Title, "description": in.Description,
					"location": in.Location, "meeting_url": in.MeetingURL, "start_time": in.StartTime, "end_time": in.EndTime})
				within(t, "organization_id", in.OrganizationID, true, 1<<20)
				within(t, "title", in.Title, true, MeetingTitleMax)
				within(t, "description", in.Description, false, MeetingDescriptionMax)
				within(t, "location", in.Location, false, MeetingLocationMax)
				if !IsMeetingType(in.Type) {
					t.Fatalf("type %q is valid", in.Type)
				}
				start, end, _ := in.parse(true)
				if !end.After(start) || end.Sub(start) > MeetingLengthMax || start.Location() != time.UTC || start.Nanosecond() != 0 {
					t.Fatalf("a meeting from %v to %v is valid", start, end)
				}
				if in.MeetingURL != "" {
					u, err := url.Parse(in.MeetingURL)
					if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
						t.Fatalf("meeting_url %q is valid", in.MeetingURL)
					}
				}
				seen := map[string]bool{}
				for _, a := range in.Attendees {
					within(t, "attendee name", a.Name, true, MeetingAttendeeMax)
					if a.Email != "" {
						validAddress(t, "attendee email", a.Email)
						if seen[a.Email] {
							t.Fatalf("%s is invited twice", a.Email)
						}
						seen[a.Email] = true
					}
				}
			},
		})
	})
}

func FuzzAnnouncementInput(f *testing.F) {
	f.Add("Scheduled maintenance", "The portal is down on Sunday\nfrom 2 to 4 am.", "warning", int64(1780000000), int32(0), int16(120), true, true)
	f.Add(" ", " ", "", int64(0), int32(0), int16(0), false, false)
	f.Add("t", "c", "danger", int64(1748779200), int32(1), int16(-60), true, true)
	f.Add("t\x00", "c", "INFO", int64(1), int32(0), int16(0), false, true)
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, title, content, typ string, untilSec int64, untilNsec int32, offset int16, hasUntil, active bool) {
		in := AnnouncementInput{Title: title, Content: content, Type: typ, IsActive: &active}
		if hasUntil {
			until := fuzzTime(untilSec, untilNsec, offset)
			in.ShowUntil = &until
		}
		checkInput(t, in, inputSpec[AnnouncementInput]{
			normalize: (*AnnouncementInput).Normalize,
			validate:  func(in *AnnouncementInput) error { return in.Validate(now) },
			valid: func(t *testing.T, in *AnnouncementInput) {
				trimmed(t, map[string]string{"title": in.Title, "content": in.Content, "type": in.Type})
				within(t, "title", in.Title, true, AnnouncementTitleMax)
				within(t, "content", in.Content, true, AnnouncementContentMax)
				switch in.Type {
				case AnnouncementTypeInfo, AnnouncementTypeSuccess, AnnouncementTypeWarning, AnnouncementTypeError:
				default:
					t.Fatalf("type %q is valid", in.Type)
				}
				if in.ShowUntil != nil && (!in.ShowUntil.After(now) || in.ShowUntil.Location() != time.UTC) {
					t.Fatalf("show_until %v is valid at %v", in.ShowUntil, now)
				}
			},
		})
	})
}

func FuzzForumInput(f *testing.F) {
	f.Add("automation", "  How   do you\ttrack ROI? ", "We log minutes saved.\r\n\r\n**Ideas?**\r- one")
	f.Add("news", "", "")
	f.Add("general", "Title\u00a0with\u2003spaces", "<script>alert(1)</script>")
	f.Add("feedback", "x\x00", "\r\r\n\n")
	f.Fuzz(func(t *testing.T, category, title, body string) {
		checkInput(t, ForumTopicInput{Category: category, Title: title, Body: body}, inputSpec[ForumTopicInput]{
			normalize: (*ForumTopicInput).Normalize,
			validate:  func(in *ForumTopicInput) error { return in.Validate() },
			valid: func(t *testing.T, in *ForumTopicInput) {
				if !IsForumCategory(in.Category) {
					t.Fatalf("category %q is valid", in.Category)
				}
				if in.Title != strings.Join(strings.Fields(in.Title), " ") {
					t.Fatalf("title %q has runs of white space", in.Title)
				}
				within(t, "title", in.Title, true, ForumTitleMax)
				forumBody(t, in.Body)
			},
		})
		checkInput(t, ForumPostInput{Body: body}, inputSpec[ForumPostInput]{
			normalize: (*ForumPostInput).Normalize,
			validate:  func(in *ForumPostInput) error { return in.Validate() },
			valid:     func(t *testing.T, in *ForumPostInput) { forumBody(t, in.Body) },
		})
	})
}

func forumBody(t *testing.T, body string) {
	t.Helper()
	trimmed(t, map[string]string{"body": body})
	within(t, "body", body, true, ForumBodyMax)
	if strings.Contains(body, "\r") {
		t.Fatalf("body %q keeps a carriage return", body)
	}
}

func FuzzProfileUpdate(f *testing.F) {
	f.Add(" Casey Customer ", "https://cdn.example.com/a.png", true, true)
	f.Add("", "", true, true)
	f.Add("Casey", "javascript:alert(1)", true, true)
	f.Add("Casey\nAdmin", "//evil.example/a.png", true, false)
	f.Add("x", "http://", false, true)
	f.Fuzz(func(t *testing.T, fullName, avatar string, hasName, hasAvatar bool) {
		in := ProfileUpdate{}
		if hasName {
			in.FullName = &fullName
		}
		if hasAvatar {
			in.AvatarURL = &avatar
		}
		checkInput(t, in, inputSpec[ProfileUpdate]{
			normalize: (*ProfileUpdate).Normalize,
			validate:  func(in *ProfileUpdate) error { return in.Validate() },
			valid: func(t *testing.T, in *ProfileUpdate) {
				if in.FullName != nil {
					trimmed(t, map[string]string{"full_name": *in.FullName})
					within(t, "full_name", *in.FullName, true, FullNameMax)
				}
				if in.AvatarURL != nil && *in.AvatarURL != "" {
					u, err := url.Parse(*in.AvatarURL)
					if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(*in.AvatarURL) > AvatarURLMax {
						t.Fatalf("avatar_url %q is valid", *in.AvatarURL)
					}
				}
			},
		})
	})
}

func FuzzPlan(f *testing.F) {
	f.Add(" price_growth_monthly ", "Growth", "Everything in Starter, plus…", "Subscription", int64(49900), "USD", "Month")
	f.Add("price one", "", "", "payment", int64(0), "euro", "week")
	f.Add("price_x", "One-off audit", "", "PAYMENT", int64(100_000_000), "eur", "year")
	f.Add("price/../x", strings.Repeat("n", 121), "", "subscription", int64(-1), "us", "")
	f.Fuzz(func(t *testing.T, priceID, name, description, mode string, amount int64, currency, interval string) {
		checkInput(t, Plan{PriceID: priceID, Name: name, Description: description, Mode: mode, Amount: amount, Currency: currency, Interval: interval, Active: true},
			inputSpec[Plan]{
				normalize: (*Plan).Normalize,
				validate:  (*Plan).Validate,
				valid: func(t *testing.T, p *Plan) {
					if p.PriceID == "" || strings.ContainsAny(p.PriceID, " /?#") || p.Name == "" {
						t.Fatalf("plan %+v is valid", p)
					}
					if p.Amount <= 0 || len(p.Currency) != 3 || p.Currency != strings.ToLower(p.Currency) {
						t.Fatalf("amount %d %q is valid", p.Amount, p.Currency)
					}
					switch {
					case p.Mode == PlanModePayment && p.Interval == "":
					case p.Mode == PlanModeSubscription && (p.Interval == "month" || p.Interval == "year"):
					default:
						t.Fatalf("mode %q with interval %q is valid", p.Mode, p.Interval)
					}
				},
			})
	})
}

func FuzzCheckoutRequest(f *testing.F) {
	f.Add(" price_growth_monthly ", "/portal/billing?success=true", "https://portal.example.com/portal/billing?canceled=true", "subscription")
	f.Add("", "https://evil.example/phish", "//evil.example", "gift")
	f.Add("price", "/\\evil.example", "https://portal.example.com@evil.example/", "")
	f.Add("price", "https://portal.example.com:444/x", "/%2F%2Fevil.example", "payment")
	f.Add("price", "HTTPS://PORTAL.EXAMPLE.COM/a\\b", "javascript:alert(1)", " payment ")
	f.Add("price", "/%5Cevil.example/", "https://portal.example.com/%09/evil.example/", "")
	f.Add("price", "/portal/%2e%2e/%5C%5Cevil.example/?q=a b", "/%255Cevil.example/", "")
	b := &Billing{SiteURL: "https://portal.example.com"}
	f.Fuzz(func(t *testing.T, priceID, success, cancel, mode string) {
		checkInput(t, CheckoutRequest{PriceID: priceID, SuccessURL: success, CancelURL: cancel, Mode: mode}, inputSpec[CheckoutRequest]{
			normalize: (*CheckoutRequest).Normalize,
			validate:  func(in *CheckoutRequest) error { return in.Validate() },
			valid: func(t *testing.T, in *CheckoutRequest) {
				trimmed(t, map[string]string{"price_id": in.PriceID, "mode": in.Mode})
				if in.PriceID == "" || (in.Mode != "" && in.Mode != PlanModePayment && in.Mode != PlanModeSubscription) {
					t.Fatalf("checkout %+v is valid", in)
				}
			},
		})
		// A return URL is this site's, or it is replaced: the checkout never sends the
		// browser elsewhere when it comes back.
		for _, raw := range []string{success, cancel} {
			out := b.sitePath(raw)
			if out == "" {
				continue
			}
			u, err := url.Parse(out)
			if err != nil || u.Scheme != "https" || u.Host != "portal.example.com" || u.User != nil || u.Opaque != "" {
				t.Fatalf("return URL %q becomes %q, not on this site", raw, out)
			}
			// A browser reads it on this site too (WHATWG rules), and so does every hop after:
			// the decoded path holds no backslash or control character and does not start
			// with "//", so no later decoding turns it into a host.
			if w, err := browserurl.Parse(out, nil); err != nil || w.Origin() != "https://portal.example.com" || w.Username != "" {
				t.Fatalf("return URL %q becomes %q, which a browser reads as %v (%v)", raw, out, w, err)
			}
			if strings.HasPrefix(u.Path, "//") || strings.ContainsRune(u.Path, '\\') || HasControl(u.Path) || u.Path != path.Clean(u.Path) {
				t.Fatalf("return URL %q becomes %q, whose decoded path is %q", raw, out, u.Path)
			}
			// Every character is one a URI holds as it is (RFC 3986), so the provider takes it.
			if strings.ContainsFunc(out, func(r rune) bool {
				return r > '~' || r <= ' ' || strings.ContainsRune(`"<>\^`+"`{|}", r)
			}) {
				t.Fatalf("return URL %q becomes %q, which a URI cannot hold as it is", raw, out)
			}
			if again := b.sitePath(out); again != out {
				t.Fatalf("return URL %q becomes %q, then %q", raw, out, again)
			}
		}
	})
}

func FuzzClientErrorReport(f *testing.F) {
	f.Add("TypeError: x is undefined", "at render (app.js:1:2)\n  at main", "https://growthdesk.example/portal", "error")
	f.Add("", "", "", "")
	f.Add("two\nlines", "stack\x00", "javascript:alert(1)", "warning")
	f.Add("m", "s", "http://host:99999/x", "boundary")
	f.Fuzz(func(t *testing.T, message, stack, pageURL, kind string) {
		checkInput(t, ClientErrorReport{Message: message, Stack: stack, URL: pageURL, Kind: kind}, inputSpec[ClientErrorReport]{
			normalize: (*ClientErrorReport).Normalize,
			validate:  func(in *ClientErrorReport) error { return in.Validate() },
			valid: func(t *testing.T, in *ClientErrorReport) {
				within(t, "message", in.Message, true, ClientErrorMessageMax)
				within(t, "stack", in.Stack, false, ClientErrorStackMax)
				if strings.ContainsAny(in.Message, "\r\n") {
					t.Fatalf("message %q spans lines", in.Message)
				}
				u, err := url.Parse(in.URL)
				if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(in.URL) > ClientErrorURLMax || strings.ContainsAny(in.URL, "\r\n") {
					t.Fatalf("url %q is valid", in.URL)
				}
				if !slices.Contains(ClientErrorKinds, in.Kind) {
					t.Fatalf("kind %q is valid", in.Kind)
				}
			},
		})
	})
}

func FuzzCategoryInput(f *testing.F) {
	f.Add(" Billing ", " #2563EB ", 10, true, true, true)
	f.Add("", "blue", -1, true, true, true)
	f.Add("x", "#12345", 10001, false, true, true)
	f.Add("Tab\there", "#abcdef\n", 0, true, false, false)
	f.Fuzz(func(t *testing.T, name, color string, sort int, hasName, hasColor, hasSort bool) {
		in := CategoryInput{}
		if hasName {
			in.Name = &name
		}
		if hasColor {
			in.Color = &color
		}
		if hasSort {
			in.SortOrder = &sort
		}
		for _, create := range []bool{true, false} {
			checkInput(t, in, inputSpec[CategoryInput]{
				normalize: func(*CategoryInput) {}, // Validate normalizes
				validate:  func(in *CategoryInput) error { return in.Validate(create) },
				valid: func(t *testing.T, in *CategoryInput) {
					if create && in.Name == nil {
						t.Fatal("a new category without a name is valid")
					}
					if in.Name != nil {
						trimmed(t, map[string]string{"name": *in.Name})
						within(t, "name", *in.Name, true, CategoryNameMax)
					}
					if in.Color != nil && (len(*in.Color) != 7 || strings.Trim((*in.Color)[1:], "0123456789abcdef") != "" || (*in.Color)[0] != '#') {
						t.Fatalf("color %q is valid", *in.Color)
					}
					if in.SortOrder != nil && (*in.SortOrder < 0 || *in.SortOrder > 10000) {
						t.Fatalf("sort_order %d is valid", *in.SortOrder)
					}
				},
			})
		}
	})
}
