import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { UploadSpool } from "./upload-spool";

// A temporary folder of this file's own: other processes spool uploads meanwhile.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hubi-spool-test-"));
const systemTmp = process.env.TMPDIR;
let spool: UploadSpool | undefined;

beforeAll(() => {
  process.env.TMPDIR = tmp;
});

afterEach(async () => {
  await spool?.close();
  spool = undefined;
});

afterAll(() => {
  if (systemTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = systemTmp;
  fs.rmSync(tmp, { recursive: true, force: true });
});

it("numbers the chunks and their rows, and gives them back in order, in groups of at most the bytes asked", async () => {
  spool = await UploadSpool.open();
  const sizes = [3, 5, 2, 7, 1];
  for (const [i, size] of sizes.entries()) await spool.append(10 + i, (chunkNo) => Buffer.alloc(size, chunkNo));

  const groups: { chunkNo: number; firstRow: number; rowCount: number; sealed: string }[][] = [];
  for await (const group of spool.groups(8)) groups.push(group.map((c) => ({ chunkNo: c.chunkNo, firstRow: c.firstRow, rowCount: c.rowCount, sealed: c.sealed.toString("hex") })));

  expect(groups.map((g) => g.map((c) => c.chunkNo))).toEqual([[1, 2], [3], [4, 5]]);
  expect(groups.flat()).toEqual(
    sizes.map((size, i) => ({
      chunkNo: i + 1,
      firstRow: 1 + sizes.slice(0, i).reduce((sum, _, j) => sum + 10 + j, 0),
      rowCount: 10 + i,
      sealed: Buffer.alloc(size, i + 1).toString("hex"),
    })),
  );
  // A chunk larger than a group goes alone.
  const alone: number[][] = [];
  for await (const group of spool.groups(1)) alone.push(group.map((c) => c.chunkNo));
  expect(alone).toEqual([[1], [2], [3], [4], [5]]);
});

it("leaves nothing in the temporary folder, even while it is open", async () => {
  spool = await UploadSpool.open();
  await spool.append(1, () => Buffer.from("sealed"));
  expect(os.tmpdir()).toBe(tmp);
  expect(fs.readdirSync(tmp)).toEqual([]);
});
