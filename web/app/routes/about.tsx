import { Container } from "../components/ui/container";
import { seo } from "../lib/seo";
import { siteConfig } from "../lib/site";
import { CtaPanel } from "../features/marketing/components/cta-panel";
import { IconBadge } from "../features/marketing/components/icon-badge";
import { PageHero } from "../features/marketing/components/page-hero";
import { SectionIntro } from "../features/marketing/components/section-intro";
import { StatsBand } from "../features/marketing/components/stats-band";
import { coreValues, leadership, mission, timeline } from "../features/marketing/copy/about";
import { headlineStats } from "../features/marketing/copy/claims";

export const meta = () =>
  seo({
    title: "About Us",
    description: `Meet the ${siteConfig.name} team in ${siteConfig.location}: our mission, values and leadership, helping small and mid-size businesses grow with practical AI.`,
    path: "/about",
  });

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow={`About ${siteConfig.name}`}
        title="We Help Growing Businesses Put AI to Work"
        description={`${siteConfig.name} is an AI automation consultancy based in ${siteConfig.location}. We build chatbots, workflow automation and reporting that save time, cut costs and help small and mid-size businesses compete with anyone.`}
      />

      <section aria-labelledby="stats-title" className="relative pb-16 sm:pb-24">
        <Container>
          <h2 id="stats-title" className="sr-only">
            {siteConfig.name} by the numbers
          </h2>
          <StatsBand stats={headlineStats} />
        </Container>
      </section>

      <section aria-labelledby="mission-title" className="bg-slate-50 py-16 sm:py-24">
        <Container className="grid gap-10 lg:grid-cols-[2fr_3fr] lg:gap-16">
          <SectionIntro id="mission-title" eyebrow="Why we exist" title={mission.title} align="left" />
          <div className="space-y-5 text-lg text-slate-700">
            {mission.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
        </Container>
      </section>

      <section aria-labelledby="values-title" className="py-16 sm:py-24">
        <Container>
          <SectionIntro id="values-title" eyebrow="What we stand for" title="Our Core Values">
            The principles behind every project, proposal and conversation.
          </SectionIntro>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {coreValues.map((value) => (
              <li key={value.title} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
                <IconBadge icon={value.icon} />
                <h3 className="mt-5 text-lg font-bold text-slate-900">{value.title}</h3>
                <p className="mt-2 text-slate-600">{value.description}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="team-title" className="bg-slate-50 py-16 sm:py-24">
        <Container>
          <SectionIntro id="team-title" eyebrow="Leadership" title="Meet Our Leadership Team">
            Operators and engineers who have spent their careers making businesses run better.
          </SectionIntro>
          <ul className="mt-12 grid gap-8 md:grid-cols-3">
            {leadership.map((person) => (
              <li key={person.name} className="flex flex-col items-center rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
                <img
                  src={person.image}
                  alt={`Illustrated portrait of ${person.name}`}
                  width={160}
                  height={160}
                  loading="lazy"
                  className="h-40 w-40 rounded-full bg-blue-50 ring-4 ring-blue-100"
                />
                <h3 className="mt-6 text-xl font-bold text-slate-900">{person.name}</h3>
                <p className="mt-1 font-semibold text-blue-700">{person.role}</p>
                <p className="mt-4 text-slate-600">{person.bio}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="journey-title" className="py-16 sm:py-24">
        <Container>
          <SectionIntro id="journey-title" eyebrow="Our journey" title="How We Got Here" />
          <ol className="relative mx-auto mt-12 max-w-3xl space-y-10 border-l-2 border-blue-200 pl-8">
            {timeline.map((milestone) => (
              <li key={milestone.year} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-1 -left-[2.55rem] h-5 w-5 rounded-full border-4 border-white bg-blue-700 ring-2 ring-blue-200"
                />
                <time dateTime={milestone.year} className="block text-sm font-bold tracking-wide text-blue-700">{milestone.year}</time>
                <h3 className="mt-1 text-xl font-bold text-slate-900">{milestone.title}</h3>
                <p className="mt-2 text-slate-600">{milestone.description}</p>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <CtaPanel
        title="Let's build what's next for your business"
        text="Book a free strategy call with our team and find out where AI can save you the most time."
        action="Book Your Free Strategy Call"
      />
    </>
  );
}
