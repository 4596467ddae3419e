// Package pdffont draws text of any script into the product's PDFs (go-pdf/fpdf). The core
// PDF fonts know only Windows-1252, so anything else printed as dots; instead the documents
// embed DejaVu Sans (Latin, Greek, Cyrillic, many symbols such as ☕) and, for the characters
// it lacks, WenQuanYi Micro Hei (Chinese, Japanese, Korean). fpdf subsets each font to the
// characters a document uses. fpdf draws in one font at a time, so every string is split into
// runs of the font that has its characters and the runs are drawn side by side; a Doc wraps
// the few fpdf calls the documents use (cells, flowing text, text at a point) that way.
package pdffont

import (
	"bytes"
	"embed"
	"fmt"
	"io"
	"sync"
	"unicode/utf8"

	"github.com/andybalholm/brotli"
	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/sfnt"
)

//go:embed fonts/*.ttf.br
var files embed.FS

// Font families a Doc registers with fpdf.
const (
	sans = "dejavusans"
	cjk  = "wenquanyimicrohei"
)

// face is one font file and the characters of the Basic Multilingual Plane it has a glyph for.
type face struct {
	data   []byte
	covers [0x10000 / 64]uint64
}

func (f *face) has(r rune) bool { return r < 0x10000 && f.covers[r/64]&(1<<(r%64)) != 0 }

type faces struct {
	regular, bold, fallback *face
}

// load decompresses the fonts and reads which characters each has, once per process: about
// 5 MB kept in memory, shared by every document.
var load = sync.OnceValues(func() (*faces, error) {
	var fs faces
	for _, f := range []struct {
		into **face
		name string
	}{{&fs.regular, "DejaVuSans.ttf.br"}, {&fs.bold, "DejaVuSans-Bold.ttf.br"}, {&fs.fallback, "WenQuanYiMicroHei.ttf.br"}} {
		compressed, err := files.ReadFile("fonts/" + f.name)
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(brotli.NewReader(bytes.NewReader(compressed)))
		if err != nil {
			return nil, fmt.Errorf("pdffont: %s: %w", f.name, err)
		}
		parsed, err := sfnt.Parse(data)
		if err != nil {
			return nil, fmt.Errorf("pdffont: %s: %w", f.name, err)
		}
		fc := &face{data: data}
		var buf sfnt.Buffer
		for r := rune(0); r < 0x10000; r++ {
			if r >= 0xD800 && r <= 0xDFFF {
				continue
			}
			if g, err := parsed.GlyphIndex(&buf, r); err == nil && g != 0 {
				fc.covers[r/64] |= 1 << (r % 64)
			}
		}
		*f.into = fc
	}
	return &fs, nil
})

// Doc draws text into one PDF with the embedded fonts. Use its SetFont instead of fpdf's, and
// its Cell, Write and Text for any text that is not a fixed ASCII label.
type Doc struct {
	PDF   *fpdf.Fpdf
	faces *faces
	style string
	size  float64
	// withFallback is whether the fallback font was registered with this document: only
	// documents that need it pay for reading it.
	withFallback bool
}

// New registers the fonts with pdf and selects the regular face at 10 pt.
func New(pdf *fpdf.Fpdf) (*Doc, error) {
	fs, err := load()
	if err != nil {
		return nil, err
	}
	pdf.AddUTF8FontFromBytes(sans, "", fs.regular.data)
	pdf.AddUTF8FontFromBytes(sans, "B", fs.bold.data)
	d := &Doc{PDF: pdf, faces: fs}
	d.SetFont("", 10)
	return d, pdf.Error()
}

// SetFont selects the style ("" or "B") and size in points of the text that follows.
func (d *Doc) SetFont(style string, size float64) {
	d.style, d.size = style, size
	d.PDF.SetFont(sans, style, size)
}

// run is a stretch of text drawn in one font.
type run struct {
	fallback bool
	text     string
}

