/** GET /batches/{id}/results: an ended batch's results as a CSV download, for members of the business. */
import { getLocale, getTranslations } from "next-intl/server";
import { ERROR_STATUS, type ErrorCode } from "@/contracts/errors";
import { getMemberServiceContext } from "@/server/auth/portal-session";
import { AppError } from "@/server/errors";
import { streamBatchResults } from "@/server/batches/stream-results";
import { errorText } from "@/components/i18n/error-text";

/** A refusal the browser shows in place of the file, in the reader's language. */
async function refusal(code: ErrorCode, message: string) {
  const [locale, t] = await Promise.all([getLocale(), getTranslations("common.errors")]);
  return new Response(errorText(locale, t, code, message), { status: ERROR_STATUS[code], headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const member = await getMemberServiceContext();
  if (!member) return refusal("UNAUTHORIZED", "Sign in to download batch results");
  const { id } = await params;
  try {
    const body = await streamBatchResults(member.ctx, { businessId: member.businessId, mode: member.mode, id, format: "csv" });
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="hubi-${member.mode}-batch-${id}.csv"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof AppError) return refusal(error.code, error.message);
    throw error;
  }
}
