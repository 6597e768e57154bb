import Image from "next/image";
import Link from "next/link";

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <Link href="/" className="mb-8 flex items-center gap-2 text-2xl font-semibold tracking-tight text-blue-900">
        <Image src="/logo.svg" alt="" width={32} height={32}/>
        Hubi
      </Link>
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">{children}</div>
      <p className="mt-6 text-xs text-slate-500">Citizen identity verification for Somali businesses</p>
    </main>
  );
}
