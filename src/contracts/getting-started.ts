/** The overview's getting-started checklist: each step read from the business's real state. */
export type GettingStarted = { keyCreated: boolean; firstCall: boolean; webhookVerified: boolean; liveAccessApplied: boolean; firstLiveCall: boolean };
