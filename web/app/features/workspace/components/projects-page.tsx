import { useState } from "react";
import { Link } from "react-router";
import {
  CheckCircle2,
  Circle,
  CirclePause,
  Clock,
  FlaskConical,
  FolderKanban,
  HelpCircle,
  Loader,
  MessageSquare,
  Pencil,
  Plus,
  Trash2,
  TrendingUp,
} from "lucide-react";
import { ListPage } from "~/components/layout/list-page";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormButtons } from "~/components/ui/form-buttons";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Checkbox, Input, Select, Textarea } from "~/components/ui/input";
import { LoadError } from "~/components/ui/load-error";
import { RowsSkeleton } from "~/components/ui/skeleton";
import { useAuth } from "~/features/auth/auth-provider";
import { errorMessage } from "~/lib/api";
import { type Project, type ProjectPriority, type ProjectStatus } from "~/lib/api-types.gen";
import { paths } from "~/lib/paths";
import { isStaff } from "~/lib/roles";
import { useApiForm, type FieldErrors } from "~/lib/use-api-form";
import {
  useApprovedAccounts,
  useDeleteProject,
  useOrganizations,
  usePostProjectUpdate,
  useProject,
  useProjects,
  useSaveProject,
  type ProjectFilters,
} from "../api";
import {
  PRIORITY_LABELS,
  PRIORITY_TONES,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUS_TONES,
  assigneeCandidates,
  assigneesLabel,
  dateRange,
  projectStats,
} from "../labels";
import { BasicsFields, LabelOptions, OrganizationFilter, ProgressBar } from "./shared";
import { useDebounced } from "~/lib/use-debounced";
import { formatDateTime } from "~/lib/format";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterBar, FilterSelect } from "~/components/ui/filter-bar";
import { SearchField } from "~/components/ui/search-field";

const STATUS_ICONS: Record<ProjectStatus, typeof Circle> = {
  planning: Clock,
  in_progress: Loader,
  testing: FlaskConical,
  completed: CheckCircle2,
  on_hold: CirclePause,
};

/** What a customer's project request asks, as a support ticket they complete and send. */
const PROJECT_REQUEST = {
  title: "New project request",
  description:
    "We would like to start a new project.\n\nWhat it should achieve:\n\nThe tools and systems involved:\n\nWhen we would like it running:\n",
};

/**
 * Projects are planned with our team: a customer asks for one through a support ticket. The link keeps
 * the product's label, Contact Support, and opens that ticket drafted as a project request.
 */
function RequestProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      title="New Project"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Link to={paths.portal.ticketDraft(PROJECT_REQUEST)} className={buttonVariants()}>
            Contact Support
          </Link>
        </>
      }
    >
      <p className="text-slate-700">
        Our team plans each project with you. Send us a project request: a support ticket opens with the questions we need answered,
        ready for you to complete. Once we have agreed the plan with you, the project appears on this page.
      </p>
    </Dialog>
  );
}

type Draft = {
  organization_id: string;
  name: string;
  description: string;
  status: ProjectStatus;
  priority: ProjectPriority;
  progress: string;
  start_date: string;
  end_date: string;
  assigned_to: string[];
};

const today = () => new Date().toISOString().slice(0, 10);

function draftOf(p: Project | null, org: string): Draft {
  return p
    ? {
        organization_id: p.organization_id,
        name: p.name,
        description: p.description,
        status: p.status,
        priority: p.priority,
        progress: String(p.progress),
        start_date: p.start_date,
        end_date: p.end_date ?? "",
        assigned_to: p.assigned_to,
      }
    : {
        organization_id: org,
        name: "",
        description: "",
        status: "planning",
        priority: "medium",
        progress: "0",
        start_date: today(),
        end_date: "",
        assigned_to: [],
      };
}

