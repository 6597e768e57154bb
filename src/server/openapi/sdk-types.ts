/**
 * Renders the client library's types (sdk/src/generated/openapi.ts) from the OpenAPI document, so
 * the library and the server share one contract. `npm run sdk:types` writes the file; a test fails
 * when the committed file differs from what the current document renders.
 */
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";
import type { OpenAPI3, SchemaObject } from "openapi-typescript";
import ts from "typescript";
import { openApiDocument } from "./document";

/**
 * `x-extensible-enum` (an open set of strings) becomes the known literals plus `string & {}`:
 * editors still suggest the known values, and a value added later still type-checks.
 */
function extensibleEnum(schema: SchemaObject): ts.TypeNode | undefined {
  const values = (schema as { "x-extensible-enum"?: unknown })["x-extensible-enum"];
  if (!Array.isArray(values)) return undefined;
  const f = ts.factory;
  const anyOtherString = f.createIntersectionTypeNode([
    f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
    f.createTypeLiteralNode([]),
  ]);
  return f.createUnionTypeNode([...values.map((v) => f.createLiteralTypeNode(f.createStringLiteral(String(v)))), anyOtherString]);
}

export const SDK_TYPES_PATH = "sdk/src/generated/openapi.ts";

export async function renderSdkTypes(): Promise<string> {
  // The document is plain JSON; openapi-typescript's type is stricter than zod-openapi's output type.
  const ast = await openapiTS(JSON.parse(JSON.stringify(openApiDocument())) as OpenAPI3, { alphabetize: true, transform: extensibleEnum });
  return `${COMMENT_HEADER}// Generated from the OpenAPI document by \`npm run sdk:types\`. Do not edit.\n\n${astToString(ast)}`;
}
