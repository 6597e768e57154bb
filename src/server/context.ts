/**
 * The explicit context every service receives: who is acting, in which mode, and the request id
 * that ties logs, audit entries and responses together. Services never read globals for these.
 */
import type { ApiKeyScope, Mode, Role } from "@/generated/prisma/enums";

export type ApiKeyActor = {
  type: "api_key";
  apiKeyId: string;
  apiKeyHint: string;
  businessId: string;
  mode: Mode;
  /** What the key may do (product rules §17). */
  scope: ApiKeyScope;
};

export type UserActor = {
  type: "user";
  userId: string;
  isPlatformAdmin: boolean;
  /** The business the user is acting for, with their role in it (absent for admin-only calls). */
  membership?: { businessId: string; role: Role };
};

export type SystemActor = { type: "system"; name: string };

export type Actor = ApiKeyActor | UserActor | SystemActor;

export type ServiceContext = {
  actor: Actor;
  requestId: string;
  /** The portal form submission this call carries out: repeats of it take effect once (§22). */
  submissionId?: string;
};

export function systemContext(name: string, requestId = `sys_${crypto.randomUUID()}`): ServiceContext {
  return { actor: { type: "system", name }, requestId };
}

/** The actor's identity as recorded in audit entries and ledger rows. */
export function actorRef(actor: Actor): { actorType: string; actorId: string } {
  switch (actor.type) {
    case "api_key":
      return { actorType: "api_key", actorId: actor.apiKeyId };
    case "user":
      return { actorType: actor.isPlatformAdmin && !actor.membership ? "admin" : "user", actorId: actor.userId };
    case "system":
      return { actorType: "system", actorId: actor.name };
  }
}
