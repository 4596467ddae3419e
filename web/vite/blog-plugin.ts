import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { normalizePath, type Plugin, type ViteDevServer } from "vite";
import { parse as parseYaml } from "yaml";
import { BLOG_CATEGORIES, type PostMeta } from "../app/features/blog/types";

export const BLOG_INDEX_ID = "virtual:blog-index";
const RESOLVED_BLOG_INDEX_ID = "\0" + BLOG_INDEX_ID;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const READ_TIME = /^\d+ min read$/;
const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

const STRING_FIELDS = ["id", "title", "excerpt", "author", "authorRole", "authorBio", "image", "imageAlt"] as const;
const KNOWN_FIELDS = new Set<string>([...STRING_FIELDS, "publishDate", "readTime", "category", "tags", "featured"]);

export class BlogContentError extends Error {
  readonly file: string;
  readonly problems: string[];

  constructor(file: string, problems: string[]) {
    super(`Invalid blog post ${file}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "BlogContentError";
    this.file = file;
    this.problems = problems;
  }
}

function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * Parses one post file (front matter + line-based body) and checks every field.
 * `file` is the name used in error messages; the slug is the file name without ".md".
 */
export function parsePostFile(file: string, source: string): { meta: PostMeta; body: string } {
  const slug = path.basename(file, ".md");
  const text = source.replace(/^\uFEFF/, "");
  const match = FRONT_MATTER.exec(text);
  if (!match) {
    throw new BlogContentError(file, ["the file must start with YAML front matter between two '---' lines"]);
  }

  let data: unknown;
  try {
    data = parseYaml(match[1] ?? "");
  } catch (err) {
    throw new BlogContentError(file, [`the front matter is not valid YAML: ${(err as Error).message}`]);
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new BlogContentError(file, ["the front matter must be a mapping of field: value"]);
  }
  const fm = data as Record<string, unknown>;
  const problems: string[] = [];

  if (!SLUG.test(slug)) {
    problems.push(`the file name "${slug}" is not a valid slug (lowercase letters, digits and single hyphens)`);
  }
  for (const key of Object.keys(fm)) {
    if (!KNOWN_FIELDS.has(key)) problems.push(`unknown field "${key}"`);
  }
  for (const key of STRING_FIELDS) {
    const value = fm[key];
    if (value === undefined || value === null) problems.push(`"${key}" is missing`);
    else if (typeof value !== "string" || value.trim() === "") problems.push(`"${key}" must be a non-empty text`);
  }

  const publishDate = fm.publishDate;
  if (publishDate === undefined || publishDate === null) problems.push(`"publishDate" is missing`);
  else if (typeof publishDate !== "string" || !isCalendarDate(publishDate)) {
    problems.push(`"publishDate" must be a date written YYYY-MM-DD (quote it), got ${JSON.stringify(publishDate)}`);
  }

  const readTime = fm.readTime;
  if (readTime === undefined || readTime === null) problems.push(`"readTime" is missing`);
  else if (typeof readTime !== "string" || !READ_TIME.test(readTime)) {
    problems.push(`"readTime" must look like "7 min read", got ${JSON.stringify(readTime)}`);
  }

  const category = fm.category;
  if (category === undefined || category === null) problems.push(`"category" is missing`);
  else if (typeof category !== "string" || !(BLOG_CATEGORIES as readonly string[]).includes(category)) {
    problems.push(`"category" must be one of ${BLOG_CATEGORIES.join(", ")}; got ${JSON.stringify(category)}`);
  }

  const tags = fm.tags;
  if (tags === undefined || tags === null) problems.push(`"tags" is missing`);
  else if (!Array.isArray(tags) || tags.length === 0) problems.push(`"tags" must be a non-empty list`);
  else if (tags.some((t) => typeof t !== "string" || t.trim() === "")) problems.push(`every tag must be a non-empty text`);
  else if (new Set(tags.map((t: string) => t.toLowerCase())).size !== tags.length) problems.push(`"tags" has duplicates`);

  const featured = fm.featured;
  if (featured === undefined || featured === null) problems.push(`"featured" is missing`);
  else if (typeof featured !== "boolean") problems.push(`"featured" must be true or false`);

  const image = fm.image;
  if (typeof image === "string" && image.trim() !== "" && !/^(\/(?!\/)|https:\/\/)/.test(image)) {
    problems.push(`"image" must be a site path starting with "/" or an https:// URL`);
  }

  const body = text.slice(match[0].length).replace(/^\s*\n/, "").replace(/\s+$/, "");
  if (body === "") problems.push("the article body is empty");

  if (problems.length > 0) throw new BlogContentError(file, problems);

  const s = (key: (typeof STRING_FIELDS)[number]) => (fm[key] as string).trim();
  return {
    meta: {
      id: s("id"),
      slug,
      title: s("title"),
      excerpt: s("excerpt"),
      author: s("author"),
      authorRole: s("authorRole"),
      authorBio: s("authorBio"),
      publishDate: publishDate as string,
      readTime: readTime as string,
      category: category as PostMeta["category"],
      tags: (tags as string[]).map((t) => t.trim()),
      featured: featured as boolean,
      image: s("image"),
      imageAlt: s("imageAlt"),
    },
    body,
  };
}

/** Newest first; posts of the same day by title. */
export function sortPosts<T extends Pick<PostMeta, "publishDate" | "title">>(posts: T[]): T[] {
  return [...posts].sort((a, b) =>
    a.publishDate === b.publishDate ? a.title.localeCompare(b.title) : a.publishDate < b.publishDate ? 1 : -1,
  );
}

/** Reads and validates every post in `dir`; every problem of every file is reported in one error. */
export function loadBlogIndex(dir: string): PostMeta[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .sort();
  const metas: PostMeta[] = [];
  const errors: string[] = [];
  for (const f of files) {
    const display = path.posix.join("content/blog", f);
    try {
      metas.push(parsePostFile(display, readFileSync(path.join(dir, f), "utf8")).meta);
    } catch (err) {
      errors.push((err as Error).message);
    }
  }
  const seen = new Map<string, string>();
  for (const m of metas) {
    const other = seen.get(m.id);
    if (other) errors.push(`Blog posts ${other} and ${m.slug} share the id "${m.id}"; ids must be unique.`);
    seen.set(m.id, m.slug);
  }
  if (errors.length > 0) throw new Error(errors.join("\n"));
  return sortPosts(metas);
}

/**
 * Turns content/blog/*.md into JavaScript modules at build time, so no Markdown or YAML parser
 * ships to the browser: `import { meta, body } from ".../slug.md"`, and `virtual:blog-index`
 * for the metadata of every post (without bodies), newest first.
 */
export function blogPlugin(options: { dir?: string } = {}): Plugin {
  let dir = "";

  const isPostFile = (id: string) => {
    const file = normalizePath(id.split("?")[0] ?? "");
    return file.endsWith(".md") && path.posix.dirname(file) === dir;
  };

  return {
    name: "growthdesk:blog",
    enforce: "pre",
    configResolved(config) {
      dir = normalizePath(path.resolve(config.root, options.dir ?? "../content/blog"));
    },
    resolveId(id) {
      return id === BLOG_INDEX_ID ? RESOLVED_BLOG_INDEX_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_BLOG_INDEX_ID) return undefined;
      // Files only: in dev a watched path becomes an import of this module. New or deleted
      // posts are picked up by the watcher in configureServer.
      for (const f of readdirSync(dir)) if (f.endsWith(".md")) this.addWatchFile(path.join(dir, f));
      return `export const posts = ${JSON.stringify(loadBlogIndex(dir))};\n`;
    },
    transform(code, id) {
      if (!isPostFile(id)) return undefined;
      const file = path.posix.join("content/blog", path.posix.basename(id.split("?")[0] ?? ""));
      const { meta, body } = parsePostFile(file, code);
      return {
        code: `export const meta = ${JSON.stringify(meta)};\nexport const body = ${JSON.stringify(body)};\n`,
        map: null,
      };
    },
    configureServer(server: ViteDevServer) {
      server.watcher.add(dir);
      const refresh = (file: string) => {
        if (!isPostFile(file)) return;
        for (const env of Object.values(server.environments)) {
          const mod = env.moduleGraph.getModuleById(RESOLVED_BLOG_INDEX_ID);
          if (mod) env.moduleGraph.invalidateModule(mod);
        }
        server.ws.send({ type: "full-reload" });
      };
      server.watcher.on("add", refresh);
      server.watcher.on("unlink", refresh);
      server.watcher.on("change", refresh);
    },
  };
}
