import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAccessToken, useAuth } from "~/features/auth/auth-provider";
import { ApiError, deleteJSON, getJSON, patchJSON, postJSON, saveBlob } from "~/lib/api";
import type {
  Account,
  Attachment,
  CategoryInput,
  SupportCategory,
  Ticket,
  TicketDetail,
  TicketInput,
  TicketList,
  TicketResponse,
  TicketSummary,
} from "~/lib/api-types.gen";
import { useOrganizations } from "~/lib/organizations";
import { filterQuery, type TicketFilters } from "./filters";

export const supportKeys = {
  all: ["support"] as const,
  categories: ["support", "categories"] as const,
  allCategories: ["support", "categories", "all"] as const,
  lists: (userId: string) => ["support", "tickets", userId] as const,
  list: (userId: string, filters: TicketFilters) => ["support", "tickets", userId, "list", filters] as const,
  summary: (userId: string, filters: TicketFilters) => ["support", "tickets", userId, "summary", filters] as const,
  ticket: (userId: string, id: string) => ["support", "tickets", userId, "one", id] as const,
  people: ["support", "people"] as const,
};

// GET /api/v1/support/categories

export const fetchCategories = (token: string, signal?: AbortSignal) =>
  getJSON<SupportCategory[]>("/api/v1/support/categories", { token, signal });

export function useCategories() {
  const token = useAccessToken();
  return useQuery(
    queryOptions({
      queryKey: supportKeys.categories,
      queryFn: ({ signal }) => fetchCategories(token, signal),
    }),
  );
}

// GET /api/v1/tickets

export const fetchTickets = (token: string, filters: TicketFilters, cursor: string, signal?: AbortSignal) =>
  getJSON<TicketList>(`/api/v1/tickets?${filterQuery(filters, { cursor, limit: "50" })}`, { token, signal });

