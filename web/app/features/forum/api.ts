import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAccessToken } from "~/features/auth/auth-provider";
import { deleteJSON, getJSON, patchJSON, postJSON } from "~/lib/api";
import type {
  ForumCategory,
  ForumModeration,
  ForumPost,
  ForumPostInput,
  ForumThread,
  ForumTopic,
  ForumTopicInput,
} from "~/lib/api-types.gen";

export type TopicFilter = { category: ForumCategory | ""; search: string };

export const forumKeys = {
  all: ["forum"] as const,
  topics: (filter: TopicFilter) => ["forum", "topics", filter.category, filter.search.trim()] as const,
  thread: (id: string) => ["forum", "thread", id] as const,
};

export function topicsPath({ category, search }: TopicFilter): string {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (search.trim()) params.set("search", search.trim());
  const query = params.toString();
  return query ? `/api/v1/forum/topics?${query}` : "/api/v1/forum/topics";
}

// GET /api/v1/forum/topics

export const fetchTopics = (token: string, filter: TopicFilter, signal?: AbortSignal) =>
  getJSON<ForumTopic[]>(topicsPath(filter), { token, signal });

export const topicsQuery = (token: string, filter: TopicFilter) =>
  queryOptions({
    queryKey: forumKeys.topics(filter),
    queryFn: ({ signal }) => fetchTopics(token, filter, signal),
    placeholderData: keepPreviousData,
  });

export function useTopics(filter: TopicFilter) {
  return useQuery(topicsQuery(useAccessToken(), filter));
}

// GET /api/v1/forum/topics/{id}

const topicPath = (id: string) => `/api/v1/forum/topics/${encodeURIComponent(id)}`;
const postPath = (id: string) => `/api/v1/forum/posts/${encodeURIComponent(id)}`;

export const fetchThread = (token: string, id: string, signal?: AbortSignal) => getJSON<ForumThread>(topicPath(id), { token, signal });

export const threadQuery = (token: string, id: string) =>
  queryOptions({ queryKey: forumKeys.thread(id), queryFn: ({ signal }) => fetchThread(token, id, signal), retry: false });

export function useThread(id: string) {
  return useQuery(threadQuery(useAccessToken(), id));
}

function useForumMutation<TValues, TData>(call: (token: string, values: TValues) => Promise<TData>) {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TValues) => call(token, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.all }),
  });
}

// POST /api/v1/forum/topics

export const startTopic = (token: string, input: ForumTopicInput) => postJSON<ForumThread>("/api/v1/forum/topics", input, { token });

export const useStartTopic = () => useForumMutation(startTopic);

// POST /api/v1/forum/topics/{id}/replies

export const replyTo = (token: string, { topicId, body }: { topicId: string } & ForumPostInput) =>
  postJSON<ForumPost>(`${topicPath(topicId)}/replies`, { body }, { token });

export const useReply = () => useForumMutation(replyTo);

// PATCH /api/v1/forum/posts/{id}

export const editPost = (token: string, { postId, body }: { postId: string } & ForumPostInput) =>
  patchJSON<ForumPost>(postPath(postId), { body }, { token });

export const useEditPost = () => useForumMutation(editPost);

// PATCH /api/v1/forum/topics/{id} (staff)

export const moderateTopic = (token: string, { topicId, ...change }: { topicId: string } & Partial<ForumModeration>) =>
  patchJSON<ForumTopic>(topicPath(topicId), change, { token });

export const useModerateTopic = () => useForumMutation(moderateTopic);

// DELETE /api/v1/forum/topics/{id} (staff)

export const deleteTopic = (token: string, topicId: string) => deleteJSON(topicPath(topicId), { token });

export function useDeleteTopic() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topicId: string) => deleteTopic(token, topicId),
    onSuccess: (_data, topicId) => {
      queryClient.removeQueries({ queryKey: forumKeys.thread(topicId) });
      return queryClient.invalidateQueries({ queryKey: ["forum", "topics"] });
    },
  });
}

// DELETE /api/v1/forum/posts/{id} (staff)

export const deletePost = (token: string, postId: string) => deleteJSON(postPath(postId), { token });

export const useDeletePost = () => useForumMutation(deletePost);
