import { describe, expect, it } from "vitest";
import { memoryStore } from "../../lib/storage";
import { readSettings, settingKeys, stepLens, stepZoom, storedZoom, writeSetting } from "./settings";

describe("table settings", () => {
  it("reads the spec's defaults from an empty browser", () => {
    expect(readSettings(memoryStore(), "chess")).toEqual({
      zoom: 100,
      volume: 0.5,
      evalSpeed: 1,
      edgeScroll: false,
      tooltips: true,
      closeChatAfterSend: false,
    });
  });

  it("stores each setting under the spec's key, per project where the spec says so", () => {
    const store = memoryStore();
    writeSetting(store, "chess", "zoom", 150);
    writeSetting(store, "chess", "volume", 0.25);
    writeSetting(store, "chess", "evalSpeed", 2.5);
    writeSetting(store, "chess", "edgeScroll", true);
    writeSetting(store, "chess", "tooltips", false);
    writeSetting(store, "chess", "closeChatAfterSend", true);
    expect(store.getItem("zoom-chess")).toBe("150");
    expect(store.getItem("global-volume")).toBe("0.25");
    expect(store.getItem("evalSpeed-chess")).toBe("2.5");
    expect(store.getItem("edgeScroll-chess")).toBe("true");
    expect(store.getItem("display-tooltips:chess")).toBe("false");
    expect(store.getItem("display-tooltips-global")).toBe("false");
    expect(store.getItem("close-after-message-sent")).toBe("true");
    // Another project keeps its own zoom and speed, shares the volume and takes the last tooltip choice.
    expect(readSettings(store, "night-market")).toMatchObject({
      zoom: 100,
      evalSpeed: 1,
      volume: 0.25,
      tooltips: false,
      edgeScroll: false,
    });
  });

  it("clamps what it reads and writes to the spec's ranges", () => {
    const store = memoryStore();
    store.setItem(settingKeys.volume, "7");
    store.setItem(settingKeys.evalSpeed("chess"), "0.01");
    store.setItem(settingKeys.zoom("chess"), "junk");
    expect(readSettings(store, "chess")).toMatchObject({ volume: 1, evalSpeed: 0.1, zoom: 100 });
    expect(writeSetting(store, "chess", "evalSpeed", 9).evalSpeed).toBe(3);
    expect(writeSetting(store, "chess", "volume", -1).volume).toBe(0);
  });

  it("stores zoom in 25..600 and snaps 98..102 to 100", () => {
    expect(storedZoom(10)).toBe(25);
    expect(storedZoom(900)).toBe(600);
    expect(storedZoom(98)).toBe(100);
    expect(storedZoom(102.4)).toBe(100);
    expect(storedZoom(103)).toBe(103);
    expect(storedZoom(97)).toBe(97);
  });

  it("steps the zoom by 3 within 25..400 and the lens within its range", () => {
    expect(stepZoom(100, 1)).toBe(103);
    expect(stepZoom(100, -1)).toBe(97);
    expect(stepZoom(399, 1)).toBe(400);
    expect(stepZoom(26, -1)).toBe(25);
    expect(stepLens(2.5, 1)).toBe(2.6);
    expect(stepLens(1.2, -1)).toBe(1.2);
  });
});
