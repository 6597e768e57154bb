/**
 * A user's language through the portal API: saved with the account (idempotently), kept from the
 * sign-up page, and the language of the field errors the portal's forms show; the public API's
 * messages stay English whatever the browser asks for.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { NATIONAL_ID_MESSAGE, PURPOSE_MAX_LENGTH } from "@/contracts/verifications";
import { db } from "@/server/db/client";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/routers/_app";
import { loadPortalUser } from "@/server/trpc/context";
import { createTestBusiness } from "../support/factories";
import { portalMutation } from "../support/portal-trpc";

const createCaller = createCallerFactory(appRouter);

async function callerFor(userId: string | null) {
  const user = await loadPortalUser(userId ?? undefined);
  return createCaller({ user, membership: user?.memberships[0], mode: "test", requestId: `req_lang_${randomUUID()}` });
}

const localeOf = async (userId: string) => (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { locale: true } })).locale;

const invalidSignUp = { businessName: "", ownerName: "Hodan", email: "not-an-email", password: "short" };

describe("a user's language", () => {
  it("is saved with the account; choosing it again changes nothing", async () => {
    const business = await createTestBusiness();
    const me = await callerFor(business.userId);
    expect(await localeOf(business.userId)).toBe("en");
    expect(await me.account.setLocale({ locale: "so" })).toEqual({ locale: "so" });
    expect(await me.account.setLocale({ locale: "so" })).toEqual({ locale: "so" });
    expect(await localeOf(business.userId)).toBe("so");
    expect((await loadPortalUser(business.userId))?.locale).toBe("so");
  });

  it("is one of the portal's languages, and only a signed-in user has one", async () => {
    const business = await createTestBusiness();
    await expect((await callerFor(business.userId)).account.setLocale({ locale: "fr" as "so" })).rejects.toThrow();
    await expect((await callerFor(null)).account.setLocale({ locale: "so" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await localeOf(business.userId)).toBe("en");
  });

  it("is the one the sign-up page was shown in", async () => {
    const email = `somali-${randomUUID()}@example.test`;
    const anonymous = await callerFor(null);
    await anonymous.account.signUp({ businessName: "Hodan Xawaala", ownerName: "Hodan", email, password: "long enough password", locale: "so" });
    expect((await db().user.findUniqueOrThrow({ where: { email }, select: { locale: true } })).locale).toBe("so");
  });
});

describe("field errors of a portal form", () => {
  it("come in Somali for a browser that chose Somali, and in English otherwise", async () => {
    const somali = await (await portalMutation("account.signUp", invalidSignUp, { cookie: "NEXT_LOCALE=so" })).json();
    expect(somali.error.json.data.fieldErrors).toMatchObject({
      businessName: "Geli magaca ganacsiga",
      email: "Geli cinwaan iimayl oo sax ah",
      password: "Erayga sirta ahi waa inuu ahaadaa ugu yaraan 10 xaraf",
    });
    const byBrowser = await (await portalMutation("account.signUp", invalidSignUp, { "accept-language": "so-SO,so;q=0.9" })).json();
    expect(byBrowser.error.json.data.fieldErrors.businessName).toBe("Geli magaca ganacsiga");

    const english = await (await portalMutation("account.signUp", invalidSignUp, { "accept-language": "en-US,en;q=0.9" })).json();
    expect(english.error.json.data.fieldErrors).toMatchObject({ businessName: "Enter the business name", email: "Enter a valid email address" });
  });

  it("leave the public API's messages in English, whatever the browser asks for", async () => {
    const business = await createTestBusiness();
    const res = await fetch(`${inject("baseUrl")}/api/v1/verify/citizen`, {
      method: "POST",
      headers: { authorization: `Bearer ${business.testKey}`, "content-type": "application/json", "accept-language": "so", cookie: "NEXT_LOCALE=so" },
      body: JSON.stringify({ nationalId: "123", purpose: "x".repeat(PURPOSE_MAX_LENGTH + 1) }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: "nationalId", message: NATIONAL_ID_MESSAGE },
        { field: "purpose", message: `Purpose must be at most ${PURPOSE_MAX_LENGTH} characters` },
      ]),
    );
  });
});
