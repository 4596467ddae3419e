import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAccessToken, useAuth } from "~/features/auth/auth-provider";
import { ApiError, deleteJSON, getJSON, patchJSON, postJSON, putJSON, saveDownload } from "~/lib/api";
import type {
  Account,
  Automation,
  AutomationInput,
  AutomationList,
  AutomationSecret,
  Project,
  ProjectInput,
  ProjectList,
  ProjectUpdate,
  ProjectUpdateInput,
  Report,
  ReportFrequency,
  ReportList,
  ReportPeriod,
  ReportSummary,
  RunList,
} from "~/lib/api-types.gen";
import { useOrganizations as useOrganizationList } from "~/lib/organizations";

export type ProjectFilters = {
  organization: string;
  search: string;
  status: string;
  priority: string;
};
export type AutomationFilters = { organization: string; type: string };

export const workspaceKeys = {
  all: ["workspace"] as const,
  projects: (userId: string, f: ProjectFilters) => ["workspace", "projects", userId, f] as const,
  project: (userId: string, id: string) => ["workspace", "project", userId, id] as const,
  automations: (userId: string, f: AutomationFilters) => ["workspace", "automations", userId, f] as const,
  runs: (userId: string, id: string) => ["workspace", "runs", userId, id] as const,
  reports: (userId: string, org: string) => ["workspace", "reports", userId, org] as const,
  summary: (userId: string, org: string, period: string) => ["workspace", "summary", userId, org, period] as const,
};

function query(params: Record<string, string>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}

function useUserId() {
  return useAuth().user?.id ?? "";
}

function useInvalidateWorkspace() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
}

// GET /api/v1/admin/organizations (staff pick the organization)

export function useOrganizations(enabled: boolean) {
  return useOrganizationList(useAccessToken(), enabled);
}

// GET /api/v1/admin/users?approval=approved (staff pick a project's assignees)

export const fetchApprovedAccounts = (token: string, signal?: AbortSignal) =>
  getJSON<Account[]>("/api/v1/admin/users?approval=approved", { token, signal });

export function useApprovedAccounts(enabled: boolean) {
  const token = useAccessToken();
  return useQuery({
    queryKey: ["workspace", "accounts"] as const,
    queryFn: ({ signal }) => fetchApprovedAccounts(token, signal),
    enabled,
  });
}

// GET /api/v1/projects

export const fetchProjects = (token: string, f: ProjectFilters, signal?: AbortSignal) =>
  getJSON<ProjectList>(`/api/v1/projects${query(f)}`, { token, signal });

export const projectsQuery = (token: string, userId: string, f: ProjectFilters) =>
  queryOptions({
    queryKey: workspaceKeys.projects(userId, f),
    queryFn: ({ signal }) => fetchProjects(token, f, signal),
  });

export function useProjects(f: ProjectFilters) {
  return useQuery(projectsQuery(useAccessToken(), useUserId(), f));
}

// GET /api/v1/projects/{id}

export const fetchProject = (token: string, id: string, signal?: AbortSignal) =>
  getJSON<Project>(`/api/v1/projects/${encodeURIComponent(id)}`, {
    token,
    signal,
  });

export function useProject(id: string | null) {
  const token = useAccessToken();
  return useQuery({
    queryKey: workspaceKeys.project(useUserId(), id ?? ""),
    queryFn: ({ signal }) => fetchProject(token, id ?? "", signal),
    enabled: id !== null,
  });
}

// POST /api/v1/projects, PUT /api/v1/projects/{id}

export type ProjectSave = ProjectInput & { id?: string };

export const saveProject = (token: string, { id, ...input }: ProjectSave) =>
  id
    ? putJSON<Project>(`/api/v1/projects/${encodeURIComponent(id)}`, input, {
        token,
      })
    : postJSON<Project>("/api/v1/projects", input, { token });

export function useSaveProject() {
  const token = useAccessToken();
  const invalidate = useInvalidateWorkspace();
  return useMutation({
    mutationFn: (p: ProjectSave) => saveProject(token, p),
    onSuccess: invalidate,
  });
}

// DELETE /api/v1/projects/{id}

export function useDeleteProject() {
  const token = useAccessToken();
  const invalidate = useInvalidateWorkspace();
  return useMutation({
    mutationFn: (id: string) => deleteJSON(`/api/v1/projects/${encodeURIComponent(id)}`, { token }),
    onSuccess: invalidate,
  });
}

// POST /api/v1/projects/{id}/updates

export function usePostProjectUpdate(projectId: string) {
  const token = useAccessToken();
  const invalidate = useInvalidateWorkspace();
  return useMutation({
    mutationFn: (input: ProjectUpdateInput) =>
      postJSON<ProjectUpdate>(`/api/v1/projects/${encodeURIComponent(projectId)}/updates`, input, { token }),
    onSuccess: invalidate,
  });
}

// GET /api/v1/automations

