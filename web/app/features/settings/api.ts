import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAccessToken, useAuth } from "~/features/auth/auth-provider";
import { deleteJSON, getJSON, patchJSON, putJSON } from "~/lib/api";
import type { NotificationPrefs, Profile, ProfileUpdate as ApiProfileUpdate, SessionInfo } from "~/lib/api-types.gen";

export type NotificationSettings = NotificationPrefs;
export type ActiveSession = SessionInfo;
export type ProfileUpdate = ApiProfileUpdate;

export const settingsKeys = {
  notifications: (userId: string) => ["notifications", userId] as const,
  sessions: (userId: string) => ["sessions", userId] as const,
  factors: (userId: string) => ["mfa-factors", userId] as const,
  recoveryCodes: (userId: string) => ["mfa-recovery-codes", userId] as const,
};

const useUserId = () => useAuth().user?.id ?? "";

// PATCH /api/v1/profile

export const updateProfile = (token: string, update: ProfileUpdate) => patchJSON<Profile>("/api/v1/profile", update, { token });

export function useUpdateProfile() {
  const token = useAccessToken();
  return useMutation({ mutationFn: (update: ProfileUpdate) => updateProfile(token, update) });
}

// GET and PUT /api/v1/profile/notifications

export const fetchNotifications = (token: string, signal?: AbortSignal) =>
  getJSON<NotificationSettings>("/api/v1/profile/notifications", { token, signal });

export const notificationsQuery = (token: string, userId: string) =>
  queryOptions({ queryKey: settingsKeys.notifications(userId), queryFn: ({ signal }) => fetchNotifications(token, signal) });

export function useNotifications() {
  return useQuery(notificationsQuery(useAccessToken(), useUserId()));
}

export const saveNotifications = (token: string, settings: NotificationSettings) =>
  putJSON<NotificationSettings>("/api/v1/profile/notifications", settings, { token });

export function useSaveNotifications() {
  const token = useAccessToken();
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => saveNotifications(token, settings),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.notifications(userId), saved),
  });
}

// GET /api/v1/sessions, DELETE /api/v1/sessions/{id}

export const fetchSessions = (token: string, signal?: AbortSignal) => getJSON<ActiveSession[]>("/api/v1/sessions", { token, signal });

export const sessionsQuery = (token: string, userId: string) =>
  queryOptions({ queryKey: settingsKeys.sessions(userId), queryFn: ({ signal }) => fetchSessions(token, signal) });

export function useSessions() {
  return useQuery(sessionsQuery(useAccessToken(), useUserId()));
}

export const revokeSession = (token: string, id: string) => deleteJSON(`/api/v1/sessions/${encodeURIComponent(id)}`, { token });
