/**
 * The OpenAPI paths, built from the operations' declarations (src/server/api/operations.ts) so
 * that the document describes exactly what the routes serve; plus the document's own endpoint.
 */
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { OPERATIONS } from "@/server/api/operations";
import type { Operation } from "@/server/api/operation";
import { errorResponses } from "./error-responses";
import { responseHeaders } from "./headers";

function toOpenApi({ body, response, docs }: Operation): ZodOpenApiOperationObject {
  const { requestExamples, response: success, errors, errorExamples, ...described } = docs;
  return {
    ...described,
    ...(body ? { requestBody: { required: true, content: { "application/json": { schema: body, examples: requestExamples } } } } : {}),
    responses: {
      "200": {
        description: success.description,
        headers: responseHeaders[success.headers],
        content: { "application/json": { schema: response, example: success.example, examples: success.examples } },
      },
      ...errorResponses([...errors, "METHOD_NOT_ALLOWED"], errorExamples),
    },
  };
}

const documentEndpoint: ZodOpenApiPathsObject = {
  "/docs/openapi.json": {
    get: {
      operationId: "getOpenApiDocument",
      tags: ["Documentation"],
      summary: "This OpenAPI 3.1 document",
      description: "Public: no API key, no credit, no rate limit.",
      security: [],
      responses: {
        "200": {
          description: "The OpenAPI document of v1.",
          headers: responseHeaders.basic,
          content: { "application/json": { schema: { type: "object", description: "An OpenAPI 3.1 document." } } },
        },
        ...errorResponses(["METHOD_NOT_ALLOWED"]),
      },
    },
  },
};

export const paths: ZodOpenApiPathsObject = {
  ...Object.fromEntries(OPERATIONS.map((op) => [op.path, { [op.method]: toOpenApi(op) }])),
  ...documentEndpoint,
};
