import { describe, expect, it } from "vitest";
import { lineHasPersonalData } from "./scan-logs";

// The line that failed CI by chance: a businessId whose last UUID group is 11 digits and a letter.
const UUID_LINE =
  '{"time":"2026-11-22T10:02:11.201Z","level":"info","msg":"api request","requestId":"req_7KQ2M9XDA1B2C3D4E5F6","method":"POST","path":"/api/v1/verify/citizen","status":200,"latencyMs":12,"businessId":"0b8f7c1e-4d0a-4c55-9a52-c50131702292","mode":"test"}';

describe("personal-data log scan", () => {
  it("passes identifiers we log on purpose, whatever digits they hold", () => {
    expect(lineHasPersonalData(UUID_LINE)).toBe(false);
    expect(lineHasPersonalData('{"deliveryId":"12345678-1234-4234-8234-123456789012"}')).toBe(false);
    expect(lineHasPersonalData('{"requestId":"sys_00000000-0000-4000-8000-012345678901"}')).toBe(false);
    // A prefixed UUID whose last group is 11 digits and a letter (seen in a run's tRPC request ids).
    expect(lineHasPersonalData('{"requestId":"req_verify_9933d332-762a-419a-b72c-12670327750d"}')).toBe(false);
    expect(lineHasPersonalData('{"reference":"HV-20261122-7KQ2M9XD","at":1795000000000}')).toBe(false);
  });

  it("finds a national ID anywhere else on a line that also holds identifiers", () => {
    expect(lineHasPersonalData(UUID_LINE.replace('"mode":"test"', '"mode":"test","nationalId":"12345678901"'))).toBe(true);
    expect(lineHasPersonalData(UUID_LINE.replace("/api/v1/verify/citizen", "/api/v1/verifications/12345678901"))).toBe(true);
    expect(lineHasPersonalData("lookup failed for 12345678901")).toBe(true);
    expect(lineHasPersonalData("id=12345678901,")).toBe(true);
  });

  it("reads a JSON log line's values as the logger wrote them: escaped, nested or numeric", () => {
    // JSON may escape any character: the raw line then shows no run of 11 digits.
    expect(lineHasPersonalData('{"level":"info","msg":"job","note":"\\u00312345678901"}')).toBe(true);
    expect(lineHasPersonalData('{"level":"error","msg":"request","err":{"detail":{"value":"id 12345678901"}}}')).toBe(true);
    expect(lineHasPersonalData('{"level":"info","msg":"request","reference":12345678901}')).toBe(true);
    expect(lineHasPersonalData('{"level":"info","msg":"request","12345678901":true}')).toBe(true);
    expect(lineHasPersonalData('{"level":"info","msg":"request","key":"hubi_test_\\u00344eC39HqLyjWDarjtT1zdp7dcAbC"}')).toBe(true);
  });

  it("passes a request line as the app writes it", () => {
    const line =
      '{"level":"info","time":"2026-11-25T03:10:00.000Z","pid":4242,"requestId":"req_7KQ2M9XDA1B2C3D4E5F6","route":"/api/v1/verifications/{id}","method":"GET","status":200,"durationMs":12,"businessId":"0b8f7c1e-4d0a-4c55-9a52-c50131702292","mode":"test","keyHint":"hubi_test_…a1B2","msg":"request"}';
    expect(lineHasPersonalData(line)).toBe(false);
  });

  it("does not take a UUID's neighbour for part of it", () => {
    expect(lineHasPersonalData("0b8f7c1e-4d0a-4c55-9a52-c50131702292 12345678901")).toBe(true);
  });

  it("finds API keys", () => {
    expect(lineHasPersonalData('{"authorization":"Bearer hubi_live_4eC39HqLyjWDarjtT1zdp7dcAbCdEfGh12"}')).toBe(true);
  });
});
