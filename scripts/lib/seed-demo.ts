/** On an empty database: a platform admin and a demo business with a sandbox key. */
import { randomBytes } from "node:crypto";
import { db, disconnect } from "@/server/db/client";
import { systemContext } from "@/server/context";
import { createAdmin } from "@/server/accounts/create-admin";
import { createBusiness } from "@/server/businesses/create-business";
import { createApiKey } from "@/server/keys/create-api-key";

export async function seedDemo() {
  const ctx = systemContext("demo-seed");
  if ((await db().user.count()) > 0) {
    await disconnect();
    return null;
  }
  const password = `demo-${randomBytes(6).toString("base64url")}`;
  const adminEmail = "admin@hubi.local";
  const ownerEmail = "owner@demo.hubi.local";
  await createAdmin(ctx, { email: adminEmail, password, name: "Platform Admin" });
  const { businessId } = await createBusiness(ctx, {
    businessName: "Demo Microfinance",
    ownerName: "Demo Owner",
    email: ownerEmail,
    password,
  });
  const { key } = await createApiKey(ctx, { businessId, mode: "test", name: "Demo sandbox key" });
  await disconnect();
  return { adminEmail, ownerEmail, password, testKey: key };
}
