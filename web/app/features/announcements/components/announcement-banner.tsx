import { Megaphone, X } from "lucide-react";
import type { Announcement } from "~/lib/api-types.gen";
import { BANNER_CLASSES } from "../announcement-style";
import { UnstyledButton } from "~/components/ui/button";

type BannerContent = Pick<Announcement, "title" | "content" | "type">;

/** One announcement as every portal page shows it; without onDismiss it is a preview. */
export function AnnouncementBanner({
  announcement,
  onDismiss,
  dismissing = false,
}: {
  announcement: BannerContent;
  onDismiss?: () => void;
  dismissing?: boolean;
}) {
  return (
    <div
      className={`flex items-start gap-3 rounded-xl px-4 py-3 text-sm ring-1 ring-inset ${BANNER_CLASSES[announcement.type]}`}
      data-announcement-type={announcement.type}
    >
      <Megaphone className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">{announcement.title}</p>
        <p className="mt-0.5 break-words whitespace-pre-line">{announcement.content}</p>
      </div>
      {onDismiss && (
        <UnstyledButton
          type="button"
          onClick={onDismiss}
          disabled={dismissing}
          aria-label={`Dismiss announcement: ${announcement.title}`}
          className="-m-1 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg hover:bg-black/10 disabled:opacity-60"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </UnstyledButton>
      )}
    </div>
  );
}
