"use client";
import { useTranslations } from "next-intl";
import { MAX_ALLOWLIST_ENTRIES } from "@/contracts/ip-allowlist";
import { TextAreaField } from "@/components/ui/field";

/** The first error about any allowlist entry (the server names them allowedIps.N). */
export function allowlistError(errors: Record<string, string>): string | undefined {
  const field = Object.keys(errors).find((k) => k === "allowedIps" || k.startsWith("allowedIps."));
  return field ? errors[field] : undefined;
}

/** One address or CIDR range per line (commas and spaces work too); empty means any address. */
export function AllowlistField({ defaultValue, error }: { defaultValue: string[]; error?: string }) {
  const t = useTranslations("keys.allowlist");
  return (
    <TextAreaField
      label={t("label")}
      name="allowedIps"
      rows={4}
      defaultValue={defaultValue.join("\n")}
      placeholder={"203.0.113.10\n198.51.100.0/24\n2001:db8::/32"}
      hint={t("hint", { max: MAX_ALLOWLIST_ENTRIES })}
      error={error}
      spellCheck={false}
    />
  );
}
