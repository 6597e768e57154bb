/** GET /batches/{id}/results: an ended batch's results as a CSV download, for members of the business. */
import { getMemberServiceContext } from "@/server/auth/portal-session";
import { AppError } from "@/server/errors";
import { streamBatchResults } from "@/server/services/batches/stream-results";

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const member = await getMemberServiceContext();
  if (!member) return new Response("Sign in to download batch results", { status: 401 });
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
    if (error instanceof AppError) return new Response(error.message, { status: error.status });
    throw error;
  }
}
