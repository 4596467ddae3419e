import { Mail, MapPin, Phone } from "lucide-react";
import { Container } from "../../../components/ui/container";
import { phoneHref, siteConfig } from "../../../lib/site";
import type { LegalBlock, LegalDocument } from "../copy/legal";

const linkClass = "font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800";

function ContactBlock() {
  return (
    <address className="not-italic">
      <ul className="space-y-2 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
        <li className="flex items-center gap-3">
          <Mail className="h-5 w-5 text-blue-700" aria-hidden="true" />
          <span className="sr-only">Email:</span>
          <a href={`mailto:${siteConfig.email}`} className={linkClass}>
            {siteConfig.email}
          </a>
        </li>
        <li className="flex items-center gap-3">
          <Phone className="h-5 w-5 text-blue-700" aria-hidden="true" />
          <span className="sr-only">Phone:</span>
          <a href={phoneHref(siteConfig.phone)} className={linkClass}>
            {siteConfig.phone}
          </a>
        </li>
        <li className="flex items-center gap-3">
          <MapPin className="h-5 w-5 text-blue-700" aria-hidden="true" />
          <span className="sr-only">Location:</span>
          <span className="text-slate-700">
            {siteConfig.legalName}, {siteConfig.location}
          </span>
        </li>
      </ul>
    </address>
  );
}

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case "paragraph":
      return <p>{block.text}</p>;
    case "list":
      return (
        <ul className="list-disc space-y-2 pl-6 marker:text-blue-700">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "contact":
      return <ContactBlock />;
  }
}

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <>
      <section className="border-b border-slate-200 bg-linear-to-b from-blue-50 to-white">
        <Container className="py-14 sm:py-20">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{document.title}</h1>
          <p className="mt-4 text-slate-600">
            Last updated: <time dateTime={document.lastUpdated.iso}>{document.lastUpdated.display}</time>
          </p>
        </Container>
      </section>
      <Container className="py-12 sm:py-16">
        <div className="lg:grid lg:grid-cols-[16rem_1fr] lg:gap-12">
          <nav aria-label="On this page" className="mb-10 lg:mb-0">
            <div className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200 lg:sticky lg:top-24">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-900">On this page</h2>
              <ol className="mt-3 space-y-2 text-sm">
                {document.sections.map((section) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`} className="text-slate-700 hover:text-blue-700 hover:underline">
                      {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>
          <div className="max-w-3xl space-y-10 text-slate-700">
            <div className="space-y-4 text-lg">
              {document.intro.map((text) => (
                <p key={text}>{text}</p>
              ))}
            </div>
            {document.sections.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="space-y-4 leading-7">
                <h2 id={`${section.id}-title`} className="text-2xl font-bold text-slate-900">
                  {section.title}
                </h2>
                {section.blocks.map((block, index) => (
                  <Block key={index} block={block} />
                ))}
              </section>
            ))}
          </div>
        </div>
      </Container>
    </>
  );
}
