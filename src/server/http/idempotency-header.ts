import { idempotencyKeySchema } from "@/contracts/verifications";
import { badRequest } from "@/server/errors";

/** The optional Idempotency-Key header, validated like any other input. */
export function readIdempotencyKey(req: Request): string | undefined {
  const value = req.headers.get("idempotency-key");
  if (value === null) return undefined;
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) {
    throw badRequest("The Idempotency-Key header is invalid", [{ field: "Idempotency-Key", message: parsed.error.issues[0]!.message }]);
  }
  return parsed.data;
}
