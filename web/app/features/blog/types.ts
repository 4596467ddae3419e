export const BLOG_CATEGORIES = [
  "AI Technology",
  "Business Strategy",
  "Getting Started",
  "Case Studies",
  "Best Practices",
] as const;

export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export type PostMeta = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  authorRole: string;
  authorBio: string;
  publishDate: string;
  readTime: string;
  category: BlogCategory;
  tags: string[];
  featured: boolean;
  image: string;
  imageAlt: string;
};

export type Post = PostMeta & { body: string };
