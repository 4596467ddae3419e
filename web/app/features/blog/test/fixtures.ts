import type { PostMeta } from "../types";

export function makePost(overrides: Partial<PostMeta> & Pick<PostMeta, "slug">): PostMeta {
  return {
    id: overrides.slug,
    title: `Title of ${overrides.slug}`,
    excerpt: "An excerpt.",
    author: "Ada Writer",
    authorRole: "Writer",
    authorBio: "Writes things.",
    publishDate: "2025-01-01",
    readTime: "5 min read",
    category: "AI Technology",
    tags: [],
    featured: false,
    image: `/images/blog/${overrides.slug}.svg`,
    imageAlt: "An illustration.",
    ...overrides,
  };
}
