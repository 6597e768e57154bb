/**
 * Consent is optional by default (product rules §19): the request the interface specification
 * shows works on a new business in both modes, through the API and the client library. Businesses
 * whose owner never chose follow the new default (their owners' notice: test/mail/business-emails.test.ts).
 */
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { Hubi } from "../../sdk/src/index.js";
import { updateDataProtectionSettings } from "@/server/data-protection/update-data-protection-settings";
import { api } from "../support/api";
import { memberContext } from "../support/contexts";
import { createTestBusiness } from "../support/factories";
import { openOwnerPool } from "../support/owner-db";

const owner = openOwnerPool();
const MIGRATION = fs.readFileSync("prisma/migrations/20261125010000_consent_optional_by_default/migration.sql", "utf8");

/** The specification's request: its headers and its two body fields, nothing more. */
const SPEC_BODY = { nationalId: "11111111111", purpose: "Account opening" };

describe("the specification's example request", () => {
  it("works on a new business approved for live access, in both modes, through the API and the client library", async () => {
    const biz = await createTestBusiness({ live: true, credits: 2 });
    for (const [environment, key] of [["test", biz.testKey], ["live", biz.liveKey!]] as const) {
      const res = await api("POST", "/verify/citizen", { key, body: SPEC_BODY, headers: { "idempotency-key": `spec-${randomUUID()}` } });
      expect(res.status, `${environment}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body).toMatchObject({ cached: false, data: { purpose: "Account opening", channel: "api", consent: null, lawfulBasis: null } });

      const hubi = new Hubi({ apiKey: key, environment, baseUrl: inject("baseUrl") });
      await expect(hubi.verifyCitizen(SPEC_BODY)).resolves.toMatchObject({ purpose: "Account opening", channel: "api", isCached: false });
    }
  });
});

describe("the change of default", () => {
  it("moves the businesses whose owner never chose and queues their notice; a business that chose keeps its choice", async () => {
    const neverChose = await createTestBusiness({ requireLiveConsent: true });
    const choseOn = await createTestBusiness({ requireLiveConsent: true });
    await updateDataProtectionSettings(memberContext(choseOn), { businessId: choseOn.businessId, requireLiveConsent: false });
    await updateDataProtectionSettings(memberContext(choseOn), { businessId: choseOn.businessId, requireLiveConsent: true });
    const off = await createTestBusiness();
    const ids = [neverChose, choseOn, off].map((b) => b.businessId);

    // The migration as deployed, in a transaction rolled back: other tests' businesses are left as they are.
    const client = await owner.connect();
    try {
      await client.query("BEGIN");
      await client.query(MIGRATION);
      const { rows } = await client.query(
        `SELECT b.require_live_consent AS "required", n.business_id IS NOT NULL AS "queued"
           FROM unnest($1::uuid[]) WITH ORDINALITY AS i(id, n) JOIN business b ON b.id = i.id
           LEFT JOIN consent_default_notice n ON n.business_id = b.id ORDER BY i.n`,
        [ids],
      );
      expect(rows).toEqual([
        { required: false, queued: true },
        { required: true, queued: false },
        { required: false, queued: false },
      ]);
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });
});
