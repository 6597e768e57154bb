/**
 * Query-string fields shared by the list endpoints: strings parsed into numbers, instants and
 * cursors, with messages that name the parameter.
 */
import { z } from "zod";

/** The query of an operation that takes no parameters: any given is refused, as a list refuses an unknown one. */
export const noQueryParamsSchema = z.strictObject({});

export const wholeNumber = (name: string, min: number, max?: number) => {
  let n = z.number().int().min(min, `${name} must be at least ${min}`);
  if (max !== undefined) n = n.max(max, `${name} must be at most ${max}`);
  return z
    .string()
    .regex(/^[0-9]+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(n);
};

export const cursor = (name: string, item: string) => z.uuid({ error: `${name} must be a ${item} id (UUID)` });

export const instant = (name: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: `${name} must be an ISO 8601 date (2026-11-22) or timestamp (2026-11-22T09:30:00Z)`,
    })
    .transform((v) => new Date(v));

type ListQuery = { from?: Date; to?: Date; page?: number; startingAfter?: string; endingBefore?: string };

/** The rules that span fields: a time range in order, one cursor at most, never with a page number. */
export function checkRangeAndCursors(q: ListQuery, ctx: z.RefinementCtx): void {
  if (q.from && q.to && q.from > q.to) {
    ctx.addIssue({ code: "custom", path: ["from"], message: "from must not be after to" });
  }
  if (q.startingAfter && q.endingBefore) {
    ctx.addIssue({ code: "custom", path: ["endingBefore"], message: "Send startingAfter or endingBefore, not both" });
  }
  if (q.page && (q.startingAfter || q.endingBefore)) {
    ctx.addIssue({ code: "custom", path: ["page"], message: "page cannot be combined with startingAfter or endingBefore" });
  }
}
