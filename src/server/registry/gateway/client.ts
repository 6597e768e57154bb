/**
 * The registry gateway behind `CitizenRegistry` (the upstream interface is described in the
 * product rules, "The national registry gateway"). Each call: circuit check, shared quota, shared
 * token, POST with X-Request-ID, response validated. A 429 pauses the fleet and the call waits
 * for quota again; an `invalid_token` refreshes the token once and retries once. Neither try
 * starts once the caller's budget has ended (a call that went on past it).
 */
import { BrokenCircuitError, CircuitState, TaskCancelledError } from "cockatiel";
import { env } from "@/env";
import { log } from "@/server/observability/logger";
import {
  LOOKUP_GROUP_SIZE,
  RegistryPartlyAnsweredError,
  RegistryRecordError,
  RegistryUnavailableError,
  type CitizenRegistry,
  type LookupOptions,
  type RegistryMatch,
} from "../types";
import { ProbeNotSent, UpstreamFault } from "./faults";
import { recordCall, recordRejection, type CallOutcome } from "./figures";
import { postToGateway, type GatewayResponse } from "./http";
import { gatewayPolicy } from "./policy";
import { acquireQuota, pauseQuota } from "./quota";
import { batchBody, errorBody, lookupBody, notFoundBody, RECORD_FAULT, toMatch } from "./responses";
import { currentToken, gatewayToken } from "./token";


/**
 * `read` turns a 200, 400 or 404 into answers; it throws UpstreamFault("malformed") for a body
 * that does not match, inside the policy, so that such a body counts against the breaker.
 */
type Call<T> = { path: string; payload: unknown; options: LookupOptions; ids: number; read: (res: GatewayResponse) => T };

/** One gateway request under the policy. */
async function call<T>(c: Call<T>): Promise<T> {
  const caller = c.options.signal ?? new AbortController().signal;
  try {
    return await gatewayPolicy().execute(() => attempt(c, caller), caller);
  } catch (error) {
    throw asContractError(error, caller);
  }
}

/**
 * The gateway asked for another try (a 429, an invalid_token) after the caller's budget had ended:
 * none is made. Not a refusal of Hubi's own (the call was made and counted); the 429's Retry-After
 * goes to whoever asks again, a pending lookup's next attempt.
 */
class NoTryPastBudget extends RegistryUnavailableError {}

async function attempt<T>(c: Call<T>, caller: AbortSignal): Promise<T> {
  let stale: string | undefined;
  // The breaker runs an attempt while not closed only as its probe (it reads open until the probe has started).
  // A probe the gateway answered (a 429 included) has learned that it is up, whatever follows.
  let unsentProbe = gatewayPolicy().breaker.state !== CircuitState.Closed;
  let askedAgain: NoTryPastBudget | undefined;
  for (;;) {
    // The token first: the quota slot is taken as the last step before the request leaves.
    let token: string;
    try {
      if (caller.aborted) throw askedAgain ?? new RegistryUnavailableError("timeout");
      token = await gatewayToken(caller, stale);
      await acquireQuota(c.options.priority ?? "interactive", caller, c.options.quotaSlot);
      // The wait may have been long (a batch call waiting out a 429's pause): the newest token, not an expired one.
      token = currentToken(token, stale);
    } catch (error) {
      throw unsentProbe ? new ProbeNotSent(error) : error;
    }
    let res: GatewayResponse;
    const sentAt = performance.now();
    try {
      res = await gatewayPolicy().requestTimeout.execute(
        ({ signal }) =>
          postToGateway(env().REGISTRY_URL!, c.path, {
            body: JSON.stringify(c.payload),
            contentType: "application/json",
            headers: { authorization: `Bearer ${token}`, ...(c.options.requestId ? { "x-request-id": c.options.requestId } : {}) },
            signal,
          }),
        c.options.answerSignal ?? caller,
      );
    } catch (error) {
      // No answer in time counts against the gateway whichever budget ran out (ours or the caller's),
      // with the time it took. A request that never reached the gateway is no call the authority bills.
      const kind = error instanceof UpstreamFault ? error.kind : "error";
      const latencyMs = performance.now() - sentAt;
      recordCall("fault", latencyMs, kind === "unreachable" ? undefined : c.options.businessId);
      logCall(c, kind, latencyMs);
      throw error;
    }
    unsentProbe = false;
    const outcome = classify(res);
    recordCall(outcome, res.latencyMs, c.options.businessId);
    logCall(c, res.status, res.latencyMs);
    if (res.status === 429) {
      await pauseQuota(res.retryAfterSeconds ?? 1);
      askedAgain = new NoTryPastBudget("quota", res.retryAfterSeconds);
      continue;
    }
    if (res.status === 401 && isError(res.body, "invalid_token") && !stale) {
      stale = token;
      askedAgain = new NoTryPastBudget("timeout");
      continue;
    }
    if (outcome === "fault") throw new UpstreamFault(res.status === 401 ? "credentials" : "status", res.status, res.retryAfterSeconds);
    return c.read(res);
  }
}

