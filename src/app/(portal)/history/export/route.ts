/** GET /history/export?result=&channel=&from=&to= : the filtered history as a CSV download. */
import { getMemberServiceContext } from "@/server/auth/portal-session";
import { exportVerificationsCsv } from "@/server/verifications/export-verifications-csv";
import { historyFiltersFromSearchParams } from "@/contracts/history-filters";

export async function GET(req: Request) {
  const member = await getMemberServiceContext();
  if (!member) return new Response("Sign in to export verifications", { status: 401 });
  const filters = historyFiltersFromSearchParams(new URL(req.url).searchParams);
  if (!filters.success) return new Response(filters.error.issues[0]?.message ?? "Invalid filters", { status: 400 });
  const lines = exportVerificationsCsv(member.ctx, { businessId: member.businessId, mode: member.mode, filters: filters.data });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="hubi-${member.mode}-verifications-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
}
