import { ArrowLeft, ArrowRight, FileQuestion } from "lucide-react";
import { Link } from "react-router";
import { BrandLogo } from "~/components/layout/brand-logo";
import { MAIN_CONTENT_ID, SkipLink } from "~/components/layout/skip-link";
import { SocialIcon } from "~/components/layout/social-icons";
import { ButtonLink } from "~/components/ui/button-link";
import { Container } from "~/components/ui/container";
import {
  CategoryBadge,
  FeaturedBadge,
  PostByline,
  PostCard,
  TagList,
} from "~/features/blog/components/post-card";
import { getPost, listPosts } from "~/features/blog/posts";
import { relatedPosts } from "~/features/blog/related";
import { ArticleBody } from "~/features/blog/render-body";
import { shareLinks } from "~/features/blog/share";
import { usePageUrl } from "~/features/blog/use-page-url";
import type { Post } from "~/features/blog/types";
import { NewsletterBox } from "~/features/newsletter/newsletter-box";
import { islandsHandle, loadAsDocument } from "~/lib/island-route";
import { absoluteUrl } from "~/lib/runtime-config";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/blog-post";

// `loader` runs at build time to prerender every post, which is then served without the app (an
// islands page). The app renders this route only for a slug that was not prerendered: the server
// answers it with the app shell and a 404, and `clientLoader` finds no post ('Article Not Found').
// A known post reached from inside the app is loaded as its prerendered document.
export const handle = islandsHandle;

export async function loader({ params }: Route.LoaderArgs) {
  return { post: await getPost(params.slug) };
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const post = await getPost(params.slug);
  if (post) loadAsDocument({ request });
  return { post };
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  const post = loaderData?.post;
  if (!post) {
    return seo({
      title: "Article Not Found",
      description: "The article you are looking for does not exist or has moved.",
      path: `/blog/${params.slug}`,
      noIndex: true,
    });
  }
  return seo({
    title: post.title,
    description: post.excerpt,
    path: `/blog/${post.slug}`,
    type: "article",
    publishedTime: post.publishDate,
    // Social networks do not render SVG previews; those posts fall back to the site image.
    image: post.image.endsWith(".svg")
      ? undefined
      : post.image.startsWith("/")
        ? absoluteUrl(post.image)
        : post.image,
  });
}

function TopBar() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLogo />
        <Link
          to="/blog"
          className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100 hover:text-blue-700"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          All articles
        </Link>
      </div>
    </header>
  );
}

function NotFound() {
  return (
    <Container className="py-24 text-center">
      <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-2xl bg-blue-50 text-blue-700">
        <FileQuestion className="h-8 w-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Article Not Found</h1>
      <p className="mx-auto mt-4 max-w-md text-lg text-slate-600">
        The article you are looking for does not exist or may have been moved.
      </p>
      <ButtonLink to="/blog" className="mt-8">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Blog
      </ButtonLink>
    </Container>
  );
}

function ShareLinks({ post }: { post: Post }) {
  const links = shareLinks(usePageUrl(`/blog/${post.slug}`), post.title);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h2 className="text-sm font-semibold text-slate-900">Share this article</h2>
      <ul className="flex gap-2">
        {links.map((link) => (
          <li key={link.network}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Share on ${link.network} (opens in a new tab)`}
              className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-100 text-slate-700 transition-colors hover:bg-blue-700 hover:text-white"
            >
              <SocialIcon network={link.network} className="h-4.5 w-4.5" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function AuthorCard({ post }: { post: Post }) {
  const initials = post.author
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <section aria-labelledby="about-author" className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-8">
      <h2 id="about-author" className="text-sm font-semibold tracking-wide text-blue-700 uppercase">
        About the Author
      </h2>
      <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-start">
        <span
          aria-hidden="true"
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-blue-600 to-indigo-700 text-xl font-bold text-white"
        >
          {initials}
        </span>
        <div>
          <p className="text-lg font-semibold text-slate-900">{post.author}</p>
          <p className="text-sm font-medium text-slate-600">{post.authorRole}</p>
          <p className="mt-3 leading-7 text-slate-700">{post.authorBio}</p>
        </div>
      </div>
    </section>
  );
}

function Article({ post }: { post: Post }) {
  const related = relatedPosts(post, listPosts());
  return (
    <>
      <article>
        <header className="bg-linear-to-b from-blue-50 to-white">
          <div className="mx-auto max-w-3xl px-4 pt-12 pb-10 sm:px-6 sm:pt-16">
            <div className="flex flex-wrap items-center gap-2">
              <CategoryBadge category={post.category} />
              {post.featured && <FeaturedBadge />}
            </div>
            <h1 className="mt-5 text-3xl leading-tight font-bold tracking-tight text-slate-900 sm:text-5xl">
              {post.title}
            </h1>
            <p className="mt-5 text-xl leading-8 text-slate-600">{post.excerpt}</p>
            <PostByline post={post} className="mt-6" />
          </div>
        </header>

        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <img
            src={post.image}
            alt={post.imageAlt}
            width={1200}
            height={630}
            fetchPriority="high"
            className="h-auto w-full rounded-2xl bg-blue-50 shadow-lg ring-1 ring-slate-200"
          />
        </div>

        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <ArticleBody body={post.body} />

          <div className="mt-12 space-y-8 border-t border-slate-200 pt-8">
            <div className="flex flex-wrap items-center gap-3">
              <h2 className="text-sm font-semibold text-slate-900">Tags</h2>
              <TagList tags={post.tags} />
            </div>
            <ShareLinks post={post} />
            <AuthorCard post={post} />
          </div>
        </div>
      </article>

      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <section
          aria-labelledby="get-started"
          className="flex flex-col items-start gap-5 rounded-2xl bg-blue-700 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8"
        >
          <div>
            <h2 id="get-started" className="text-xl font-bold">
              Ready to put this into practice?
            </h2>
            <p className="mt-1 text-blue-100">Book a free 30-minute strategy call and get a plan for your business.</p>
          </div>
          <ButtonLink to="/contact" variant="inverse" className="shrink-0">
            Get Started
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </ButtonLink>
        </section>
      </div>

      {related.length > 0 && (
        <section aria-labelledby="related-articles" className="mt-20 bg-slate-50 py-16">
          <Container>
            <h2 id="related-articles" className="text-2xl font-bold tracking-tight text-slate-900">
              Related Articles
            </h2>
            <div className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((p) => (
                <PostCard key={p.slug} post={p} />
              ))}
            </div>
          </Container>
        </section>
      )}

      <Container className={related.length > 0 ? "py-16" : "pt-20 pb-16"}>
        <NewsletterBox
          source="blog-post"
          title="Enjoyed this article?"
          description="Get our next guide on AI chatbots, workflow automation and reporting in your inbox. One useful e-mail a month, no spam."
        />
      </Container>
    </>
  );
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <div className="min-h-screen bg-white">
      <SkipLink />
      <TopBar />
      <main id={MAIN_CONTENT_ID}>{post ? <Article post={post} /> : <NotFound />}</main>
    </div>
  );
}