export function useTickets(filters: TicketFilters) {
  const token = useAccessToken();
  const userId = useAuth().user?.id ?? "";
  return useInfiniteQuery({
    queryKey: supportKeys.list(userId, filters),
    queryFn: ({ signal, pageParam }) => fetchTickets(token, filters, pageParam, signal),
    initialPageParam: "",
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

// GET /api/v1/tickets/summary

export const fetchSummary = (token: string, filters: TicketFilters, signal?: AbortSignal) =>
  getJSON<TicketSummary>(`/api/v1/tickets/summary?${filterQuery({ ...filters, status: "" })}`, { token, signal });

export function useTicketSummary(filters: TicketFilters, enabled: boolean) {
  const token = useAccessToken();
  const userId = useAuth().user?.id ?? "";
  return useQuery({
    queryKey: supportKeys.summary(userId, { ...filters, status: "" }),
    queryFn: ({ signal }) => fetchSummary(token, filters, signal),
    enabled,
  });
}

// GET /api/v1/tickets/{id}

export const fetchTicket = (token: string, id: string, signal?: AbortSignal) =>
  getJSON<TicketDetail>(`/api/v1/tickets/${encodeURIComponent(id)}`, {
    token,
    signal,
  });

export function useTicket(id: string | undefined) {
  const token = useAccessToken();
  const userId = useAuth().user?.id ?? "";
  return useQuery({
    queryKey: supportKeys.ticket(userId, id ?? ""),
    queryFn: ({ signal }) => fetchTicket(token, id ?? "", signal),
    enabled: Boolean(id),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

// POST /api/v1/tickets/{id}/attachments (multipart)

export async function uploadAttachments(token: string, ticketId: string, files: File[], responseId?: string): Promise<Attachment[]> {
  const body = new FormData();
  if (responseId) body.append("response_id", responseId);
  for (const file of files) body.append("files", file, file.name);
  let res: Response;
  try {
    res = await fetch(`/api/v1/tickets/${encodeURIComponent(ticketId)}/attachments`, {
      method: "POST",
      headers: {
        Accept: "application/json",
        Authorization: `Bearer ${token}`,
      },
      body,
    });
  } catch {
    throw new ApiError(0, {
      code: "network_error",
      message: "We could not reach the server. Check your connection and try again.",
    });
  }
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const err = (data ?? {}) as {
      code?: string;
      message?: string;
      fields?: Record<string, string>;
    };
    throw new ApiError(res.status, {
      code: err.code ?? "unexpected",
      message: err.fields?.files ?? err.message ?? "The files could not be uploaded.",
      fields: err.fields,
    });
  }
  return data as Attachment[];
}

// GET /api/v1/attachments/{id}: fetched with the token, then saved by the browser.

export async function downloadAttachment(token: string, attachment: Attachment): Promise<void> {
  const res = await fetch(`/api/v1/attachments/${encodeURIComponent(attachment.id)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok)
    throw new ApiError(res.status, {
      code: "download_failed",
      message: "The file could not be downloaded.",
    });
  saveBlob(await res.blob(), attachment.filename);
}

// POST /api/v1/tickets (then its files)

export type NewTicketValues = TicketInput & { files: File[] };

export function useCreateTicket() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, ...input }: NewTicketValues) => {
      const ticket = await postJSON<TicketDetail>("/api/v1/tickets", input, { token });
      if (files.length > 0) {
        try {
          await uploadAttachments(token, ticket.id, files);
        } catch (err) {
          const reason = err instanceof ApiError ? err.message : "the upload failed";
          throw new ApiError(err instanceof ApiError ? err.status : 0, {
            code: "attachments_failed",
            message: `Ticket ${ticket.code} was created, but its files were not attached (${reason}). Open it to add them to a reply.`,
          });
        }
      }
      return ticket;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

// PATCH /api/v1/tickets/{id}

export type TicketPatch = {
  status?: Ticket["status"];
  priority?: Ticket["priority"];
  category_id?: string | null;
  assigned_to?: string | null;
};

export function useUpdateTicket(id: string) {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: TicketPatch) =>
      patchJSON<TicketDetail>(`/api/v1/tickets/${encodeURIComponent(id)}`, patch, {
        token,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

// DELETE /api/v1/tickets/{id}

export function useDeleteTicket() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteJSON(`/api/v1/tickets/${encodeURIComponent(id)}`, { token }),
    // The deleted ticket's own query is left alone: refetching it would only answer 404 while its dialog closes.
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.all, predicate: (q) => q.queryKey[3] !== "one" }),
  });
}

// POST /api/v1/tickets/{id}/responses (then its files)

export type ReplyValues = {
  content: string;
  is_internal: boolean;
  files: File[];
};

/** "a.png", "a.png and b.pdf", "a.png, b.pdf and c.txt". */
export function fileNames(files: File[]): string {
  const names = files.map((f) => f.name);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * Adds a response, then its files. The response is saved first; when the upload fails it stays saved, and the
 * error (code attachments_failed) says so and names the files, so that the form clears its text instead of
 * sending the response a second time.
 */
export async function addResponse(token: string, ticketId: string, { files, ...input }: ReplyValues): Promise<TicketResponse> {
  const response = await postJSON<TicketResponse>(`/api/v1/tickets/${encodeURIComponent(ticketId)}/responses`, input, { token });
  if (files.length > 0) {
    try {
      await uploadAttachments(token, ticketId, files, response.id);
    } catch (err) {
      const reason = (err instanceof ApiError ? err.message : "the upload failed").replace(/\.$/, "");
      const them = files.length === 1 ? "it" : "them";
      throw new ApiError(err instanceof ApiError ? err.status : 0, {
        code: "attachments_failed",
        message: `Your response was added, but ${fileNames(files)} ${files.length === 1 ? "was" : "were"} not attached (${reason}). Add ${them} to another reply.`,
      });
    }
  }
  return response;
}

export function useRespond(ticketId: string) {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ReplyValues) => addResponse(token, ticketId, values),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

// Staff pickers: GET /api/v1/admin/organizations and GET /api/v1/admin/users

export function useOrganizationOptions(enabled: boolean) {
  return useOrganizations(useAccessToken(), enabled);
}

export function usePeople(enabled: boolean) {
  const token = useAccessToken();
  return useQuery({
    queryKey: supportKeys.people,
    queryFn: ({ signal }) =>
      getJSON<Account[]>("/api/v1/admin/users?approval=approved", {
        token,
        signal,
      }),
    enabled,
  });
}

// Categories in Settings (admins): GET, POST /api/v1/admin/support/categories, PATCH …/{id}

export function useAllCategories() {
  const token = useAccessToken();
  return useQuery({
    queryKey: supportKeys.allCategories,
    queryFn: ({ signal }) =>
      getJSON<SupportCategory[]>("/api/v1/admin/support/categories", {
        token,
        signal,
      }),
  });
}

export function useCreateCategory() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CategoryInput) =>
      postJSON<SupportCategory>("/api/v1/admin/support/categories", input, {
        token,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.categories }),
  });
}

export function useUpdateCategory() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: CategoryInput & { id: string }) =>
      patchJSON<SupportCategory>(`/api/v1/admin/support/categories/${encodeURIComponent(id)}`, input, { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.categories }),
  });
}
