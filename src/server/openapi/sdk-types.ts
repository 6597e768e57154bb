/**
 * Renders the client library's types (sdk/src/generated/openapi.ts) from the OpenAPI document, so
 * the library and the server share one contract. `npm run sdk:types` writes the file; a test fails
 * when the committed file differs from what the current document renders.
 */
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";
import type { OpenAPI3 } from "openapi-typescript";
import { openApiDocument } from "./document";

export const SDK_TYPES_PATH = "sdk/src/generated/openapi.ts";

export async function renderSdkTypes(): Promise<string> {
  // The document is plain JSON; openapi-typescript's type is stricter than zod-openapi's output type.
  const ast = await openapiTS(JSON.parse(JSON.stringify(openApiDocument())) as OpenAPI3, { alphabetize: true });
  return `${COMMENT_HEADER}// Generated from the OpenAPI document by \`npm run sdk:types\`. Do not edit.\n\n${astToString(ast)}`;
}
