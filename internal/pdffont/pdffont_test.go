package pdffont_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"

	"github.com/growthdesk/growthdesk/internal/pdffont"
	"github.com/growthdesk/growthdesk/internal/pdftest"
)

func TestAnyScriptPrintsAsWritten(t *testing.T) {
	pdf := fpdf.New("P", "mm", "A4", "")
	d, err := pdffont.New(pdf)
	if err != nil {
		t.Fatal(err)
	}
	pdf.AddPage()
	d.SetFont("B", 16)
	d.Cell(0, 10, "☕ 東京 Ölmez", "", 1, "L", false)
	d.SetFont("", 10)
	d.Cell(60, 8, "Ölmez 東京", "1", 0, "R", false)
	d.Cell(60, 8, "Zürich ☕", "1", 1, "C", false)
	d.Paragraph(5, "Привет, мир. Γειά σου. 서울 こんにちは 😀 — end.")
	d.Text(20, 80, "at a point: 東京 ☕")
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("PDFFONT_OUT"); dir != "" {
		os.WriteFile(dir+"/pdffont.pdf", out.Bytes(), 0o644)
	}
	text := pdftest.Text(t, out.Bytes())
	for _, want := range []string{"☕ 東京 Ölmez", "Ölmez 東京", "Zürich ☕", "Привет, мир. Γειά σου. 서울 こんにちは \uFFFD — end.", "at a point: 東京 ☕"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF's text lacks %q:\n%s", want, text)
		}
	}
}

func TestFitShortensWithAnEllipsis(t *testing.T) {
	pdf := fpdf.New("P", "mm", "A4", "")
	d, err := pdffont.New(pdf)
	if err != nil {
		t.Fatal(err)
	}
	long := "東京 Ölmez automation with a very long name indeed"
	got := d.Fit(long, 30)
	if !strings.HasSuffix(got, "…") || d.Width(got) > 30 || !strings.HasPrefix(got, "東京") {
		t.Errorf("Fit(%q, 30) = %q (%.1f mm)", long, got, d.Width(got))
	}
	if got := d.Fit("short", 30); got != "short" {
		t.Errorf("Fit kept %q as %q", "short", got)
	}
}
