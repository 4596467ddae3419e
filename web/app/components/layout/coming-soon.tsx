import type { LucideIcon } from "lucide-react";
import { Sparkles } from "lucide-react";
import { PageHeader } from "./page-header";

/** The panel of a portal section that is still being built. */
export function ComingSoonPanel({ title, icon: Icon = Sparkles, children }: { title: string; icon?: LucideIcon; children: string }) {
  return (
    <section aria-labelledby="coming-soon-title" className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center sm:p-12">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-blue-50 text-blue-700">
        <Icon className="h-7 w-7" aria-hidden="true" />
      </span>
      <h2 id="coming-soon-title" className="mt-4 text-lg font-semibold text-slate-900">
        {title} is coming soon
      </h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">{children}</p>
    </section>
  );
}

/** A whole portal page that is still being built: its heading and a friendly note. */
export function ComingSoonPage({
  title,
  section,
  description,
  icon,
}: {
  title: string;
  section: string;
  description: string;
  icon?: LucideIcon;
}) {
  return (
    <div className="space-y-8">
      <PageHeader title={title} />
      <ComingSoonPanel title={section} icon={icon}>
        {description}
      </ComingSoonPanel>
    </div>
  );
}