// runs splits s into runs by font: a character DejaVu Sans has stays in it, one it lacks goes
// to the fallback font when that has it. Spaces and characters neither font has join the run
// they are in, so a CJK phrase with spaces stays one run. Characters outside the Basic
// Multilingual Plane, which fpdf cannot encode, become U+FFFD.
func (d *Doc) runs(s string) []run {
	var out []run
	var cur []byte
	fallback := false
	for _, r := range s {
		if r >= 0x10000 || r == utf8.RuneError {
			r = '\uFFFD'
		}
		fb := fallback
		switch {
		case r == ' ':
		case d.faces.regular.has(r):
			fb = false
		case d.faces.fallback.has(r):
			fb = true
		}
		if fb != fallback && len(cur) > 0 {
			out = append(out, run{fallback: fallback, text: string(cur)})
			cur = cur[:0]
		}
		fallback = fb
		cur = utf8.AppendRune(cur, r)
	}
	if len(cur) > 0 {
		out = append(out, run{fallback: fallback, text: string(cur)})
	}
	return out
}

// use selects the font of a run. The fallback font has one weight, used for bold too.
func (d *Doc) use(r run) {
	if !r.fallback {
		d.PDF.SetFont(sans, d.style, d.size)
		return
	}
	if !d.withFallback {
		d.PDF.AddUTF8FontFromBytes(cjk, "", d.faces.fallback.data)
		d.withFallback = true
	}
	d.PDF.SetFont(cjk, "", d.size)
}

// Width is the width of s in the current style and size, in the document's unit.
func (d *Doc) Width(s string) float64 {
	w := 0.0
	for _, r := range d.runs(s) {
		d.use(r)
		w += d.PDF.GetStringWidth(r.text)
	}
	d.SetFont(d.style, d.size)
	return w
}

// Fit shortens s with an ellipsis until it is at most width wide.
func (d *Doc) Fit(s string, width float64) string {
	text := []rune(s)
	for len(text) > 1 && d.Width(string(text)) > width {
		text = append(text[:len(text)-2], '…')
	}
	return string(text)
}

// Cell is fpdf's CellFormat for text in any script: a cell w by h with its border and fill,
// the text aligned "L", "C" or "R" (vertically centred), and the position after it as ln says
// (0 right of the cell, 1 start of the next line, 2 below the cell).
func (d *Doc) Cell(w, h float64, text, border string, ln int, align string, fill bool) {
	pdf := d.PDF
	runs := d.runs(text)
	if len(runs) <= 1 {
		if len(runs) == 1 {
			d.use(runs[0])
		}
		pdf.CellFormat(w, h, text, border, ln, align, fill, 0, "")
		d.SetFont(d.style, d.size)
		return
	}
	x, y := pdf.GetXY()
	if w == 0 {
		pageWidth, _ := pdf.GetPageSize()
		_, _, right, _ := pdf.GetMargins()
		w = pageWidth - right - x
	}
	pdf.CellFormat(w, h, "", border, 0, "", fill, 0, "")
	margin := pdf.GetCellMargin()
	textWidth := d.Width(text)
	start := x + margin
	switch align {
	case "C":
		start = x + (w-textWidth)/2
	case "R":
		start = x + w - margin - textWidth
	}
	pdf.SetCellMargin(0)
	pdf.SetX(start)
	for _, r := range runs {
		d.use(r)
		pdf.CellFormat(pdf.GetStringWidth(r.text), h, r.text, "", 0, "L", false, 0, "")
	}
	pdf.SetCellMargin(margin)
	d.SetFont(d.style, d.size)
	switch ln {
	case 1:
		left, _, _, _ := pdf.GetMargins()
		pdf.SetXY(left, y+h)
	case 2:
		pdf.SetXY(x, y+h)
	default:
		pdf.SetXY(x+w, y)
	}
}

// Write flows text from the current position with lines h high, wrapping at the right
// margin, like fpdf's Write.
func (d *Doc) Write(h float64, text string) {
	for _, r := range d.runs(text) {
		d.use(r)
		d.PDF.Write(h, r.text)
	}
	d.SetFont(d.style, d.size)
}

// Paragraph is text wrapped to the width between the margins, followed by a line break, like
// fpdf's MultiCell without border.
func (d *Doc) Paragraph(h float64, text string) {
	left, _, _, _ := d.PDF.GetMargins()
	d.PDF.SetX(left)
	d.Write(h, text)
	d.PDF.Ln(h)
}

// Text draws text with its baseline starting at x, y.
func (d *Doc) Text(x, y float64, text string) {
	for _, r := range d.runs(text) {
		d.use(r)
		d.PDF.Text(x, y, r.text)
		x += d.PDF.GetStringWidth(r.text)
	}
	d.SetFont(d.style, d.size)
}
