import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArticleBody, parseBody } from "./render-body";

const html = (body: string) => renderToStaticMarkup(<ArticleBody body={body} />);

describe("parseBody", () => {
  it("turns '# ', '## ' and '### ' lines into headings of that level", () => {
    expect(parseBody("# One\n## Two\n### Three")).toEqual([
      { kind: "heading", level: 1, text: "One" },
      { kind: "heading", level: 2, text: "Two" },
      { kind: "heading", level: 3, text: "Three" },
    ]);
  });

  it("treats a line that is entirely bold as a bold line", () => {
    expect(parseBody("**All of this is bold**")).toEqual([{ kind: "bold", text: "All of this is bold" }]);
  });

  it("keeps a line with two bold spans as a paragraph", () => {
    expect(parseBody("**a** and **b**")).toEqual([{ kind: "paragraph", text: "**a** and **b**" }]);
  });

  it("groups consecutive '- ' lines into one list and splits lists at a blank line", () => {
    expect(parseBody("- one\n- two\n\n- three")).toEqual([
      { kind: "list", items: ["one", "two"] },
      { kind: "break" },
      { kind: "list", items: ["three"] },
    ]);
  });

  it("turns each blank line between content into a break, ignoring leading and trailing ones", () => {
    expect(parseBody("\n\nFirst\n\n\nSecond\n\n")).toEqual([
      { kind: "paragraph", text: "First" },
      { kind: "break" },
      { kind: "break" },
      { kind: "paragraph", text: "Second" },
    ]);
  });

  it("treats a line entirely in *…* or _…_ as an italic line", () => {
    expect(parseBody("*Quietly italic*\n_Also italic_")).toEqual([
      { kind: "italic", text: "Quietly italic" },
      { kind: "italic", text: "Also italic" },
    ]);
  });

  it("makes anything else a paragraph", () => {
    expect(parseBody("Just text.\n#Not a heading\n-not a list\n#### Too deep\n*half* italic")).toEqual([
      { kind: "paragraph", text: "Just text." },
      { kind: "paragraph", text: "#Not a heading" },
      { kind: "paragraph", text: "-not a list" },
      { kind: "paragraph", text: "#### Too deep" },
      { kind: "paragraph", text: "*half* italic" },
    ]);
  });

  it("accepts Windows line endings", () => {
    expect(parseBody("# A\r\nB")).toEqual([
      { kind: "heading", level: 1, text: "A" },
      { kind: "paragraph", text: "B" },
    ]);
  });
});

describe("ArticleBody", () => {
  it("demotes headings by one level so the page keeps a single h1", () => {
    const out = html("# One\n## Two\n### Three");
    expect(out).toContain(">One</h2>");
    expect(out).toContain(">Two</h3>");
    expect(out).toContain(">Three</h4>");
    expect(out).not.toContain("<h1");
  });

  it("renders a bold line in <strong>", () => {
    expect(html("**Bold line**")).toMatch(/<p[^>]*><strong>Bold line<\/strong><\/p>/);
  });

  it("renders list items inside a single <ul>", () => {
    const out = html("- a\n- b\n- c");
    expect(out.match(/<ul/g)).toHaveLength(1);
    expect(out.match(/<li/g)).toHaveLength(3);
  });

  it("renders a blank line as a spacing break", () => {
    expect(html("a\n\nb")).toMatch(/<p>a<\/p><div class="[^"]*" aria-hidden="true"><\/div><p>b<\/p>/);
  });

  it("renders an italic line centered", () => {
    expect(html("*Centered*")).toMatch(/<p class="[^"]*text-center[^"]*"><em>Centered<\/em><\/p>/);
  });

  it("renders inline **bold** inside paragraphs and list items", () => {
    expect(html("Some **strong** words")).toMatch(/<p>Some <strong[^>]*>strong<\/strong> words<\/p>/);
    expect(html("- **Key:** value")).toMatch(/<li[^>]*><strong[^>]*>Key:<\/strong> value<\/li>/);
  });

  it("keeps HTML in a post as text", () => {
    const out = html('<script>alert(1)</script>\n- <img src=x onerror="alert(2)">\n# <b>hi</b>');
    expect(out).not.toContain("<script>");
    expect(out).not.toContain("<img");
    expect(out).not.toContain("<b>");
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
  });
});
