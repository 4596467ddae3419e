import { PortalNotFoundPage } from "~/features/portal/components/not-found-page";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Page not found");

export default PortalNotFoundPage;
