import Link from "next/link";

const LINKS = [
  { href: "/docs", label: "API reference" },
  { href: "/docs/guide", label: "Guide" },
  { href: "/api/v1/docs/openapi.json", label: "openapi.json" },
];

export function DocsNav({ current }: { current: string }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav className="mx-auto flex max-w-6xl items-center gap-6 px-6 py-3 text-sm">
        <Link href="/" className="font-semibold tracking-tight">
          Hubi
        </Link>
        {LINKS.map(({ href, label }) => (
          <Link key={href} href={href} className={href === current ? "font-medium text-slate-900" : "text-slate-500 hover:text-slate-900"}>
            {label}
          </Link>
        ))}
      </nav>
    </header>
  );
}
