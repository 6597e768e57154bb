/**
 * Idempotency-Key on POST /verify/citizen (product rules §6): replays,
 * conflicts, validation of the key, concurrency, failed requests not stored, the 24 h window,
 * encryption at rest, the (business, mode, key) scope and what a replay shows each key scope.
 */
import { createHash, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { systemContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { hashIdempotencyKey, hashRequestBody } from "@/server/crypto/secrets";
import { createApiKey } from "@/server/keys/create-api-key";
import { grantCredits } from "@/server/credits/grant-credits";
import { api, type ApiResponse } from "../support/api";
import { createTestBusiness, uniqueNationalId } from "../support/factories";
import { balanceOf, verificationCount } from "../support/queries";

const PAYLOAD_CONFLICT = "This Idempotency-Key was already used with a different request payload.";
const IN_FLIGHT = "A request with this Idempotency-Key is still being processed. Retry later.";

const newKey = () => `idem-${randomUUID()}`;
const verify = (key: string, idempotencyKey: string, body: unknown) =>
  api("POST", "/verify/citizen", { key, body, headers: { "idempotency-key": idempotencyKey } });
const verifyRaw = (key: string, idempotencyKey: string, rawBody: string) =>
  api("POST", "/verify/citizen", { key, rawBody, headers: { "idempotency-key": idempotencyKey, "content-type": "application/json" } });

function expectReplayOf(replay: ApiResponse, original: ApiResponse) {
  expect(replay.status).toBe(200);
  expect(replay.headers.get("idempotent-replayed")).toBe("true");
  expect(replay.body).toEqual({ ...original.body, cached: true, creditDeducted: false });
}

describe("replay of an identical request", () => {
  it("returns the original body with cached: true, no new verification (sandbox)", async () => {
    const biz = await createTestBusiness();
    const k = newKey();
    const body = { nationalId: "11111111111", purpose: "onboarding" };
    const first = await verify(biz.testKey, k, body);
    expect(first.status).toBe(200);
    expect(first.body.cached).toBe(false);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const totalBefore = (await api("GET", "/verifications", { key: biz.testKey })).body.pagination.total;

    const replay = await verify(biz.testKey, k, body);
    expectReplayOf(replay, first);
    expect(replay.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect((await api("GET", "/verifications", { key: biz.testKey })).body.pagination.total).toBe(totalBefore);
  });

  it("costs no credit in live mode and creates no verification", async () => {
    const biz = await createTestBusiness({ live: true, credits: 10 });
    const k = newKey();
    const body = { nationalId: uniqueNationalId() };
    const first = await verify(biz.liveKey!, k, body);
    expect(first.body).toMatchObject({ cached: false, creditDeducted: true, data: { creditsUsed: 1 } });
    expect(await balanceOf(biz.businessId)).toBe(9);
    const replay = await verify(biz.liveKey!, k, body);
    expectReplayOf(replay, first);
    expect(replay.body.data.creditsUsed).toBe(1); // the original request's cost, echoed
    expect(await balanceOf(biz.businessId)).toBe(9);
    expect(await verificationCount(biz.businessId, "live")).toBe(1);
  });

  it("treats bodies equal after JSON parsing as identical (key order, whitespace)", async () => {
    const biz = await createTestBusiness();
    const k = newKey();
    const id = uniqueNationalId();
    const first = await verifyRaw(biz.testKey, k, `{"nationalId":"${id}","purpose":"kyc"}`);
    expect(first.status).toBe(200);
    const replay = await verifyRaw(biz.testKey, k, `{\n  "purpose" : "kyc",\n\t"nationalId":   "${id}"\n}`);
    expectReplayOf(replay, first);
  });

  it("is shared by the business's other keys of the same mode", async () => {
    const biz = await createTestBusiness();
    const other = await createApiKey(systemContext("idem-test"), { businessId: biz.businessId, mode: "test", name: "second" });
    const k = newKey();
    const body = { nationalId: uniqueNationalId() };
    const first = await verify(biz.testKey, k, body);
    expectReplayOf(await verify(other.key, k, body), first);
  });
});

describe("409 CONFLICT", () => {
  it("same key with a different body: exact message, no errors array, no Retry-After", async () => {
    const biz = await createTestBusiness();
    const k = newKey();
    expect((await verify(biz.testKey, k, { nationalId: uniqueNationalId() })).status).toBe(200);
    const res = await verify(biz.testKey, k, { nationalId: uniqueNationalId() });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: "failed", code: "CONFLICT", message: PAYLOAD_CONFLICT, requestId: res.headers.get("x-request-id") });
    expect(res.headers.get("retry-after")).toBeNull();
    expect(await verificationCount(biz.businessId)).toBe(1);
  });

  it("20 parallel requests with one key (live): one verification, one charge, the rest replays or in-flight 409s", async () => {
    const biz = await createTestBusiness({ live: true, credits: 50 });
    const k = newKey();
    const body = { nationalId: uniqueNationalId(), purpose: "race" };
    const responses = await Promise.all(Array.from({ length: 20 }, () => verify(biz.liveKey!, k, body)));
    const originals = responses.filter((r) => r.status === 200 && r.body.cached === false);
    expect(originals).toHaveLength(1);
    for (const r of responses) {
      if (r.status === 200 && r.body.cached) {
        expectReplayOf(r, originals[0]!);
      } else if (r !== originals[0]) {
        expect(r.status).toBe(409);
        expect(r.body).toMatchObject({ code: "IDEMPOTENCY_IN_FLIGHT", message: IN_FLIGHT });
        expect(r.body.errors).toBeUndefined();
        expect(r.headers.get("retry-after")).toBe("1");
      }
    }
    expect(await verificationCount(biz.businessId, "live")).toBe(1);
    expect(await balanceOf(biz.businessId)).toBe(49);
    // once settled, the same key replays
    expectReplayOf(await verify(biz.liveKey!, k, body), originals[0]!);
  });
});

describe("the Idempotency-Key header is validated", () => {
  it.each([
    ["7 characters", "1234567"],
    ["129 characters", "k".repeat(129)],
    ["a tab inside", "abcd\tefgh"],
    ["a non-ASCII character", "clé-abcdefgh"],
  ])("%s → 400 naming the header", async (_name, value) => {
    const biz = await createTestBusiness();
    const res = await api("POST", "/verify/citizen", {
      key: biz.testKey,
      body: { nationalId: uniqueNationalId() },
      headers: { "idempotency-key": value },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "BAD_REQUEST",
      errors: [{ field: "Idempotency-Key", message: "Idempotency-Key must be 8 to 128 printable ASCII characters" }],
    });
    expect(await verificationCount(biz.businessId)).toBe(0);
  });

  it.each([["8", "12345678"], ["128", "k".repeat(128)]])("%s characters are accepted", async (_n, value) => {
    const biz = await createTestBusiness();
    const res = await verify(biz.testKey, value, { nationalId: uniqueNationalId() });
    expect(res.status).toBe(200);
  });
});

describe("order of checks (product rules §9): idempotency before credits", () => {
  it("a replay is served even when the balance has since run out", async () => {
    const biz = await createTestBusiness({ live: true, credits: 1 });
    const k = newKey();
    const body = { nationalId: uniqueNationalId() };
    const first = await verify(biz.liveKey!, k, body);
    expect(first.status).toBe(200);
    expect(await balanceOf(biz.businessId)).toBe(0);
    expectReplayOf(await verify(biz.liveKey!, k, body), first);
    expect((await verify(biz.liveKey!, newKey(), body)).status).toBe(402);
  });
});

describe("only completed requests are stored", () => {
  it("a 402 is not stored: after a top-up the same key processes normally", async () => {
    const biz = await createTestBusiness({ live: true });
    const k = newKey();
    const body = { nationalId: uniqueNationalId() };
    const refused = await verify(biz.liveKey!, k, body);
    expect(refused.status).toBe(402);
    await grantCredits(systemContext("idem-test"), { businessId: biz.businessId, amount: 3 });
    const res = await verify(biz.liveKey!, k, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cached: false, creditDeducted: true });
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(await balanceOf(biz.businessId)).toBe(2);
  });

  it("a 400 is not stored: a corrected body with the same key is processed, not a conflict", async () => {
    const biz = await createTestBusiness();
    const k = newKey();
    expect((await verify(biz.testKey, k, { nationalId: "123" })).status).toBe(400);
    const res = await verify(biz.testKey, k, { nationalId: uniqueNationalId() });
    expect(res.status).toBe(200);
    expect(res.body.cached).toBe(false);
  });
});

