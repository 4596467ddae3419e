// The randomized property check shared by the tests of the two text renderers (the blog's body
// and the forum's Markdown-lite; docs/fuzzing.md): whatever the text, rendering never throws,
// yields only the renderer's own elements and attributes, and keeps the text. Tests only.
import fc from "fast-check";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect } from "vitest";

// Pieces of the body syntax, of HTML and of things a browser might run, for the generator to
// combine with arbitrary text.
const PIECES = [
  "# ", "## ", "### ", "#### ", "#", "**", "*", "_", "- ", "-", "\n", "\r\n", "\r", "\n\n", " ", "\t", "\u2028",
  "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<a href=\"javascript:alert(1)\">x</a>", "</p><p>",
  "<!--", "-->", "<![CDATA[", "&amp;", "&lt;b&gt;", "&#60;", "\"", "'", "`", "=", "<", ">", "/", "{{x}}", "${x}",
  "<style>*{}</style>", "<svg onload=alert(1)>", "<iframe srcdoc=x>", "\u0000", "\uFEFF", "\uD800", "é", "東京", "🚀",
];

/** Arbitrary text with the syntax's markers and HTML mixed in. */
export const markupText = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string(), fc.string({ unit: "binary" })), { maxLength: 40 })
  .map((parts) => parts.join(""));

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

/** Renders 1,000 random texts with Renderer and checks its elements, attributes and text. */
export function checkRendererOnAnyText(
  Renderer: ComponentType<{ body: string }>,
  ownTags: ReadonlySet<string>,
  ownAttributes: ReadonlySet<string>,
): void {
  fc.assert(
    fc.property(markupText, (input) => {
      const html = renderToStaticMarkup(createElement(Renderer, { body: input }));
      const { tags, text } = inspect(html);
      for (const tag of tags) {
        expect(ownTags.has(tag.name), `element <${tag.name}> from ${JSON.stringify(input)}`).toBe(true);
        const attributes = [...tag.attributes.matchAll(/\s([^\s=]+)="[^"]*"/g)].map((m) => m[1]!);
        expect(tag.attributes.replace(/\s([^\s=]+)="[^"]*"/g, "").trim(), `attributes ${tag.attributes}`).toBe("");
        for (const name of attributes) expect(ownAttributes.has(name), `attribute ${name} from ${JSON.stringify(input)}`).toBe(true);
      }
      expect(html.startsWith('<div class="') && html.endsWith("</div>")).toBe(true);
      expect(essence(text)).toBe(essence(input));
    }),
    { numRuns: 1000 },
  );
}
