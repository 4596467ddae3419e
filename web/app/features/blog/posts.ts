import { posts } from "virtual:blog-index";
import type { Post, PostMeta } from "./types";

// Lazy: each article body becomes its own chunk, loaded only when that article is opened.
const bodies = import.meta.glob<string>("../../../../content/blog/*.md", { import: "body" });

export function listPosts(): readonly PostMeta[] {
  return posts;
}

export async function getPost(slug: string | undefined): Promise<Post | null> {
  const meta = posts.find((p) => p.slug === slug);
  const load = meta && bodies[`../../../../content/blog/${meta.slug}.md`];
  if (!meta || !load) return null;
  return { ...meta, body: await load() };
}
