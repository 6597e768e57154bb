/**
 * POST /batches/upload?submission=<uuid>: the portal's batch upload. The file streams straight to
 * the batch service (never through tRPC's JSON, nor the page proxy, which would hold and cut it:
 * so the security headers are set here); the session is the portal's, the rules the API's.
 */
import { z } from "zod";
import { env } from "@/env";
import { securityHeaders } from "@/server/http/security-headers";
import { getMemberServiceContext } from "@/server/auth/portal-session";
import { AppError } from "@/server/errors";
import { batchContentType } from "@/server/batches/read-upload";
import { createBatchFromPortal } from "@/server/batches/create-batch-from-portal";

const json = (body: unknown, status: number) =>
  Response.json(body, { status, headers: { "cache-control": "no-store", ...securityHeaders(env().PUBLIC_BASE_URL ?? env().NEXTAUTH_URL) } });

export async function POST(req: Request) {
  const member = await getMemberServiceContext();
  if (!member) return json({ code: "UNAUTHORIZED", message: "Sign in to upload a batch" }, 401);
  const submission = z.uuid().safeParse(new URL(req.url).searchParams.get("submission"));
  const ctx = { ...member.ctx, submissionId: submission.success ? submission.data : undefined };
  try {
    const created = await createBatchFromPortal(ctx, {
      businessId: member.businessId,
      mode: member.mode,
      contentType: batchContentType(req.headers.get("content-type")),
      body: req.body,
    });
    return json(created, 202);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return json({ code: error.code, message: error.message, errors: error.errors }, error.status);
  }
}
