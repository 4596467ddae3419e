import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PostBody } from "./post-body";

// Randomized property test of the forum's Markdown-lite (docs/fuzzing.md): whatever a member
// writes in a post, rendering never throws, yields only the renderer's own elements and
// attributes, and keeps the text.

const OWN_TAGS = new Set(["div", "h3", "h4", "h5", "p", "strong", "ul", "li", "em"]);
const OWN_ATTRIBUTES = new Set(["class", "aria-hidden"]);

// Pieces of the body syntax, of HTML and of things a browser might run, for the generator to
// combine with arbitrary text.
const PIECES = [
  "# ", "## ", "### ", "#### ", "#", "**", "*", "_", "- ", "-", "\n", "\r\n", "\r", "\n\n", " ", "\t", "\u2028",
  "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<a href=\"javascript:alert(1)\">x</a>", "</p><p>",
  "<!--", "-->", "<![CDATA[", "&amp;", "&lt;b&gt;", "&#60;", "\"", "'", "`", "=", "<", ">", "/", "{{x}}", "${x}",
  "<style>*{}</style>", "<svg onload=alert(1)>", "<iframe srcdoc=x>", "\u0000", "\uFEFF", "\uD800", "é", "東京", "🚀",
];

const body = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string(), fc.string({ unit: "binary" })), { maxLength: 40 }).map((parts) => parts.join(""));

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };

/** The elements of a rendered fragment, and its text as a browser would show it. */
function inspect(html: string) {
  const tags: { name: string; attributes: string }[] = [];
  const text = html
    .replace(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g, (_, _close: string, name: string, attributes: string) => {
      tags.push({ name: name.toLowerCase(), attributes });
      return " ";
    })
    .replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e]!);
  return { tags, text };
}

/** The text with what the body syntax may consume (markers and white space) removed. */
const essence = (s: string) => s.replace(/[\s#*_-]/g, "");

describe("PostBody, on any text", () => {
  it("never throws, renders only its own elements and attributes, and keeps the text", () => {
    fc.assert(
      fc.property(body, (input) => {
        const html = renderToStaticMarkup(createElement(PostBody, { body: input }));
        const { tags, text } = inspect(html);
        for (const tag of tags) {
          expect(OWN_TAGS.has(tag.name), `element <${tag.name}> from ${JSON.stringify(input)}`).toBe(true);
          const attributes = [...tag.attributes.matchAll(/\s([^\s=]+)="[^"]*"/g)].map((m) => m[1]!);
          expect(tag.attributes.replace(/\s([^\s=]+)="[^"]*"/g, "").trim(), `attributes ${tag.attributes}`).toBe("");
          for (const name of attributes) expect(OWN_ATTRIBUTES.has(name), `attribute ${name} from ${JSON.stringify(input)}`).toBe(true);
        }
        expect(html.startsWith('<div class="') && html.endsWith("</div>")).toBe(true);
        expect(essence(text)).toBe(essence(input));
      }),
      { numRuns: 1000 },
    );
  });
});
