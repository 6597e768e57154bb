import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validationTranslator } from "@/i18n/validation-translator";
import { passwordSchema, signUpInput } from "./accounts";
import { liveAccessApplicationSchema } from "./live-access";
import { PURPOSE_MAX_LENGTH, verifyCitizenRequestSchema } from "./verifications";
import { localizeIssue } from "./validation-messages";

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe("validation messages without a schema's own", () => {
  it("read as a person would write them", () => {
    expect(messageOf(z.string().max(2000), "x".repeat(2001))).toBe("Must be at most 2,000 characters");
    expect(messageOf(z.string().min(1), "")).toBe("Required");
    expect(messageOf(z.string().min(3), "ab")).toBe("Must be at least 3 characters");
    expect(messageOf(z.number().max(100_000), 200_000)).toBe("Must be at most 100,000");
    expect(messageOf(z.array(z.string()).max(50), Array(51).fill("a"))).toBe("At most 50 items");
    expect(messageOf(z.object({ a: z.string() }), {})).toBe("Required");
    expect(messageOf(z.string(), 5)).toBe("Must be a string");
    expect(messageOf(z.object({}), "x")).toBe("Must be an object");
    expect(messageOf(z.email(), "nope")).toBe("Enter a valid email address");
    expect(messageOf(z.enum(["a", "b"]), "c")).toBe("Must be one of: a, b");
    expect(messageOf(z.strictObject({}), { extra: 1 })).toBe("Unknown field: extra");
  });

  it("never replace a schema's own message", () => {
    expect(messageOf(z.string().max(3, "Keep it short"), "long")).toBe("Keep it short");
  });
});

describe("validation messages in the portal's languages", () => {
  const somali = validationTranslator("so");
  const issueOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues[0]!;

  it("speak Somali to a Somali reader, with Somali-formatted numbers and counts", () => {
    expect(localizeIssue(issueOf(z.string().max(2000), "x".repeat(2001)), somali)).toBe("Waa inuusan ka badnaan 2,000 xaraf");
    expect(localizeIssue(issueOf(z.object({ a: z.string() }), {}), somali)).toBe("Meeshan waa in la buuxiyaa");
    expect(localizeIssue(issueOf(z.email(), "nope"), somali)).toBe("Geli cinwaan iimayl oo sax ah");
  });

  it("translate the schemas' own messages the message files know, and keep the others as written", () => {
    expect(localizeIssue(issueOf(signUpInput.shape.businessName, ""), somali)).toBe("Geli magaca ganacsiga");
    expect(localizeIssue(issueOf(passwordSchema, "short"), somali)).toBe("Erayga sirta ahi waa inuu ahaadaa ugu yaraan 10 xaraf");
    expect(localizeIssue(issueOf(z.string().max(3, "Keep it short"), "long"), somali)).toBe("Keep it short");
  });

  it("stay English for an English reader", () => {
    expect(localizeIssue(issueOf(z.string().max(2000), "x".repeat(2001)), validationTranslator("en"))).toBe("Must be at most 2,000 characters");
  });
});

describe("the schemas' own messages the portal translates", () => {
  it("are the schemas' exact texts, so that a changed wording shows up here", () => {
    const somali = validationTranslator("so");
    const english = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues[0]!;
    expect(localizeIssue(english(verifyCitizenRequestSchema, { nationalId: "123" }), somali)).toBe("Lambarka aqoonsiga qaran waa inuu noqdaa 11 god oo keliya");
    expect(localizeIssue(english(verifyCitizenRequestSchema, {}), somali)).toBe("Geli lambarka aqoonsiga qaran");
    const tooLongPurpose = { nationalId: "11111111111", purpose: "x".repeat(PURPOSE_MAX_LENGTH + 1) };
    expect(localizeIssue(english(verifyCitizenRequestSchema, tooLongPurpose), somali)).toBe("Ujeedadu waa inaysan ka badnaan 200 xaraf");
    expect(localizeIssue(english(liveAccessApplicationSchema.shape.intendedUse, "short"), somali)).toBe("Ku qeex ujeedada isticmaalka ugu yaraan 20 xaraf");
  });
});
