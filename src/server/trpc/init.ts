/**
 * tRPC setup for the portal. Procedures stay thin: they pick a procedure builder (which narrows
 * the context and enforces who may call), validate input with a zod schema, and call a service.
 *
 *  publicProcedure                 anyone
 *  authedProcedure                 a signed-in user             ctx.user, ctx.service
 *  memberProcedure(action)         a member of the selected business whose role may do action
 *                                  ctx.businessId, ctx.role, ctx.mode, ctx.service
 *  adminProcedure                  a platform admin             ctx.service (admin actor)
 *
 * A mutation that creates or moves something declares `submitted(input)`: the browser's token for
 * the form submission is required, and the service context carries it, so that services run the
 * action once per submission however often it arrives (product rules §22).
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import superjson from "superjson";
import { z, ZodError } from "zod";
import { AppError } from "@/server/errors";
import { describeError, log } from "@/server/observability/logger";
import { observeRequest } from "@/server/observability/observe";
import { mayDo, ROLE_FOR, type PortalAction } from "@/contracts/roles";
import { mustEnrolTwoFactor, type TrpcContext } from "./context";
import { userServiceContext } from "./service-context";
import { localizeIssue } from "@/contracts/validation-messages";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";
import { validationTranslator } from "@/i18n/validation-translator";

const TRPC_CODE = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  INSUFFICIENT_CREDITS: "PRECONDITION_FAILED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_ALLOWED: "METHOD_NOT_SUPPORTED",
  CONFLICT: "CONFLICT",
  IDEMPOTENCY_IN_FLIGHT: "CONFLICT",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  INTERNAL_ERROR: "INTERNAL_SERVER_ERROR",
} as const;

/** Field errors of a failed zod parse, as `{ field: message }` in the reader's language, for forms to show beside inputs. */
function fieldErrors(error: ZodError, locale: Locale): Record<string, string> {
  const t = validationTranslator(locale);
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "form";
    out[field] ??= localizeIssue(issue, t);
  }
  return out;
}

export const UNEXPECTED_ERROR_MESSAGE = "Something went wrong on our side. Try again; if it persists, contact Hubi support.";

/**
 * What the browser sees of an error: our own messages (AppError, TRPCError, validation) as they
 * are; an unexpected error (a database or library failure) as a generic message, logged here
 * without its text, which may quote SQL or data.
 */
export function formatError<S extends { message: string; data: object }>({ shape, error, ctx }: { shape: S; error: TRPCError; ctx?: Pick<TrpcContext, "locale"> }) {
  const cause = error.cause;
  const unexpected = error.code === "INTERNAL_SERVER_ERROR" && !(cause instanceof AppError);
  if (unexpected) log("error", "unexpected portal error", describeError(cause ?? error));
  return {
    ...shape,
    message: unexpected ? UNEXPECTED_ERROR_MESSAGE : shape.message,
    data: {
      ...shape.data,
      stack: undefined,
      appCode: cause instanceof AppError ? cause.code : undefined,
      fieldErrors: cause instanceof ZodError ? fieldErrors(cause, ctx?.locale ?? DEFAULT_LOCALE) : undefined,
    },
  };
}

const t = initTRPC.context<TrpcContext>().create({ transformer: superjson, errorFormatter: formatError });

/** Services throw AppError; the portal sees the matching tRPC code and the same message. */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause });
  }
  if (!result.ok && result.error.cause instanceof ZodError) {
    throw new TRPCError({ code: "BAD_REQUEST", message: result.error.cause.issues[0]?.message ?? "Invalid input", cause: result.error.cause });
  }
  return result;
});

/** Every call's log line and metrics sample, under its procedure's name (a closed set). */
const observeCall = t.middleware(async ({ ctx, path, type, next }) => {
  const started = performance.now();
  const result = await next();
  observeRequest({
    requestId: ctx.requestId,
    route: `trpc/${path}`,
    method: type,
    status: result.ok ? 200 : getHTTPStatusCodeFromError(result.error),
    durationMs: performance.now() - started,
    businessId: ctx.membership?.businessId,
    mode: ctx.membership ? ctx.mode : undefined,
  });
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(observeCall).use(mapAppErrors);

const submissionIdSchema = z.uuid("Reload the page: this form has no submission token");

const submissionField = z.object({ submissionId: submissionIdSchema });

/** An action's input with the form's submission token (strict objects stay strict about the rest). */
export function submitted<S extends z.core.$ZodShape, C extends z.core.$ZodObjectConfig>(
  input: z.ZodObject<S, C>,
): z.ZodObject<S & typeof submissionField.shape, C>;
export function submitted<T extends z.ZodType<object>>(input: T): z.ZodIntersection<T, typeof submissionField>;
export function submitted(input: z.ZodType<object>) {
  return input instanceof z.ZodObject ? input.extend(submissionField.shape) : z.intersection(input, submissionField);
}

/** The token, when a mutation carries one: validated by the procedure's input, read here for the context. */
async function submissionIdOf(type: string, getRawInput: () => Promise<unknown>): Promise<string | undefined> {
  if (type !== "mutation") return undefined;
  const raw = await getRawInput();
  const parsed = submissionField.safeParse(raw);
  return parsed.success ? parsed.data.submissionId : undefined;
}

export const authedProcedure = publicProcedure.use(async ({ ctx, next, type, getRawInput }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue" });
  const submissionId = await submissionIdOf(type, getRawInput);
  const service = userServiceContext(ctx.user, undefined, ctx.requestId, submissionId);
  return next({ ctx: { ...ctx, user: ctx.user, service, submissionId } });
});

/** The message for a user who must turn on two-factor sign-in before anything else. */
export const ENROL_TWO_FACTOR_MESSAGE = "Turn on two-factor sign-in in your account before continuing.";

export const memberProcedure = (action: PortalAction) =>
  authedProcedure.use(({ ctx, next }) => {
    const m = ctx.membership;
    if (!m) throw new TRPCError({ code: "FORBIDDEN", message: "You are not a member of a business" });
    if (mustEnrolTwoFactor(ctx.user, m)) throw new TRPCError({ code: "FORBIDDEN", message: ENROL_TWO_FACTOR_MESSAGE });
    if (!mayDo(m.role, action)) {
      throw new TRPCError({ code: "FORBIDDEN", message: `This needs the ${ROLE_FOR[action]} role or higher` });
    }
    const service = userServiceContext(ctx.user, m, ctx.requestId, ctx.submissionId);
    return next({ ctx: { ...ctx, businessId: m.businessId, role: m.role, service } });
  });

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isPlatformAdmin) throw new TRPCError({ code: "FORBIDDEN", message: "Only platform admins can do this" });
  if (mustEnrolTwoFactor(ctx.user, undefined)) throw new TRPCError({ code: "FORBIDDEN", message: ENROL_TWO_FACTOR_MESSAGE });
  return next();
});
