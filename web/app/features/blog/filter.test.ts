import { describe, expect, it } from "vitest";
import { categoryFilters, filterFromQuery, filterPosts, filterToQuery, matchesFilter } from "./filter";
import { makePost } from "./test/fixtures";

const chatbots = makePost({
  slug: "chatbots",
  title: "AI Chatbots for Small Business",
  excerpt: "Answer customers around the clock.",
  category: "AI Technology",
  tags: ["Customer Service"],
  featured: true,
});
const workflows = makePost({
  slug: "workflows",
  title: "Five Workflows to Automate",
  excerpt: "Where to start with automation.",
  category: "Getting Started",
  tags: ["Automated Reporting", "Productivity"],
});
const roi = makePost({
  slug: "roi",
  title: "Measuring Return",
  excerpt: "Numbers that matter.",
  category: "Business Strategy",
  tags: ["ROI"],
});
const posts = [chatbots, workflows, roi];

const slugs = (list: { slug: string }[]) => list.map((p) => p.slug);

describe("blog filter", () => {
  it("shows every post with an empty search and All", () => {
    const { featured, latest } = filterPosts(posts, { search: "", category: "All" });
    expect(slugs(featured)).toEqual(["chatbots"]);
    expect(slugs(latest)).toEqual(["workflows", "roi"]);
  });

  it("matches the title case-insensitively", () => {
    expect(slugs(filterPosts(posts, { search: "CHATBOTS", category: "All" }).featured)).toEqual(["chatbots"]);
  });

  it("matches the excerpt", () => {
    expect(matchesFilter(workflows, { search: "where to START", category: "All" })).toBe(true);
  });

  it("matches tags", () => {
    expect(slugs(filterPosts(posts, { search: "reporting", category: "All" }).latest)).toEqual(["workflows"]);
    expect(matchesFilter(roi, { search: "roi", category: "All" })).toBe(true);
  });

  it("does not match other fields such as the author or category", () => {
    expect(matchesFilter(chatbots, { search: "Ada Writer", category: "All" })).toBe(false);
    expect(matchesFilter(chatbots, { search: "AI Technology", category: "All" })).toBe(false);
  });

  it("ignores surrounding spaces in the search", () => {
    expect(matchesFilter(roi, { search: "  return  ", category: "All" })).toBe(true);
  });

  it("keeps only posts of the selected category", () => {
    const { featured, latest } = filterPosts(posts, { search: "", category: "Getting Started" });
    expect(featured).toEqual([]);
    expect(slugs(latest)).toEqual(["workflows"]);
  });

  it("needs both the category and the search to match", () => {
    expect(matchesFilter(workflows, { search: "workflows", category: "Getting Started" })).toBe(true);
    expect(matchesFilter(workflows, { search: "workflows", category: "Case Studies" })).toBe(false);
    expect(matchesFilter(roi, { search: "workflows", category: "Business Strategy" })).toBe(false);
  });

  it("shows a featured post in its section only when it matches", () => {
    expect(filterPosts(posts, { search: "measuring", category: "All" }).featured).toEqual([]);
    expect(filterPosts(posts, { search: "", category: "Business Strategy" }).featured).toEqual([]);
  });

  it("returns nothing when nothing matches", () => {
    expect(filterPosts(posts, { search: "blockchain", category: "All" })).toEqual({ featured: [], latest: [] });
  });
});

describe("categoryFilters", () => {
  it("offers All and only the categories that have posts, in BLOG_CATEGORIES order", () => {
    expect(categoryFilters(posts)).toEqual(["All", "AI Technology", "Business Strategy", "Getting Started"]);
    expect(categoryFilters([workflows])).toEqual(["All", "Getting Started"]);
  });

  it("offers only All without posts", () => {
    expect(categoryFilters([])).toEqual(["All"]);
  });
});

describe("the filter in the address", () => {
  it("reads the search and a known category", () => {
    expect(filterFromQuery("?q=roi&category=Case+Studies")).toEqual({ search: "roi", category: "Case Studies" });
  });
  it("takes an unknown or missing category as All", () => {
    expect(filterFromQuery("?category=Gossip")).toEqual({ search: "", category: "All" });
    expect(filterFromQuery("")).toEqual({ search: "", category: "All" });
  });
  it("writes nothing for the unfiltered list and round-trips a filter", () => {
    expect(filterToQuery({ search: "  ", category: "All" })).toBe("");
    const filter = { search: "AI & you", category: "AI Technology" } as const;
    expect(filterToQuery(filter)).toBe("?q=AI+%26+you&category=AI+Technology");
    expect(filterFromQuery(filterToQuery(filter))).toEqual(filter);
  });
});
