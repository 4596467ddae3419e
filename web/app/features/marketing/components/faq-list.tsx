import { ChevronDown } from "lucide-react";
import type { FaqEntry } from "../copy/contact";

/** Native disclosure widgets: keyboard and screen-reader accessible, and readable without JavaScript. */
export function FaqList({ entries, group }: { entries: FaqEntry[]; group: string }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
      {entries.map((entry) => (
        <details key={entry.question} name={group} className="group px-6 py-5 [&_summary::-webkit-details-marker]:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md text-left">
            <h3 className="text-base font-semibold text-slate-900">{entry.question}</h3>
            <ChevronDown
              className="h-5 w-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180 motion-reduce:transition-none"
              aria-hidden="true"
            />
          </summary>
          <p className="mt-3 text-slate-700">{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
