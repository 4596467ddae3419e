import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAccessToken } from "~/features/auth/auth-provider";
import { getJSON, patchJSON } from "~/lib/api";
import type { Lead, LeadChange, LeadList } from "~/lib/api-types.gen";

export type { Lead };

export type LeadStatus = "all" | "open" | "handled";
export type LeadSort = "received" | "name" | "company";

/** What the staff's lead list shows: the filters, the order and the page, as the URL keeps them. */
export type LeadQuery = { search: string; status: LeadStatus; sort: LeadSort; desc: boolean; page: number; pageSize: number };

export const leadKeys = {
  all: ["leads"] as const,
  list: (q: LeadQuery) => ["leads", "list", q] as const,
  one: (id: string) => ["leads", "one", id] as const,
};

export function leadsPath(q: LeadQuery): string {
  const params = new URLSearchParams({
    search: q.search.trim(),
    status: q.status,
    sort: q.sort,
    dir: q.desc ? "desc" : "asc",
    limit: String(q.pageSize),
    offset: String(q.page * q.pageSize),
  });
  return `/api/v1/admin/leads?${params.toString()}`;
}

// GET /api/v1/admin/leads

export function useLeads(q: LeadQuery) {
  const token = useAccessToken();
  return useQuery(
    queryOptions({
      queryKey: leadKeys.list(q),
      queryFn: ({ signal }) => getJSON<LeadList>(leadsPath(q), { token, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

// GET /api/v1/admin/leads/{id}

export function useLead(id: string) {
  const token = useAccessToken();
  return useQuery(
    queryOptions({
      queryKey: leadKeys.one(id),
      queryFn: ({ signal }) => getJSON<Lead>(`/api/v1/admin/leads/${encodeURIComponent(id)}`, { token, signal }),
    }),
  );
}

// PATCH /api/v1/admin/leads/{id}

export function useSetLeadHandled(id: string) {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (handled: boolean) => {
      const body: LeadChange = { handled };
      return patchJSON<Lead>(`/api/v1/admin/leads/${encodeURIComponent(id)}`, body, { token });
    },
    onSuccess: (lead) => queryClient.setQueryData(leadKeys.one(id), lead),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}
