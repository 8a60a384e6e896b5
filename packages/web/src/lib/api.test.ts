import { describe, expect, it } from "vitest";
import { failureText, NETWORK_ERROR } from "./api";

describe("failureText", () => {
  it("shows the server's text as it is", () => {
    expect(failureText({ status: 400, text: "This invitation code has already been used.\n" })).toBe(
      "This invitation code has already been used.",
    );
  });
  it("falls back to the status when the body is empty", () => {
    expect(failureText({ status: 502, text: "" })).toBe("Request failed (HTTP 502).");
  });
  it("explains a request that never reached the server", () => {
    expect(failureText({ status: 0, text: "" })).toBe(NETWORK_ERROR);
  });
});
