import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "../components/ui/button";
import { ButtonLink } from "../components/ui/button-link";
import { Container } from "../components/ui/container";
import { seo } from "../lib/seo";
import { CtaPanel } from "../features/marketing/components/cta-panel";
import { CheckList } from "../features/marketing/components/check-list";
import { IconBadge } from "../features/marketing/components/icon-badge";
import { PageHero } from "../features/marketing/components/page-hero";
import { SectionIntro } from "../features/marketing/components/section-intro";
import { StatsBand } from "../features/marketing/components/stats-band";
import { headlineStats } from "../features/marketing/copy/claims";
import { solutions } from "../features/marketing/copy/solutions";

export const meta = () =>
  seo({
    title: "AI Solutions for Growing Businesses",
    description:
      "Explore AI chatbots, workflow automation and our free AI Growth Blueprint report: the features you get and the results growing businesses can expect.",
    path: "/solutions",
  });

export default function SolutionsPage() {
  return (
    <>
      <PageHero
        eyebrow="Solutions"
        title="AI Solutions Built for Growing Businesses"
        description="Practical automation that fits the tools you already use. Pick the solution that matches your biggest bottleneck, or start with a free Growth Blueprint and let us map it out for you."
      >
        <ButtonLink to="/contact" className="text-base">
          Book Your Free Strategy Call
          <ArrowRight className="h-5 w-5" aria-hidden="true" />
        </ButtonLink>
      </PageHero>

      <section aria-labelledby="solutions-title" className="relative pb-16 sm:pb-24">
        <Container>
          <h2 id="solutions-title" className="sr-only">
            Our solutions
          </h2>
          <div className="grid gap-8 lg:grid-cols-3">
            {solutions.map((solution) => (
              <article
                key={solution.id}
                id={solution.id}
                aria-labelledby={`${solution.id}-title`}
                className={`flex flex-col rounded-3xl bg-white p-8 shadow-sm ${
                  solution.badge ? "ring-2 ring-blue-700" : "ring-1 ring-slate-200"
                }`}
              >
                <div className="flex items-start justify-between gap-4">
                  <IconBadge icon={solution.icon} size="lg" />
                  {solution.badge && (
                    <span className="rounded-full bg-blue-700 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">
                      {solution.badge}
                    </span>
                  )}
                </div>
                <h3 id={`${solution.id}-title`} className="mt-6 text-2xl font-bold text-slate-900">
                  {solution.title}
                </h3>
                <p className="mt-1 font-medium text-blue-700">{solution.tagline}</p>
                <p className="mt-4 text-slate-600">{solution.description}</p>
                <h4 className="mt-8 text-sm font-semibold uppercase tracking-wide text-slate-900">Features</h4>
                <div className="mt-3">
                  <CheckList items={solution.features} />
                </div>
                <h4 className="mt-8 text-sm font-semibold uppercase tracking-wide text-slate-900">Expected results</h4>
                <div className="mt-3 mb-8">
                  <CheckList items={solution.results} tone="green" />
                </div>
                <Link
                  to="/contact"
                  className={`${buttonVariants({ variant: solution.badge ? "primary" : "outline" })} mt-auto w-full`}
                  aria-describedby={`${solution.id}-title`}
                >
                  {solution.cta}
                </Link>
              </article>
            ))}
          </div>
        </Container>
      </section>

      <section aria-labelledby="impact-title" className="bg-slate-50 py-16 sm:py-24">
        <Container>
          <SectionIntro id="impact-title" eyebrow="Why it works" title="Automation that pays for itself">
            Our clients typically see a 3x return within six months, because we start with the work that costs them the most time.
          </SectionIntro>
          <div className="mt-12">
            <StatsBand stats={headlineStats} />
          </div>
        </Container>
      </section>

      <CtaPanel
        title="Not sure which solution fits?"
        text="Tell us about your business and we'll recommend the right starting point on a free 30-minute strategy call."
        action="Talk to an Expert"
      />
    </>
  );
}
