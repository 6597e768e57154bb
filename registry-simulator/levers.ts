/** What tests and the benchmark can set, at start and at run time (PATCH /__admin/levers). */
export type Levers = {
  /** Added to every lookup before it answers. */
  latencyMs: number;
  /** Lookups never answer (the connection stays open until the client gives up or the lever is released). */
  hang: boolean;
  /** Released, the held lookups answer as any other would; otherwise 504. */
  releaseAnswers: boolean;
  /** Every lookup answers this status (500, 502, 503…) with `Retry-After: retryAfterSeconds` (0: without one); 0: off. */
  status: number;
  retryAfterSeconds: number;
  /** Lookups answer a body that breaks the document. */
  malformed: "off" | "truncated" | "missing_field" | "wrong_type" | "oversized" | "oversized_chunked" | "wrong_order";
  /** The `expires_in` of new tokens. */
  tokenLifetimeSeconds: number;
  /** Added to every token request before it answers. */
  tokenLatencyMs: number;
  /** Lookup requests per second per client; more get 429 with Retry-After. 0: no quota. */
  maxRps: number;
  /** Token requests per minute per client; more get 429. */
  maxTokenRequestsPerMinute: number;
  /** Every token request answers this status (429, 503…) with `Retry-After: retryAfterSeconds`; 0: off. */
  tokenStatus: number;
  clientId: string;
  clientSecret: string;
  /** NINs the gateway answers 400 `invalid_request` for (a record Hubi cannot ask about). */
  badRequestNins: string[];
  /** NINs whose lookups the gateway answers 503 with `Retry-After: retryAfterSeconds` (an outage only some calls meet). */
  unavailableNins: string[];
  /** An unknown NIN is an ACTIVE citizen generated from it (the benchmark's live lanes), instead of 404. */
  generateUnknown: boolean;
};

export const DEFAULT_LEVERS: Levers = {
  latencyMs: 0,
  hang: false,
  releaseAnswers: false,
  status: 0,
  retryAfterSeconds: 2,
  malformed: "off",
  tokenLifetimeSeconds: 300,
  tokenLatencyMs: 0,
  maxRps: 20,
  maxTokenRequestsPerMinute: 10,
  tokenStatus: 0,
  clientId: "hubi-local",
  clientSecret: "local-simulator-secret",
  badRequestNins: [],
  unavailableNins: [],
  generateUnknown: false,
};
