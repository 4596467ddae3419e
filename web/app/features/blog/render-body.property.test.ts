import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkRendererOnAnyText, markupText } from "~/lib/markup-property";
import { ArticleBody, parseBody } from "./render-body";

// Randomized property test of the blog's body renderer (docs/fuzzing.md).

describe("ArticleBody, on any text", () => {
  it("never throws, renders only its own elements and attributes, and keeps the text", () => {
    checkRendererOnAnyText(
      ArticleBody,
      new Set(["div", "h2", "h3", "h4", "p", "strong", "ul", "li", "em"]),
      new Set(["class", "data-testid", "aria-hidden"]),
    );
  });

  it("parses any text into blocks of the body rules' kinds, each with its text", () => {
    fc.assert(
      fc.property(markupText, (input) => {
        for (const block of parseBody(input)) {
          switch (block.kind) {
            case "heading":
              expect([1, 2, 3]).toContain(block.level);
              expect(block.text.trim()).not.toBe("");
              break;
            case "list":
              expect(block.items.length).toBeGreaterThan(0);
              break;
            case "break":
              break;
            default:
              expect(block.text).not.toMatch(/^\s|\s$/);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});
