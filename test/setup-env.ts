/** Each test worker talks to the run's database with the same secret as the app. */
import { inject } from "vitest";
import { appEnv } from "./support/env";

Object.assign(process.env, appEnv(inject("databaseUrl")));
