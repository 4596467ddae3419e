import { LoginPage } from "~/features/auth/components/login-page";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Sign In");

export default LoginPage;
