import { deleteJSON, getJSON, patchJSON, putJSON } from "~/lib/api";
import type { Profile } from "~/features/auth/profile-api";

/** GET/PUT /api/v1/profile/notifications (docs/api.md). */
export type NotificationSettings = { email: boolean; ticket_updates: boolean; forum_replies: boolean };

/** One entry of GET /api/v1/sessions. */
export type ActiveSession = {
  id: string;
  created_at: string;
  refreshed_at: string | null;
  user_agent: string;
  ip: string;
  aal: string;
  current: boolean;
};

export type ProfileUpdate = { full_name: string; avatar_url: string };

export const settingsKeys = {
  notifications: (userId: string) => ["notifications", userId] as const,
  sessions: (userId: string) => ["sessions", userId] as const,
  factors: (userId: string) => ["mfa-factors", userId] as const,
};

export const updateProfile = (token: string, update: ProfileUpdate) => patchJSON<Profile>("/api/v1/profile", update, { token });

export const fetchNotifications = (token: string, signal?: AbortSignal) =>
  getJSON<NotificationSettings>("/api/v1/profile/notifications", { token, signal });

export const saveNotifications = (token: string, settings: NotificationSettings) =>
  putJSON<NotificationSettings>("/api/v1/profile/notifications", settings, { token });

export const fetchSessions = (token: string, signal?: AbortSignal) => getJSON<ActiveSession[]>("/api/v1/sessions", { token, signal });

export const revokeSession = (token: string, id: string) => deleteJSON(`/api/v1/sessions/${encodeURIComponent(id)}`, { token });
