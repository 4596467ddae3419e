import { postJSON } from "~/lib/api";
import type { LinkInput, LinkResult, SubscribeInput, SubscribeResult } from "~/lib/api-types.gen";

export type NewsletterSource = "blog" | "blog-post";

export type SubscribeResponse = SubscribeResult;

export type LinkAction = "confirm" | "unsubscribe";

export type LinkResponse = LinkResult;

// POST /api/v1/newsletter
export function subscribe(email: string, source: NewsletterSource): Promise<SubscribeResult> {
  const body: SubscribeInput = { email: email.trim(), source };
  return postJSON<SubscribeResult>("/api/v1/newsletter", body);
}

// POST /api/v1/newsletter/confirm, /api/v1/newsletter/unsubscribe
export function followLink(action: LinkAction, token: string): Promise<LinkResult> {
  const body: LinkInput = { token };
  return postJSON<LinkResult>(`/api/v1/newsletter/${action}`, body);
}
