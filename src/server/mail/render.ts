/**
 * Renders a queued email in its recipient's language: a subject, a plain-text body and a simple
 * HTML body from the same paragraphs, the strings from src/i18n/messages/<locale>/email.json.
 */
import { createFormatter, createTranslator } from "next-intl";
import en from "@/i18n/messages/en/email.json";
import so from "@/i18n/messages/so/email.json";
import { isLocale, type Locale } from "@/i18n/locales";
import { TIME_ZONE } from "@/i18n/formats";
import { portalFormat } from "@/i18n/portal-format";
import commonEn from "@/i18n/messages/en/common.json";
import commonSo from "@/i18n/messages/so/common.json";
import { env } from "@/env";
import type { EmailKind, EmailParams } from "./kinds";

const MESSAGES = { en, so } satisfies Record<Locale, typeof en>;
const COMMON = { en: commonEn, so: commonSo } satisfies Record<Locale, typeof commonEn>;

export type RenderedEmail = { subject: string; text: string; html: string };

type Body = { subject: string; paragraphs: string[]; action: { label: string; path: string } };

type Translate = ReturnType<typeof createTranslator<typeof en>>;

type FormatTime = (iso: string) => string;

type Builders = { [K in EmailKind]: (t: Translate, p: EmailParams[K], time: FormatTime, link: string | undefined) => Body };

const BUILDERS: Builders = {
  invitation: (t, p, time, link) => ({
    subject: t("invitation.subject", p),
    paragraphs: [t("invitation.body", { ...p, role: t(`roles.${p.role}`) }), t("invitation.expiry", { expiresAt: time(p.expiresAt) })],
    action: { label: t("invitation.action"), path: link! },
  }),
  password_reset: (t, _p, _time, link) => ({
    subject: t("passwordReset.subject"),
    paragraphs: [t("passwordReset.body"), t("passwordReset.expiry"), t("passwordReset.ignore")],
    action: { label: t("passwordReset.action"), path: link! },
  }),
  live_access_approved: (t, p) => ({
    subject: t("liveAccessApproved.subject", p),
    paragraphs: [t("liveAccessApproved.body", p)],
    action: { label: t("liveAccessApproved.action"), path: "/keys" },
  }),
  live_access_rejected: (t, p) => ({
    subject: t("liveAccessRejected.subject", p),
    paragraphs: [t("liveAccessRejected.body", p), t("liveAccessRejected.reason", p), t("liveAccessRejected.next")],
    action: { label: t("liveAccessRejected.action"), path: "/live-access" },
  }),
  credits_low: (t, p) => ({
    subject: t("creditsLow.subject", p),
    paragraphs: [t("creditsLow.body", p), t("creditsLow.next", { contact: env().CREDITS_CONTACT })],
    action: { label: t("creditsLow.action"), path: "/credits" },
  }),
  credits_exhausted: (t, p) => ({
    subject: t("creditsExhausted.subject", p),
    paragraphs: [t("creditsExhausted.body", p), t("creditsExhausted.next", { contact: env().CREDITS_CONTACT })],
    action: { label: t("creditsExhausted.action"), path: "/credits" },
  }),
  webhook_disabled: (t, p) => {
    const mode = t(`modes.${p.mode}`);
    return {
      subject: t("webhookDisabled.subject", { businessName: p.businessName, mode }),
      paragraphs: [
        t("webhookDisabled.body", { mode, url: p.url }),
        t(p.reason === "gone" ? "webhookDisabled.reasonGone" : "webhookDisabled.reasonFailing"),
        t("webhookDisabled.next"),
      ],
      action: { label: t("webhookDisabled.action"), path: "/webhooks" },
    };
  },
  consent_default_changed: (t, p) => ({
    subject: t("consentDefaultChanged.subject", p),
    paragraphs: [t("consentDefaultChanged.body", p), t("consentDefaultChanged.why"), t("consentDefaultChanged.next")],
    action: { label: t("consentDefaultChanged.action"), path: "/data-protection" },
  }),
  admin_sign_in: (t, p, time) => ({
    subject: t("adminSignIn.subject"),
    paragraphs: [
      t("adminSignIn.body"),
      [
        t("adminSignIn.time", { at: time(p.at) }),
        t("adminSignIn.address", { address: p.address ?? t("adminSignIn.unknown") }),
        t("adminSignIn.browser", { browser: p.browser ?? t("adminSignIn.unknown") }),
      ].join("\n"),
      t("adminSignIn.next"),
    ],
    action: { label: t("adminSignIn.action"), path: "/account" },
  }),
  sign_in_failures: (t, p, time) => ({
    subject: t("signInFailures.subject"),
    paragraphs: [t("signInFailures.body", { at: time(p.at) }), t("signInFailures.next")],
    action: { label: t("signInFailures.action"), path: "/forgot-password" },
  }),
  email_confirmation: (t, p, _time, link) => ({
    subject: t("emailConfirmation.subject"),
    paragraphs: [t("emailConfirmation.body", p), t("emailConfirmation.expiry"), t("emailConfirmation.ignore")],
    action: { label: t("emailConfirmation.action"), path: link! },
  }),
  sign_up_attempted: (t) => ({
    subject: t("signUpAttempted.subject"),
    paragraphs: [t("signUpAttempted.body"), t("signUpAttempted.next")],
    action: { label: t("signUpAttempted.action"), path: "/sign-in" },
  }),
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(locale: Locale, t: Translate, body: Body, href: string): RenderedEmail {
  const paragraphs = [t("greeting"), ...body.paragraphs];
  const text = [...paragraphs, `${body.action.label}: ${href}`, "--", t("footer")].join("\n\n");
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s).replace(/\n/g, "<br>")}</p>`;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;color:#0b6e4f">Hubi</p>
${paragraphs.map(p).join("\n")}
<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#0b6e4f;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(body.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d">${escapeHtml(t("linkFallback"))}<br><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>
<p style="margin:24px 0 0;font-size:12px;color:#7b8794">${escapeHtml(t("footer"))}</p>
</div></body></html>`;
  return { subject: body.subject, text, html };
}

/** `link` is the path of a token-bearing link (see TOKEN_LINKS); `portalUrl` the base of every link. */
export function renderEmail<K extends EmailKind>(kind: K, locale: string, params: EmailParams[K], portalUrl: string, link?: string): RenderedEmail {
  const lang: Locale = isLocale(locale) ? locale : "en";
  const t = createTranslator({ locale: lang, messages: MESSAGES[lang] });
  // Times as the portal shows them: its one format, in UTC, saying so.
  const times = createTranslator({ locale: lang, messages: { common: COMMON[lang] }, namespace: "common.time" });
  const format = portalFormat(createFormatter({ locale: lang, timeZone: TIME_ZONE }), times as Parameters<typeof portalFormat>[1]);
  const time = (iso: string) => format.dateTime(iso);
  const body = BUILDERS[kind](t, params, time, link);
  return layout(lang, t, body, new URL(body.action.path, portalUrl).toString());
}
