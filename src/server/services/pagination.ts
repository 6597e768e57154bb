/** Page-number pagination for admin lists: inputs validated, never silently clamped. */
import { z } from "zod";

export const pageInput = {
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export const skipTake = ({ page, pageSize }: { page: number; pageSize: number }) => ({
  skip: (page - 1) * pageSize,
  take: pageSize,
});
