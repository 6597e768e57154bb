import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-24">
      <h1 className="text-4xl font-semibold tracking-tight">Hubi</h1>
      <p className="mt-4 text-lg text-slate-600">Verify a Somali citizen&apos;s identity from an 11-digit national ID, server to server.</p>
      <div className="mt-8 flex gap-4">
        <Link className="rounded-md bg-slate-900 px-4 py-2 text-white" href="/docs">API documentation</Link>
      </div>
    </main>
  );
}
