"use client";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";

/** Shown when a portal page fails to render; the shell around it stays usable. */
export default function PortalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <Card role="alert">
      <CardBody>
        <h1 className="text-lg font-semibold text-slate-900">This page could not be loaded</h1>
        <p className="mt-1 text-sm text-slate-600">
          Something went wrong on our side. Try again; if it keeps happening, contact support{error.digest ? ` and quote ${error.digest}` : ""}.
        </p>
        <Button className="mt-4" onClick={reset}>
          Try again
        </Button>
      </CardBody>
    </Card>
  );
}
