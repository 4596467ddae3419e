import { useId, type ReactNode } from "react";

/** A titled block of a settings tab. */
export function SettingsCard({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:p-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {actions}
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}

export function LoadingRow({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
      <span className="inline-block h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-blue-700 motion-reduce:animate-none" aria-hidden="true" />
      {label}
    </p>
  );
}
