import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { NATIONAL_ID_MESSAGE } from "@/contracts/verifications";
import { BASE_URLS, NATIONAL_ID_MESSAGE as SDK_NATIONAL_ID_MESSAGE } from "../../../sdk/src/index";
import { API_HOSTS } from "./document";
import { renderSdkTypes, SDK_TYPES_PATH } from "./sdk-types";

describe("client library contract drift", () => {
  it(`${SDK_TYPES_PATH} is what the current OpenAPI document generates (run npm run sdk:types)`, async () => {
    expect(await readFile(SDK_TYPES_PATH, "utf8")).toBe(await renderSdkTypes());
  });

  it("uses the document's hosts and the contract's national ID message", () => {
    expect(BASE_URLS).toEqual(API_HOSTS);
    expect(SDK_NATIONAL_ID_MESSAGE).toBe(NATIONAL_ID_MESSAGE);
  });
});
