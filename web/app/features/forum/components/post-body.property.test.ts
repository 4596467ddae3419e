import { describe, it } from "vitest";
import { checkRendererOnAnyText } from "~/lib/markup-property";
import { PostBody } from "./post-body";

// Randomized property test of the forum's Markdown-lite (docs/fuzzing.md).

describe("PostBody, on any text", () => {
  it("never throws, renders only its own elements and attributes, and keeps the text", () => {
    checkRendererOnAnyText(
      PostBody,
      new Set(["div", "h3", "h4", "h5", "p", "strong", "ul", "li", "em"]),
      new Set(["class", "aria-hidden"]),
    );
  });
});
