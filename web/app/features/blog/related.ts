import type { PostMeta } from "./types";

export const RELATED_LIMIT = 3;

/**
 * Posts in the same category or sharing at least one tag, never the post itself. The closest
 * come first (one point for the category, one per shared tag); ties keep the input order.
 */
export function relatedPosts<T extends PostMeta>(post: PostMeta, posts: readonly T[], limit = RELATED_LIMIT): T[] {
  const tags = new Set(post.tags.map((t) => t.toLowerCase()));
  return posts
    .filter((p) => p.slug !== post.slug)
    .map((p, index) => ({
      p,
      index,
      score: (p.category === post.category ? 1 : 0) + p.tags.filter((t) => tags.has(t.toLowerCase())).length,
    }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((c) => c.p);
}
