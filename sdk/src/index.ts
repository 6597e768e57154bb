export { Hubi, type VerifyCitizenOptions } from "./client.js";
export type { Completions, WaitForVerificationOptions } from "./completion.js";
export type { Batches, BatchFile, BatchRows, CreateBatchOptions, WaitOptions } from "./batches.js";
export {
  BASE_URLS,
  type Environment,
  type FetchLike,
  type HubiOptions,
  type RequestOptions,
  type ResponseInfo,
  type RetryInfo,
} from "./options.js";
export {
  AbortedError,
  BadRequestError,
  CLIENT_ERROR_CODES,
  ConflictError,
  ConnectionError,
  ForbiddenError,
  HubiError,
  IdempotencyInFlightError,
  InsufficientCreditsError,
  InternalServerError,
  MethodNotAllowedError,
  NotFoundError,
  RateLimitedError,
  RegistryUnavailableError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedResponseError,
  WebCryptoUnavailableError,
  WebhookVerificationError,
  type ClientErrorCode,
  type HubiErrorCode,
  type HubiErrorInit,
} from "./errors.js";
export type { RateLimit, ResponseMeta } from "./response-meta.js";
export { NATIONAL_ID_MESSAGE } from "./national-id.js";
export type { SignedWebhookHeaders, SignWebhookOptions, VerifyWebhookOptions, WebhookHeaders } from "./webhooks.js";
export { VERSION } from "./version.js";
export type * from "./types.js";
