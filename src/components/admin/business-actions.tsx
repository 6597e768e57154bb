"use client";
/**
 * The admin actions on one business. Each is audited by its service. Suspending, changing the
 * plan and granting credits ask first (large grants twice); a grant is applied once per submission.
 */
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/trpc/client";
import { useSubmission } from "@/trpc/use-submission";
import { SelectField, TextField } from "@/components/ui/field";
import { ActionForm } from "./action-form";
import { useRefreshBusiness } from "./use-refresh-business";
import { grantCreditsInput } from "@/contracts/credits";
import { useValidate } from "@/components/i18n/use-validate";

type Business = {
  id: string;
  name: string;
  status: "active" | "suspended";
  plan: "starter" | "enterprise";
  rateLimitPerMinute: number;
  creditBalance: number;
};

export function StatusAction({ business }: { business: Business }) {
  const t = useTranslations("admin.suspend");
  const trpc = useTRPC();
  const refresh = useRefreshBusiness();
  const [reason, setReason] = useState("");
  const setStatus = useMutation(trpc.admin.businesses.setStatus.mutationOptions({ onSuccess: refresh }));
  const suspending = business.status === "active";
  return (
    <ActionForm
      title={suspending ? t("suspendTitle") : t("reactivateTitle")}
      description={suspending ? t("suspendDescription") : t("reactivateDescription")}
      submitLabel={suspending ? t("suspend") : t("reactivate")}
      tone={suspending ? "danger" : "primary"}
      pending={setStatus.isPending}
      error={setStatus.error}
      success={setStatus.data ? (setStatus.data.status === "suspended" ? t("suspended") : t("reactivated")) : null}
      confirmations={
        suspending
          ? [{ title: t("confirmTitle", { business: business.name }), message: t("confirmMessage"), confirmLabel: t("suspend"), destructive: true }]
          : []
      }
      onSubmit={() =>
        setStatus.mutate({ businessId: business.id, status: suspending ? "suspended" : "active", reason: reason.trim() || undefined })
      }
    >
      {suspending && (
        <TextField label={t("reason")} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      )}
    </ActionForm>
  );
}

export function PlanAction({ business }: { business: Business }) {
  const t = useTranslations("admin.plan");
  const plans = useTranslations("admin.plans");
  const trpc = useTRPC();
  const refresh = useRefreshBusiness();
  const [plan, setPlan] = useState(business.plan);
  const changePlan = useMutation(trpc.admin.businesses.changePlan.mutationOptions({ onSuccess: refresh }));
  return (
    <ActionForm
      title={t("title")}
      description={t("description")}
      submitLabel={t("submit")}
      pending={changePlan.isPending}
      error={changePlan.error}
      success={changePlan.data ? t("done", { plan: plans(changePlan.data.plan) }) : null}
      confirmations={
        plan === business.plan
          ? []
          : [
              {
                title: t("confirmTitle", { business: business.name, plan: plans(plan) }),
                message: plan === "starter" ? t("toStarter") : t("toEnterprise"),
                confirmLabel: t("submit"),
              },
            ]
      }
      onSubmit={() => changePlan.mutate({ businessId: business.id, plan })}
    >
      <SelectField label={t("label")} value={plan} onChange={(e) => setPlan(e.target.value as Business["plan"])}>
        <option value="starter">{plans("starter")}</option>
        <option value="enterprise">{plans("enterprise")}</option>
      </SelectField>
    </ActionForm>
  );
}

export function GrantCreditsAction({ business, largeGrant }: { business: Business; largeGrant: number }) {
  const t = useTranslations("admin.grant");
  const trpc = useTRPC();
  const refresh = useRefreshBusiness();
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const credits = Number(amount);
  const validate = useValidate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const input = { businessId: business.id, amount: credits, note: note.trim() || undefined };
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
      title={t("title")}
      description={t("description")}
      submitLabel={t("submit")}
      pending={grant.isPending}
      error={grant.error}
      success={grant.data ? t("done", { balance: grant.data.balance }) : null}
      confirmations={[
        {
          title: t("confirmTitle", { credits }),
          message: t("confirmMessage", { business: business.name, balance: business.creditBalance + credits }),
          confirmLabel: t("submit"),
        },
        ...(credits > largeGrant
          ? [
              {
                title: t("largeTitle"),
                message: t("largeMessage", { credits, threshold: largeGrant }),
                confirmLabel: t("largeConfirm", { credits }),
              },
            ]
          : []),
      ]}
      check={() => {
        const { errors } = validate(grantCreditsInput, input);
        setErrors(errors);
        return Object.keys(errors).length === 0;
      }}
      onSubmit={() => grant.submit(input)}
    >
      <TextField label={t("credits")} type="number" min={1} step={1} required value={amount} error={errors.amount} onChange={(e) => setAmount(e.target.value)} />
      <TextField label={t("note")} value={note} maxLength={500} placeholder={t("notePlaceholder")} error={errors.note} onChange={(e) => setNote(e.target.value)} />
    </ActionForm>
  );
}

export function RateLimitAction({ business }: { business: Business }) {
  const t = useTranslations("admin.rateLimit");
  const trpc = useTRPC();
  const refresh = useRefreshBusiness();
  const [perMinute, setPerMinute] = useState(String(business.rateLimitPerMinute));
  const setLimit = useMutation(trpc.admin.businesses.setRateLimit.mutationOptions({ onSuccess: refresh }));
  return (
    <ActionForm
      title={t("title")}
      description={t("description")}
      submitLabel={t("submit")}
      pending={setLimit.isPending}
      error={setLimit.error}
      success={setLimit.data ? t("done", { perMinute: setLimit.data.perMinute }) : null}
      onSubmit={() => setLimit.mutate({ businessId: business.id, perMinute: Number(perMinute) })}
    >
      <TextField label={t("label")} type="number" min={60} step={1} required value={perMinute} onChange={(e) => setPerMinute(e.target.value)} />
    </ActionForm>
  );
}
