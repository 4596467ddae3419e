import { Clock, Mail, MapPin, Phone, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Container } from "../components/ui/container";
import { seo } from "../lib/seo";
import { phoneHref, siteConfig } from "../lib/site";
import { ContactFormPanel } from "../features/contact/components/contact-form-panel";
import { FaqList } from "../features/marketing/components/faq-list";
import { PageHero } from "../features/marketing/components/page-hero";
import { SectionIntro } from "../features/marketing/components/section-intro";
import { RESPONSE_TIME, contactBenefits, contactFaq } from "../features/marketing/copy/contact";

export const meta = () =>
  seo({
    title: "Contact Us: Book Your Free Strategy Call",
    description:
      "Book a free 30-minute strategy call. Tell us what you want to automate and get a custom proposal, with a reply in under 2 hours during business hours.",
    path: "/contact",
  });

const linkClass = "font-medium text-blue-700 underline-offset-2 hover:text-blue-800 hover:underline";

function ContactCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-blue-100 text-blue-800">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 text-slate-700">{children}</div>
      </div>
    </li>
  );
}

export default function ContactPage() {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Ready to Transform Your Business?"
        description="Book a free discovery call with our team. We'll learn how your business runs, show you where AI can save the most time, and follow up with a custom plan."
      />

      <Container className="relative pb-16 sm:pb-24">
        <div className="grid gap-10 lg:grid-cols-[3fr_2fr] lg:items-start">
          <ContactFormPanel />

          <div className="space-y-10">
            <section aria-labelledby="reach-us-title">
              <h2 id="reach-us-title" className="text-xl font-bold text-slate-900">
                Other Ways to Reach Us
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
                <ContactCard icon={Mail} title="Email">
                  <a href={`mailto:${siteConfig.email}`} className={`${linkClass} break-all`}>
                    {siteConfig.email}
                  </a>
                </ContactCard>
                <ContactCard icon={Phone} title="Phone">
                  <a href={phoneHref(siteConfig.phone)} className={linkClass}>
                    {siteConfig.phone}
                  </a>
                </ContactCard>
                <ContactCard icon={MapPin} title="Office">
                  {siteConfig.location}
                </ContactCard>
                <ContactCard icon={Clock} title="Response Time">
                  {RESPONSE_TIME}
                </ContactCard>
              </ul>
            </section>

            <section aria-labelledby="benefits-title" className="rounded-2xl bg-blue-50 p-6 ring-1 ring-blue-100 sm:p-8">
              <h2 id="benefits-title" className="text-xl font-bold text-slate-900">
                What You'll Get
              </h2>
              <ul className="mt-6 space-y-5">
                {contactBenefits.map((benefit) => (
                  <li key={benefit.title} className="flex gap-4">
                    <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-blue-700 text-white">
                      <benefit.icon className="h-5 w-5" aria-hidden="true" />
                    </span>
                    <div>
                      <h3 className="font-semibold text-slate-900">{benefit.title}</h3>
                      <p className="mt-1 text-sm text-slate-700">{benefit.description}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </div>
      </Container>

      <section aria-labelledby="faq-title" className="bg-slate-50 py-16 sm:py-24">
        <Container>
          <div className="mx-auto max-w-3xl">
            <SectionIntro id="faq-title" eyebrow="FAQ" title="Frequently Asked Questions">
              Quick answers to what business owners ask us most before their first call.
            </SectionIntro>
            <div className="mt-10">
              <FaqList entries={contactFaq} group="contact-faq" />
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}
