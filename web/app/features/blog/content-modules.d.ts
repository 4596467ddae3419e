declare module "virtual:blog-index" {
  export const posts: readonly import("~/features/blog/types").PostMeta[];
}

declare module "*.md" {
  export const meta: import("~/features/blog/types").PostMeta;
  export const body: string;
}
