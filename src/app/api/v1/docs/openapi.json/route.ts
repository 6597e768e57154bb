import { newRequestId } from "@/server/crypto/identifiers";
import { methodNotAllowed } from "@/server/http/route";
import { openApiDocument } from "@/server/openapi/document";
import { deploymentHosts } from "@/server/openapi/deployment-hosts";

// Rendered per request (the document itself is memoized) so that, like every /api/v1 response,
// it carries its own X-Request-Id; shared caches may still keep it.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(openApiDocument(deploymentHosts()), {
    headers: {
      "X-Request-Id": newRequestId(),
      "Cache-Control": "public, max-age=300, stale-while-revalidate=86400",
      "Access-Control-Allow-Origin": "*",
    },
  });
}

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const HEAD = POST;
export const OPTIONS = POST;
