import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { FormField } from "~/components/ui/form-field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { WorkspaceDescriptionMax, WorkspaceNameMax, type OrganizationSummary } from "~/lib/api-types.gen";

export function StatCard({
  label,
  value,
  icon: Icon,
  tone = "blue",
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  tone?: "blue" | "green" | "amber" | "red" | "violet";
}) {
  const tones = {
    blue: "bg-blue-50 text-blue-700",
    green: "bg-green-50 text-green-700",
    amber: "bg-amber-50 text-amber-800",
    red: "bg-red-50 text-red-700",
    violet: "bg-violet-50 text-violet-700",
  } as const;
  return (
    // A container query: a narrow card (four in a row beside the sidebar) puts its icon above
    // the figure, so that a long amount keeps the card's whole width.
    <div className="@container rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <div className="flex flex-col items-start gap-3 @[15rem]:flex-row @[15rem]:items-center @[15rem]:gap-4">
        <span className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${tones[tone]}`}>
          <Icon className="h-5 w-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 max-w-full">
          <p className="text-sm text-slate-600">{label}</p>
          <p className="text-2xl font-bold tabular-nums text-slate-900 [overflow-wrap:anywhere]">{value}</p>
        </div>
      </div>
    </div>
  );
}

export function ProgressBar({ value, label, tone = "blue" }: { value: number; label: string; tone?: "blue" | "green" }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className={`h-full rounded-full ${tone === "green" ? "bg-green-600" : "bg-blue-700"}`} style={{ width: `${clamped}%` }} />
    </div>
  );
}

export function OrganizationSelect({
  id,
  value,
  onChange,
  organizations,
  allLabel,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  organizations: OrganizationSummary[] | undefined;
  allLabel?: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  return (
    <Select
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      invalid={invalid}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    >
      <option value="">{allLabel ?? "Choose an organization"}</option>
      {organizations?.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </Select>
  );
}

export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <Icon className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{title}</h2>
      {children && <div className="mt-2 text-sm text-slate-600">{children}</div>}
    </div>
  );
}

/** One option per entry of a labels table, in its order. */
export function LabelOptions({ labels }: { labels: Record<string, string> }) {
  return (
    <>
      {Object.entries(labels).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}

type BasicsDraft = { organization_id: string; name: string; description: string };

/** The organization (new items only), name and description fields every workspace form starts with. */
export function BasicsFields({
  field,
  draft,
  set,
  organizations,
  isNew,
}: {
  field: (name: string) => { id: string; error?: string };
  draft: BasicsDraft;
  set: (patch: Partial<BasicsDraft>) => void;
  organizations: OrganizationSummary[] | undefined;
  isNew: boolean;
}) {
  return (
    <>
      {isNew && (
        <FormField label="Organization" {...field("organization_id")}>
          {(control) => (
            <OrganizationSelect
              id={control.id}
              value={draft.organization_id}
              onChange={(v) => set({ organization_id: v })}
              organizations={organizations}
              invalid={control["aria-invalid"]}
              describedBy={control["aria-describedby"]}
            />
          )}
        </FormField>
      )}
      <FormField label="Name" {...field("name")}>
        {(control) => <Input {...control} value={draft.name} maxLength={WorkspaceNameMax} onChange={(e) => set({ name: e.target.value })} />}
      </FormField>
      <FormField label="Description" {...field("description")}>
        {(control) => (
          <Textarea
            {...control}
            value={draft.description}
            maxLength={WorkspaceDescriptionMax}
            onChange={(e) => set({ description: e.target.value })}
          />
        )}
      </FormField>
    </>
  );
}
