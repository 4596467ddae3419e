import { describe, expect, it } from "vitest";
import { relatedPosts } from "./related";
import { makePost } from "./test/fixtures";

const current = makePost({ slug: "current", category: "AI Technology", tags: ["Chatbots", "Small Business"] });

describe("relatedPosts", () => {
  it("includes posts of the same category", () => {
    const same = makePost({ slug: "same-category", category: "AI Technology", tags: ["Other"] });
    expect(relatedPosts(current, [current, same])).toEqual([same]);
  });

  it("includes posts sharing any tag, whatever their category", () => {
    const tagged = makePost({ slug: "shares-tag", category: "Case Studies", tags: ["small business"] });
    expect(relatedPosts(current, [tagged])).toEqual([tagged]);
  });

  it("leaves out posts with neither", () => {
    const unrelated = makePost({ slug: "unrelated", category: "Best Practices", tags: ["Security"] });
    expect(relatedPosts(current, [unrelated])).toEqual([]);
  });

  it("never includes the post itself", () => {
    expect(relatedPosts(current, [current, { ...current }])).toEqual([]);
  });

  it("returns at most 3, the closest first, ties in the given order", () => {
    const a = makePost({ slug: "a", category: "AI Technology" });
    const b = makePost({ slug: "b", category: "Case Studies", tags: ["Chatbots"] });
    const c = makePost({ slug: "c", category: "AI Technology", tags: ["Chatbots", "Small Business"] });
    const d = makePost({ slug: "d", category: "AI Technology" });
    const e = makePost({ slug: "e", category: "AI Technology", tags: ["Chatbots"] });
    const result = relatedPosts(current, [a, b, current, c, d, e]);
    expect(result.map((p) => p.slug)).toEqual(["c", "e", "a"]);
  });

  it("honors a custom limit", () => {
    const many = ["x", "y", "z"].map((slug) => makePost({ slug, category: "AI Technology" }));
    expect(relatedPosts(current, many, 2)).toHaveLength(2);
  });
});
