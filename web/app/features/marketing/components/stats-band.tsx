import type { Stat } from "../copy/types";

export function StatsBand({ stats }: { stats: Stat[] }) {
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl bg-slate-200 ring-1 ring-slate-200 lg:grid-cols-4">
      {stats.map((stat) => (
        <div key={stat.label} className="flex flex-col-reverse justify-end bg-white px-3 py-6 text-center sm:px-6 sm:py-8">
          <dt className="mt-2 text-sm text-pretty text-slate-600">{stat.label}</dt>
          <dd className="text-2xl font-extrabold tracking-tight break-words text-blue-700 sm:text-4xl">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
