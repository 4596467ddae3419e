import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** What a list shows when it has nothing: an icon, a title and an optional hint or action. */
export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <Icon className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{title}</h2>
      {children && <div className="mt-2 text-sm text-slate-600">{children}</div>}
    </div>
  );
}
