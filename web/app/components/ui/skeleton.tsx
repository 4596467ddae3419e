/**
 * Placeholders in the shape of what is loading, so that a page keeps its layout while its data
 * arrives instead of showing a lone spinner. Each loading region is one polite status with a label
 * for screen readers; the shapes themselves are hidden from them.
 */
import type { ReactNode } from "react";

function Block({ className = "", dark = false }: { className?: string; dark?: boolean }) {
  const shape = className.includes("rounded") ? "" : "rounded-md";
  return <div className={`animate-pulse motion-reduce:animate-none ${shape} ${dark ? "bg-slate-700" : "bg-slate-200"} ${className}`} />;
}

/** A picture and two lines: the head of a card, or (dark) the signed-in person in the sidebar. */
export function IdentitySkeleton({ dark = false, round = false }: { dark?: boolean; round?: boolean }) {
  return (
    <div className="flex items-center gap-3">
      <Block dark={dark} className={`h-10 w-10 shrink-0 ${round ? "rounded-full" : "rounded-xl"}`} />
      <div className="flex-1 space-y-2">
        <Block dark={dark} className="h-4 w-2/3" />
        <Block dark={dark} className="h-3 w-1/3" />
      </div>
    </div>
  );
}

function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-live="polite" data-skeleton="">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

function CardShape() {
  return (
    <div className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <IdentitySkeleton />
      <Block className="mt-4 h-3 w-full" />
      <Block className="mt-2 h-3 w-5/6" />
      <Block className="mt-5 h-8 w-32" />
    </div>
  );
}

/** Cards in the grid a list page uses. */
export function CardsSkeleton({ label, count = 4 }: { label: string; count?: number }) {
  return (
    <Loading label={label}>
      <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          <CardShape key={i} />
        ))}
      </div>
    </Loading>
  );
}

/** Rows of a list or a table. */
export function RowsSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <Loading label={label}>
      <div className="space-y-3">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <Block className="h-4 w-1/2" />
            <Block className="mt-3 h-3 w-5/6" />
          </div>
        ))}
      </div>
    </Loading>
  );
}

/** A whole page: its title, a row of figures and cards; shown before the page itself can render. */
export function PageSkeleton({ label = "Loading…" }: { label?: string }) {
  return (
    <Loading label={label}>
      <div className="space-y-6">
        <div className="space-y-3">
          <Block className="h-8 w-64 max-w-full" />
          <Block className="h-4 w-96 max-w-full" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
              <Block className="h-3 w-24" />
              <Block className="mt-3 h-6 w-16" />
            </div>
          ))}
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <CardShape />
          <CardShape />
        </div>
      </div>
    </Loading>
  );
}
