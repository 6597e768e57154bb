/**
 * A gateway call that got no usable answer because of the gateway: refused (`unreachable`) or reset connection,
 * timeout, 5xx, a body that does not match its schema, a response over the size limit, rejected
 * credentials. These, and only these, count against the gateway's health (the circuit breaker)
 * and may be retried while the caller's budget allows.
 */
export class UpstreamFault extends Error {
  constructor(
    readonly kind: "unreachable" | "connection" | "timeout" | "status" | "malformed" | "oversized" | "credentials",
    readonly status?: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(`Registry gateway fault (${kind}${status ? ` ${status}` : ""})`);
    this.name = "UpstreamFault";
  }
}

/**
 * The circuit's half-open probe could not be sent (no token or no quota slot in the caller's
 * budget): the gateway's health is still unknown, so the circuit opens again rather than closing.
 * `cause` is what the caller is answered.
 */
export class ProbeNotSent extends Error {
  constructor(readonly cause: unknown) {
    super("The registry gateway circuit's probe could not be sent");
    this.name = "ProbeNotSent";
  }
}
