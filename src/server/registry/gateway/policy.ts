/**
 * The resilience around each gateway call, from cockatiel (not a hand-written state machine):
 * one retry with backoff for upstream faults only, a circuit breaker
 * per process that opens after consecutive upstream faults, rejects at once while open and lets
 * one probe through after REGISTRY_BREAKER_OPEN_SECONDS (rejecting everyone else at once while
 * that probe is out, where cockatiel would make them wait for it), and a timeout on the HTTP request alone
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
  let openedAt = 0;
  breaker.onStateChange((state) => {
    if (state === CockatielState.Open) openedAt = Date.now();
    recordCircuitState(STATES[state]);
  });
  // cockatiel's half-open breaker makes every other caller wait for its probe, which may take the whole request
  // timeout against a hung gateway: they are refused at once instead, as while open (a 503 in well under 100 ms).
  const refusing = () =>
    breaker.state === CockatielState.HalfOpen || (breaker.state === CockatielState.Open && Date.now() - openedAt < REGISTRY_BREAKER_OPEN_SECONDS * 1000);
  const retryOnce = retry(handleWhen(isUpstreamFault), { maxAttempts: 1, backoff: new ExponentialBackoff({ initialDelay: 50, maxDelay: 200 }) });
  const execute = <T>(fn: () => Promise<T>, signal: AbortSignal): Promise<T> =>
    retryOnce.execute(({ signal: attempt }) => (refusing() ? Promise.reject(new BrokenCircuitError()) : breaker.execute(fn, attempt)), signal);
  return { breaker, execute, refusing, requestTimeout: timeout(REGISTRY_TIMEOUT_MS, { strategy: TimeoutStrategy.Cooperative, abortOnReturn: false }) };
}

const globalForPolicy = globalThis as unknown as { hubiGatewayPolicy?: ReturnType<typeof createPolicy> };

export function gatewayPolicy() {
  globalForPolicy.hubiGatewayPolicy ??= createPolicy();
  return globalForPolicy.hubiGatewayPolicy;
}

export const circuitState = (): CircuitState => STATES[gatewayPolicy().breaker.state];
