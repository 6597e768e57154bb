import Link from "next/link";
import { Notice } from "@/components/ui/states";

/** After a form that emails a link (sign-up, forgot password): what to look for, the same whoever asked. */
export function EmailSent({ title, body, help, children }: { title: string; body: string; help: string; children?: React.ReactNode }) {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">{title}</h1>
      <div role="status">
        <Notice tone="success">{body}</Notice>
      </div>
      <p className="text-sm text-slate-600">{help}</p>
      {children}
    </div>
  );
}

/** The page of an emailed link that is used or expired: why, and where to ask for a new one. */
export function LinkUnusable({ title, body, href, label }: { title: string; body: string; href: string; label: string }) {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">{title}</h1>
      <div role="alert">
        <Notice tone="warning">{body}</Notice>
      </div>
      <Link className="block text-center font-medium text-blue-800 underline-offset-2 hover:underline" href={href}>
        {label}
      </Link>
    </div>
  );
}
