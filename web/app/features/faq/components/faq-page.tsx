import { ChevronDown, CircleHelp, LifeBuoy, CalendarDays } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { ScheduleOptionsDialog } from "~/components/layout/schedule-options-dialog";
import { Button, buttonVariants, UnstyledButton } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { FAQ } from "../faq-content";
import { faqKey, searchFaq } from "../faq-search";
import { SearchField } from "~/components/ui/search-field";

export function FaqPage() {
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState<number | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const matches = searchFaq(FAQ, query);

  return (
    <div className="space-y-6">
      <PageHeader title="Frequently Asked Questions" description="Find quick answers about the portal, our services, billing and your data." />
      <SearchField
        id="faq-search"
        label="Search FAQs"
        placeholder="Search FAQs..."
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className="max-w-xl"
      />

      <div aria-live="polite">
        {matches.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <CircleHelp className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-semibold text-slate-900">No results found</h2>
            <p className="mt-1 text-sm text-slate-600">Try different words, or contact support and we will answer you directly.</p>
          </div>
        ) : (
          <div className="space-y-6">
            {matches.map((category) => (
              <section key={category.title} aria-labelledby={`faq-category-${category.categoryIndex}`}>
                <h2 id={`faq-category-${category.categoryIndex}`} className="mb-3 text-lg font-semibold text-slate-900">
                  {category.title}
                </h2>
                <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
                  {category.items.map(({ index, item }) => {
                    const key = faqKey(category.categoryIndex, index);
                    const expanded = open === key;
                    return (
                      <li key={key}>
                        <h3>
                          <UnstyledButton
                            type="button"
                            aria-expanded={expanded}
                            aria-controls={`faq-answer-${key}`}
                            onClick={() => setOpen(expanded ? null : key)}
                            className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700"
                          >
                            {item.question}
                            <ChevronDown
                              className={`h-5 w-5 shrink-0 text-slate-500 transition-transform ${expanded ? "rotate-180" : ""}`}
                              aria-hidden="true"
                            />
                          </UnstyledButton>
                        </h3>
                        <div id={`faq-answer-${key}`} hidden={!expanded} className="px-5 pb-4 text-sm leading-relaxed text-slate-700">
                          {item.answer}
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>

      <section aria-labelledby="faq-contact" className="rounded-2xl bg-blue-50 p-6 text-center">
        <h2 id="faq-contact" className="text-lg font-semibold text-slate-900">
          Still have questions?
        </h2>
        <p className="mt-1 text-sm text-slate-700">Our team is happy to help. Open a ticket or book a consultation.</p>
        <div className="mt-4 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.portal.newTicket} className={buttonVariants({ variant: "secondary" })}>
            <LifeBuoy className="h-4 w-4" aria-hidden="true" />
            Contact Support
          </Link>
          <Button onClick={() => setScheduling(true)}>
            <CalendarDays className="h-4 w-4" aria-hidden="true" />
            Book Consultation
          </Button>
        </div>
      </section>
      <ScheduleOptionsDialog open={scheduling} onClose={() => setScheduling(false)} />
    </div>
  );
}
