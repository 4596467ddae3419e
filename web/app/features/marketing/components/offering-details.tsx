import type { Offering } from "../copy/types";
import { CheckList } from "./check-list";

/** The features and expected results of a service, under headings one level below the service title. */
export function OfferingDetails({ offering, level }: { offering: Offering; level: 3 | 4 }) {
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <div>
        <Heading className="text-sm font-semibold uppercase tracking-wide text-slate-900">Key features</Heading>
        <div className="mt-3">
          <CheckList items={offering.features} />
        </div>
      </div>
      <div>
        <Heading className="text-sm font-semibold uppercase tracking-wide text-slate-900">Expected results</Heading>
        <div className="mt-3">
          <CheckList items={offering.results} tone="green" />
        </div>
      </div>
    </div>
  );
}
