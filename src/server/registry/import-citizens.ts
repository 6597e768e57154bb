/**
 * Loads citizen records from CSV (platform admins, via CLI or the admin console). Idempotent:
 * a record is upserted by the keyed hash of its national ID, so re-importing a file changes
 * nothing and a corrected file updates records. Bad lines are reported, never half-applied; the
 * good ones are written in one transaction, once per submission. A preview (`dryRun`) reports
 * what an import would do and writes nothing.
 *
 * Columns (header required): national_id, full_name, date_of_birth, date_of_issue,
 * date_of_expiry, status (active | revoked).
 */
import { z } from "zod";
import type { ServiceContext } from "@/server/context";
import { hashNationalId } from "@/server/crypto/secrets";
import { assertPlatformAdmin } from "@/server/access/authorization";
import { recordAudit } from "@/server/audit/record";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { transactOnce } from "@/server/submissions";
import { badRequest } from "@/server/errors";
import { parseCsv } from "./csv";

export const REGISTRY_COLUMNS = ["national_id", "full_name", "date_of_birth", "date_of_issue", "date_of_expiry", "status"] as const;

const date = (name: string) =>
  z.iso.date({ error: `${name} must be a date as YYYY-MM-DD` });

const rowSchema = z
  .object({
    national_id: z.string().regex(/^[0-9]{11}$/, "national_id must be exactly 11 digits"),
    full_name: z.string().trim().min(1, "full_name is empty").max(200, "full_name is longer than 200 characters"),
    date_of_birth: date("date_of_birth"),
    date_of_issue: date("date_of_issue"),
    date_of_expiry: date("date_of_expiry"),
    status: z.enum(["active", "revoked"], { error: "status must be active or revoked" }),
  })
  .refine((r) => r.date_of_issue >= r.date_of_birth, { message: "date_of_issue is before date_of_birth" })
  .refine((r) => r.date_of_expiry >= r.date_of_issue, { message: "date_of_expiry is before date_of_issue" });

export const importCitizensInput = z.object({
  csv: z.string().max(50 * 1024 * 1024, "The file is larger than 50 MB"),
  dryRun: z.boolean().default(false),
});

export type ImportReport = { accepted: number; rejected: { line: number; reason: string }[] };

const BATCH = 1000;
/** A 50 MB file is about 500,000 records: minutes, not the default five seconds. */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

export async function importCitizens(ctx: ServiceContext, input: z.input<typeof importCitizensInput>): Promise<ImportReport> {
  assertPlatformAdmin(ctx);
  const { csv, dryRun } = importCitizensInput.parse(input);
  const { header, rows } = parseCsv(csv);
  const missing = REGISTRY_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) throw badRequest(`The CSV header is missing: ${missing.join(", ")}`);

  const rejected: ImportReport["rejected"] = [];
  const valid: z.output<typeof rowSchema>[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of rows) {
    const record = Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ""]));
    const parsed = rowSchema.safeParse(record);
    if (!parsed.success) {
      rejected.push({ line, reason: parsed.error.issues.map((i) => i.message).join("; ") });
      continue;
    }
    const first = seen.get(parsed.data.national_id);
    if (first !== undefined) {
      rejected.push({ line, reason: `duplicate of line ${first} in this file` });
      continue;
    }
    seen.set(parsed.data.national_id, line);
    valid.push(parsed.data);
  }
  const report = { accepted: valid.length, rejected };
  if (dryRun) return report;
  return transactOnce(
    ctx,
    "registry.import",
    async (tx) => {
      for (let i = 0; i < valid.length; i += BATCH) await upsert(tx, valid.slice(i, i + BATCH));
      await recordAudit(tx, ctx, {
        action: "registry.imported",
        targetType: "citizen_registry",
        metadata: { accepted: valid.length, rejected: rejected.length },
      });
      return report;
    },
    { timeoutMs: IMPORT_TIMEOUT_MS },
  );
}

async function upsert(tx: Prisma.TransactionClient, batch: z.output<typeof rowSchema>[]): Promise<void> {
  const col = <K extends keyof (typeof batch)[number]>(k: K) => batch.map((r) => r[k]);
  await tx.$executeRawUnsafe(
    `INSERT INTO citizen_record (national_id_hash, full_name, date_of_birth, date_of_issue, date_of_expiry, status, updated_at)
     SELECT h, n, b, i, e, s, now()
       FROM unnest($1::text[], $2::text[], $3::date[], $4::date[], $5::date[], $6::"CitizenStatus"[]) AS t(h, n, b, i, e, s)
     ON CONFLICT (national_id_hash) DO UPDATE
       SET full_name = EXCLUDED.full_name, date_of_birth = EXCLUDED.date_of_birth, date_of_issue = EXCLUDED.date_of_issue,
           date_of_expiry = EXCLUDED.date_of_expiry, status = EXCLUDED.status, updated_at = now()`,
    batch.map((r) => hashNationalId(r.national_id)),
    col("full_name"),
    col("date_of_birth"),
    col("date_of_issue"),
    col("date_of_expiry"),
    col("status"),
  );
}

export async function countCitizenRecords(): Promise<number> {
  return db().citizenRecord.count();
}
