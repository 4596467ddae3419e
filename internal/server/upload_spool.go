package server

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// spoolMemory is the largest uploaded file kept in memory; a larger one goes to a temporary
// file. Reading an upload thus holds at most five small files and two buffers in memory,
// whatever its size (TestReadUpload_HoldsLittleOfALargeUploadInMemory: 0.3 MB for 50 MB), and
// the store reads the spooled files back one at a time as it inserts them.
const spoolMemory = 256 << 10

// uploadSpool keeps the files of one upload until they are stored. Close removes them.
type uploadSpool struct {
	files []*os.File
	// scratch takes the start of each file (spoolMemory+1 bytes) and buf the rest of a large
	// one on its way to disk, shared by the files of the upload.
	scratch, buf []byte
}

// errSpool marks a fault of the server's disk, as opposed to a body that cannot be read.
type errSpool struct{ err error }

func (e *errSpool) Error() string { return "spool upload: " + e.err.Error() }
func (e *errSpool) Unwrap() error { return e.err }

// add reads r to its end, but at most max+1 bytes, so that the caller can tell a file larger
// than max by its Len. A read error of r comes back as it is; a fault of the disk as *errSpool.
func (sp *uploadSpool) add(filename string, r io.Reader, max int64) (growthdesk.NewAttachment, error) {
	if sp.scratch == nil {
		sp.scratch, sp.buf = make([]byte, spoolMemory+1), make([]byte, 32<<10)
	}
	body := &io.LimitedReader{R: r, N: max + 1}
	n, err := io.ReadFull(body, sp.scratch)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		// The whole file (or max+1 bytes of it, when max is below spoolMemory) is read.
		return growthdesk.NewAttachment{Filename: filename, Content: bytes.Clone(sp.scratch[:n])}, nil
	}
	if err != nil {
		return growthdesk.NewAttachment{}, err
	}
	f, err := os.CreateTemp("", "growthdesk-upload-*")
	if err != nil {
		return growthdesk.NewAttachment{}, &errSpool{err}
	}
	sp.files = append(sp.files, f)
	// Gone from the directory at once where the system allows it (the open file stays
	// readable), so that a crash leaves nothing behind; Close removes it elsewhere.
	_ = os.Remove(f.Name())
	if _, err := f.Write(sp.scratch[:n]); err != nil {
		return growthdesk.NewAttachment{}, &errSpool{err}
	}
	rest, err := io.CopyBuffer(spoolWriter{f}, body, sp.buf)
	if err != nil {
		return growthdesk.NewAttachment{}, err
	}
	size := int64(n) + rest
	return growthdesk.NewAttachment{Filename: filename, Size: size, Open: func() (io.ReadCloser, error) {
		return io.NopCloser(io.NewSectionReader(f, 0, size)), nil
	}}, nil
}

// spoolWriter marks the faults of writing a spooled file as *errSpool.
type spoolWriter struct{ f *os.File }

func (w spoolWriter) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	if err != nil {
		err = &errSpool{err}
	}
	return n, err
}

// Close closes and removes the spooled files.
func (sp *uploadSpool) Close() error {
	var errs []error
	for _, f := range sp.files {
		errs = append(errs, f.Close())
		if err := os.Remove(f.Name()); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, fmt.Errorf("remove spooled upload: %w", err))
		}
	}
	sp.files = nil
	return errors.Join(errs...)
}
