import { openApiDocument } from "@/server/openapi/document";

// The document depends only on the code: render it at build time and let caches keep it.
export const dynamic = "force-static";

export function GET() {
  return Response.json(openApiDocument(), {
    headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=86400", "Access-Control-Allow-Origin": "*" },
  });
}
