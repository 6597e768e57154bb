import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * A value known in the browser only: `serverValue` while the server renders and while React
 * hydrates that HTML (so the two match), the browser's value from the render after.
 */
export const useBrowserValue = <T>(browserValue: () => T, serverValue: T): T => useSyncExternalStore(noSubscription, browserValue, () => serverValue);

/** False until React has hydrated the page (and its handlers are attached), true after. */
export const useHydrated = () => useBrowserValue(() => true, false);
