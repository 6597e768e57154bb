import { randomUUID } from "node:crypto";

/** A fresh form-submission token, as the portal sends with each action that creates or moves something. */
export const submission = () => ({ submissionId: randomUUID() });