function classify(res: GatewayResponse): CallOutcome {
  if (res.status === 200 || res.status === 404) return "ok";
  if (res.status === 400) return "record_fault";
  if (res.status === 429) return "rate_limited";
  return "fault";
}

function logCall(c: Call<unknown>, gatewayStatus: number | string, latencyMs: number): void {
  log("info", "registry gateway call", { path: c.path, ids: c.ids, gatewayStatus, latencyMs: Math.round(latencyMs), requestId: c.options.requestId });
}

const isError = (body: unknown, code: string) => errorBody.safeParse(body).data?.error === code;

/** Whether a call now would be refused without a request: the circuit is open, or its probe is out. */
export const circuitRefuses = (): boolean => gatewayPolicy().refusing();

/** That refusal, as its caller is answered (and counted). */
export function circuitRefusal(): RegistryUnavailableError {
  recordRejection("circuit_open");
  return new RegistryUnavailableError("circuit_open", gatewayPolicy().refusedForSeconds());
}

/** What a caller sees: RegistryUnavailableError (with its reason) or RegistryRecordError, never a raw fault. */
function asContractError(error: unknown, caller: AbortSignal): unknown {
  if (error instanceof ProbeNotSent) return asContractError(error.cause, caller);
  if (error instanceof RegistryUnavailableError) {
    if (error.reason !== "upstream" && !(error instanceof NoTryPastBudget)) recordRejection(error.reason === "quota" ? "quota" : "timeout");
    return error;
  }
  if (error instanceof BrokenCircuitError) return circuitRefusal();
  if (error instanceof TaskCancelledError || caller.aborted) return new RegistryUnavailableError("timeout");
  if (error instanceof UpstreamFault) return new RegistryUnavailableError("upstream", error.retryAfterSeconds);
  return error;
}

async function lookup(nationalId: string, options: LookupOptions = {}): Promise<RegistryMatch> {
  const match = await call({ path: "v1/identities/lookup", payload: { nin: nationalId }, options, ids: 1, read: (res) => readOne(res, nationalId) });
  if (!match) throw new RegistryRecordError([0], [undefined]);
  return match;
}

/** `undefined`: a fault of this record (a 400, a status Hubi does not know). */
function readOne(res: GatewayResponse, nationalId: string): RegistryMatch | undefined {
  if (res.status === 400) return undefined;
  if (res.status === 404) {
    if (!notFoundBody.safeParse(res.body).success) throw new UpstreamFault("malformed", 404);
    return { result: "not_found", citizen: null };
  }
  const parsed = lookupBody.safeParse(res.body);
  if (!parsed.success || parsed.data.nin !== nationalId) throw new UpstreamFault("malformed", res.status);
  const match = toMatch(parsed.data);
  return match === RECORD_FAULT ? undefined : match;
}

