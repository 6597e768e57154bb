/**
 * GET /verifications and GET /verifications/{id} (product rules §4):
 * ordering, pagination, strict query validation, filters, mode separation, and 404 for anything
 * that is not the caller's.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../support/api";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../support/factories";

let biz: TestBusiness;
/** Created oldest → newest. */
let made: { id: string; result: string; createdAt: string; reference: string; purpose: string | null; match: null; consent: null; redactedAt: null }[] = [];
const newestFirst = () => [...made].reverse();

const list = (query = "", key = biz.testKey) => api("GET", `/verifications${query}`, { key });

beforeAll(async () => {
  biz = await createTestBusiness({ live: true, credits: 100 });
  for (const [nationalId, purpose] of [
    ["11111111111", "first"],
    ["22222222222", null],
    ["33333333333", "third"],
    [uniqueNationalId(), null],
    ["44444444444", "fifth"],
  ] as const) {
    const res = await api("POST", "/verify/citizen", { key: biz.testKey, body: purpose ? { nationalId, purpose } : { nationalId } });
    expect(res.status).toBe(200);
    made.push(res.body.data);
    await new Promise((r) => setTimeout(r, 5)); // distinct timestamps for the from/to tests
  }
  made = made.map(({ id, result, createdAt, reference, purpose }) => ({ id, result, createdAt, reference, purpose, match: null, consent: null, lawfulBasis: null, redactedAt: null }));
});

describe("listing", () => {
  it("is newest first with the list-item fields only, and defaults to page 1, limit 20", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Verifications retrieved");
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 5, hasMore: false });
    expect(res.body.data).toEqual(newestFirst().map((v) => ({ ...v, channel: "api" })));
    for (const item of res.body.data) expect(Object.keys(item).sort()).toEqual(["channel", "consent", "createdAt", "id", "lawfulBasis", "match", "purpose", "redactedAt", "reference", "result"]);
  });

  it("paginates; a page past the end is empty with the true total", async () => {
    const p2 = await list("?page=2&limit=2");
    expect(p2.body.pagination).toEqual({ page: 2, limit: 2, total: 5, hasMore: true });
    expect(p2.body.data.map((v: { id: string }) => v.id)).toEqual(newestFirst().slice(2, 4).map((v) => v.id));
    const p3 = await list("?page=3&limit=2");
    expect(p3.body.data.map((v: { id: string }) => v.id)).toEqual([made[0]!.id]);
    const past = await list("?page=4&limit=2");
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ data: [], pagination: { page: 4, limit: 2, total: 5, hasMore: false } });
    expect((await list("?limit=100")).body.data).toHaveLength(5);
  });

  it("a page far past the end is still an empty page, filtered or not, never a server error", async () => {
    for (const query of ["?page=30000000&limit=100", "?page=9007199254740991&limit=100", "?result=verified&page=30000000&limit=100"]) {
      const res = await list(query);
      expect(res.status, query).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.pagination.total).toBe(query.includes("result") ? 2 : 5);
    }
  });

  it.each([
    ["limit=101", "limit", "limit must be at most 100"],
    ["limit=0", "limit", "limit must be at least 1"],
    ["page=0", "page", "page must be at least 1"],
    ["page=-1", "page", "page must be a whole number"],
    ["page=abc", "page", "page must be a whole number"],
    ["limit=1.5", "limit", "limit must be a whole number"],
    ["limit=", "limit", "limit must be a whole number"],
    ["sort=asc", "sort", "Unknown field 'sort'"],
    ["result=maybe", "result", undefined],
    ["from=2026-11-22&to=2026-11-21", "from", "from must not be after to"],
    ["from=2026-13-01", "from", "from must be an ISO 8601 date (2026-11-22) or timestamp (2026-11-22T09:30:00Z)"],
    ["to=yesterday", "to", "to must be an ISO 8601 date (2026-11-22) or timestamp (2026-11-22T09:30:00Z)"],
    ["from=1700000000", "from", undefined],
  ])("?%s → 400 naming %s", async (query, field, message) => {
    const res = await list(`?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: "failed", code: "BAD_REQUEST", requestId: res.headers.get("x-request-id") });
    expect(res.body.errors).toEqual([message ? { field, message } : { field, message: expect.any(String) }]);
  });

  it("names every bad parameter at once", async () => {
    const res = await list("?page=0&limit=500&x=1");
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["limit", "page", "x"]);
  });
});

describe("filters", () => {
  it("result", async () => {
    const res = await list("?result=verified");
    expect(res.body.pagination.total).toBe(2);
    expect(res.body.data.map((v: { id: string }) => v.id)).toEqual(newestFirst().filter((v) => v.result === "verified").map((v) => v.id));
    const none = await list("?result=revoked&page=2");
    expect(none.body).toMatchObject({ data: [], pagination: { total: 1, page: 2 } });
  });

  it("from is inclusive and to is exclusive", async () => {
    const pivot = made[2]!; // the middle one
    const from = await list(`?from=${encodeURIComponent(pivot.createdAt)}`);
    expect(from.body.data.map((v: { id: string }) => v.id)).toEqual(newestFirst().slice(0, 3).map((v) => v.id));
    expect(from.body.pagination.total).toBe(3);
    const to = await list(`?to=${encodeURIComponent(pivot.createdAt)}`);
    expect(to.body.data.map((v: { id: string }) => v.id)).toEqual([made[1]!.id, made[0]!.id]);
    const both = await list(`?from=${encodeURIComponent(made[1]!.createdAt)}&to=${encodeURIComponent(made[3]!.createdAt)}&limit=1&page=2`);
    expect(both.body).toMatchObject({ pagination: { total: 2, page: 2, limit: 1 } });
    expect(both.body.data.map((v: { id: string }) => v.id)).toEqual([made[1]!.id]);
    const equal = await list(`?from=${encodeURIComponent(pivot.createdAt)}&to=${encodeURIComponent(pivot.createdAt)}`);
    expect(equal.status).toBe(200);
    expect(equal.body.pagination.total).toBe(0);
  });

  it("accepts dates and timestamps with offsets", async () => {
    const today = made[0]!.createdAt.slice(0, 10);
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${tomorrow}`)).body.pagination.total).toBe(5);
    expect((await list(`?to=${today}`)).body.pagination.total).toBe(0);
    // The same instants written in Mogadishu time (+03:00): an hour before the first and after the last.
    const inMogadishu = (ms: number) => `${new Date(ms + 3 * 3_600_000).toISOString().slice(0, 19)}+03:00`;
    const [first, last] = [Date.parse(made[0]!.createdAt), Date.parse(made.at(-1)!.createdAt)];
    expect((await list(`?from=${encodeURIComponent(inMogadishu(first - 3_600_000))}`)).body.pagination.total).toBe(5);
    expect((await list(`?from=${encodeURIComponent(inMogadishu(last + 3_600_000))}`)).body.pagination.total).toBe(0);
  });
});

