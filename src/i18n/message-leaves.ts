/** Every leaf of a messages tree as [dotted key, text]: what the message tests walk. */
export function leaves(tree: unknown, prefix = ""): [string, unknown][] {
  if (typeof tree !== "object" || tree === null || Array.isArray(tree)) return [[prefix, tree]];
  return Object.entries(tree).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}
