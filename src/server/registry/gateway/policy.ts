/**
 * The resilience around each gateway call, from cockatiel (not a hand-written state machine):
 * one retry with backoff for upstream faults only, unless the gateway said when to come back
 * (a 503's Retry-After: asking sooner is a call the authority bills, to no use), a circuit breaker
 * per process that opens after consecutive upstream faults, rejects at once while open and lets
 * one probe through after REGISTRY_BREAKER_OPEN_SECONDS, or after the Retry-After of the fault
 * that opened it when that is longer (up to 15 minutes), rejecting everyone else at once while
 * that probe is out (where cockatiel would make them wait for it), and a timeout on the HTTP request alone
 * (waiting for quota or a token is bounded by the caller's budget, not by it; its signal is not
 * aborted once the request returns, which would build an AbortError per call for a request that
 * has already read or dropped its body). Quota refusals, the caller's own budget
 * and record faults pass through without counting against the gateway's health, except that a
 * probe which could not be sent (and so was answered nothing, not even a 429) opens the circuit
 * again (faults.ts, ProbeNotSent).
 */
import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState as CockatielState,
  ConsecutiveBreaker,
  ExponentialBackoff,
  handleWhen,
  retry,
  timeout,
  TimeoutStrategy,
} from "cockatiel";
import { env } from "@/env";
import { ProbeNotSent, UpstreamFault } from "./faults";
import { recordCircuitState, type CircuitState } from "./figures";

const isUpstreamFault = (e: Error) => e instanceof UpstreamFault;
/** The seconds a fault's Retry-After asked to wait; 0 when it has none or says "now". */
const askedToWait = (e: unknown) => (e instanceof UpstreamFault ? Math.max(0, e.retryAfterSeconds ?? 0) : 0);
/** The longest a fault's Retry-After keeps the circuit open: a bogus one must not stop lookups for a day. */
const MAX_RETRY_AFTER_MS = 15 * 60_000;

const STATES: Record<CockatielState, CircuitState> = {
  [CockatielState.Closed]: "closed",
  [CockatielState.Open]: "open",
  [CockatielState.HalfOpen]: "half_open",
  [CockatielState.Isolated]: "open",
};

function createPolicy() {
  const { REGISTRY_BREAKER_FAULTS, REGISTRY_BREAKER_OPEN_SECONDS, REGISTRY_TIMEOUT_MS } = env();
  // Any other error would count as a success: a half-open probe that never reached the gateway would close the circuit.
  const breaker = circuitBreaker(handleWhen((e) => isUpstreamFault(e) || e instanceof ProbeNotSent), {
    halfOpenAfter: REGISTRY_BREAKER_OPEN_SECONDS * 1000,
    breaker: new ConsecutiveBreaker(REGISTRY_BREAKER_FAULTS),
  });
  /** When an open circuit lets its probe through. */
  let probeAt = 0;
  breaker.onStateChange((state) => {
    if (state === CockatielState.Open) {
      const failure = breaker.lastFailure;
      const waitMs = failure && "error" in failure ? askedToWait(failure.error) * 1000 : 0;
      probeAt = Date.now() + Math.max(REGISTRY_BREAKER_OPEN_SECONDS * 1000, Math.min(waitMs, MAX_RETRY_AFTER_MS));
    }
    recordCircuitState(STATES[state], probeAt);
  });
  // cockatiel's half-open breaker makes every other caller wait for its probe, which may take the whole request
  // timeout against a hung gateway: they are refused at once instead, as while open (a 503 in well under 100 ms).
  const refusing = () => breaker.state === CockatielState.HalfOpen || (breaker.state === CockatielState.Open && Date.now() < probeAt);
  /**
   * How long a caller refused now should wait before asking again: until the probe is due (at least
   * a second), or the open time while the probe is out (it may take the whole request timeout).
   */
  const refusedForSeconds = () =>
    breaker.state === CockatielState.HalfOpen ? Math.ceil(REGISTRY_BREAKER_OPEN_SECONDS) : Math.max(1, Math.ceil((probeAt - Date.now()) / 1000));
  const retryOnce = retry(handleWhen((e) => isUpstreamFault(e) && askedToWait(e) === 0), {
    maxAttempts: 1,
    backoff: new ExponentialBackoff({ initialDelay: 50, maxDelay: 200 }),
  });
  const execute = <T>(fn: () => Promise<T>, signal: AbortSignal): Promise<T> =>
    retryOnce.execute(({ signal: attempt }) => (refusing() ? Promise.reject(new BrokenCircuitError()) : breaker.execute(fn, attempt)), signal);
  return { breaker, execute, refusing, refusedForSeconds, requestTimeout: timeout(REGISTRY_TIMEOUT_MS, { strategy: TimeoutStrategy.Cooperative, abortOnReturn: false }) };
}

const globalForPolicy = globalThis as unknown as { hubiGatewayPolicy?: ReturnType<typeof createPolicy> };

export function gatewayPolicy() {
  globalForPolicy.hubiGatewayPolicy ??= createPolicy();
  return globalForPolicy.hubiGatewayPolicy;
}

export const circuitState = (): CircuitState => STATES[gatewayPolicy().breaker.state];
