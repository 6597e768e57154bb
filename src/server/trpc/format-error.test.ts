import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { formatError, UNEXPECTED_ERROR_MESSAGE } from "./init";

const SQL_MESSAGE = 'duplicate key value violates unique constraint "user_email_key" Key (email)=(amina@example.so)';
const shapeOf = (message: string) => ({ message, code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500, path: "team.invite" } });

describe("errors the browser sees", () => {
  it("replaces the text of an unexpected database or library error", () => {
    const error = new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: SQL_MESSAGE, cause: new Error(SQL_MESSAGE) });
    const formatted = formatError({ shape: shapeOf(SQL_MESSAGE), error });
    expect(formatted.message).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(JSON.stringify(formatted)).not.toContain("user_email_key");
  });

  it("keeps our own messages", () => {
    const app = new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Stored secret unreadable", cause: new AppError("INTERNAL_ERROR", "Stored secret unreadable") });
    expect(formatError({ shape: shapeOf("Stored secret unreadable"), error: app }).message).toBe("Stored secret unreadable");
    const refused = new TRPCError({ code: "FORBIDDEN", message: "Only owners can do this" });
    expect(formatError({ shape: { ...shapeOf("Only owners can do this"), code: -32003 }, error: refused }).message).toBe("Only owners can do this");
  });
});
