package server

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"testing"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// largeUpload streams a multipart upload of n files of size bytes each, every byte i of a
// file being byte(i), written as it is read so that the sender holds none of it.
func largeUpload(n, size int) (io.Reader, string) {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	contentType := mw.FormDataContentType()
	go func() {
		chunk := make([]byte, 32<<10)
		for i := range chunk {
			chunk[i] = byte(i)
		}
		for f := range n {
			fw, err := mw.CreateFormFile("files", fmt.Sprintf("file-%d.pdf", f))
			if err != nil {
				pw.CloseWithError(err)
				return
			}
			for left := size; left > 0; left -= len(chunk) {
				if _, err := fw.Write(chunk[:min(left, len(chunk))]); err != nil {
					return
				}
			}
		}
		pw.CloseWithError(mw.Close())
	}()
	return pr, contentType
}

// TestReadUpload_HoldsLittleOfALargeUploadInMemory reads the largest upload there is, five
// files of 10 MB, and checks that reading it allocated a small fraction of it: the files go
// to disk past their first spoolMemory bytes. Reading them whole into memory, as uploads once
// were, allocates over 50 MB here.
func TestReadUpload_HoldsLittleOfALargeUploadInMemory(t *testing.T) {
	// Not parallel: it counts the allocations of the whole process, which parallel tests would add to.
	body, contentType := largeUpload(growthdesk.AttachmentsPerMessage, growthdesk.AttachmentMaxBytes)
	r := httptest.NewRequest(http.MethodPost, "/api/v1/tickets/x/attachments", body)
	r.Header.Set("Content-Type", contentType)
	spool := &uploadSpool{}
	defer spool.Close()

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, files, err := readUpload(r, spool, func(*string) error { return nil })
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	const bound = 4 << 20
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > bound {
		t.Fatalf("reading a %d MB upload allocated %.1f MB, want at most %d MB", len(files)*growthdesk.AttachmentMaxBytes>>20, float64(alloc)/(1<<20), bound>>20)
	} else {
		t.Logf("reading a %d MB upload allocated %.2f MB", len(files)*growthdesk.AttachmentMaxBytes>>20, float64(alloc)/(1<<20))
	}

	if len(files) != growthdesk.AttachmentsPerMessage {
		t.Fatalf("%d files read", len(files))
	}
	for _, f := range files {
		if f.Len() != growthdesk.AttachmentMaxBytes || f.Content != nil {
			t.Fatalf("%s: %d bytes, %d in memory", f.Filename, f.Len(), len(f.Content))
		}
	}
	// What the store reads back is what was sent.
	content, err := files[4].Bytes()
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range content {
		if b != byte(i%(32<<10)) {
			t.Fatalf("byte %d of the spooled file is %d", i, b)
		}
	}
}

// TestUploadSpool_KeepsSmallFilesInMemoryAndRemovesTheRest covers the sizes around the bounds.
func TestUploadSpool_KeepsSmallFilesInMemoryAndRemovesTheRest(t *testing.T) {
	t.Parallel()
	spool := &uploadSpool{}
	const max = spoolMemory * 3
	for _, size := range []int{0, 1, spoolMemory, spoolMemory + 1, max, max + 1, max + 100} {
		sent := make([]byte, size)
		for i := range sent {
			sent[i] = byte(i * 7)
		}
		f, err := spool.add("f.pdf", bytes.NewReader(sent), max)
		if err != nil {
			t.Fatal(err)
		}
		want := int64(min(size, max+1)) // one byte past max tells the caller it is too large
		if f.Len() != want || (size <= spoolMemory) != (f.Open == nil) {
			t.Fatalf("%d bytes sent: Len %d, in memory %v", size, f.Len(), f.Open == nil)
		}
		got, err := f.Bytes()
		if err != nil || !bytes.Equal(got, sent[:want]) {
			t.Fatalf("%d bytes sent: read back %d bytes, %v", size, len(got), err)
		}
	}
	names := make([]string, 0, len(spool.files))
	for _, f := range spool.files {
		names = append(names, f.Name())
	}
	if len(names) != 4 {
		t.Fatalf("%d files spooled to disk, want 4", len(names))
	}
	if err := spool.Close(); err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if _, err := os.Stat(name); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("%s is still there: %v", name, err)
		}
	}
}
