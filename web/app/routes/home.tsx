import { ArrowRight } from "lucide-react";
import { ButtonLink } from "../components/ui/button-link";
import { Container } from "../components/ui/container";
import { seo } from "../lib/seo";
import { siteConfig } from "../lib/site";
import { CtaPanel } from "../features/marketing/components/cta-panel";
import { IconBadge } from "../features/marketing/components/icon-badge";
import { SectionIntro } from "../features/marketing/components/section-intro";
import { OfferingDetails } from "../features/marketing/components/offering-details";
import { StatsBand } from "../features/marketing/components/stats-band";
import { headlineStats } from "../features/marketing/copy/claims";
import { caseStudies, homeServices, processSteps } from "../features/marketing/copy/home";

export const meta = () =>
  seo({
    title: `${siteConfig.name} | AI Chatbots, Workflow Automation & Reporting`,
    description:
      "AI chatbots, workflow automation and automated reporting for small and mid-size businesses. Save 500+ hours a week. Book your free strategy call today.",
    path: "/",
  });

const exampleFlow = [
  { step: "New website inquiry arrives", detail: "9:42 pm, Tuesday" },
  { step: "AI chatbot answers and qualifies", detail: "Replied in 4 seconds" },
  { step: "Lead added to your CRM", detail: "Contact and notes synced" },
  { step: "Call booked on your calendar", detail: "Team notified by e-mail" },
];

function Hero() {
  return (
    <section className="relative isolate overflow-hidden bg-linear-to-b from-blue-50 via-white to-white">
      <div aria-hidden="true" className="absolute -top-40 right-0 -z-10 h-[32rem] w-[32rem] rounded-full bg-blue-200/50 blur-3xl" />
      <div aria-hidden="true" className="absolute top-40 -left-40 -z-10 h-80 w-80 rounded-full bg-indigo-100/70 blur-3xl" />
      <Container className="grid items-center gap-14 py-16 sm:py-24 lg:grid-cols-2">
        <div>
          <p className="inline-flex items-center rounded-full bg-blue-100 px-3 py-1 text-sm font-semibold text-blue-800">
            {siteConfig.tagline}
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
            Automate the busywork. <span className="text-blue-700">Grow what matters.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-slate-600">
            We design, build and run AI chatbots, workflow automation and automated reporting for small and mid-size
            businesses, so your team gets hours back every week and your customers never wait.
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <ButtonLink to="/contact" className="text-base">
              Book Your Free Strategy Call
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </ButtonLink>
            <ButtonLink to="/solutions" variant="outline" className="text-base">
              Explore Solutions
            </ButtonLink>
          </div>
          <p className="mt-6 text-sm text-slate-600">Free 30-minute session. No obligation.</p>
        </div>
        <figure className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8">
          <figcaption className="flex items-center justify-between gap-4">
            <span className="text-sm font-semibold text-slate-900">Example: an after-hours lead, handled</span>
            <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">Automated</span>
          </figcaption>
          <ol className="mt-6 space-y-4">
            {exampleFlow.map((item, index) => (
              <li key={item.step} className="flex items-start gap-4">
                <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white">
                  {index + 1}
                </span>
                <span>
                  <span className="block font-medium text-slate-900">{item.step}</span>
                  <span className="block text-sm text-slate-600">{item.detail}</span>
                </span>
              </li>
            ))}
          </ol>
          <p className="mt-6 rounded-xl bg-blue-50 p-4 text-sm text-blue-900">
            No one on your team had to lift a finger, and the lead was booked before a competitor called back.
          </p>
        </figure>
      </Container>
    </section>
  );
}

function Services() {
  return (
    <section aria-labelledby="services-title" className="bg-slate-50 py-16 sm:py-24">
      <Container>
        <SectionIntro id="services-title" eyebrow="What we do" title="Three ways AI can grow your business">
          Start with one, or combine them. Every solution is built around your tools, your team and a measurable goal.
        </SectionIntro>
        <div className="mt-14 space-y-8">
          {homeServices.map((service) => (
            <article
              key={service.id}
              aria-labelledby={`${service.id}-title`}
              className="grid gap-8 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10 lg:grid-cols-[2fr_3fr]"
            >
              <div>
                <IconBadge icon={service.icon} size="lg" />
                <h3 id={`${service.id}-title`} className="mt-5 text-2xl font-bold text-slate-900">
                  {service.title}
                </h3>
                <p className="mt-1 font-medium text-blue-700">{service.tagline}</p>
                <p className="mt-4 text-slate-600">{service.description}</p>
              </div>
              <OfferingDetails offering={service} level={4} />
            </article>
          ))}
        </div>
      </Container>
    </section>
  );
}

function Process() {
  return (
    <section aria-labelledby="process-title" className="py-16 sm:py-24">
      <Container>
        <SectionIntro id="process-title" eyebrow="How it works" title="From first call to results in weeks">
          A simple three-step process that keeps you in control from start to finish.
        </SectionIntro>
        <ol className="mt-14 grid gap-8 md:grid-cols-3">
          {processSteps.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl bg-white p-8 ring-1 ring-slate-200">
              <div className="flex items-center justify-between">
                <IconBadge icon={step.icon} />
                <span className="text-sm font-semibold text-slate-600">{step.duration}</span>
              </div>
              <h3 className="mt-6 text-xl font-bold text-slate-900">
                <span className="text-blue-700">{index + 1}.</span> {step.title}
              </h3>
              <p className="mt-3 text-slate-600">{step.description}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}

function Results() {
  return (
    <section aria-labelledby="results-title" className="bg-slate-50 py-16 sm:py-24">
      <Container>
        <SectionIntro id="results-title" eyebrow="Proven impact" title="Results our clients can measure">
          Real outcomes from businesses like yours, tracked from the first week after launch.
        </SectionIntro>
        <div className="mt-12">
          <StatsBand stats={headlineStats} />
        </div>
        <div className="mt-12 grid gap-8 lg:grid-cols-3">
          {caseStudies.map((study) => (
            <article key={study.client} className="flex flex-col rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
              <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">{study.industry}</p>
              <h3 className="mt-2 text-lg font-bold text-slate-900">{study.client}</h3>
              <dl className="mt-4 space-y-3 text-sm">
                <div>
                  <dt className="font-semibold text-slate-900">Challenge</dt>
                  <dd className="mt-1 text-slate-600">{study.challenge}</dd>
                </div>
                <div>
                  <dt className="font-semibold text-slate-900">Solution</dt>
                  <dd className="mt-1 text-slate-600">{study.solution}</dd>
                </div>
              </dl>
              <div className="mt-auto pt-6">
                <dl className="grid grid-cols-2 gap-4 border-t border-slate-200 pt-6">
                  {study.metrics.map((metric) => (
                    <div key={metric.label} className="flex flex-col-reverse">
                      <dt className="text-sm text-slate-600">{metric.label}</dt>
                      <dd className="text-2xl font-extrabold text-blue-700">{metric.value}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            </article>
          ))}
        </div>
        <p className="mt-10 text-center text-sm text-slate-600">
          Client names are kept private. Your results will depend on your business and goals.
        </p>
      </Container>
    </section>
  );
}

export default function HomePage() {
  return (
    <>
      <Hero />
      <Services />
      <Process />
      <Results />
      <CtaPanel
        title="Ready to see what AI can do for your business?"
        text="Book a free consultation. In 30 minutes we'll find your biggest automation opportunities and show you the return you can expect."
        action="Schedule Your Free Consultation"
      />
    </>
  );
}
