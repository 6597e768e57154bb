"use client";
/**
 * The frame shared by the business page's admin actions: title, fields, button, outcome. A
 * high-risk action lists its confirmations; the action runs once every one is accepted. `check`
 * validates the fields first: nobody is asked to confirm what the server would refuse. A
 * destructive action (`tone="danger"`) stands in a danger zone of its own instead of a card.
 */
import { useErrorMessage } from "@/components/i18n/error-message";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { useConfirmations, type Confirmation } from "@/components/ui/confirm-dialog";
import { DangerAction, DangerZone } from "@/components/ui/danger-zone";

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
  const fields = (
    <>
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
    </>
  );
  const form = (
    <form
      aria-label={title}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!pending && check()) ask(confirmations, onSubmit);
      }}
    >
      {tone === "danger" ? (
        <DangerAction title={title} description={description}>
          {fields}
        </DangerAction>
      ) : (
        <>
          <CardHeader title={title} description={description} />
          <CardBody className="flex flex-col gap-3">{fields}</CardBody>
        </>
      )}
    </form>
  );
  const Frame = tone === "danger" ? DangerZone : Card;
  return (
    <Frame>
      {dialog}
      {form}
    </Frame>
  );
}
