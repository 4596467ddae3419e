import { BLOG_INDEX_ID, toIndexEntry } from "../blog-index";
import type { PostMeta } from "../types";

/** What the blog filter searches, as JSON in the page (a data block, never executed). */
export function BlogIndex({ posts }: { posts: readonly PostMeta[] }) {
  // "<" is escaped so that no text of a post can close the element.
  const json = JSON.stringify(posts.map(toIndexEntry)).replace(/</g, "\\u003c");
  return <script type="application/json" id={BLOG_INDEX_ID} dangerouslySetInnerHTML={{ __html: json }} />;
}
