import { describe, expect, it } from "vitest";
import { newRow, rowErrors, rowsOf, toQuestionMap } from "./questions";

describe("feedback questions", () => {
  const rows = rowsOf({
    b: { formOrder: 2, text: "Second", type: "" },
    a: { formOrder: 1, text: "First", type: "text", condition: { expansion: { eq: true } } },
  });

  it("orders rows by formOrder and shows conditions as JSON", () => {
    expect(rows.map((r) => r.id)).toEqual(["a", "b"]);
    expect(rows[0]!.conditionText).toBe('{"expansion":{"eq":true}}');
    expect(rows[1]!.type).toBe("textarea");
    expect(newRow(rows, "k").formOrder).toBe(3);
  });

  it("flags blank, duplicate and malformed ids and bad conditions", () => {
    const edited = [
      { ...rows[0]!, id: "B " },
      rows[1]!,
      { ...newRow(rows, "new1") },
      { ...newRow(rows, "new2"), id: "c", conditionText: "{oops" },
      { ...newRow(rows, "new3"), id: "d e" },
    ];
    const errors = rowErrors(edited);
    expect(errors.a).toBe("This id is used twice.");
    expect(errors.b).toBe("This id is used twice.");
    expect(errors.new1).toBe("The id cannot be empty.");
    expect(errors.new2).toMatch(/^Condition: /);
    expect(errors.new3).toMatch(/Letters/);
    expect(rowErrors(rows)).toEqual({});
  });

  it("builds the map keyed by id with the default type", () => {
    expect(toQuestionMap(rows)).toEqual({
      a: { formOrder: 1, text: "First", type: "text", condition: { expansion: { eq: true } } },
      b: { formOrder: 2, text: "Second", type: "textarea" },
    });
  });
});
