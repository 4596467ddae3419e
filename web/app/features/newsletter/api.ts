import { postJSON } from "~/lib/api";

export type NewsletterSource = "blog" | "blog-post";

export type SubscribeResponse = { status: "confirmation_sent" | "already_subscribed" };

export type LinkAction = "confirm" | "unsubscribe";

export type LinkResponse = { email: string; status: "confirmed" | "unsubscribed" };

export function subscribe(email: string, source: NewsletterSource): Promise<SubscribeResponse> {
  return postJSON<SubscribeResponse>("/api/v1/newsletter", { email: email.trim(), source });
}

export function followLink(action: LinkAction, token: string): Promise<LinkResponse> {
  return postJSON<LinkResponse>(`/api/v1/newsletter/${action}`, { token });
}
