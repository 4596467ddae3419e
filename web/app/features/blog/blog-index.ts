import type { PostMeta } from "./types";

export const BLOG_INDEX_ID = "blog-index";

/** The fields of a post that the blog filter reads (filter.ts). */
export type IndexEntry = Pick<PostMeta, "slug" | "title" | "excerpt" | "tags" | "category" | "featured">;

export function toIndexEntry({ slug, title, excerpt, tags, category, featured }: PostMeta): IndexEntry {
  return { slug, title, excerpt, tags, category, featured };
}
