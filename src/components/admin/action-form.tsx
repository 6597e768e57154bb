"use client";
/**
 * The frame shared by the business page's admin actions: title, fields, button, outcome. A
 * high-risk action lists its confirmations; the action runs once every one is accepted. `check`
 * validates the fields first: nobody is asked to confirm what the server would refuse.
 */
import { useErrorMessage } from "@/components/i18n/error-message";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { useConfirmations, type Confirmation } from "@/components/ui/confirm-dialog";

export function ActionForm({
  title,
  description,
  submitLabel,
  tone = "primary",
  pending,
  error,
  success,
  confirmations = [],
  check = () => true,
  onSubmit,
  children,
}: {
  title: string;
  description: string;
  submitLabel: string;
  tone?: "primary" | "danger";
  pending: boolean;
  error: unknown;
  success: string | null;
  confirmations?: Confirmation[];
  check?: () => boolean;
  onSubmit: () => void;
  children?: React.ReactNode;
}) {
  const { ask, dialog } = useConfirmations();
  const errorMessage = useErrorMessage();
  return (
    <Card>
      {dialog}
      <form
        aria-label={title}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!pending && check()) ask(confirmations, onSubmit);
        }}
      >
        <CardHeader title={title} description={description} />
        <CardBody className="flex flex-col gap-3">
          {children}
          <div className="flex items-center gap-3">
            <Button type="submit" variant={tone} busy={pending}>
              {submitLabel}
            </Button>
            {error ? (
              <p role="alert" className="text-sm text-red-700">
                {errorMessage(error)}
              </p>
            ) : success ? (
              <p role="status" className="text-sm text-emerald-700">
                {success}
              </p>
            ) : null}
          </div>
        </CardBody>
      </form>
    </Card>
  );
}
