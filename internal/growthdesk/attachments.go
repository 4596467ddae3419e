package growthdesk

import (
	"context"
	"fmt"
	"io"
	"path"
	"strings"
	"time"
	"unicode/utf8"
)

// Attachment is a file of a ticket or a response; its content is read separately.
type Attachment struct {
	ID          string    `json:"id"`
	TicketID    string    `json:"ticket_id"`
	ResponseID  *string   `json:"response_id"`
	Filename    string    `json:"filename"`
	ContentType string    `json:"content_type"`
	Size        int64     `json:"size"`
	CreatedAt   time.Time `json:"created_at"`
}

// AttachmentFile is an attachment with its content, for download.
type AttachmentFile struct {
	Attachment
	Content []byte
}

// NewAttachment is an uploaded file before it is stored. A file given in memory (demo data,
// tests) has Content; an upload has Open and Size instead, its files kept out of memory
// (spooled to disk) until the store reads them one at a time as it inserts them, so that an
// upload of five 10 MB files never holds all of them at once.
type NewAttachment struct {
	Filename string
	Content  []byte
	// Open, when set, reads the file's Size bytes.
	Open func() (io.ReadCloser, error)
	Size int64
}

// Len is the file's size in bytes.
func (f NewAttachment) Len() int64 {
	if f.Open != nil {
		return f.Size
	}
	return int64(len(f.Content))
}

// Bytes returns the file's content, read from Open when it is not in memory; a file that
// reads more or less than Size is an error.
func (f NewAttachment) Bytes() ([]byte, error) {
	if f.Open == nil {
		return f.Content, nil
	}
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b := make([]byte, f.Size)
	if _, err := io.ReadFull(rc, b); err != nil {
		return nil, fmt.Errorf("read attachment %q: %w", f.Filename, err)
	}
	if n, _ := rc.Read(make([]byte, 1)); n != 0 {
		return nil, fmt.Errorf("read attachment %q: longer than its size %d", f.Filename, f.Size)
	}
	return b, nil
}

// attachmentTypes is the allow-list of files a message may carry, by extension: the type
// stored and served is ours, never the one the browser sent.
var attachmentTypes = map[string]string{
	".png":  "image/png",
	".jpg":  "image/jpeg",
	".jpeg": "image/jpeg",
	".gif":  "image/gif",
	".webp": "image/webp",
	".pdf":  "application/pdf",
	".txt":  "text/plain",
	".log":  "text/plain",
	".csv":  "text/csv",
	".doc":  "application/msword",
	".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	".xls":  "application/vnd.ms-excel",
	".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	".ppt":  "application/vnd.ms-powerpoint",
	".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
	".odt":  "application/vnd.oasis.opendocument.text",
	".ods":  "application/vnd.oasis.opendocument.spreadsheet",
}

// AttachmentType returns the content type of an allowed file name, or "" when its type is
// not allowed.
func AttachmentType(filename string) string {
	return attachmentTypes[strings.ToLower(path.Ext(filename))]
}

// Longest stored file name, and longest extension kept when a name is shortened to it, in
// characters.
const (
	filenameMax    = 120
	filenameExtMax = 20
)

