import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { BlogContentError, blogPlugin, loadBlogIndex, parsePostFile } from "./blog-plugin";

const validFields: Record<string, string> = {
  id: '"post-9"',
  title: '"A title"',
  excerpt: '"An excerpt"',
  author: '"Ada Writer"',
  authorRole: '"Writer"',
  authorBio: '"Writes things."',
  publishDate: '"2025-03-15"',
  readTime: '"7 min read"',
  category: '"Case Studies"',
  tags: '["One", "Two"]',
  featured: "false",
  image: '"/images/blog/a-post.svg"',
  imageAlt: '"An illustration"',
};

function source(fields: Record<string, string | undefined> = {}, body = "# Heading\n\nText.") {
  const all = { ...validFields, ...fields };
  const yaml = Object.entries(all)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
  return `---\n${yaml}\n---\n\n${body}\n`;
}

function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(BlogContentError);
    return (err as BlogContentError).problems;
  }
  throw new Error("expected a BlogContentError");
}

describe("parsePostFile", () => {
  it("returns the metadata, with the slug taken from the file name, and the body", () => {
    const { meta, body } = parsePostFile("content/blog/a-post.md", source());
    expect(meta).toEqual({
      id: "post-9",
      slug: "a-post",
      title: "A title",
      excerpt: "An excerpt",
      author: "Ada Writer",
      authorRole: "Writer",
      authorBio: "Writes things.",
      publishDate: "2025-03-15",
      readTime: "7 min read",
      category: "Case Studies",
      tags: ["One", "Two"],
      featured: false,
      image: "/images/blog/a-post.svg",
      imageAlt: "An illustration",
    });
    expect(body).toBe("# Heading\n\nText.");
  });

  it("names the file and the missing field", () => {
    expect(() => parsePostFile("content/blog/a-post.md", source({ title: undefined }))).toThrow(
      /content\/blog\/a-post\.md[\s\S]*"title" is missing/,
    );
  });

  it("lists every problem at once", () => {
    const problems = problemsOf(() =>
      parsePostFile("a-post.md", source({ author: undefined, category: '"Gossip"', featured: '"yes"' })),
    );
    expect(problems).toHaveLength(3);
    expect(problems.join("\n")).toMatch(/"author" is missing/);
    expect(problems.join("\n")).toMatch(/"category" must be one of AI Technology, Business Strategy/);
    expect(problems.join("\n")).toMatch(/"featured" must be true or false/);
  });

  it.each([
    ["publishDate", '"15/03/2025"', /"publishDate" must be a date/],
    ["publishDate", '"2025-02-30"', /"publishDate" must be a date/],
    ["publishDate", "2025-03-15T10:00:00Z", /"publishDate" must be a date/],
    ["readTime", '"7 minutes"', /"readTime" must look like "7 min read"/],
    ["tags", '"AI"', /"tags" must be a non-empty list/],
    ["tags", "[]", /"tags" must be a non-empty list/],
    ["tags", '["AI", ""]', /every tag must be a non-empty text/],
    ["tags", '["AI", "ai"]', /"tags" has duplicates/],
    ["title", '""', /"title" must be a non-empty text/],
    ["id", "42", /"id" must be a non-empty text/],
    ["image", '"javascript:alert(1)"', /"image" must be a site path/],
    ["image", '"//evil.example/x.png"', /"image" must be a site path/],
    ["slug", '"other"', /unknown field "slug"/],
  ])("rejects %s: %s", (field, value, message) => {
    expect(() => parsePostFile("a-post.md", source({ [field]: value }))).toThrow(message);
  });

  it("accepts an unquoted date", () => {
    expect(parsePostFile("a-post.md", source({ publishDate: "2025-03-15" })).meta.publishDate).toBe("2025-03-15");
  });

  it("rejects a file without front matter", () => {
    expect(() => parsePostFile("a-post.md", "# Just markdown")).toThrow(/must start with YAML front matter/);
  });

  it("rejects front matter that is not valid YAML", () => {
    expect(() => parsePostFile("a-post.md", "---\ntitle: [unclosed\n---\nBody")).toThrow(/not valid YAML/);
  });

  it("rejects an empty body", () => {
    expect(() => parsePostFile("a-post.md", source({}, "   \n"))).toThrow(/body is empty/);
  });

  it("rejects a file name that is not a slug", () => {
    expect(() => parsePostFile("content/blog/My Post.md", source())).toThrow(/not a valid slug/);
  });
});

describe("loadBlogIndex", () => {
  let dir = "";
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function write(files: Record<string, string>) {
    dir = mkdtempSync(path.join(tmpdir(), "blog-"));
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  }

  it("returns metadata without bodies, newest first", () => {
    write({
      "older.md": source({ id: '"1"', publishDate: '"2024-05-01"' }),
      "newer.md": source({ id: '"2"', publishDate: '"2025-01-10"' }),
      "notes.txt": "ignored",
    });
    const index = loadBlogIndex(dir);
    expect(index.map((p) => p.slug)).toEqual(["newer", "older"]);
    expect(index[0]).not.toHaveProperty("body");
  });

  it("reports the invalid files by name", () => {
    write({ "good.md": source({ id: '"1"' }), "bad.md": source({ id: '"2"', readTime: '"soon"' }) });
    expect(() => loadBlogIndex(dir)).toThrow(/content\/blog\/bad\.md[\s\S]*"readTime"/);
  });

  it("rejects two posts with the same id", () => {
    write({ "one.md": source({ id: '"same"' }), "two.md": source({ id: '"same"' }) });
    expect(() => loadBlogIndex(dir)).toThrow(/share the id "same"/);
  });

  it("accepts the posts in content/blog", () => {
    const real = fileURLToPath(new URL("../../content/blog/", import.meta.url));
    const index = loadBlogIndex(real);
    expect(index.length).toBeGreaterThanOrEqual(2);
    expect(index.filter((p) => p.featured).length).toBeGreaterThanOrEqual(1);
  });
});

describe("blogPlugin", () => {
  type Hook = (...args: unknown[]) => unknown;
  const plugin = blogPlugin();
  (plugin.configResolved as Hook)({ root: "/site/web" });

  it("turns a post file into a module exporting meta and body", () => {
    const result = (plugin.transform as Hook).call({}, source(), "/site/content/blog/a-post.md") as { code: string };
    expect(result.code).toContain('export const meta = {"id":"post-9","slug":"a-post"');
    expect(result.code).toContain('export const body = "# Heading\\n\\nText.";');
  });

  it("leaves other Markdown files alone", () => {
    expect((plugin.transform as Hook).call({}, "# hi", "/site/web/README.md")).toBeUndefined();
  });

  it("resolves the virtual index module", () => {
    expect((plugin.resolveId as Hook).call({}, "virtual:blog-index")).toBe("\0virtual:blog-index");
    expect((plugin.resolveId as Hook).call({}, "other")).toBeUndefined();
  });
});
