import { describe, expect, it } from "vitest";
import {
  clickableAreaAt,
  componentInfo,
  conditionMatches,
  PIECE_DEFAULTS,
  type PieceLibrary,
  positionSet,
  positionSets,
  resolveValue,
  visibilityInfo,
} from "./component-info.js";
import type { Component } from "./situation.js";
import { mustApply, testSituation } from "./test/fixture.js";

const token = (options: Component["options"] = {}, variables?: Component["variables"]): Component => ({
  id: "t1",
  name: "token",
  type: "token",
  options,
  children: {},
  parent: null,
  childData: null,
  ...(variables === undefined ? {} : { variables }),
});

describe("component info", () => {
  it("fills every piece default of the spec", () => {
    const info = componentInfo({}, token());
    expect(info).toMatchObject({
      width: 100,
      height: 100,
      x: 0,
      y: 0,
      displayHeight: 100,
      scaleMult: 1,
      selectable: false,
      editModeSelectable: false,
      displayMode: "owningPlayerOnly",
      displayLastOnly: false,
      image: "",
      cardBack: "",
      positions: { dims: [100, 100] },
      clipPath: "",
      filter: "",
      clickableAreas: {},
      transform: "",
      zIndex: 100,
      borderRadius: 40,
    });
    expect(Object.keys(PIECE_DEFAULTS)).toHaveLength(19);
  });

  it("resolves conditional values against options and variables, lists matching any value", () => {
    const pieces: PieceLibrary = {
      token: {
        image: {
          defaultResult: "plain.png",
          conditionalResults: [
            { condition: { color: ["red", "orange"] }, result: "warm.png" },
            { condition: { color: "blue", level: "2" }, result: "blue2.png" },
          ],
        },
      },
    };
    expect(componentInfo(pieces, token()).image).toBe("plain.png");
    expect(componentInfo(pieces, token({ color: "orange" })).image).toBe("warm.png");
    expect(componentInfo(pieces, token({ color: "blue" }, { level: 2 })).image).toBe("blue2.png");
    expect(componentInfo(pieces, token({ color: "blue" }, { level: 3 })).image).toBe("plain.png");
  });

  it("keeps the piece default when a conditional value has no default and nothing matches", () => {
    const pieces = { token: { width: { conditionalResults: [{ condition: { big: true }, result: 300 }] } } };
    expect(componentInfo(pieces, token()).width).toBe(100);
    expect(componentInfo(pieces, token({ big: true })).width).toBe(300);
  });

  it("finds card pieces by deck name and lists position sets without dims", () => {
    const card: Component = { ...token({ deckName: "main" }), type: "card" };
    const pieces = { "__card-main": { width: 63, positions: { dims: [63, 88], top: { multi: true } } } };
    const info = componentInfo(pieces, card);
    expect(info.width).toBe(63);
    expect(positionSets(info)).toEqual({ top: { multi: true } });
  });

  it("resolves the visibility fields exactly as the whole info does, overdrive included", () => {
    const pieces: PieceLibrary = {
      token: {
        hidden: { defaultResult: false, conditionalResults: [{ condition: { gone: true }, result: true }] },
        displayMode: { conditionalResults: [{ condition: { gameState: "secret" }, result: "editModeOnly" }] },
        positions: { hand: { multi: true, displayMode: "opponentCardBack" } },
      },
    };
    const pick = (info: { hidden: boolean; displayMode: string; positions: unknown }) => ({
      hidden: info.hidden,
      displayMode: info.displayMode,
      positions: info.positions,
    });
    const secret = mustApply(testSituation(), {
      type: "set gamestate",
      state: { name: "secret", activePlayer: "red", componentOverdrive: { t1: { hidden: true } } },
    }).situation;
    for (const component of [token(), token({ gone: true }), { ...token(), name: "unknown" }]) {
      for (const situation of [undefined, testSituation(), secret]) {
        expect(visibilityInfo(pieces, component, situation)).toEqual(
          pick(componentInfo(pieces, component, situation)),
        );
      }
    }
    expect(positionSet(visibilityInfo(pieces, token()), "hand")).toEqual({
      multi: true,
      displayMode: "opponentCardBack",
    });
    expect(positionSet(visibilityInfo(pieces, token()), "dims")).toBeUndefined();
    expect(positionSet(visibilityInfo(pieces, token()), "toString")).toBeUndefined();
  });

  it("matches conditions key by key", () => {
    expect(conditionMatches({ a: "1" }, { a: 1 })).toBe(true);
    expect(conditionMatches({ a: null }, {})).toBe(true);
    expect(conditionMatches({ a: "x", b: ["y", "z"] }, { a: "x", b: "q" })).toBe(false);
    expect(resolveValue(5, {})).toBe(5);
  });

  it("finds the clickable area under a point", () => {
    const info = componentInfo(
      { token: { clickableAreas: { buy: { left: 10, top: 10, width: 20, height: 20 } } } },
      token(),
    );
    expect(clickableAreaAt(info, 15, 15)).toBe("buy");
    expect(clickableAreaAt(info, 50, 50)).toBeNull();
  });
});
