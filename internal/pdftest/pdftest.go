// Package pdftest reads the text of a PDF in tests the way a person's PDF reader finds it:
// with pdftotext (Debian's poppler-utils), a reader this project does not write, so a test
// passes only when the characters are really in the file and mapped back to Unicode.
package pdftest

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Text is the text of the PDF data, laid out as on the page and with every run of spaces and
// line breaks turned into one space, so that a table row reads "Total runs 4". Without
// pdftotext the test is skipped, except in CI (CI=true), whose machine installs it (.ci/run).
func Text(t testing.TB, data []byte) string {
	t.Helper()
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", data[:min(len(data), 20)])
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext is not installed (apt-get install poppler-utils)")
		}
		t.Skip("pdftotext (poppler-utils) is not installed")
	}
	cmd := exec.Command("pdftotext", "-layout", "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(data)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v %s", err, stderr.String())
	}
	return strings.Join(strings.Fields(string(out)), " ")
}
