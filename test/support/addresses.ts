/**
 * Client addresses for tests of the throttles, which count per address (an IPv6 client per /64):
 * each call gives a /64 no other call of the run gives (this process's id and a counter, in the
 * unique-local range), so tests never share a budget, whatever runs beside them.
 */
let issued = 0;

const prefix = () => `fd00:${(process.pid >>> 16).toString(16)}:${(process.pid & 0xffff).toString(16)}:${(++issued).toString(16)}`;

/** An address in a /64 of its own. */
export const uniqueAddress = (): string => `${prefix()}::1`;

/** `count` different addresses in one /64 of their own. */
export function addressesInOne64(count: number): string[] {
  const p = prefix();
  return Array.from({ length: count }, (_, i) => `${p}::${(i + 1).toString(16)}`);
}
