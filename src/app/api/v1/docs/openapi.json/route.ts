import { newRequestId } from "@/server/crypto/identifiers";
import { openApiDocument } from "@/server/openapi/document";

// Rendered per request (the document itself is memoized) so that, like every /api/v1 response,
// it carries its own X-Request-Id; shared caches may still keep it.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(openApiDocument(), {
    headers: {
      "X-Request-Id": newRequestId(),
      "Cache-Control": "public, max-age=300, stale-while-revalidate=86400",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