export const fetchAutomations = (token: string, f: AutomationFilters, signal?: AbortSignal) =>
  getJSON<AutomationList>(`/api/v1/automations${query(f)}`, { token, signal });

export function useAutomations(f: AutomationFilters) {
  const token = useAccessToken();
  return useQuery({
    queryKey: workspaceKeys.automations(useUserId(), f),
    queryFn: ({ signal }) => fetchAutomations(token, f, signal),
  });
}

// POST /api/v1/automations, PUT /api/v1/automations/{id}

export type AutomationSave = AutomationInput & { id?: string };

export function useSaveAutomation() {
  const token = useAccessToken();
  const invalidate = useInvalidateWorkspace();
  return useMutation({
    mutationFn: ({ id, ...input }: AutomationSave): Promise<AutomationSecret | Automation> =>
      id
        ? putJSON<Automation>(`/api/v1/automations/${encodeURIComponent(id)}`, input, { token })
        : postJSON<AutomationSecret>("/api/v1/automations", input, { token }),
    onSuccess: invalidate,
  });
}

// DELETE /api/v1/automations/{id}

export function useDeleteAutomation() {
  const token = useAccessToken();
  const invalidate = useInvalidateWorkspace();
  return useMutation({
    mutationFn: (id: string) => deleteJSON(`/api/v1/automations/${encodeURIComponent(id)}`, { token }),
    onSuccess: invalidate,
  });
}

// POST /api/v1/automations/{id}/pause and /resume

export function useToggleAutomation() {
  const token = useAccessToken();
  const invalidate = useInvalidateWorkspace();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "pause" | "resume" }) =>
      postJSON<Automation>(`/api/v1/automations/${encodeURIComponent(id)}/${action}`, undefined, { token }),
    onSuccess: invalidate,
  });
}

// POST /api/v1/automations/{id}/token

export function useRotateToken() {
  const token = useAccessToken();
  return useMutation({
    mutationFn: (id: string) => postJSON<AutomationSecret>(`/api/v1/automations/${encodeURIComponent(id)}/token`, undefined, { token }),
  });
}

// GET /api/v1/automations/{id}/runs

export function useRuns(id: string | null) {
  const token = useAccessToken();
  return useQuery({
    queryKey: workspaceKeys.runs(useUserId(), id ?? ""),
    queryFn: ({ signal }) => getJSON<RunList>(`/api/v1/automations/${encodeURIComponent(id ?? "")}/runs?limit=20`, { token, signal }),
    enabled: id !== null,
  });
}

// GET /api/v1/reports

export function useReports(org: string, enabled: boolean) {
  const token = useAccessToken();
  return useQuery({
    queryKey: workspaceKeys.reports(useUserId(), org),
    queryFn: ({ signal }) =>
      getJSON<ReportList>(`/api/v1/reports${query({ organization: org })}`, {
        token,
        signal,
      }),
    enabled,
    refetchInterval: (q) => (q.state.data?.items.some((r) => r.status === "generating") ? 1500 : false),
  });
}

// GET /api/v1/reports/summary

export function useReportSummary(org: string, period: ReportPeriod, enabled: boolean) {
  const token = useAccessToken();
  return useQuery({
    queryKey: workspaceKeys.summary(useUserId(), org, period),
    queryFn: ({ signal }) => getJSON<ReportSummary>(`/api/v1/reports/summary${query({ organization: org, period })}`, { token, signal }),
    enabled,
  });
}

// POST /api/v1/reports/{id}/generate

export function useGenerateReport() {
  const token = useAccessToken();
  const invalidate = useInvalidateWorkspace();
  return useMutation({
    mutationFn: async (ids: { ids: string[]; period: ReportPeriod }) => {
      const results: Report[] = [];
      for (const id of ids.ids) {
        try {
          results.push(await postJSON<Report>(`/api/v1/reports/${encodeURIComponent(id)}/generate`, { period: ids.period }, { token }));
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 409)) throw error;
        }
      }
      return results;
    },
    onSuccess: invalidate,
  });
}

// PATCH /api/v1/reports/{id}

export function useScheduleReport() {
  const token = useAccessToken();
  const invalidate = useInvalidateWorkspace();
  return useMutation({
    mutationFn: ({ id, frequency }: { id: string; frequency: ReportFrequency | null }) =>
      patchJSON<Report>(`/api/v1/reports/${encodeURIComponent(id)}`, { frequency }, { token }),
    onSuccess: invalidate,
  });
}

// GET /api/v1/reports/{id}/file: fetched with the bearer token, then saved from a blob.

export async function downloadReport(token: string, report: Report, format: "pdf" | "csv") {
  const url = format === "pdf" ? report.file_url : report.csv_url;
  if (!url) throw new Error("This report has no file yet.");
  const res = await fetch(url, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error("The report could not be downloaded. Please try again.");
  await saveDownload(res, `${report.type}.${format}`);
}