describe("the 24-hour window", () => {
  it("after the window the key starts a new request", async () => {
    const biz = await createTestBusiness();
    const k = newKey();
    const body = { nationalId: uniqueNationalId() };
    const first = await verify(biz.testKey, k, body);
    const { rowCount } = await pool().query(
      "UPDATE idempotency_record SET expires_at = now() - interval '1 second' WHERE business_id = $1 AND key = $2",
      [biz.businessId, hashIdempotencyKey(k)],
    );
    expect(rowCount).toBe(1);
    const again = await verify(biz.testKey, k, body);
    expect(again.status).toBe(200);
    expect(again.body.cached).toBe(false);
    expect(again.body.data.id).not.toBe(first.body.data.id);
    expect(await verificationCount(biz.businessId)).toBe(2);
    // and the new record replays from now on
    expectReplayOf(await verify(biz.testKey, k, body), again);
  });

  it("after the window a different body under the same key is a new request, not a conflict", async () => {
    const biz = await createTestBusiness();
    const k = newKey();
    await verify(biz.testKey, k, { nationalId: uniqueNationalId() });
    await pool().query("UPDATE idempotency_record SET expires_at = now() - interval '1 second' WHERE business_id = $1 AND key = $2", [
      biz.businessId,
      hashIdempotencyKey(k),
    ]);
    const res = await verify(biz.testKey, k, { nationalId: uniqueNationalId() });
    expect(res.status).toBe(200);
    expect(res.body.cached).toBe(false);
  });

  it("takes over a key left in flight by a crashed request only after two minutes, past any request's budget", async () => {
    const biz = await createTestBusiness();
    const k = newKey();
    const body = { nationalId: uniqueNationalId() };
    await verify(biz.testKey, k, body);
    // As a request still at work (the synchronous budget may be set up to 60 s), then as one that crashed.
    const inFlightFor = (seconds: number) =>
      pool().query("UPDATE idempotency_record SET state = 'in_flight', response = NULL, locked_at = now() - make_interval(secs => $3) WHERE business_id = $1 AND key = $2", [
        biz.businessId,
        hashIdempotencyKey(k),
        seconds,
      ]);
    await inFlightFor(90);
    const working = await verify(biz.testKey, k, body);
    expect([working.status, working.body.code]).toEqual([409, "IDEMPOTENCY_IN_FLIGHT"]);
    await inFlightFor(125);
    const taken = await verify(biz.testKey, k, body);
    expect([taken.status, taken.body.cached]).toEqual([200, false]);
    expect(await verificationCount(biz.businessId)).toBe(2);
  });

  it("records expire 24 hours after the request", async () => {
    const biz = await createTestBusiness();
    const k = newKey();
    await verify(biz.testKey, k, { nationalId: uniqueNationalId() });
    const { rows } = await pool().query<{ hours: number }>(
      "SELECT extract(epoch FROM expires_at - now()) / 3600 AS hours FROM idempotency_record WHERE business_id = $1 AND key = $2",
      [biz.businessId, hashIdempotencyKey(k)],
    );
    expect(Number(rows[0]!.hours)).toBeGreaterThan(23.9);
    expect(Number(rows[0]!.hours)).toBeLessThanOrEqual(24);
  });
});

