import { describe, expect, it } from "vitest";
import { cleanNames, feedbackQueryString, feedbackResultPath } from "./feedbackQuery";

describe("feedback query string", () => {
  it("repeats each list key with brackets, then page", () => {
    expect(
      feedbackQueryString({ stats: ["score", "vp"], options: ["speed"], globalStats: ["rounds"], page: 2 }),
    ).toBe("?stat[]=score&stat[]=vp&tableOption[]=speed&globalStats[]=rounds&page=2");
  });

  it("sends only the page when nothing is chosen", () => {
    expect(feedbackQueryString({ stats: [], options: [], globalStats: [], page: 1 })).toBe("?page=1");
  });

  it("adds filterUser only when set, and encodes values", () => {
    const q = { stats: ["a&b"], options: [], globalStats: [], page: 1 };
    expect(feedbackQueryString({ ...q, filterUser: "Zoë" })).toBe("?stat[]=a%26b&page=1&filterUser=Zo%C3%AB");
    expect(feedbackQueryString({ ...q, filterUser: null })).toBe("?stat[]=a%26b&page=1");
    expect(feedbackQueryString({ ...q, filterUser: "" })).toBe("?stat[]=a%26b&page=1");
  });

  it("starts at page 1 for nonsense pages", () => {
    const q = { stats: [], options: [], globalStats: [] };
    expect(feedbackQueryString({ ...q, page: 0 })).toBe("?page=1");
    expect(feedbackQueryString({ ...q, page: Number.NaN })).toBe("?page=1");
  });

  it("drops blank and repeated names", () => {
    expect(cleanNames([" score ", "", "score", "vp"])).toEqual(["score", "vp"]);
  });

  it("builds the path with the slug", () => {
    expect(feedbackResultPath("my game", { stats: [], options: [], globalStats: [], page: 3 })).toBe(
      "/api/get-feedback-result/my%20game?page=3",
    );
  });
});
