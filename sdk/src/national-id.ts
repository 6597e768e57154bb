import { BadRequestError } from "./errors.js";

/** The server's own message (contract), so local and remote failures read the same. */
export const NATIONAL_ID_MESSAGE = "National ID must be exactly 11 digits";

/** Rejects a malformed national ID before any request: no round trip, no rate-limit slot. */
export function assertNationalId(nationalId: unknown): void {
  if (typeof nationalId !== "string" || !/^[0-9]{11}$/.test(nationalId)) {
    throw new BadRequestError({ message: NATIONAL_ID_MESSAGE, errors: [{ field: "nationalId", message: NATIONAL_ID_MESSAGE }] });
  }
}
