package server_test

import (
	"encoding/json"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// stalledBody sends size bytes and then waits until released: a client still uploading.
type stalledBody struct {
	size    int
	release chan struct{}
	once    sync.Once
}

func (b *stalledBody) Read(p []byte) (int, error) {
	if b.size > 0 {
		n := min(len(p), b.size)
		clear(p[:n])
		b.size -= n
		return n, nil
	}
	<-b.release
	return 0, errors.New("the client gave up")
}

func (b *stalledBody) stop() { b.once.Do(func() { close(b.release) }) }

// TestUpload_TooLargeIsRefusedBeforeItIsSent: an upload that declares more than the upload
// bound is answered 413 after its first megabyte, without waiting for the rest.
func TestUpload_TooLargeIsRefusedBeforeItIsSent(t *testing.T) {
	t.Parallel()
	env := newSupportEnv(t, storetest.SQLite(t))
	ticket := idOf.FindStringSubmatch(env.as(t, "customer", "POST", "/api/v1/tickets", `{"title":"T","description":"d"}`).body)[1]
	body := &stalledBody{size: 1 << 20, release: make(chan struct{})}
	defer body.stop()
	req, err := http.NewRequest("POST", env.srv.URL+"/api/v1/tickets/"+ticket+"/attachments", io.NopCloser(body))
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = 60 << 20
	req.Header.Set("Content-Type", "multipart/form-data; boundary="+multipart.NewWriter(io.Discard).Boundary())
	req.Header.Set("Authorization", "Bearer "+env.tokens["customer"])
	client := &http.Client{Timeout: 10 * time.Second}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("no answer while the upload was held back: %v", err)
	}
	defer res.Body.Close()
	var e struct{ Code, Message string }
	if err := json.NewDecoder(res.Body).Decode(&e); err != nil || res.StatusCode != http.StatusRequestEntityTooLarge ||
		e.Code != "payload_too_large" || e.Message != "The upload is larger than 51 MB." {
		t.Fatalf("%d %+v %v, want 413 payload_too_large", res.StatusCode, e, err)
	}
	body.stop()
	if _, files := env.thread(t, ticket); files != 0 {
		t.Fatalf("%d files stored", files)
	}
}
