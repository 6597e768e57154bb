/**
 * A minimal builder for hand-written statements: `q.p(value, "uuid")` appends a parameter and
 * returns its placeholder (`$3::uuid`). Values are always parameters, never spliced into text.
 */
export class Sql {
  readonly values: unknown[] = [];

  p(value: unknown, cast?: string): string {
    this.values.push(value);
    return `$${this.values.length}${cast ? `::${cast}` : ""}`;
  }
}
