"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useSubmission } from "@/trpc/use-submission";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { ErrorState } from "@/components/ui/states";
import { usePortal } from "@/components/portal/portal-context";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";
import { NewKeyNotice } from "./new-key-notice";
import { API_KEY_SCOPES, type ApiKeyScope } from "@/contracts/api-key-scopes";
import { SCOPE_LABELS } from "./scope-labels";
import { splitAllowlistText } from "@/contracts/ip-allowlist";
import { AllowlistField, allowlistError } from "./allowlist-field";

const EXPIRY_OPTIONS = [
  { value: "", label: "Never" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In 365 days" },
];

export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mode } = usePortal();
  const [created, setCreated] = useState<string | null>(null);
  const create = useSubmission(
    trpc.keys.create.mutationOptions({
      onSuccess: (key) => {
        setCreated(key.key);
        return queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey() });
      },
    }),
  );
  const errors = fieldErrorsOf(create.error);

  function close() {
    setCreated(null);
    create.reset();
    onClose();
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expiry = String(form.get("expiresInDays") ?? "");
    create.submit({
      name: String(form.get("name") ?? ""),
      expiresInDays: expiry ? (Number(expiry) as 30 | 90 | 365) : null,
      scope: String(form.get("scope") ?? "full") as ApiKeyScope,
      allowedIps: splitAllowlistText(String(form.get("allowedIps") ?? "")),
    });
  }

  return (
    <Dialog open={open} onClose={close} title={created ? "Your new API key" : `Create a ${mode} key`}>
      {created ? (
        <div className="space-y-4">
          <NewKeyNotice apiKey={created} />
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          {create.error && !Object.keys(errors).length && <ErrorState error={create.error} />}
          <TextField label="Name" name="name" defaultValue="" placeholder="e.g. Production server" error={errors.name} required autoFocus />
          <SelectField label="Access" name="scope" defaultValue="full" error={errors.scope}>
            {(Object.keys(API_KEY_SCOPES) as ApiKeyScope[]).map((scope) => (
              <option key={scope} value={scope}>
                {SCOPE_LABELS[scope].name}: {SCOPE_LABELS[scope].can}
              </option>
            ))}
          </SelectField>
          <SelectField label="Expires" name="expiresInDays" defaultValue="" error={errors.expiresInDays}>
            {EXPIRY_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
          <AllowlistField defaultValue={[]} error={allowlistError(errors)} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" busy={create.isPending}>
              Create key
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
