import { useBanners, useDismissAnnouncement } from "../api";
import { AnnouncementBanner } from "./announcement-banner";

/** The active announcements the signed-in account has not dismissed, at the top of every portal page. */
export function AnnouncementBanners() {
  const banners = useBanners();
  const dismiss = useDismissAnnouncement();
  const list = banners.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-label="Announcements" className="space-y-2">
      {list.map((a) => (
        <AnnouncementBanner
          key={a.id}
          announcement={a}
          dismissing={dismiss.isPending && dismiss.variables === a.id}
          onDismiss={() => dismiss.mutate(a.id)}
        />
      ))}
    </section>
  );
}
