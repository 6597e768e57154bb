/** The one pagination input of every list (API, portal, admin): `page`/`limit`, never silently clamped. */
import { z } from "zod";

export const pageNumber = z.number().int().min(1).default(1);

/** At most 100 items a page, for page-number and cursor lists alike. */
export const pageLimit = (byDefault = 20) => z.number().int().min(1).max(100).default(byDefault);

export const pageInput = { page: pageNumber, limit: pageLimit() };

export type Page<T> = { items: T[]; total: number; page: number; limit: number };

export const skipTake = ({ page, limit }: { page: number; limit: number }) => ({
  skip: (page - 1) * limit,
  take: limit,
});
