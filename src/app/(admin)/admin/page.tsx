import type { Metadata } from "next";
import { PlatformDashboard } from "./dashboard";

export const metadata: Metadata = { title: "Admin dashboard" };

export default function AdminHome() {
  return <PlatformDashboard />;
}
