import Link from "next/link";
import { Card, CardBody } from "@/components/ui/card";

export default function CertificateNotFound() {
  return (
    <Card>
      <CardBody>
        <h1 className="text-lg font-semibold text-slate-900">Verification not found</h1>
        <p className="mt-1 text-sm text-slate-600">
          There is no verification with this id in your business&apos;s history for the selected mode. Check the mode switch: test and live
          verifications are kept apart.
        </p>
        <Link href="/history" className="mt-3 inline-block text-sm font-medium text-blue-800 hover:underline">
          Back to history
        </Link>
      </CardBody>
    </Card>
  );
}
