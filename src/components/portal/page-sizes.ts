/**
 * How many rows the portal's lists ask for at a time. Shared by the components that ask and the
 * pages that prefetch their first page (a prefetch is used only when its input is the same).
 */
export const CREDIT_LEDGER_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 20;
export const WEBHOOK_DELIVERIES_SHOWN = 50;
export const REQUEST_LOG_PAGE_SIZE = 25;
export const BATCHES_PAGE_SIZE = 20;
