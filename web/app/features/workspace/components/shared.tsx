import { FormField } from "~/components/ui/form-field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { WorkspaceDescriptionMax, WorkspaceNameMax, type OrganizationSummary } from "~/lib/api-types.gen";

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

/** A list's organization filter for staff: every organization, or all of them. */
export function OrganizationFilter(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  organizations: OrganizationSummary[] | undefined;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="sr-only">
        Organization
      </label>
      <OrganizationSelect {...props} allLabel="All organizations" />
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