function AssigneesField({
  candidates,
  loading,
  error,
  chosen,
  onChange,
  fieldError,
}: {
  candidates: { id: string; name: string; group: "member" | "staff" }[];
  loading: boolean;
  error: string;
  chosen: string[];
  onChange: (ids: string[]) => void;
  fieldError?: string;
}) {
  const toggle = (id: string, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((c) => c !== id));
  const group = (g: "member" | "staff", title: string) => {
    const list = candidates.filter((c) => c.group === g);
    if (list.length === 0) return null;
    return (
      <div>
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</p>
        <ul className="mt-1 grid gap-1 sm:grid-cols-2">
          {list.map((c) => (
            <li key={c.id}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <Checkbox
                  checked={chosen.includes(c.id)}
                  onChange={(e) => toggle(c.id, e.target.checked)}
                />
                {c.name}
              </label>
            </li>
          ))}
        </ul>
      </div>
    );
  };
  return (
    <fieldset className="space-y-2" aria-describedby={fieldError ? "project-assigned_to-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800">Assignees (optional)</legend>
      {loading ? (
        <p className="text-sm text-slate-600">Loading people…</p>
      ) : error ? (
        <p className="text-sm text-red-700">{error}</p>
      ) : candidates.length === 0 ? (
        <p className="text-sm text-slate-600">Choose an organization to see its members.</p>
      ) : (
        <>
          {group("member", "Organization members")}
          {group("staff", "Staff")}
        </>
      )}
      {fieldError && (
        <p id="project-assigned_to-error" className="text-sm text-red-700">
          {fieldError}
        </p>
      )}
    </fieldset>
  );
}

function ProjectForm({
  project,
  defaultOrg,
  onCancel,
  onDone,
}: {
  project: Project | null;
  defaultOrg: string;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(project, defaultOrg));
  const organizations = useOrganizations(true);
  const accounts = useApprovedAccounts(true);
  const candidates = assigneeCandidates(accounts.data ?? [], draft.organization_id);
  const form = useApiForm(useSaveProject(), {
    idPrefix: "project",
    fallbackMessage: "The project could not be saved.",
  });
  const set = (patch: Partial<Draft>) =>
    setDraft((d) => {
      const next = { ...d, ...patch };
      // Another organization: keep only the assignees who may work on its projects.
      if (patch.organization_id !== undefined && patch.organization_id !== d.organization_id && accounts.data) {
        const allowed = new Set(assigneeCandidates(accounts.data, patch.organization_id).map((c) => c.id));
        next.assigned_to = d.assigned_to.filter((id) => allowed.has(id));
      }
      return next;
    });
  const onSubmit = form.onSubmit(
    () => ({
      id: project?.id,
      organization_id: draft.organization_id,
      name: draft.name,
      description: draft.description,
      status: draft.status,
      priority: draft.priority,
      progress: Number(draft.progress),
      start_date: draft.start_date,
      end_date: draft.end_date,
      assigned_to: draft.assigned_to,
    }),
    (v): FieldErrors => {
      const errors: FieldErrors = {};
      if (!v.organization_id) errors.organization_id = "Choose an organization.";
      if (!v.name.trim()) errors.name = "Enter a project name.";
      if (!Number.isInteger(v.progress) || v.progress < 0 || v.progress > 100) errors.progress = "Progress must be between 0 and 100.";
      if (!v.start_date) errors.start_date = "Enter a start date.";
      return errors;
    },
    {
      onSuccess: (p) => onDone(project ? `${p.name} has been updated.` : `${p.name} has been created.`),
    },
  );
  return (
    <form id="project-form" noValidate onSubmit={onSubmit} className="space-y-4">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <BasicsFields field={form.field} draft={draft} set={set} organizations={organizations.data} isNew={!project} />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Status" {...form.field("status")}>
          {(control) => (
            <Select {...control} value={draft.status} onChange={(e) => set({ status: e.target.value as ProjectStatus })}>
              <LabelOptions labels={PROJECT_STATUS_LABELS} />
            </Select>
          )}
        </FormField>
        <FormField label="Priority" {...form.field("priority")}>
          {(control) => (
            <Select {...control} value={draft.priority} onChange={(e) => set({ priority: e.target.value as ProjectPriority })}>
              <LabelOptions labels={PRIORITY_LABELS} />
            </Select>
          )}
        </FormField>
        <FormField label="Progress (%)" {...form.field("progress")}>
          {(control) => (
            <Input
              {...control}
              type="number"
              min={0}
              max={100}
              value={draft.progress}
              onChange={(e) => set({ progress: e.target.value })}
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Start date" {...form.field("start_date")}>
          {(control) => <Input {...control} type="date" value={draft.start_date} onChange={(e) => set({ start_date: e.target.value })} />}
        </FormField>
        <FormField label="End date (optional)" {...form.field("end_date")}>
          {(control) => <Input {...control} type="date" value={draft.end_date} onChange={(e) => set({ end_date: e.target.value })} />}
        </FormField>
      </div>
      <AssigneesField
        candidates={candidates}
        loading={accounts.isPending}
        error={accounts.error ? errorMessage(accounts.error, "The people to assign could not be loaded.") : ""}
        chosen={draft.assigned_to}
        onChange={(ids) => set({ assigned_to: ids })}
        fieldError={form.field("assigned_to").error}
      />
      <FormButtons onCancel={onCancel} submitting={form.submitting}>
        {project ? "Save Project" : "Create Project"}
      </FormButtons>
    </form>
  );
}

function UpdatesDialog({ projectId, staff, onClose }: { projectId: string | null; staff: boolean; onClose: () => void }) {
  const project = useProject(projectId);
  const [content, setContent] = useState("");
  const [progress, setProgress] = useState("");
  const form = useApiForm(usePostProjectUpdate(projectId ?? ""), {
    idPrefix: "project-update",
    fallbackMessage: "The update could not be posted.",
  });
  const onSubmit = form.onSubmit(
    () => ({ content, progress: progress === "" ? null : Number(progress) }),
    (v): FieldErrors => (v.content.trim() ? {} : { content: "Write the update." }),
    {
      onSuccess: () => {
        setContent("");
        setProgress("");
        void project.refetch();
      },
    },
  );
  return (
    <Dialog
      open={projectId !== null}
      title={project.data ? `Updates: ${project.data.name}` : "Project updates"}
      onClose={onClose}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {project.isPending && <RowsSkeleton label="Loading updates…" rows={2} />}
      {project.isError && !project.data && (
        <LoadError
          title="The updates could not be loaded."
          message={errorMessage(project.error, "")}
          onRetry={() => project.refetch()}
          retrying={project.isFetching}
        />
      )}
      {project.data && (
        <div className="space-y-4">
          {staff && (
            <form noValidate onSubmit={onSubmit} className="space-y-3 rounded-xl bg-slate-50 p-4">
              {form.formError && <Alert tone="error">{form.formError}</Alert>}
              <FormField label="Progress update" {...form.field("content")}>
                {(control) => <Textarea {...control} value={content} onChange={(e) => setContent(e.target.value)} />}
              </FormField>
              <div className="flex flex-wrap items-end gap-3">
                <div className="w-40">
                  <FormField label="New progress (%)" {...form.field("progress")}>
                    {(control) => (
                      <Input {...control} type="number" min={0} max={100} value={progress} onChange={(e) => setProgress(e.target.value)} />
                    )}
                  </FormField>
                </div>
                <Button type="submit" loading={form.submitting}>
                  Post Update
                </Button>
              </div>
            </form>
          )}
          {project.data.updates?.length ? (
            <ol className="space-y-3">
              {project.data.updates.map((u) => (
                <li key={u.id} className="rounded-xl p-4 ring-1 ring-slate-200">
                  <p className="text-xs text-slate-600">
                    {formatDateTime(u.created_at, { empty: "Never" })}
                    {u.author ? ` · ${u.author.full_name}` : ""}
                    {u.progress !== null ? ` · Progress ${u.progress}%` : ""}
                  </p>
                  <p className="mt-1 whitespace-pre-line text-slate-800">{u.content}</p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-slate-600">No updates yet.</p>
          )}
        </div>
      )}
    </Dialog>
  );
}

function ProjectCard({
  project,
  staff,
  onEdit,
  onDelete,
  onUpdates,
}: {
  project: Project;
  staff: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onUpdates: () => void;
}) {
  const Icon = STATUS_ICONS[project.status] ?? HelpCircle;
  const statusLabel = PROJECT_STATUS_LABELS[project.status] ?? "Unknown";
  return (
    <article aria-labelledby={`project-${project.id}`} className="flex flex-col rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <Icon className="mt-1 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
          <div className="min-w-0">
            <h2 id={`project-${project.id}`} className="font-semibold break-words text-slate-900">
              {project.name}
            </h2>
            {staff && <p className="text-xs text-slate-600">{project.organization_name}</p>}
          </div>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Badge tone={PROJECT_STATUS_TONES[project.status] ?? "neutral"}>{statusLabel}</Badge>
          <Badge tone={PRIORITY_TONES[project.priority] ?? "neutral"}>{PRIORITY_LABELS[project.priority] ?? project.priority}</Badge>
        </div>
      </div>
      {project.description && <p className="mt-3 text-sm text-slate-700">{project.description}</p>}
      <div className="mt-4">
        <div className="mb-1 flex justify-between text-sm">
          <span className="text-slate-600">Progress</span>
          <span className="font-medium text-slate-900">{project.progress}%</span>
        </div>
        <ProgressBar value={project.progress} label={`${project.name} progress`} />
      </div>
      <p className="mt-3 text-sm text-slate-600">{dateRange(project.start_date, project.end_date)}</p>
      {project.creator && <p className="text-sm text-slate-600">Created by {project.creator.full_name || "our team"}</p>}
      {project.assignees.length > 0 && (
        <p className="text-sm text-slate-600" data-testid="project-assignees">
          {assigneesLabel(project.assignees.map((a) => a.full_name || "our team"))}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        <Button size="sm" variant="secondary" onClick={onUpdates}>
          <MessageSquare className="h-4 w-4" aria-hidden="true" />
          Updates
        </Button>
        {staff && (
          <>
            <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${project.name}`}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
            <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${project.name}`}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Delete
            </Button>
          </>
        )}
      </div>
    </article>
  );
}

export function ProjectsPage() {
  const { profile } = useAuth();
  const staff = isStaff(profile?.role);
  const [organization, setOrganization] = useState("");
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [priority, setPriority] = useState("");
  const [requesting, setRequesting] = useState(false);
  const [editing, setEditing] = useState<Project | "new" | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const [updatesOf, setUpdatesOf] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const debouncedSearch = useDebounced(search);
  const filters: ProjectFilters = {
    organization,
    search: debouncedSearch,
    status,
    priority,
  };
  const all = useProjects({
    organization,
    search: "",
    status: "",
    priority: "",
  });
  const list = useProjects(filters);
  const organizations = useOrganizations(staff);
  const remove = useDeleteProject();
  const stats = projectStats(all.data?.items ?? []);
  const filtered = search !== "" || status !== "" || priority !== "";

  const openNew = () => (staff ? setEditing("new") : setRequesting(true));

  return (
    <>
      <ListPage
        title="AI Projects"
        description="Track the progress of your AI automation projects."
        actions={
          <Button onClick={openNew}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            New Project
          </Button>
        }
        notices={
          <>
            {notice && <Alert tone="success">{notice}</Alert>}
            {remove.error && <Alert tone="error">{errorMessage(remove.error, "The project could not be deleted.")}</Alert>}
          </>
        }
        stats={
          <StatGrid>
            <StatCard label="Total Projects" value={stats.total} icon={FolderKanban} />
            <StatCard label="In Progress" value={stats.inProgress} icon={Loader} tone="amber" />
            <StatCard label="Completed" value={stats.completed} icon={CheckCircle2} tone="green" />
            <StatCard label="Avg Progress" value={`${stats.averageProgress}%`} icon={TrendingUp} tone="violet" />
          </StatGrid>
        }
        filters={
          <FilterBar boxed>
            <SearchField
              id="projects-filter-search"
              label="Search projects"
              placeholder="Search projects..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="sm:col-span-2 lg:col-span-1"
            />
            <FilterSelect id="projects-filter-status" label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">All Status</option>
              <LabelOptions labels={PROJECT_STATUS_LABELS} />
            </FilterSelect>
            <FilterSelect id="projects-filter-priority" label="Priority" value={priority} onChange={(e) => setPriority(e.target.value)}>
              <option value="">All Priority</option>
              <LabelOptions labels={PRIORITY_LABELS} />
            </FilterSelect>
            {staff && (
              <OrganizationFilter id="projects-filter-organization" value={organization} onChange={setOrganization} organizations={organizations.data} />
            )}
          </FilterBar>
        }
        loading={list.isPending}
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
        loadingLabel="Loading projects…"
        error={list.error}
        failed="The projects could not be loaded."
        empty={
          list.data?.items.length === 0 && (
            <EmptyState icon={FolderKanban} title="No projects found">
              {filtered ? (
                <p>Try adjusting your search or filter criteria</p>
              ) : (
                <Button className="mt-2" onClick={openNew}>
                  <Plus className="h-4 w-4" aria-hidden="true" />
                  Create First Project
                </Button>
              )}
            </EmptyState>
          )
        }
      >
        {list.data?.items.map((p) => (
          <ProjectCard
            key={p.id}
            project={p}
            staff={staff}
            onEdit={() => setEditing(p)}
            onDelete={() => setDeleting(p)}
            onUpdates={() => setUpdatesOf(p.id)}
          />
        ))}
      </ListPage>
      <RequestProjectDialog open={requesting} onClose={() => setRequesting(false)} />
      {staff && editing !== null && (
        <Dialog open title={editing === "new" ? "New Project" : `Edit ${editing.name}`} onClose={() => setEditing(null)} size="lg">
          <ProjectForm
            project={editing === "new" ? null : editing}
            defaultOrg={organization}
            onCancel={() => setEditing(null)}
            onDone={(message) => {
              setEditing(null);
              setNotice(message);
            }}
          />
        </Dialog>
      )}
      <UpdatesDialog projectId={updatesOf} staff={staff} onClose={() => setUpdatesOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete project"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setNotice(`${deleting.name} has been deleted.`);
              setDeleting(null);
            },
            onSettled: () => setDeleting(null),
          })
        }
      >
        Are you sure you want to delete this project? This action cannot be undone.
      </ConfirmDialog>
    </>
  );
}
