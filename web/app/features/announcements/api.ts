import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAccessToken, useAuth } from "~/features/auth/auth-provider";
import { deleteJSON, getJSON, patchJSON, postJSON } from "~/lib/api";
import type { Announcement, AnnouncementInput } from "~/lib/api-types.gen";

export type { Announcement, AnnouncementInput };

export const announcementKeys = {
  all: ["announcements"] as const,
  staffList: ["announcements", "staff"] as const,
  banners: (userId: string) => ["announcements", "banners", userId] as const,
};

// GET /api/v1/admin/announcements

export const fetchAnnouncements = (token: string, signal?: AbortSignal) =>
  getJSON<Announcement[]>("/api/v1/admin/announcements", { token, signal });

export const announcementsQuery = (token: string) =>
  queryOptions({
    queryKey: announcementKeys.staffList,
    queryFn: ({ signal }) => fetchAnnouncements(token, signal),
  });

export function useAnnouncements() {
  return useQuery(announcementsQuery(useAccessToken()));
}

// POST /api/v1/admin/announcements

export const createAnnouncement = (token: string, input: AnnouncementInput) =>
  postJSON<Announcement>("/api/v1/admin/announcements", input, { token });

export function useCreateAnnouncement() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementInput) => createAnnouncement(token, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

// PATCH /api/v1/admin/announcements/{id}

export const setAnnouncementActive = (token: string, id: string, isActive: boolean) =>
  patchJSON<Announcement>(`/api/v1/admin/announcements/${encodeURIComponent(id)}`, { is_active: isActive }, { token });

export function useSetAnnouncementActive() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => setAnnouncementActive(token, id, isActive),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

// DELETE /api/v1/admin/announcements/{id}

export const deleteAnnouncement = (token: string, id: string) =>
  deleteJSON(`/api/v1/admin/announcements/${encodeURIComponent(id)}`, {
    token,
  });

export function useDeleteAnnouncement() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAnnouncement(token, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

// GET /api/v1/announcements

export const fetchBanners = (token: string, signal?: AbortSignal) =>
  getJSON<Announcement[]>("/api/v1/announcements", { token, signal });

export const bannersQuery = (token: string, userId: string) =>
  queryOptions({
    queryKey: announcementKeys.banners(userId),
    queryFn: ({ signal }) => fetchBanners(token, signal),
    staleTime: 60_000,
  });

export function useBanners() {
  const { profile } = useAuth();
  const id = profile?.id ?? "";
  return useQuery({
    ...bannersQuery(useAccessToken(), id),
    enabled: id !== "" && profile?.approval_status === "approved",
  });
}

// POST /api/v1/announcements/{id}/dismiss

export const dismissAnnouncement = (token: string, id: string) =>
  postJSON<void>(`/api/v1/announcements/${encodeURIComponent(id)}/dismiss`, {}, { token });

export function useDismissAnnouncement() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  const { profile } = useAuth();
  const key = announcementKeys.banners(profile?.id ?? "");
  return useMutation({
    mutationFn: (id: string) => dismissAnnouncement(token, id),
    onMutate: (id) => {
      queryClient.setQueryData<Announcement[]>(key, (list) => list?.filter((a) => a.id !== id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
