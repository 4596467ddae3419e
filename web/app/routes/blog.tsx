import { useId } from "react";
import { SearchX, Search } from "lucide-react";
import { Container } from "~/components/ui/container";
import { FeaturedPostCard, PostCard } from "~/features/blog/components/post-card";
import { BlogIndex } from "~/features/blog/components/blog-index";
import { categoryFilters } from "~/features/blog/filter";
import { listPosts } from "~/features/blog/posts";
import { NewsletterBox } from "~/features/newsletter/newsletter-box";
import { seo } from "~/lib/seo";

export function meta() {
  return seo({
    title: "Blog",
    description:
      "Practical guides on AI chatbots, workflow automation and automated reporting for small and mid-size businesses.",
    path: "/blog",
  });
}

/**
 * The article list, prerendered with every article shown; blog-filter-island.ts hides the ones a
 * search or a category leaves out, and the sections and empty state with them.
 */
export default function Blog() {
  const posts = listPosts();
  const categories = categoryFilters(posts);
  const searchId = useId();
  const featured = posts.filter((p) => p.featured);
  const latest = posts.filter((p) => !p.featured);

  return (
    <>
      <section className="-mt-18 bg-linear-to-b from-blue-50 via-blue-50/60 to-white pt-18">
        <Container className="pt-14 pb-10 sm:pt-20">
          <div className="mx-auto max-w-3xl text-center">
            <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">Growthdesk Blog</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              AI Automation Insights
            </h1>
            <p className="mt-5 text-lg leading-8 text-slate-600">
              Practical guides, real examples and proven playbooks for putting AI chatbots, workflow automation and
              automated reporting to work in your business.
            </p>
          </div>

          <form role="search" data-blog-search-form="" className="mx-auto mt-10 max-w-xl">
            <label htmlFor={searchId} className="sr-only">
              Search articles
            </label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-500"
                aria-hidden="true"
              />
              <input
                id={searchId}
                type="search"
                name="q"
                data-blog-search=""
                placeholder="Search articles..."
                autoComplete="off"
                className="w-full rounded-xl border-0 bg-white py-3.5 pr-4 pl-12 text-base text-slate-900 shadow-sm ring-1 ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-blue-600"
              />
            </div>
          </form>

          <div role="group" aria-label="Filter by category" className="mt-8 flex flex-wrap justify-center gap-2">
            {categories.map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={c === "All"}
                data-blog-category={c}
                className="rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 transition-colors ring-inset hover:bg-blue-50 hover:text-blue-800 aria-pressed:bg-blue-700 aria-pressed:text-white aria-pressed:shadow-sm aria-pressed:ring-0 aria-pressed:hover:bg-blue-700 aria-pressed:hover:text-white"
              >
                {c}
              </button>
            ))}
          </div>
        </Container>
      </section>

      <Container className="pb-20">
        <BlogIndex posts={posts} />
        <p className="sr-only" aria-live="polite" data-blog-count="">
          {posts.length === 1 ? "1 article found" : `${posts.length} articles found`}
        </p>

        <div hidden data-blog-empty="" className="mx-auto max-w-md py-16 text-center">
            <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
              <SearchX className="h-7 w-7" aria-hidden="true" />
            </span>
            <h2 className="mt-5 text-xl font-semibold text-slate-900">No articles found</h2>
            <p className="mt-2 text-slate-600">Try adjusting your search terms or browse all categories</p>
          <button
            type="button"
            data-blog-reset=""
            className="mt-6 rounded-lg px-4 py-2 text-sm font-semibold text-blue-700 ring-1 ring-blue-200 ring-inset hover:bg-blue-50"
          >
            Show all articles
          </button>
        </div>

        {featured.length > 0 && (
          <section aria-labelledby="featured-articles" data-blog-section="" className="pt-8">
            <h2 id="featured-articles" className="text-2xl font-bold tracking-tight text-slate-900">
              Featured Articles
            </h2>
            <div className="mt-6 grid gap-8">
              {featured.map((post) => (
                <div key={post.slug} data-post-slug={post.slug}>
                  <FeaturedPostCard post={post} />
                </div>
              ))}
            </div>
          </section>
        )}

        {latest.length > 0 && (
          <section aria-labelledby="latest-articles" data-blog-section="" className="pt-14">
            <h2 id="latest-articles" className="text-2xl font-bold tracking-tight text-slate-900">
              Latest Articles
            </h2>
            <div className="mt-6 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {latest.map((post) => (
                <div key={post.slug} data-post-slug={post.slug}>
                  <PostCard post={post} />
                </div>
              ))}
            </div>
          </section>
        )}

        <div className="pt-20">
          <NewsletterBox source="blog" />
        </div>
      </Container>
    </>
  );
}
