// The newsletter's texts, shared by the prerendered markup and the islands that run it.

export const SUBSCRIBED_TEXT = "Almost there! Check your inbox and click the link in our email to confirm your subscription.";
export const ALREADY_SUBSCRIBED_TEXT = "You're already subscribed — thanks for reading!";
export const SUBSCRIBE_FALLBACK_ERROR = "Something went wrong. Please try again.";

export const LINK_TEXTS = {
  confirm: {
    heading: "Confirm your subscription",
    intro: "Press the button to start receiving our newsletter: practical guides on AI automation, about one email a month.",
    button: "Confirm my subscription",
    busy: "Confirming...",
    doneHeading: "You're subscribed!",
    done: (email: string) => `Thanks for confirming. ${email} will receive our next article.`,
  },
  unsubscribe: {
    heading: "Unsubscribe from our newsletter",
    intro: "Press the button and we will stop sending you our newsletter.",
    button: "Unsubscribe",
    busy: "Unsubscribing...",
    doneHeading: "You're unsubscribed",
    done: (email: string) => `${email} will not receive our newsletter any more. You can subscribe again on our blog at any time.`,
  },
} as const;

export const MISSING_TOKEN_TEXT = "This link is incomplete. Please open the link from your email again.";
export const LINK_FALLBACK_ERROR = "Something went wrong. Please try again.";