// CleanFilename keeps a file name safe to store and to send back in a header, and shown as
// what it is: the last path element, no quotes, no control or format characters (hiddenInName:
// a right-to-left override would show "evil\u202Egnp.txt" as "eviltxt.png"), at most 120
// characters (a long name keeps its extension). It returns "" for a name that names nothing
// (empty, ".", ".." or only separators). Cleaning a clean name changes nothing.
func CleanFilename(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = path.Base(name)
	name = strings.Map(func(r rune) rune {
		if r == '"' || hiddenInName(r) {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if utf8.RuneCountInString(name) > filenameMax {
		// An "extension" longer than any real one is part of the name: keeping it whole
		// would leave no room for the rest.
		ext := path.Ext(name)
		if utf8.RuneCountInString(ext) > filenameExtMax {
			ext = ""
		}
		r := []rune(strings.TrimSuffix(name, ext))
		name = strings.TrimSpace(string(r[:filenameMax-utf8.RuneCountInString(ext)])) + ext
	}
	switch name {
	case ".", "..", "/":
		return ""
	}
	return name
}

// errTooManyFiles is the answer when a message would carry more than AttachmentsPerMessage files.
var errTooManyFiles = Invalid(map[string]string{"files": fmt.Sprintf("A message carries at most %d files.", AttachmentsPerMessage)})

// attachTarget returns the ticket the caller may add files to, on the ticket itself
// (responseID nil) or on one of its responses. Customers attach to their organization's
// tickets they opened and to their own responses; staff to any.
func (s *Support) attachTarget(ctx context.Context, c *Caller, ticketID string, responseID *string) (*Ticket, error) {
	scope, err := ticketScope(c)
	if err != nil {
		return nil, err
	}
	staff := c.Profile.IsStaff()
	detail, err := s.Store.GetTicket(ctx, scope, ticketID, false)
	if err != nil {
		return nil, err
	}
	t := &detail.Ticket
	if responseID != nil {
		r, err := s.Store.ResponseOf(ctx, scope, t.ID, *responseID)
		if err != nil {
			return nil, err
		}
		if !staff && (r.IsInternal || r.Author.ID != c.Profile.ID) {
			if r.IsInternal {
				return nil, Errorf(ENotFound, "There is no such response.")
			}
			return nil, Errorf(EForbidden, "You can attach files to your own responses only.")
		}
	} else if !staff && (t.Customer == nil || t.Customer.ID != c.Profile.ID) {
		return nil, Errorf(EForbidden, "Only the customer who opened the ticket can attach files to it; add them to a reply instead.")
	}
	return t, nil
}

// CheckAttach answers, before an upload is read, what Attach would answer about where the
// files go: ENotFound for a ticket or response the caller may not see, EForbidden for one
// they may not add files to, EInvalid when the message already carries AttachmentsPerMessage
// files. The server calls it before it reads the files, so that a refused upload is never
// held in memory; Attach checks again, and counts inside its transaction.
func (s *Support) CheckAttach(ctx context.Context, c *Caller, ticketID string, responseID *string) error {
	t, err := s.attachTarget(ctx, c, ticketID, responseID)
	if err != nil {
		return err
	}
	have, err := s.Store.AttachmentCount(ctx, c.Scope(), t.ID, responseID)
	if err != nil {
		return err
	}
	if have >= AttachmentsPerMessage {
		return errTooManyFiles
	}
	return nil
}

// Attach stores files on a ticket (responseID nil) or on one of its responses, at most
// AttachmentsPerMessage per message however many uploads race (the store counts and inserts
// in one transaction that holds the ticket's row).
func (s *Support) Attach(ctx context.Context, c *Caller, ticketID string, responseID *string, files []NewAttachment) ([]Attachment, error) {
	t, err := s.attachTarget(ctx, c, ticketID, responseID)
	if err != nil {
		return nil, err
	}
	bad := fieldCheck{}
	if len(files) == 0 {
		bad.add("files", "Choose at least one file.")
	}
	types := make([]string, len(files))
	for i, f := range files {
		f.Filename = CleanFilename(f.Filename)
		files[i].Filename = f.Filename
		switch {
		case f.Filename == "" || f.Filename == "." || f.Filename == "/":
			bad.add("files", "Every file needs a name.")
		case AttachmentType(f.Filename) == "":
			bad.add("files", fmt.Sprintf("%s: this type of file is not accepted. Send images, PDF, text, CSV or office documents.", f.Filename))
		case f.Len() == 0:
			bad.add("files", fmt.Sprintf("%s is empty.", f.Filename))
		case f.Len() > AttachmentMaxBytes:
			bad.add("files", fmt.Sprintf("%s is larger than 10 MB.", f.Filename))
		}
		types[i] = AttachmentType(f.Filename)
	}
	if err := bad.err(); err != nil {
		return nil, err
	}
	if len(files) > AttachmentsPerMessage {
		return nil, errTooManyFiles
	}
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.Filename
	}
	return s.Store.AddAttachments(ctx, c.Scope(), t.ID, responseID, files, types, c.Profile.ID, AttachmentsPerMessage,
		c.Audit(AuditTicketAttach, "ticket", t.ID, map[string]any{"response_id": responseID, "files": names}))
}

// Attachment returns a file with its content, when the caller may see its message.
func (s *Support) Attachment(ctx context.Context, c *Caller, id string) (*AttachmentFile, error) {
	scope, err := ticketScope(c)
	if err != nil {
		return nil, err
	}
	return s.Store.GetAttachment(ctx, scope, id, c.Profile.IsStaff())
}
