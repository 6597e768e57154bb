/** Writes the client library's generated types from the OpenAPI document. */
import { writeFile } from "node:fs/promises";
import { renderSdkTypes, SDK_TYPES_PATH } from "@/server/openapi/sdk-types";

await writeFile(SDK_TYPES_PATH, await renderSdkTypes());
console.log(`Wrote ${SDK_TYPES_PATH}`);
