import type { LucideIcon } from "lucide-react";
import type { HTMLAttributes, ReactNode } from "react";

export type StatTone = "blue" | "green" | "amber" | "red" | "violet";

const tones: Record<StatTone, string> = {
  blue: "bg-blue-50 text-blue-700",
  green: "bg-green-50 text-green-700",
  amber: "bg-amber-50 text-amber-800",
  red: "bg-red-50 text-red-700",
  violet: "bg-violet-50 text-violet-700",
};

/**
 * One figure with its label (a term and its description), an optional icon and an optional hint.
 * A narrow card (four in a row beside the sidebar) puts its icon above the figure, so that a long
 * amount keeps the card's whole width.
 */
export function StatCard({
  label,
  value,
  icon: Icon,
  tone = "blue",
  hint,
  className = "",
  ...rest
}: Omit<HTMLAttributes<HTMLDivElement>, "children"> & {
  label: string;
  value: ReactNode;
  icon?: LucideIcon;
  tone?: StatTone;
  hint?: ReactNode;
}) {
  return (
    <div {...rest} className={`@container rounded-2xl bg-white p-5 ring-1 ring-slate-200 ${className}`}>
      <div className="flex flex-col items-start gap-3 @[15rem]:flex-row @[15rem]:items-center @[15rem]:gap-4">
        {Icon && (
          <span className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${tones[tone]}`}>
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
        )}
        <dl className="min-w-0 max-w-full">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
          {hint && <dd className="mt-1 text-xs text-slate-600">{hint}</dd>}
        </dl>
      </div>
    </div>
  );
}

/** The grid of a page's stat cards: one column on phones, then `columns` (2 to 5) as the page widens. */
export function StatGrid({ columns = 4, label, children }: { columns?: 3 | 4 | 5; label?: string; children: ReactNode }) {
  const grid = {
    3: "sm:grid-cols-3",
    4: "sm:grid-cols-2 xl:grid-cols-4",
    5: "sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5",
  }[columns];
  return (
    <section aria-label={label} className={`grid gap-4 ${grid}`}>
      {children}
    </section>
  );
}
