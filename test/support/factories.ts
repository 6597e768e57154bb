/**
 * Typed factories for tests: each builds real rows through the same services the product uses.
 * Every test creates its own business, so tests never share counters, balances or keys.
 */
import { randomUUID } from "node:crypto";
import { systemContext } from "@/server/context";
import { db } from "@/server/db/client";
import { createBusiness } from "@/server/businesses/create-business";
import { createApiKey } from "@/server/keys/create-api-key";
import { grantCredits } from "@/server/credits/grant-credits";
import { createInvitation } from "@/server/team/create-invitation";
import { signUpWithInvitation } from "@/server/team/sign-up-with-invitation";
import { verifyCitizen } from "@/server/verifications/verify-citizen";

const ctx = () => systemContext("test-factory");

export type TestBusiness = {
  businessId: string;
  userId: string;
  email: string;
  password: string;
  testKey: string;
  liveKey?: string;
};

export async function createTestBusiness(
  options: {
    name?: string;
    live?: boolean;
    credits?: number;
    rateLimitPerMinute?: number;
    plan?: "starter" | "enterprise";
    /** The owner's "require consent for live lookups" (product rules §19); off, as for every new business, unless asked for. */
    requireLiveConsent?: boolean;
  } = {},
): Promise<TestBusiness> {
  const email = `owner-${randomUUID()}@example.test`;
  const password = "correct horse battery staple";
  const { businessId, userId } = await createBusiness(ctx(), {
    businessName: options.name ?? "Test Business",
    ownerName: "Test Owner",
    email,
    password,
    plan: options.plan,
    approveLive: options.live ?? false,
  });
  if (options.requireLiveConsent !== undefined || options.rateLimitPerMinute) {
    await db().business.update({
      where: { id: businessId },
      data: { requireLiveConsent: options.requireLiveConsent, rateLimitPerMinute: options.rateLimitPerMinute },
    });
  }
  const testKey = (await createApiKey(ctx(), { businessId, mode: "test" })).key;
  const liveKey = options.live ? (await createApiKey(ctx(), { businessId, mode: "live" })).key : undefined;
  if (options.credits) await grantCredits(ctx(), { businessId, amount: options.credits });
  return { businessId, userId, email, password, testKey, liveKey };
}

/** A national ID that no other test uses (sandbox: any ID outside the magic ones is `verified`). */
export function uniqueNationalId(): string {
  return `9${String(Math.floor(Math.random() * 1e10)).padStart(10, "0")}`;
}

const ownerContext = async (businessId: string) => {
  const owner = await db().membership.findFirstOrThrow({ where: { businessId, role: "owner" } });
  return { actor: { type: "user" as const, userId: owner.userId, isPlatformAdmin: false, membership: { businessId, role: "owner" as const } }, requestId: "req_test_factory" };
};

/** An open invitation to `businessId`, made by its owner; returns its id. */
export async function createTestInvitation(businessId: string, role: "owner" | "developer" | "viewer" = "viewer"): Promise<string> {
  return (await createInvitation(await ownerContext(businessId), { businessId, role })).id;
}

/** A user who joined `businessId` with `role` through an invitation, as in the portal. */
export async function createTestMember(businessId: string, role: "owner" | "developer" | "viewer"): Promise<{ userId: string; email: string }> {
  const { token } = await createInvitation(await ownerContext(businessId), { businessId, role });
  const email = `${role}-${randomUUID()}@example.test`;
  await signUpWithInvitation(ctx(), { token, name: `Test ${role}`, email, password: "correct horse battery staple" });
  const user = await db().user.findUniqueOrThrow({ where: { email } });
  return { userId: user.id, email };
}

/** One sandbox verification through the real service; returns its id. */
export async function createTestVerification(businessId: string): Promise<string> {
  const verification = await verifyCitizen(ctx(), { businessId, mode: "test", channel: "api", nationalId: uniqueNationalId() });
  return verification.body.data.id;
}
