import { pageTitle } from "@/i18n/page-title";
import { getPortalSession } from "@/server/auth/portal-session";
import { ApiReference } from "@/components/docs/api-reference";
import { DocsNav } from "@/components/docs/docs-nav";

export const generateMetadata = pageTitle("docs", "reference.title");

export default async function DocsPage() {
  // Whoever may create keys in a business gets a sandbox key for "send request" (api-reference.tsx).
  const session = await getPortalSession();
  const role = session?.mustEnrolTwoFactor ? undefined : session?.membership?.role;
  return (
    <>
      <DocsNav current="/docs" />
      <ApiReference canCreateKeys={role === "developer" || role === "owner"} />
    </>
  );
}