describe("modes and ownership", () => {
  it("test and live histories are separate", async () => {
    const other = await createTestBusiness({ live: true, credits: 10 });
    await api("POST", "/verify/citizen", { key: other.liveKey, body: { nationalId: uniqueNationalId() } });
    await api("POST", "/verify/citizen", { key: other.liveKey, body: { nationalId: uniqueNationalId() } });
    const t = await api("POST", "/verify/citizen", { key: other.testKey, body: { nationalId: uniqueNationalId() } });
    const live = await list("", other.liveKey);
    const test = await list("", other.testKey);
    expect(live.body.pagination.total).toBe(2);
    expect(test.body.pagination.total).toBe(1);
    expect(test.body.data[0].id).toBe(t.body.data.id);
    expect(live.body.data.map((v: { id: string }) => v.id)).not.toContain(t.body.data.id);
  });

  it("retrieves one verification by id as a list item", async () => {
    const res = await api("GET", `/verifications/${made[2]!.id}`, { key: biz.testKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Verification retrieved", data: { ...made[2], channel: "api" }, citizen: null });
  });

  it("takes no query parameters: one given is a 400 naming it, not ignored", async () => {
    const res = await api("GET", `/verifications/${made[2]!.id}?expand=citizen`, { key: biz.testKey });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "BAD_REQUEST", message: "The query parameters are invalid", errors: [{ field: "expand", message: "Unknown field 'expand'" }] });
  });

  it("another business's id, the other mode's id and a malformed id are all 404 NOT_FOUND", async () => {
    const stranger = await createTestBusiness({ live: true, credits: 10 });
    const liveOne = await api("POST", "/verify/citizen", { key: biz.liveKey, body: { nationalId: uniqueNationalId() } });
    const cases = [
      await api("GET", `/verifications/${made[0]!.id}`, { key: stranger.testKey }), // another business
      await api("GET", `/verifications/${liveOne.body.data.id}`, { key: biz.testKey }), // other mode
      await api("GET", `/verifications/${made[0]!.id}`, { key: biz.liveKey }), // other mode, the other way
      await api("GET", "/verifications/not-a-uuid", { key: biz.testKey }),
      await api("GET", "/verifications/00000000-0000-4000-8000-000000000000", { key: biz.testKey }),
    ];
    for (const res of cases) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: "failed", code: "NOT_FOUND", message: "Verification not found", requestId: res.headers.get("x-request-id") });
    }
    // and the other business's list never shows them
    expect((await list("", stranger.testKey)).body.pagination.total).toBe(0);
  });
});