describe("storage and scope", () => {
  it("stores the response encrypted: the citizen's name is not in the stored bytes", async () => {
    const biz = await createTestBusiness();
    const k = newKey();
    const res = await verify(biz.testKey, k, { nationalId: "11111111111" });
    expect(res.body.citizen.fullName).toBe("Amina Hassan Abdi");
    const { rows } = await pool().query<{ response: Buffer; state: string }>(
      "SELECT response, state FROM idempotency_record WHERE business_id = $1 AND key = $2",
      [biz.businessId, hashIdempotencyKey(k)],
    );
    expect(rows[0]!.state).toBe("completed");
    const stored = rows[0]!.response;
    expect(stored.length).toBeGreaterThan(50);
    for (const needle of ["Amina", "1990-04-12", res.body.data.reference, "Citizen verified"]) {
      expect(stored.includes(Buffer.from(needle))).toBe(false);
    }
  });

  it("stores the key as a keyed hash, never as sent (clients build keys from their own data)", async () => {
    const biz = await createTestBusiness();
    const k = `customer-${uniqueNationalId()}`;
    expect((await verify(biz.testKey, k, { nationalId: uniqueNationalId() })).status).toBe(200);
    const { rows } = await pool().query<{ key: string }>("SELECT key FROM idempotency_record WHERE business_id = $1", [biz.businessId]);
    expect(rows.map((r) => r.key)).toEqual([hashIdempotencyKey(k)]);
    expect((await verify(biz.testKey, k, { nationalId: uniqueNationalId() })).status).toBe(409);
  });

  it("the same key in two businesses, or in two modes of one business, is independent", async () => {
    const [a, b] = await Promise.all([createTestBusiness({ live: true, credits: 5 }), createTestBusiness()]);
    const k = newKey();
    const ra = await verify(a.testKey, k, { nationalId: uniqueNationalId() });
    const rb = await verify(b.testKey, k, { nationalId: uniqueNationalId() });
    const rl = await verify(a.liveKey!, k, { nationalId: uniqueNationalId() });
    for (const r of [ra, rb, rl]) {
      expect(r.status).toBe(200);
      expect(r.body.cached).toBe(false);
    }
    expect(new Set([ra.body.data.id, rb.body.data.id, rl.body.data.id]).size).toBe(3);
  });
});

