/**
 * The OpenAPI paths, built from the operations' declarations (src/server/api/operations.ts) so
 * that the document describes exactly what the routes serve; plus the document's own endpoint.
 */
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { OPERATIONS } from "@/server/api/operations";
import type { Operation } from "@/server/api/operation";
import { errorResponses } from "./error-responses";
import { responseHeaders } from "./headers";

const file = { type: "string" } as const;

function requestBody({ body, upload, docs }: Operation): Pick<ZodOpenApiOperationObject, "requestBody"> {
  if (upload) {
    return { requestBody: { required: true, description: upload.description, content: Object.fromEntries(upload.contentTypes.map((t) => [t, { schema: file }])) } };
  }
  return body ? { requestBody: { required: true, content: { "application/json": { schema: body, examples: docs.requestExamples } } } } : {};
}

function toOpenApi(op: Operation): ZodOpenApiOperationObject {
  const { response, docs, produces, status = 200 } = op;
  const { response: success, accepted, errors, errorExamples, operationId, tags, summary, description, requestParams } = docs;
  const content = produces
    ? Object.fromEntries(produces.map((t) => [t, t === "text/csv" ? { schema: file } : { schema: response, example: success.example }]))
    : { "application/json": { schema: response, example: success.example, examples: success.examples } };
  return {
    operationId,
    tags,
    summary,
    description,
    requestParams,
    ...requestBody(op),
    responses: {
      [`${status}`]: { description: success.description, headers: responseHeaders[success.headers], content },
      ...(accepted
        ? { "202": { description: accepted.description, headers: responseHeaders[accepted.headers], content: { "application/json": { schema: response, example: accepted.example } } } }
        : {}),
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

/** Operations grouped by path: GET and POST /batches are one path item. */
const operationPaths: ZodOpenApiPathsObject = {};
for (const op of OPERATIONS) operationPaths[op.path] = { ...operationPaths[op.path], [op.method]: toOpenApi(op) };

export const paths: ZodOpenApiPathsObject = { ...operationPaths, ...documentEndpoint };
