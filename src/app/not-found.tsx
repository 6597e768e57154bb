import Image from "next/image";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

export const metadata = { title: "Page not found" };

/** Any unknown page (API paths answer their own JSON 404). */
export default function NotFound() {
  return (
    <main className="mx-auto flex max-w-lg flex-col items-center px-6 py-24 text-center">
      <Image src="/logo.svg" alt="Hubi" width={48} height={48} />
      <p className="mt-6 text-sm font-semibold text-blue-800">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">This page does not exist</h1>
      <p className="mt-2 text-slate-600">The link may be old, or mistyped.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link className={buttonClasses("primary")} href="/">
          Back to Hubi
        </Link>
        <Link className={buttonClasses("secondary")} href="/docs/guide">
          Read the guide
        </Link>
      </div>
    </main>
  );
}