describe("a replay answers what the replaying key may see (the record is shared by the business's keys)", () => {
  const keyOf = async (businessId: string, scope: "full" | "match_only" | "read_only") =>
    (await createApiKey(systemContext("test"), { businessId, mode: "test", scope })).key;
  const body = { nationalId: "11111111111", purpose: "Account opening", match: { fullName: "Aamina Xasan Cabdi" } };

  it("a match_only key replaying a full key's request gets citizen null, the rest as first answered", async () => {
    const biz = await createTestBusiness();
    const matchOnly = await keyOf(biz.businessId, "match_only");
    const k = newKey();
    const first = await verify(biz.testKey, k, body);
    expect(first.body.citizen.fullName).toBe("Amina Hassan Abdi");
    const replay = await verify(matchOnly, k, body);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual({ ...first.body, citizen: null, cached: true, creditDeducted: false });
    // The full key's own replay is unchanged.
    expectReplayOf(await verify(biz.testKey, k, body), first);
    expect(await verificationCount(biz.businessId)).toBe(1);
  });

  it("a full key replaying a match_only key's request gets the answer as first given: a replay never widens", async () => {
    const biz = await createTestBusiness();
    const matchOnly = await keyOf(biz.businessId, "match_only");
    const k = newKey();
    const first = await verify(matchOnly, k, body);
    expect(first.body.citizen).toBeNull();
    expectReplayOf(await verify(biz.testKey, k, body), first);
  });

  it("a read_only key is refused with 403 before any replay", async () => {
    const biz = await createTestBusiness();
    const readOnly = await keyOf(biz.businessId, "read_only");
    const k = newKey();
    expect((await verify(biz.testKey, k, body)).status).toBe(200);
    const refused = await verify(readOnly, k, body);
    expect(refused.status).toBe(403);
    expect(refused.body.citizen).toBeUndefined();
    expect(refused.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("the stored request hash", () => {
  it("is keyed with a server secret: a plain hash of the body, which holds a national ID, is never stored", async () => {
    const biz = await createTestBusiness();
    const k = newKey();
    const nationalId = uniqueNationalId();
    expect((await verify(biz.testKey, k, { nationalId, purpose: "hash check" })).status).toBe(200);
    const { rows } = await pool().query("SELECT request_hash FROM idempotency_record WHERE business_id = $1 AND key = $2", [biz.businessId, hashIdempotencyKey(k)]);
    const canonical = JSON.stringify({ nationalId, purpose: "hash check" });
    expect(rows[0].request_hash).toBe(hashRequestBody(canonical));
    expect(rows[0].request_hash).not.toBe(createHash("sha256").update(canonical).digest("hex"));
  });
});
