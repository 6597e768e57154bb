/**
 * Cursor pagination of GET /verifications (startingAfter / endingBefore, hasMore): pages that
 * neither repeat nor skip while new verifications arrive, cursors that must be the caller's, and
 * query parameters that may be given only once.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../support/api";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../support/factories";
import { balanceOf } from "../support/queries";

let biz: TestBusiness;
/** Ids, oldest first. */
const made: string[] = [];

const verify = async (key = biz.testKey) => {
  const res = await api("POST", "/verify/citizen", { key, body: { nationalId: uniqueNationalId() } });
  expect(res.status).toBe(200);
  return res.body.data.id as string;
};
const list = (query: string, key = biz.testKey) => api("GET", `/verifications${query}`, { key });
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((v) => v.id);

beforeAll(async () => {
  biz = await createTestBusiness({ live: true, credits: 100 });
  for (let i = 0; i < 7; i++) made.push(await verify());
});

describe("cursor pages", () => {
  it("walks the history with startingAfter until hasMore is false, with no page number", async () => {
    const first = await list("?limit=3");
    expect(ids(first)).toEqual(made.slice(4).reverse());
    expect(first.body.pagination).toEqual({ page: 1, limit: 3, total: 7, hasMore: true });

    const second = await list(`?limit=3&startingAfter=${made[4]}`);
    expect(ids(second)).toEqual(made.slice(1, 4).reverse());
    expect(second.body.pagination).toEqual({ limit: 3, total: 7, hasMore: true });

    const last = await list(`?limit=3&startingAfter=${made[1]}`);
    expect(ids(last)).toEqual([made[0]]);
    expect(last.body.pagination.hasMore).toBe(false);
  });

  it("goes back with endingBefore, still newest first", async () => {
    const res = await list(`?limit=2&endingBefore=${made[2]}`);
    expect(ids(res)).toEqual([made[4], made[3]]);
    expect(res.body.pagination.hasMore).toBe(true);
    const top = await list(`?limit=10&endingBefore=${made[2]}`);
    expect(ids(top)).toEqual(made.slice(3).reverse());
    expect(top.body.pagination.hasMore).toBe(false);
  });

  it("neither repeats nor skips while new verifications arrive between pages (page numbers would)", async () => {
    const fresh = await createTestBusiness();
    const before: string[] = [];
    for (let i = 0; i < 6; i++) before.push(await verify(fresh.testKey));
    const seen: string[] = [];
    let cursor = "";
    for (;;) {
      const res = await list(`?limit=2${cursor}`, fresh.testKey);
      seen.push(...ids(res));
      await verify(fresh.testKey); // a new item lands on top after every page
      if (!res.body.pagination.hasMore) break;
      cursor = `&startingAfter=${seen.at(-1)}`;
    }
    expect(seen).toEqual([...before].reverse());

    // The same walk by page number shows each shift: the first item of page 2 was already on page 1.
    const p1 = ids(await list("?limit=2&page=1", fresh.testKey));
    await verify(fresh.testKey);
    const p2 = ids(await list("?limit=2&page=2", fresh.testKey));
    expect(p2[0]).toBe(p1[1]);
  });

  it("combines cursors with filters", async () => {
    const res = await list(`?result=verified&limit=2&startingAfter=${made[6]}`);
    expect(ids(res)).toEqual([made[5], made[4]]);
    expect(res.body.pagination).toMatchObject({ total: 7, hasMore: true });
  });
});

describe("invalid cursors and queries", () => {
  it("refuses a cursor of another business, of the other mode or not a UUID, and charges nothing for it", async () => {
    const stranger = await createTestBusiness();
    const theirs = await verify(stranger.testKey);
    const live = await api("POST", "/verify/citizen", { key: biz.liveKey!, body: { nationalId: "11111111111" } });
    expect(live.status).toBe(200);
    const balance = await balanceOf(biz.businessId);
    for (const [query, key, field] of [
      [`?startingAfter=${theirs}`, biz.testKey, "startingAfter"],
      [`?endingBefore=${made[0]}`, biz.liveKey!, "endingBefore"],
      ["?startingAfter=abc", biz.testKey, "startingAfter"],
    ] as const) {
      const res = await list(query, key);
      expect(res.status, query).toBe(400);
      expect(res.body.errors).toEqual([{ field, message: expect.stringContaining(field) }]);
    }
    const after = await list(`?limit=1&startingAfter=${live.body.data.id}`, biz.liveKey!);
    expect(after.status).toBe(200);
    expect(await balanceOf(biz.businessId)).toBe(balance - 1); // only the valid call was charged
  });

  it("refuses both cursors at once, and a cursor with a page number", async () => {
    const both = await list(`?startingAfter=${made[3]}&endingBefore=${made[1]}`);
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([{ field: "endingBefore", message: "Send startingAfter or endingBefore, not both" }]);
    const paged = await list(`?page=2&startingAfter=${made[3]}`);
    expect(paged.status).toBe(400);
    expect(paged.body.errors).toEqual([{ field: "page", message: "page cannot be combined with startingAfter or endingBefore" }]);
  });

  it.each(["/verifications?page=1&page=2", "/verifications?limit=5&result=verified&limit=6", "/events?type=credits_low&type=webhook_test"])(
    "answers a repeated query parameter with 400 naming it (%s)",
    async (path) => {
      const res = await api("GET", path, { key: biz.testKey });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "BAD_REQUEST", message: "The query parameters are invalid" });
      const name = [...new URL(`http://x${path}`).searchParams.keys()].find((n, i, all) => all.indexOf(n) !== i);
      expect(res.body.errors).toEqual([{ field: name, message: `${name} must be given once` }]);
    },
  );
});
