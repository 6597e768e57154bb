/** Page-number pagination for admin lists, with the API's and the portal's `page`/`limit` names; never silently clamped. */
import { z } from "zod";

export const pageInput = {
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(20),
};

export type Page<T> = { items: T[]; total: number; page: number; limit: number };

export const skipTake = ({ page, limit }: { page: number; limit: number }) => ({
  skip: (page - 1) * limit,
  take: limit,
});
