import { describe, expect, it } from "vitest";
import { pickLocale } from "./pick-locale";

describe("the language a page is shown in", () => {
  it("is the signed-in user's saved choice first, then this browser's choice", () => {
    expect(pickLocale({ saved: "so", cookie: "en", acceptLanguage: "en-US" })).toBe("so");
    expect(pickLocale({ saved: null, cookie: "so", acceptLanguage: "en-US" })).toBe("so");
    expect(pickLocale({ saved: undefined, cookie: "fr", acceptLanguage: "so" })).toBe("so");
  });

  it("otherwise follows the browser: Somali when preferred to English, English otherwise", () => {
    expect(pickLocale({ acceptLanguage: "so-SO,so;q=0.9,en;q=0.8" })).toBe("so");
    expect(pickLocale({ acceptLanguage: "ar,so;q=0.7,en;q=0.5" })).toBe("so");
    expect(pickLocale({ acceptLanguage: "en-US,en;q=0.9,so;q=0.8" })).toBe("en");
    expect(pickLocale({ acceptLanguage: "en;q=0.4,so;q=0.6" })).toBe("so");
    expect(pickLocale({ acceptLanguage: "fr-FR" })).toBe("en");
    expect(pickLocale({ acceptLanguage: "so;q=0" })).toBe("en");
    expect(pickLocale({})).toBe("en");
  });
});
