import { BLOG_CATEGORIES, type BlogCategory, type PostMeta } from "./types";

export type CategoryFilter = "All" | BlogCategory;

export type BlogFilter = { search: string; category: CategoryFilter };

/** What the filter reads of a post: the list page's island has only these (blog-index.ts). */
export type Filterable = Pick<PostMeta, "title" | "excerpt" | "tags" | "category" | "featured">;

export function matchesFilter(post: Filterable, { search, category }: BlogFilter): boolean {
  if (category !== "All" && post.category !== category) return false;
  const needle = search.trim().toLowerCase();
  if (needle === "") return true;
  return (
    post.title.toLowerCase().includes(needle) ||
    post.excerpt.toLowerCase().includes(needle) ||
    post.tags.some((tag) => tag.toLowerCase().includes(needle))
  );
}

/** Splits the posts that match into the Featured and Latest sections, keeping their order. */
export function filterPosts<T extends Filterable>(
  posts: readonly T[],
  filter: BlogFilter,
): { featured: T[]; latest: T[] } {
  const matching = posts.filter((p) => matchesFilter(p, filter));
  return {
    featured: matching.filter((p) => p.featured),
    latest: matching.filter((p) => !p.featured),
  };
}

/** The category buttons: All, then the categories in BLOG_CATEGORIES order, each only when a post has it. */
export function categoryFilters(posts: readonly PostMeta[]): CategoryFilter[] {
  const used = new Set(posts.map((p) => p.category));
  return ["All", ...BLOG_CATEGORIES.filter((c) => used.has(c))];
}

function isCategory(value: string | null): value is BlogCategory {
  return (BLOG_CATEGORIES as readonly string[]).includes(value ?? "");
}

/**
 * The filter a blog address asks for (`?q=…&category=…`), so that a filtered list can be shared
 * and Back returns to it; an unknown category is All.
 */
export function filterFromQuery(query: string): BlogFilter {
  const params = new URLSearchParams(query);
  const category = params.get("category");
  return { search: params.get("q") ?? "", category: isCategory(category) ? category : "All" };
}

/** The query string ("" or "?…") of a filter; the unfiltered list is plain /blog. */
export function filterToQuery({ search, category }: BlogFilter): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set("q", search.trim());
  if (category !== "All") params.set("category", category);
  const query = params.toString();
  return query ? `?${query}` : "";
}
