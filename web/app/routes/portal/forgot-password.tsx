import { ForgotPasswordPage } from "~/features/auth/components/forgot-password-page";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Reset Your Password");

export default ForgotPasswordPage;
