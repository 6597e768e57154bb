"use client";
/**
 * The admin actions on one business. Each is audited by its service. Suspending, changing the
 * plan and granting credits ask first (large grants twice); a grant is applied once per submission.
 */
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { useSubmission } from "@/trpc/use-submission";
import { formatNumber } from "@/components/format";
import { SelectField, TextField } from "@/components/ui/field";
import { ActionForm } from "./action-form";
import { useRefreshBusiness } from "./use-refresh-business";

type Business = {
  id: string;
  name: string;
  status: "active" | "suspended";
  plan: "starter" | "enterprise";
  rateLimitPerMinute: number;
  creditBalance: number;
};

export function StatusAction({ business }: { business: Business }) {
  const trpc = useTRPC();
  const refresh = useRefreshBusiness();
  const [reason, setReason] = useState("");
  const setStatus = useMutation(trpc.admin.businesses.setStatus.mutationOptions({ onSuccess: refresh }));
  const suspending = business.status === "active";
  return (
    <ActionForm
      title={suspending ? "Suspend business" : "Reactivate business"}
      description={suspending ? "Every API call, test or live, gets 403 until reactivated. The business is notified by webhook." : "API calls are accepted again from the next request."}
      submitLabel={suspending ? "Suspend" : "Reactivate"}
      tone={suspending ? "danger" : "primary"}
      pending={setStatus.isPending}
      error={setStatus.error}
      success={setStatus.data ? (setStatus.data.status === "suspended" ? "Suspended." : "Reactivated.") : null}
      confirmations={
        suspending
          ? [{ title: `Suspend ${business.name}?`, message: "Every API call of this business, test or live, will get 403 until you reactivate it.", confirmLabel: "Suspend" }]
          : []
      }
      onSubmit={() =>
        setStatus.mutate({ businessId: business.id, status: suspending ? "suspended" : "active", reason: reason.trim() || undefined })
      }
    >
      {suspending && (
        <TextField label="Reason (optional, sent to the business)" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      )}
    </ActionForm>
  );
}

export function PlanAction({ business }: { business: Business }) {
  const trpc = useTRPC();
  const refresh = useRefreshBusiness();
  const [plan, setPlan] = useState(business.plan);
  const changePlan = useMutation(trpc.admin.businesses.changePlan.mutationOptions({ onSuccess: refresh }));
  return (
    <ActionForm
      title="Plan"
      description="Live API calls need the enterprise plan."
      submitLabel="Change plan"
      pending={changePlan.isPending}
      error={changePlan.error}
      success={changePlan.data ? `Now on ${changePlan.data.plan}.` : null}
      confirmations={
        plan === business.plan
          ? []
          : [
              {
                title: `Move ${business.name} to ${plan}?`,
                message: plan === "starter" ? "Live API calls will be refused from the next request." : "Live API calls will be accepted (with approved live access).",
                confirmLabel: "Change plan",
              },
            ]
      }
      onSubmit={() => changePlan.mutate({ businessId: business.id, plan })}
    >
      <SelectField label="Plan" value={plan} onChange={(e) => setPlan(e.target.value as Business["plan"])}>
        <option value="starter">Starter</option>
        <option value="enterprise">Enterprise</option>
      </SelectField>
    </ActionForm>
  );
}

export function GrantCreditsAction({ business, largeGrant }: { business: Business; largeGrant: number }) {
  const trpc = useTRPC();
  const refresh = useRefreshBusiness();
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const credits = Number(amount);
  const grant = useSubmission(
    trpc.admin.businesses.grantCredits.mutationOptions({
      onSuccess: async () => {
        setAmount("");
        setNote("");
        await refresh();
      },
    }),
  );
  return (
    <ActionForm
      title="Grant credits"
      description="Adds live credits; recorded in the ledger with your note."
      submitLabel="Grant credits"
      pending={grant.isPending}
      error={grant.error}
      success={grant.data ? `Granted. New balance: ${formatNumber(grant.data.balance)}.` : null}
      confirmations={[
        {
          title: `Grant ${formatNumber(credits)} credits?`,
          message: `${business.name} will have ${formatNumber(business.creditBalance + credits)} live credits.`,
          confirmLabel: "Grant credits",
        },
        ...(credits > largeGrant
          ? [
              {
                title: "This is a large grant",
                message: `${formatNumber(credits)} credits is more than ${formatNumber(largeGrant)}, the amount above which grants are checked twice. Grant them?`,
                confirmLabel: `Yes, grant ${formatNumber(credits)}`,
              },
            ]
          : []),
      ]}
      onSubmit={() => grant.submit({ businessId: business.id, amount: credits, note: note.trim() || undefined })}
    >
      <TextField label="Credits" type="number" min={1} step={1} required value={amount} onChange={(e) => setAmount(e.target.value)} />
      <TextField label="Note" value={note} maxLength={500} placeholder="e.g. Invoice 2026-114" onChange={(e) => setNote(e.target.value)} />
    </ActionForm>
  );
}

export function RateLimitAction({ business }: { business: Business }) {
  const trpc = useTRPC();
  const refresh = useRefreshBusiness();
  const [perMinute, setPerMinute] = useState(String(business.rateLimitPerMinute));
  const setLimit = useMutation(trpc.admin.businesses.setRateLimit.mutationOptions({ onSuccess: refresh }));
  return (
    <ActionForm
      title="Rate limit"
      description="Requests per rolling minute, per mode and endpoint. The default is 60."
      submitLabel="Save limit"
      pending={setLimit.isPending}
      error={setLimit.error}
      success={setLimit.data ? `Limit is now ${formatNumber(setLimit.data.perMinute)} per minute.` : null}
      onSubmit={() => setLimit.mutate({ businessId: business.id, perMinute: Number(perMinute) })}
    >
      <TextField label="Requests per minute" type="number" min={60} step={1} required value={perMinute} onChange={(e) => setPerMinute(e.target.value)} />
    </ActionForm>
  );
}
