import Image from "next/image";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { getPortalSession } from "@/server/auth/portal-session";

const FEATURES = [
  { title: "One call, one answer", body: "Send an 11-digit national ID from your backend; get verified, not found, expired or revoked from the national registry." },
  { title: "Names as Somalis write them", body: "Check the name and date of birth your customer gave you, in any spelling, without receiving their personal data." },
  { title: "Built for compliance", body: "Consent on every lookup, retention you choose, redaction on request, a tamper-evident audit log." },
];

/** The front door: what Hubi is, and the way into the portal (or back to it) and the docs. */
export default async function Home() {
  const session = await getPortalSession();
  const home = session && !session.membership && session.user.isPlatformAdmin ? "/admin" : "/overview";
  const links = [
    ...(session
      ? [{ href: home, label: "Open the portal", variant: "primary" as const }]
      : [
          { href: "/sign-up", label: "Create an account", variant: "primary" as const },
          { href: "/sign-in", label: "Sign in", variant: "secondary" as const },
        ]),
    { href: "/docs/guide", label: "Read the guide", variant: "ghost" as const },
    { href: "/docs", label: "API reference", variant: "ghost" as const },
  ];
  return (
    <main className="mx-auto max-w-4xl px-6 py-16 sm:py-24">
      <div className="flex items-center gap-3">
        <Image src="/logo.svg" alt="" width={40} height={40} priority />
        <span className="text-2xl font-semibold tracking-tight text-blue-900">Hubi</span>
      </div>
      <h1 className="mt-10 text-3xl font-semibold tracking-tight sm:text-4xl">Verify a Somali citizen&apos;s identity from their national ID.</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-600">
        An API for banks, telcos, lenders and employers, server to server, with a portal to manage keys, webhooks, credits and history.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        {links.map((l) => (
          <Link key={l.href} className={buttonClasses(l.variant)} href={l.href}>
            {l.label}
          </Link>
        ))}
      </div>
      <ul className="mt-14 grid gap-6 sm:grid-cols-3">
        {FEATURES.map((f) => (
          <li key={f.title} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 className="font-semibold">{f.title}</h2>
            <p className="mt-2 text-sm text-slate-600">{f.body}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
