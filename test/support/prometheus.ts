/** Reading a Prometheus text exposition in tests: every sample, and the sum of the matching ones. */
export type Sample = { name: string; labels: Record<string, string>; value: number };

export function samples(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`Not a Prometheus sample: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? "").matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]));
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

export const sampleSum = (all: Sample[], name: string, labels: Record<string, string>) =>
  all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);
