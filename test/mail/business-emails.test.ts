/**
 * The emails businesses and admins receive (product rules §23), as the run's real SMTP server
 * receives them from real worker processes: the right recipients, each in their own language,
 * and each email once, however often its cause is replayed or the workers restart.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemContext } from "@/server/context";
import { db, pool } from "@/server/db/client";
import { createInvitation } from "@/server/team/create-invitation";
import { decideLiveAccess } from "@/server/live-access/decide-live-access";
import { setWebhookUrl } from "@/server/webhooks/set-webhook-url";
import { createAdmin } from "@/server/accounts/create-admin";
import { enqueueEmail } from "@/server/mail/enqueue";
import { notifyConsentDefaultChange } from "@/server/data-protection/notify-consent-default-change";
import { purgeOldEmails } from "@/server/mail/purge";
import { adminContext, memberContext } from "../support/contexts";
import { createTestBusiness, createTestMember, uniqueNationalId } from "../support/factories";
import { businessWithPendingApplication } from "../support/live-access";
import { linkIn, settledMailTo, waitForMail } from "../support/mail";
import { api } from "../support/api";
import { startReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";
import { waitFor } from "../support/wait-for";
import { codeFor, enrolTwoFactor } from "../support/two-factor";
import { submission } from "../support/submission";
import { signInOverHttp } from "../support/portal-session";
import { openOwnerPool } from "../support/owner-db";

const owner = openOwnerPool();

let workers: WorkerProcess[] = [];
beforeAll(async () => {
  workers = await Promise.all([startWorkerProcess(), startWorkerProcess()]);
});
afterAll(() => Promise.all(workers.map((w) => w.stop())));

const setLocale = (userId: string, locale: "en" | "so") => db().user.update({ where: { id: userId }, data: { locale } });

describe("invitations", () => {
  it("emails the link shown to the inviter, in the inviter's language to someone without an account", async () => {
    const biz = await createTestBusiness({ name: "Dahabshiil Test" });
    await setLocale(biz.userId, "so");
    const email = `invitee-${randomUUID()}@example.test`;
    const invitation = await createInvitation(memberContext(biz), { businessId: biz.businessId, role: "developer", email });
    expect(invitation.emailed).toBe(true);
    const [mail] = await waitForMail(email, /casuumay/);
    expect(mail!.subject).toBe("Waxaa lagugu casuumay inaad ku biirto Dahabshiil Test ee Hubi");
    expect(mail!.text).toContain("Mudane/Marwo,");
    expect(mail!.text).toContain("Test Owner ayaa kugu casuumay inaad ku biirto Dahabshiil Test ee Hubi adigoo ah horumariye.");
    expect(new URL(linkIn(mail!, "/invite/")).pathname).toBe(`/invite/${invitation.token}`);
    const { rows } = await pool().query("SELECT email FROM invitation WHERE id = $1", [invitation.id]);
    expect(rows).toEqual([{ email }]);
  });

  it("speaks the invitee's own language when the address already has an account, and no email without an address", async () => {
    const inviter = await createTestBusiness({ name: "Inviting Co" });
    await setLocale(inviter.userId, "so");
    const invitee = await createTestBusiness();
    const invitation = await createInvitation(memberContext(inviter), { businessId: inviter.businessId, role: "viewer", email: invitee.email });
    const [mail] = await waitForMail(invitee.email, /invited/);
    expect(mail!.subject).toBe("You are invited to join Inviting Co on Hubi");
    expect(mail!.text).toContain("as viewer");
    expect(mail!.language).toBe("en");
    expect(linkIn(mail!, "/invite/")).toContain(invitation.token);

    const silent = await createInvitation(memberContext(inviter), { businessId: inviter.businessId, role: "viewer", email: "" });
    expect(silent.emailed).toBe(false);
    const { rows } = await pool().query("SELECT 1 FROM email_message WHERE dedupe_key = $1", [`invitation:${silent.id}`]);
    expect(rows).toEqual([]);
  });

  it("a repeated form submission creates one invitation and one email", async () => {
    const biz = await createTestBusiness();
    const email = `twice-${randomUUID()}@example.test`;
    const ctx = { ...memberContext(biz), ...submission() };
    const [a, b] = await Promise.all([
      createInvitation(ctx, { businessId: biz.businessId, role: "viewer", email }),
      createInvitation(ctx, { businessId: biz.businessId, role: "viewer", email }),
    ]);
    expect(b.id).toBe(a.id);
    const { rows } = await pool().query("SELECT 1 FROM invitation WHERE business_id = $1", [biz.businessId]);
    expect(rows).toHaveLength(1);
    await waitForMail(email, /invited/);
    expect((await settledMailTo(email)).length).toBe(1);
  });
});

describe("live-access decisions", () => {
  it("an approval reaches every owner, in each one's language, and no developer", async () => {
    const biz = await businessWithPendingApplication({ name: "Hodan Mobile" });
    const secondOwner = await createTestMember(biz.businessId, "owner");
    await setLocale(secondOwner.userId, "so");
    const developer = await createTestMember(biz.businessId, "developer");
    const admin = await adminContext();
    await decideLiveAccess({ ...admin, ...submission() }, { applicationId: biz.applicationId, decision: "approve" });
    // Decided already: a second decision is refused and sends nothing more.
    await expect(decideLiveAccess(admin, { applicationId: biz.applicationId, decision: "approve" })).rejects.toMatchObject({ code: "CONFLICT" });

    const [english] = await waitForMail(biz.email, /Live access approved/);
    expect(english!.subject).toBe("Live access approved for Hodan Mobile");
    expect(new URL(linkIn(english!, "/")).pathname).toBe("/keys");
    const [somali] = await waitForMail(secondOwner.email, /ansixiyay/);
    expect(somali!.subject).toBe("Codsiga gelitaanka habka rasmiga ee Hodan Mobile waa la ansixiyay");
    expect(somali!.language).toBe("so");
    expect((await settledMailTo(biz.email)).length).toBe(1);
    expect((await settledMailTo(secondOwner.email)).length).toBe(1);
    expect(await settledMailTo(developer.email)).toEqual([]);
  });

  it("a rejection tells the owners why", async () => {
    const biz = await businessWithPendingApplication({ name: "Rejected Co" });
    await setLocale(biz.userId, "so");
    const admin = await adminContext();
    await decideLiveAccess(admin, { applicationId: biz.applicationId, decision: "reject", reason: "The registration certificate is unreadable." });
    const [mail] = await waitForMail(biz.email, /lama ansixin/);
    expect(mail!.subject).toBe("Codsiga gelitaanka habka rasmiga ee Rejected Co lama ansixin");
    expect(mail!.text).toContain("Sababta: The registration certificate is unreadable.");
    expect(mail!.html).toContain("Sababta: The registration certificate is unreadable.");
  });
});

describe("credits low and exhausted", () => {
  it("each event emails each owner once, even when the event is dispatched again after the workers restart", async () => {
    const biz = await createTestBusiness({ name: "Credits Co", live: true, credits: 3 });
    await db().business.update({ where: { id: biz.businessId }, data: { lowCreditThreshold: 3 } });
    const developer = await createTestMember(biz.businessId, "developer");
    for (let i = 0; i < 3; i++) expect((await api("POST", "/verify/citizen", { key: biz.liveKey, body: { nationalId: uniqueNationalId() } })).status).toBe(200);

    const [low] = await waitForMail(biz.email, /running low/);
    expect(low!.subject).toBe("Credits Co is running low on Hubi credits");
    expect(low!.text).toContain("Credits Co has 2 live credits left (your warning level is 3).");
    expect(low!.text).toContain("To buy credits, contact sales@hubi.so.");
    const [exhausted] = await waitForMail(biz.email, /no Hubi credits left/);
    expect(new URL(linkIn(exhausted!, "/")).pathname).toBe("/credits");

    // Replay: the workers restart and the events are dispatched a second time. They stop once both
    // messages are recorded as sent, and stop gracefully: a kill between the SMTP server's answer
    // and that record would leave a message (this file's or, through the shared queue, another
    // file's) leased for 120 s and send it again, the mail queue's at-least-once, not this test.
    await settledMailTo(biz.email);
    await Promise.all(workers.map((w) => w.stop()));
    await pool().query("UPDATE outbox_event SET dispatched_at = NULL WHERE business_id = $1", [biz.businessId]);
    workers = await Promise.all([startWorkerProcess(), startWorkerProcess()]);
    await waitFor("the events dispatched again", async () => {
      const { rows } = await pool().query("SELECT 1 FROM outbox_event WHERE business_id = $1 AND dispatched_at IS NULL", [biz.businessId]);
      return rows.length === 0;
    });
    expect((await settledMailTo(biz.email)).map((m) => m.subject).sort()).toEqual(["Credits Co has no Hubi credits left", "Credits Co is running low on Hubi credits"]);
    expect(await settledMailTo(developer.email)).toEqual([]);
  });

  it("sandbox rehearsals of the events email nobody", async () => {
    const biz = await createTestBusiness();
    expect((await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: "99999999991" } })).status).toBe(200);
    await waitFor("the event dispatched", async () => {
      const { rows } = await pool().query("SELECT 1 FROM outbox_event WHERE business_id = $1 AND type = 'credits_low' AND dispatched_at IS NOT NULL", [biz.businessId]);
      return rows.length > 0;
    });
    expect(await settledMailTo(biz.email)).toEqual([]);
  });
});

describe("webhook endpoint disabled", () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it("a 410 turns the endpoint off and emails owners and developers once, not viewers", async () => {
    const biz = await createTestBusiness({ name: "Hooks Co" });
    const developer = await createTestMember(biz.businessId, "developer");
    await setLocale(developer.userId, "so");
    const viewer = await createTestMember(biz.businessId, "viewer");
    await setWebhookUrl(systemContext("test"), { businessId: biz.businessId, mode: "test", url: `${receiver.url}/hooks?token=secret-value` });
    receiver.respond(() => ({ status: 410 }));
    for (let i = 0; i < 2; i++) await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: uniqueNationalId() } });

    const [mail] = await waitForMail(biz.email, /turned off/);
    expect(mail!.subject).toBe("Webhooks to the test endpoint of Hooks Co were turned off");
    expect(mail!.text).toContain("The endpoint answered 410 Gone");
    expect(mail!.text).toContain("/hooks?token=redacted");
    expect(mail!.text).not.toContain("secret-value");
    const [somali] = await waitForMail(developer.email, /la joojiyay/);
    expect(somali!.subject).toBe("Webhook-yada habka tijaabada ee Hooks Co waa la joojiyay");
    expect(somali!.text).toContain("Cinwaanka webhook-gu wuxuu ku jawaabay 410 Gone");
    expect((await settledMailTo(biz.email)).length).toBe(1);
    expect((await settledMailTo(developer.email)).length).toBe(1);
    expect(await settledMailTo(viewer.email)).toEqual([]);
  });
});

describe("a new sign-in to an admin account", () => {
  it("emails the admin the time, address and browser; a business user's sign-in sends nothing", async () => {
    const email = `admin-${randomUUID()}@hubi.test`;
    const { userId } = await createAdmin(systemContext("test"), { email, password: "admin password 123" });
    await setLocale(userId, "so");
    const { secret } = await enrolTwoFactor(userId);
    expect(await signInOverHttp({ email, password: "admin password 123", code: await codeFor(userId, secret) }, "203.0.113.77")).not.toBeNull();
    const [mail] = await waitForMail(email, /Galitaan cusub/);
    expect(mail!.subject).toBe("Galitaan cusub ayaa lagu sameeyay akoonkaaga maamulka Hubi");
    expect(mail!.text).toContain("Cinwaanka IP-ga: 203.0.113.77");
    expect(mail!.text).toContain("Biraawsarka: Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36");
    expect(mail!.text).toMatch(/Waqtiga: .+ UTC/);
    expect((await settledMailTo(email)).length).toBe(1);

    const biz = await createTestBusiness();
    expect(await signInOverHttp({ email: biz.email, password: biz.password }, "203.0.113.78")).not.toBeNull();
    expect(await settledMailTo(biz.email)).toEqual([]);
  });
});

describe("when the mail server fails", () => {
  it("the message waits and is sent on a later attempt, once", async () => {
    // The local SMTP server defers the first message to an address at defer.test (451).
    const to = `busy-${randomUUID()}@defer.test`;
    await db().$transaction((tx) =>
      enqueueEmail(tx, { dedupeKey: `test:${to}`, kind: "live_access_approved", to, locale: "en", params: { businessName: "Retry Co" } }),
    );
    const failed = await waitFor("the first attempt to fail", async () => {
      const { rows } = await pool().query("SELECT status, attempt_count, last_error, next_attempt_at > now() + interval '30 seconds' AS later FROM email_message WHERE to_address = $1", [to]);
      return rows[0]?.attempt_count === 1 && rows[0];
    });
    expect(failed).toMatchObject({ status: "pending", later: true, last_error: expect.stringContaining("451") });
    // Rather than wait the minute before the retry, the retry time is moved to now.
    await pool().query("UPDATE email_message SET next_attempt_at = now() WHERE to_address = $1", [to]);
    const [mail] = await waitForMail(to, /Retry Co/);
    expect(mail!.subject).toBe("Live access approved for Retry Co");
    expect(await settledMailTo(to)).toHaveLength(1);
    const { rows } = await pool().query("SELECT status, attempt_count, last_error FROM email_message WHERE to_address = $1", [to]);
    expect(rows).toEqual([{ status: "sent", attempt_count: 2, last_error: null }]);
  });
});

describe("housekeeping", () => {
  it("deletes sent emails after 30 days and spent reset links, never a message still to send", async () => {
    const old = `old-${randomUUID()}@example.test`;
    const waiting = `waiting-${randomUUID()}@defer.test`;
    for (const to of [old, waiting]) {
      await db().$transaction((tx) => enqueueEmail(tx, { dedupeKey: `test:${to}`, kind: "live_access_approved", to, locale: "en", params: { businessName: "Old Co" } }));
    }
    await pool().query("UPDATE email_message SET status = 'sent', created_at = now() - interval '31 days' WHERE to_address = $1", [old]);
    await pool().query("UPDATE email_message SET created_at = now() - interval '31 days', next_attempt_at = now() + interval '1 hour' WHERE to_address = $1", [waiting]);
    await purgeOldEmails();
    const { rows } = await pool().query("SELECT to_address FROM email_message WHERE to_address = ANY($1)", [[old, waiting]]);
    expect(rows).toEqual([{ to_address: waiting }]);
  });
});

describe("the notice that consent became optional by default", () => {
  it("tells each owner once, in their own language, with one audit entry, however many processes run it", async () => {
    const biz = await createTestBusiness({ live: true });
    const second = await createTestMember(biz.businessId, "owner");
    await db().user.update({ where: { email: second.email }, data: { locale: "so" } });
    const developer = await createTestMember(biz.businessId, "developer");
    await owner.query("INSERT INTO consent_default_notice (business_id) VALUES ($1)", [biz.businessId]);

    await Promise.all([notifyConsentDefaultChange(), notifyConsentDefaultChange()]);
    await notifyConsentDefaultChange();

    const [en] = await waitForMail(biz.email, /Consent is now optional/);
    expect(en!.text).toContain("Require consent for live lookups");
    const [so] = await waitForMail(second.email, /Oggolaanshuhu hadda waa ikhtiyaari/);
    expect(so!.language).toBe("so");
    const notices = async (email: string) => (await settledMailTo(email)).filter((m) => /Consent is now optional|Oggolaanshuhu/.test(m.subject));
    expect(await notices(biz.email)).toHaveLength(1);
    expect(await notices(second.email)).toHaveLength(1);
    expect(await notices(developer.email)).toHaveLength(0);
    const audit = await db().auditLogEntry.findMany({ where: { businessId: biz.businessId, action: "business.consent_default_changed" } });
    expect(audit.map((a) => [a.actorType, a.metadata])).toEqual([["system", { from: true, to: false, reason: "default_changed" }]]);
  });
});
