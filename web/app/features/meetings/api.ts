import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAccessToken, useAuth } from "~/features/auth/auth-provider";
import { ApiError, getJSON, postJSON, putJSON, saveBlob } from "~/lib/api";
import type { CalendarFeed, Meeting, MeetingInput, MeetingList, MeetingWhen } from "~/lib/api-types.gen";
import { useOrganizations } from "~/lib/organizations";

export type { Meeting, MeetingInput, MeetingWhen };

export const meetingKeys = {
  all: ["meetings"] as const,
  list: (userId: string, when: MeetingWhen) => ["meetings", "list", userId, when] as const,
  feed: (userId: string) => ["meetings", "feed", userId] as const,
};

// GET /api/v1/meetings?when=

export const fetchMeetings = (token: string, when: MeetingWhen, signal?: AbortSignal) =>
  getJSON<MeetingList>(`/api/v1/meetings?${new URLSearchParams({ when }).toString()}`, { token, signal });

export const meetingsQuery = (token: string, userId: string, when: MeetingWhen) =>
  queryOptions({ queryKey: meetingKeys.list(userId, when), queryFn: ({ signal }) => fetchMeetings(token, when, signal) });

export function useMeetings(when: MeetingWhen) {
  return useQuery(meetingsQuery(useAccessToken(), useAuth().user?.id ?? "", when));
}

function useInvalidateMeetings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: meetingKeys.all });
}

// POST /api/v1/meetings/{id}/cancel

export const cancelMeeting = (token: string, id: string) =>
  postJSON<Meeting>(`/api/v1/meetings/${encodeURIComponent(id)}/cancel`, {}, { token });

export function useCancelMeeting() {
  const token = useAccessToken();
  const invalidate = useInvalidateMeetings();
  return useMutation({ mutationFn: (id: string) => cancelMeeting(token, id), onSuccess: invalidate });
}

// POST /api/v1/meetings/{id}/complete

export const completeMeeting = (token: string, id: string) =>
  postJSON<Meeting>(`/api/v1/meetings/${encodeURIComponent(id)}/complete`, {}, { token });

export function useCompleteMeeting() {
  const token = useAccessToken();
  const invalidate = useInvalidateMeetings();
  return useMutation({ mutationFn: (id: string) => completeMeeting(token, id), onSuccess: invalidate });
}

// POST /api/v1/meetings, PUT /api/v1/meetings/{id}

export const saveMeeting = (token: string, id: string | null, input: MeetingInput) =>
  id
    ? putJSON<Meeting>(`/api/v1/meetings/${encodeURIComponent(id)}`, input, { token })
    : postJSON<Meeting>("/api/v1/meetings", input, { token });

export function useSaveMeeting(id: string | null) {
  const token = useAccessToken();
  const invalidate = useInvalidateMeetings();
  return useMutation({ mutationFn: (input: MeetingInput) => saveMeeting(token, id, input), onSuccess: invalidate });
}

// GET /api/v1/meetings/{id}/meeting.ics

export async function downloadMeetingICS(token: string, meeting: Meeting): Promise<void> {
  const res = await fetch(`/api/v1/meetings/${encodeURIComponent(meeting.id)}/meeting.ics`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(res.status, { code: body.code ?? "unexpected", message: body.message ?? "The calendar file could not be downloaded." });
  }
  saveBlob(await res.blob(), `${meeting.title.replace(/[^\w -]+/g, "").trim().replace(/\s+/g, "-").toLowerCase() || "meeting"}.ics`);
}

export function useDownloadMeetingICS() {
  const token = useAccessToken();
  return useMutation({ mutationFn: (meeting: Meeting) => downloadMeetingICS(token, meeting) });
}

// GET and POST /api/v1/profile/calendar-feed

export const fetchCalendarFeed = (token: string, signal?: AbortSignal) =>
  getJSON<CalendarFeed>("/api/v1/profile/calendar-feed", { token, signal });

export function useCalendarFeed() {
  const token = useAccessToken();
  return useQuery({
    queryKey: meetingKeys.feed(useAuth().user?.id ?? ""),
    queryFn: ({ signal }) => fetchCalendarFeed(token, signal),
  });
}

export const resetCalendarFeed = (token: string) => postJSON<CalendarFeed>("/api/v1/profile/calendar-feed", {}, { token });

export function useResetCalendarFeed() {
  const token = useAccessToken();
  const userId = useAuth().user?.id ?? "";
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetCalendarFeed(token),
    onSuccess: (feed) => queryClient.setQueryData(meetingKeys.feed(userId), { ...feed, url: undefined }),
  });
}

// GET /api/v1/admin/organizations (staff: the organizations a meeting may be scheduled for)

export function useMeetingOrganizations(enabled: boolean) {
  return useOrganizations(useAccessToken(), enabled);
}
