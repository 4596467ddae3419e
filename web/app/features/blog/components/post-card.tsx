import { ArrowRight, Calendar, Clock, Star } from "lucide-react";
import { Link } from "react-router";
import { formatPublishDate } from "../format-date";
import type { BlogCategory, PostMeta } from "../types";

const categoryColors: Record<BlogCategory, string> = {
  "AI Technology": "bg-blue-50 text-blue-800 ring-blue-200",
  "Business Strategy": "bg-violet-50 text-violet-800 ring-violet-200",
  "Getting Started": "bg-emerald-50 text-emerald-800 ring-emerald-200",
  "Case Studies": "bg-amber-50 text-amber-900 ring-amber-200",
  "Best Practices": "bg-cyan-50 text-cyan-900 ring-cyan-200",
};

export function CategoryBadge({ category }: { category: BlogCategory }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset ${categoryColors[category]}`}
    >
      {category}
    </span>
  );
}

export function FeaturedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
      <Star className="h-3.5 w-3.5 fill-current" aria-hidden="true" />
      Featured
    </span>
  );
}

export function TagList({ tags, className = "" }: { tags: readonly string[]; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag} className="rounded-md bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">
          <span aria-hidden="true" className="text-slate-600">
            #
          </span>
          {tag}
        </li>
      ))}
    </ul>
  );
}

export function PostByline({ post, className = "" }: { post: PostMeta; className?: string }) {
  return (
    <div className={`flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 ${className}`}>
      <span className="font-medium text-slate-800">{post.author}</span>
      <span className="inline-flex items-center gap-1.5">
        <Calendar className="h-4 w-4" aria-hidden="true" />
        <time dateTime={post.publishDate}>{formatPublishDate(post.publishDate)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock className="h-4 w-4" aria-hidden="true" />
        {post.readTime}
      </span>
    </div>
  );
}

type HeadingLevel = "h2" | "h3";

/** A large horizontal card for the Featured Articles section. */
export function FeaturedPostCard({ post, headingAs: Heading = "h3" }: { post: PostMeta; headingAs?: HeadingLevel }) {
  return (
    <article className="group relative grid overflow-hidden rounded-3xl bg-white shadow-lg ring-1 shadow-slate-900/5 ring-slate-200 transition-shadow hover:shadow-xl lg:grid-cols-2">
      <div className="relative isolate flex items-center overflow-hidden bg-blue-50" data-testid="featured-image">
        <img
          src={post.image}
          alt=""
          aria-hidden="true"
          width={1200}
          height={630}
          className="absolute inset-0 -z-10 h-full w-full scale-125 object-cover opacity-60 blur-2xl"
        />
        <img
          src={post.image}
          alt=""
          width={1200}
          height={630}
          className="aspect-[1200/630] h-auto w-full object-contain"
        />
      </div>
      <div className="flex flex-col justify-center p-6 sm:p-10">
        <div className="flex flex-wrap items-center gap-2">
          <CategoryBadge category={post.category} />
          <FeaturedBadge />
        </div>
        <Heading className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          <Link
            to={`/blog/${post.slug}`}
            className="rounded after:absolute after:inset-0 after:content-[''] hover:text-blue-700"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-3 text-base leading-7 text-slate-600">{post.excerpt}</p>
        <PostByline post={post} className="mt-5" />
        <TagList tags={post.tags.slice(0, 3)} className="mt-5" />
        <span
          aria-hidden="true"
          className="mt-6 inline-flex items-center gap-1.5 text-sm font-semibold text-blue-700 group-hover:gap-2.5"
        >
          Read article
          <ArrowRight className="h-4 w-4 transition-all" />
        </span>
      </div>
    </article>
  );
}

/** A grid card: image, category, title, excerpt, byline and at most 2 tags. */
export function PostCard({ post, headingAs: Heading = "h3" }: { post: PostMeta; headingAs?: HeadingLevel }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-lg">
      <div className="aspect-[1200/630] overflow-hidden bg-blue-50">
        <img
          src={post.image}
          alt=""
          width={1200}
          height={630}
          loading="lazy"
          className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center gap-2">
          <CategoryBadge category={post.category} />
        </div>
        <Heading className="mt-3 text-lg leading-snug font-bold text-slate-900">
          <Link
            to={`/blog/${post.slug}`}
            className="rounded after:absolute after:inset-0 after:content-[''] hover:text-blue-700"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm leading-6 text-slate-600">{post.excerpt}</p>
        <div className="mt-auto pt-5">
          <PostByline post={post} />
          <TagList tags={post.tags.slice(0, 2)} className="mt-4" />
        </div>
      </div>
    </article>
  );
}
