/**
 * The page a request asked for, as the proxy hands it to layouts (src/proxy.ts). Next.js's own
 * router parameter (_rsc, a cache buster on client navigations) is no part of the address.
 */
export const RETURN_TO_HEADER = "x-hubi-return-to";

export function returnToOf(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete("_rsc");
  const query = search.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
