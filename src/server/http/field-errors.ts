import type { z } from "zod";
import type { FieldError } from "@/contracts/errors";

/** zod issues → the public `errors[]`: one item per offending field, unknown fields named. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue): FieldError[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ field: [...issue.path, key].join("."), message: `Unknown field '${key}'` }));
    }
    const field = issue.path.join(".");
    if (!field) return [{ field: "body", message: issue.message }];
    return [{ field, message: issue.message }];
  });
}
