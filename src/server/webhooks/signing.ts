/** Webhook signing secrets at rest: encrypted with a key derived from HUBI_SECRET. */
import { decrypt, encrypt } from "@/server/crypto/secrets";

/** Binds stored ciphertexts to their purpose (see encrypt()). */
const AT_REST_CONTEXT = "webhook-secret";

/** A plain Uint8Array copy: what Prisma's Bytes columns accept. */
export const sealSecret = (secret: string): Uint8Array<ArrayBuffer> => new Uint8Array(encrypt(secret, AT_REST_CONTEXT));
export const openSecret = (sealed: Uint8Array): string => decrypt(sealed, AT_REST_CONTEXT);
