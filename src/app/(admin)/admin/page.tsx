import { pageTitle } from "@/i18n/page-title";
import { PlatformDashboard } from "@/components/admin/dashboard";

export const generateMetadata = pageTitle("admin", "dashboard.title");

export default function AdminHome() {
  return <PlatformDashboard />;
}
