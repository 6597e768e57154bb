export { Hubi, type VerifyCitizenOptions } from "./client.js";
export { BASE_URLS, type Environment, type FetchLike, type HubiOptions } from "./options.js";
export {
  BadRequestError,
  ConflictError,
  ConnectionError,
  ForbiddenError,
  HubiError,
  InsufficientCreditsError,
  InternalServerError,
  MethodNotAllowedError,
  NotFoundError,
  RateLimitedError,
  TimeoutError,
  UnauthorizedError,
  type HubiErrorInit,
} from "./errors.js";
export { NATIONAL_ID_MESSAGE } from "./national-id.js";
export { WebhookVerificationError, type VerifyWebhookOptions, type WebhookHeaders } from "./webhooks.js";
export type * from "./types.js";
