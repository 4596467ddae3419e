package server_test

import (
	"encoding/json"
	"mime"
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// TestAttachments_NamesLoseFormatCharacters uploads "evil\u202Egnp.txt" (which shows as
// "eviltxt.png") and a name with zero-width characters through the real upload route: the
// upload's answer, the ticket and the download's Content-Disposition all carry the name without
// them, so what a reader sees is the name the file is stored and typed under.
func TestAttachments_NamesLoseFormatCharacters(t *testing.T) {
	t.Parallel()
	env := newSupportEnv(t, storetest.SQLite(t))
	res := env.as(t, "customer", "POST", "/api/v1/tickets", `{"title":"Files","description":"See attached."}`)
	if res.status != 201 {
		t.Fatalf("create ticket: %d %s", res.status, res.body)
	}
	ticket := idOf.FindStringSubmatch(res.body)[1]
	want := map[string]string{"evil\u202Egnp.txt": "evilgnp.txt", "\uFEFFin\u200Bvoice\u200D.pdf": "invoice.pdf"}
	files := map[string][]byte{}
	for name := range want {
		files[name] = []byte("content of " + name)
	}
	up := env.upload(t, "customer", ticket, "", files)
	if up.status != 201 {
		t.Fatalf("upload: %d %s", up.status, up.body)
	}
	var stored []struct {
		ID       string `json:"id"`
		Filename string `json:"filename"`
	}
	if err := json.Unmarshal([]byte(up.body), &stored); err != nil || len(stored) != 2 {
		t.Fatalf("upload answer: %v %s", err, up.body)
	}
	names := map[string]bool{}
	for _, f := range stored {
		names[f.Filename] = true
		dl := env.as(t, "customer", "GET", "/api/v1/attachments/"+f.ID, "")
		_, params, err := mime.ParseMediaType(dl.header.Get("Content-Disposition"))
		if dl.status != 200 || err != nil || params["filename"] != f.Filename {
			t.Errorf("download of %q: %d, Content-Disposition %q (%v)", f.Filename, dl.status, dl.header.Get("Content-Disposition"), err)
		}
	}
	detail := env.as(t, "employee", "GET", "/api/v1/tickets/"+ticket, "").body
	for _, clean := range want {
		if !names[clean] || !strings.Contains(detail, `"filename":"`+clean+`"`) {
			t.Errorf("%q is not stored as sent back: upload %s, ticket %s", clean, up.body, detail)
		}
	}
	for _, r := range "\u202E\u200B\u200D\uFEFF" {
		if strings.ContainsRune(up.body+detail, r) {
			t.Errorf("an answer keeps %U: %s %s", r, up.body, detail)
		}
	}
}
