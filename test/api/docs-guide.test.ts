/**
 * The integrator's guide, both the portal's page and docs/api-guide.md: every webhook event type
 * with a payload example, and where the 16 KiB body limit applies.
 */
import fs from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { EVENT_TYPES } from "@/contracts/events";
import { EVENT_EXAMPLES } from "@/server/openapi/examples";
import { TOO_LARGE_MESSAGE } from "@/server/http/read-body";

describe("the guide", () => {
  it("lists every webhook event with a payload example on the portal's guide page", async () => {
    const res = await fetch(`${inject("baseUrl")}/docs/guide`, { headers: { "accept-language": "en" } });
    expect(res.status).toBe(200);
    // The page's HTML, with its JSON examples' quotes unescaped.
    const html = (await res.text()).replaceAll("&quot;", '"');
    for (const type of EVENT_TYPES) {
      expect(html, type).toContain(`id="event-${type}"`);
      expect(html, type).toContain(`"id": "${EVENT_EXAMPLES[type].id}"`);
    }
    expect(html).toContain(TOO_LARGE_MESSAGE);
  });

  it("lists every webhook event with its payload example in docs/api-guide.md", () => {
    const guide = fs.readFileSync("docs/api-guide.md", "utf8");
    for (const type of EVENT_TYPES) {
      expect(guide, type).toContain(`| \`${type}\` |`);
      expect(guide, type).toContain(`\`\`\`json\n${JSON.stringify(EVENT_EXAMPLES[type], null, 2)}\n\`\`\``);
    }
    expect(guide).toContain(TOO_LARGE_MESSAGE);
  });
});
