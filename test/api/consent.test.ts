/**
 * Consent (product rules §19): verify takes `consent` and `lawfulBasis`; a business whose owner
 * switched on "require consent for live lookups" has live verifications without it refused with
 * 400 before anything is charged; the consent is stored with the verification and shown in
 * retrieve, the event and the CSV export. The default and its change: consent-default.test.ts.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { CONSENT_REQUIRED_MESSAGE } from "@/contracts/verifications";
import { db, pool } from "@/server/db/client";
import { exportVerificationsCsv } from "@/server/verifications/export-verifications-csv";
import { updateDataProtectionSettings } from "@/server/data-protection/update-data-protection-settings";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/routers/_app";
import { loadPortalUser } from "@/server/trpc/context";
import { api } from "../support/api";
import { memberContext } from "../support/contexts";
import { createTestBusiness, createTestMember, uniqueNationalId } from "../support/factories";
import { balanceOf, verificationCount } from "../support/queries";
import { submission } from "../support/submission";

const verify = (key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api("POST", "/verify/citizen", { key, body: { nationalId: uniqueNationalId(), ...body }, headers });

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe("a business that requires consent", () => {
  it("refuses a live verify without consent: 400 on `consent`, no charge, nothing recorded", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5, requireLiveConsent: true });
    const res = await verify(biz.liveKey!, { purpose: "Loan" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "BAD_REQUEST", errors: [{ field: "consent", message: CONSENT_REQUIRED_MESSAGE }] });
    expect(await balanceOf(biz.businessId)).toBe(5);
    expect(await verificationCount(biz.businessId, "live")).toBe(0);
  });

  it("stores the consent sent, shows it on retrieve, in the event and in the export", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5, requireLiveConsent: true });
    const obtainedAt = "2026-11-20T10:15:00+03:00";
    const res = await verify(biz.liveKey!, { consent: { obtainedAt, method: "written", reference: " FORM-7 " } });
    expect(res.status).toBe(200);
    const stored = { obtainedAt: "2026-11-20T07:15:00.000Z", method: "written", reference: "FORM-7" };
    expect(res.body.data.consent).toEqual(stored);
    expect(await balanceOf(biz.businessId)).toBe(4);

    const retrieved = await api("GET", `/verifications/${res.body.data.id}`, { key: biz.liveKey });
    expect(retrieved.body.data).toMatchObject({ consent: stored, redactedAt: null });
    const { rows } = await pool().query("SELECT payload FROM outbox_event WHERE business_id = $1 AND type = 'verification_completed'", [biz.businessId]);
    expect(rows.map((r) => r.payload.data.consent)).toEqual([stored]);

    const lines: string[] = [];
    for await (const line of exportVerificationsCsv(memberContext(biz), { businessId: biz.businessId, mode: "live", filters: {} })) lines.push(line);
    const [header, row] = lines.map((l) => l.trimEnd().split(","));
    const cell = (name: string) => row![header!.indexOf(name)];
    expect([cell("consentMethod"), cell("consentObtainedAt"), cell("consentReference")]).toEqual(["written", stored.obtainedAt, "FORM-7"]);
  });

  it("records the lawful basis sent, and refuses one it does not know", async () => {
    const biz = await createTestBusiness({ live: true, credits: 2 });
    const res = await verify(biz.liveKey!, { lawfulBasis: "legal_obligation" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ lawfulBasis: "legal_obligation", consent: null });
    expect((await api("GET", `/verifications/${res.body.data.id}`, { key: biz.liveKey })).body.data.lawfulBasis).toBe("legal_obligation");
    const balance = await balanceOf(biz.businessId);
    const bad = await verify(biz.liveKey!, { lawfulBasis: "vital_interest" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "lawfulBasis", message: "lawfulBasis must be legal_obligation, consent or contract" }]);
    expect(await balanceOf(biz.businessId)).toBe(balance);
  });

  it("without a reference the consent's reference is null", async () => {
    const biz = await createTestBusiness({ live: true, credits: 1, requireLiveConsent: true });
    const res = await verify(biz.liveKey!, { consent: { obtainedAt: minutesAgo(1).toISOString(), method: "verbal" } });
    expect(res.body.data.consent).toMatchObject({ method: "verbal", reference: null });
  });

  it("does not ask it of the sandbox", async () => {
    const biz = await createTestBusiness({ live: true, requireLiveConsent: true });
    const res = await verify(biz.testKey, {});
    expect(res.status).toBe(200);
    expect(res.body.data.consent).toBeNull();
  });

  it("the same Idempotency-Key with another consent is a payload conflict", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5, requireLiveConsent: true });
    const key = { "idempotency-key": `consent-${randomUUID()}` };
    const nationalId = uniqueNationalId();
    const consent = { obtainedAt: minutesAgo(5).toISOString(), method: "electronic" };
    expect((await verify(biz.liveKey!, { nationalId, consent }, key)).status).toBe(200);
    expect((await verify(biz.liveKey!, { nationalId, consent }, key)).headers.get("idempotent-replayed")).toBe("true");
    expect((await verify(biz.liveKey!, { nationalId, consent: { ...consent, method: "verbal" } }, key)).status).toBe(409);
    expect(await balanceOf(biz.businessId)).toBe(4);
  });
});

describe("consent is validated field by field", () => {
  it.each([
    [{ obtainedAt: "2026-11-20", method: "written" }, "consent.obtainedAt", "must be an ISO 8601 timestamp"],
    [{ obtainedAt: new Date(Date.now() + 3_600_000).toISOString(), method: "written" }, "consent.obtainedAt", "must not be in the future"],
    [{ obtainedAt: minutesAgo(1).toISOString(), method: "email" }, "consent.method", "must be written, electronic or verbal"],
    [{ obtainedAt: minutesAgo(1).toISOString() }, "consent.method", "must be written, electronic or verbal"],
    [{ obtainedAt: minutesAgo(1).toISOString(), method: "written", reference: "x".repeat(101) }, "consent.reference", "at most 100 characters"],
    [{ obtainedAt: minutesAgo(1).toISOString(), method: "written", customerName: "Amina" }, "consent.customerName", "Unknown field"],
  ])("%j is 400 on %s", async (consent, field, message) => {
    const biz = await createTestBusiness();
    const res = await verify(biz.testKey, { consent });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field, message: expect.stringContaining(message) })]);
  });
});

describe("the setting", () => {
  it("is the owner's: each change audited once, live verifies follow it at once", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5, requireLiveConsent: true });
    const owner = memberContext(biz);
    expect(await updateDataProtectionSettings(owner, { businessId: biz.businessId, requireLiveConsent: false, retentionYears: 7 })).toEqual({
      requireLiveConsent: false,
      retentionYears: 7,
      requireTwoFactor: false,
      answerPendingWith202: false,
    });
    await updateDataProtectionSettings(owner, { businessId: biz.businessId, requireLiveConsent: false });
    expect((await verify(biz.liveKey!, {})).status).toBe(200);
    const audit = await db().auditLogEntry.findMany({ where: { businessId: biz.businessId, action: { startsWith: "business." } }, orderBy: { id: "asc" } });
    expect(audit.filter((a) => a.action !== "business.created").map((a) => [a.action, a.metadata])).toEqual([
      ["business.consent_requirement_changed", { from: true, to: false }],
      ["business.retention_changed", { from: 5, to: 7 }],
    ]);

    const developer = await createTestMember(biz.businessId, "developer");
    await expect(updateDataProtectionSettings(memberContext({ ...developer, businessId: biz.businessId }, "developer"), { businessId: biz.businessId, requireLiveConsent: true })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(updateDataProtectionSettings(owner, { businessId: biz.businessId, retentionYears: 3 as 5 })).rejects.toBeInstanceOf(ZodError);
  });

  it("applies to the portal's verify form as to the API", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5, requireLiveConsent: true });
    const user = await loadPortalUser(biz.userId);
    const portal = createCallerFactory(appRouter)({ user, membership: user?.memberships[0], mode: "live", requestId: `req_${randomUUID()}` });
    await expect(portal.verifications.verify({ nationalId: uniqueNationalId(), ...submission() })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const done = await portal.verifications.verify({ nationalId: uniqueNationalId(), consent: { obtainedAt: minutesAgo(2).toISOString(), method: "written" }, ...submission() });
    expect(done.data).toMatchObject({ channel: "portal", consent: { method: "written", reference: null } });
    expect(await balanceOf(biz.businessId)).toBe(4);
  });
});
