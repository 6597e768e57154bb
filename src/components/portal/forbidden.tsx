import Link from "next/link";
import { Card, CardBody } from "@/components/ui/card";

/** What a member sees on a page their role does not allow. The server refuses the data too. */
export function Forbidden({ need }: { need: string }) {
  return (
    <Card>
      <CardBody>
        <h1 className="text-lg font-semibold text-slate-900">You do not have access to this page</h1>
        <p className="mt-1 text-sm text-slate-600">
          This page needs the {need} role. Ask an owner of your business to change your role on the Team page.
        </p>
        <Link href="/overview" className="mt-3 inline-block text-sm font-medium text-blue-800 hover:underline">
          Back to the overview
        </Link>
      </CardBody>
    </Card>
  );
}
