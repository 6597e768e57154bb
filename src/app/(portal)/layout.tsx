/**
 * PLACEHOLDER from the admin branch so /live-access renders on its own: the portal branch owns
 * the real portal shell (navigation, business and mode switchers). Keep theirs when merging.
 */
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { authOptions } from "@/server/auth/options";
import { TRPCReactProvider } from "@/trpc/client";

export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  await connection(); // per request, never prerendered: it depends on who is signed in
  const session = (await getServerSession(authOptions())) as { userId?: string } | null;
  if (!session?.userId) redirect("/sign-in");
  return (
    <TRPCReactProvider>
      <main className="mx-auto max-w-4xl px-6 py-8">{children}</main>
    </TRPCReactProvider>
  );
}
