import { describe, expect, it } from "vitest";
import { LoginThrottle } from "./rateLimit";

const WINDOW = 15 * 60_000;

function throttle(max = 3) {
  let t = 1_000_000;
  const clock = { advance: (ms: number) => (t += ms) };
  return { logins: new LoginThrottle(max, WINDOW, () => t), clock };
}

/** A failed login: tried, and not followed by succeeded(). */
const fail = (logins: LoginThrottle, name: string, address: string) => logins.attempt(name, address);

describe("LoginThrottle", () => {
  it("refuses one address after its failures for a name, and nobody else", () => {
    const { logins } = throttle(3);
    for (let i = 0; i < 3; i++) expect(fail(logins, "Victim", "10.0.0.1")).toBe(true);
    expect(logins.attempt("victim", "10.0.0.1")).toBe(false);
    // The owner elsewhere, and other names from that address, are not locked out.
    expect(logins.attempt("VICTIM", "10.0.0.2")).toBe(true);
    logins.succeeded("victim", "10.0.0.2");
    expect(logins.attempt("someone", "10.0.0.1")).toBe(true);
  });

  it("opens again after the window, and forgives an address its failures when it logs in", () => {
    const { logins, clock } = throttle(3);
    for (let i = 0; i < 3; i++) fail(logins, "u", "a");
    expect(logins.attempt("u", "a")).toBe(false);
    clock.advance(WINDOW);
    expect(logins.attempt("u", "a")).toBe(true);
    logins.succeeded("u", "a");
    for (let i = 0; i < 3; i++) expect(fail(logins, "u", "a")).toBe(true);
  });

  it("past ten times the limit across addresses, lets only addresses the user logged in from try", () => {
    const { logins, clock } = throttle(3);
    expect(logins.attempt("owner", "home")).toBe(true);
    logins.succeeded("owner", "home");
    for (let bot = 0; bot < 10; bot++) for (let i = 0; i < 3; i++) fail(logins, "owner", `bot${bot}`);
    expect(logins.attempt("owner", "fresh-bot")).toBe(false);
    expect(logins.attempt("owner", "home")).toBe(true);
    logins.succeeded("owner", "home");
    // The owner's success does not reset the name-wide count the guessers made.
    expect(logins.attempt("owner", "fresh-bot")).toBe(false);
    clock.advance(WINDOW);
    expect(logins.attempt("owner", "fresh-bot")).toBe(true);
  });

  it("counts an attempt before its answer, so parallel guesses cannot exceed the limit", () => {
    const { logins } = throttle(3);
    const started = Array.from({ length: 10 }, () => logins.attempt("u", "a"));
    expect(started.filter(Boolean)).toHaveLength(3);
  });
});