async function lookupMany(nationalIds: string[], options: LookupOptions = {}): Promise<RegistryMatch[]> {
  const groups: string[][] = [];
  for (let i = 0; i < nationalIds.length; i += LOOKUP_GROUP_SIZE) groups.push(nationalIds.slice(i, i + LOOKUP_GROUP_SIZE));
  const numbered = options.requestId && (groups.length > 1 || options.groupNumbers);
  const settled = await Promise.allSettled(
    groups.map((ids, n) => lookupGroup(ids, options, numbered ? `${options.requestId}.${options.groupNumbers?.[n] ?? n + 1}` : options.requestId)),
  );
  // A group left unanswered fails the lookup; what the other groups said goes with the error, so
  // that the caller need not ask (and the authority bill) them again.
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) {
    const partly = failed.reason instanceof RegistryUnavailableError && settled.some((s) => s.status === "fulfilled");
    if (!partly) throw failed.reason;
    const answered = settled.flatMap((s, n) => (s.status === "fulfilled" ? s.value.map((m) => m ?? null) : groups[n]!.map(() => undefined)));
    throw new RegistryPartlyAnsweredError(failed.reason, answered);
  }
  const matches = settled.flatMap((s) => (s as PromiseFulfilledResult<(RegistryMatch | undefined)[]>).value);
  const faulty = matches.flatMap((m, i) => (m ? [] : [i]));
  if (faulty.length > 0) throw new RegistryRecordError(faulty, matches);
  return matches as RegistryMatch[];
}

/**
 * One lookup-batch call. The gateway answers 400 for the whole group when it refuses one NIN in
 * it: the group is halved until the refused records stand alone (2·log2(n) more calls for one of
 * them), so that only they go without a result. Each half's X-Request-ID is its group's with `-1`
 * or `-2`. The halving stops at room for two refused NINs (the authority bills every call): a
 * gateway that refuses the whole request, whatever its NINs, costs a group that many calls, not 2n.
 */
async function lookupGroup(
  ids: string[],
  options: LookupOptions,
  requestId: string | undefined,
  split = { calls: 4 * Math.ceil(Math.log2(ids.length)) },
): Promise<(RegistryMatch | undefined)[]> {
  const answer = await call({ path: "v1/identities/lookup-batch", payload: { nins: ids }, options: { ...options, requestId }, ids: ids.length, read: (res) => readGroup(res, ids) });
  if (answer !== GROUP_REFUSED) return answer;
  if (ids.length === 1 || split.calls < 2) return ids.map(() => undefined);
  split.calls -= 2;
  const half = Math.ceil(ids.length / 2);
  const halves = [ids.slice(0, half), ids.slice(half)];
  return (await Promise.all(halves.map((part, n) => lookupGroup(part, options, requestId && `${requestId}-${n + 1}`, split)))).flat();
}

/** The gateway refused the request (a 400): it will not look up one of its NINs, at least. */
const GROUP_REFUSED = Symbol("group refused");

/** One lookup-batch answer; `undefined` for a record that has no result. */
function readGroup(res: GatewayResponse, ids: string[]): (RegistryMatch | undefined)[] | typeof GROUP_REFUSED {
  if (res.status === 400) return GROUP_REFUSED;
  const parsed = batchBody.safeParse(res.body);
  // One answer per NIN, in the same order: anything else is a body we cannot trust.
  if (res.status !== 200 || !parsed.success || parsed.data.results.length !== ids.length || parsed.data.results.some((r, i) => r.nin !== ids[i])) {
    throw new UpstreamFault("malformed", res.status);
  }
  return parsed.data.results.map((r) => {
    if (!r.found) return { result: "not_found" as const, citizen: null };
    const match = toMatch(r);
    return match === RECORD_FAULT ? undefined : match;
  });
}

export const gatewayRegistry: CitizenRegistry = { lookup, lookupMany };
