// The table's sounds (game-table.md section 7): ding, card play, wood tap, plastic gain, chat pop, at
// the global volume. They are synthesised with Web Audio rather than shipped as files: a few bytes of
// code, no asset licences, and they scale with the volume setting exactly.

import { mayAct, type Situation, walk } from "@tt/engine";
import { STORAGE_KEYS } from "@tt/protocol";
import { local } from "../../lib/storage";

export type SoundName = "ding" | "card play" | "wood tap" | "plastic gain" | "chat pop";

export const DEFAULT_VOLUME = 0.5;

/** The stored global volume, 0..1; 0.5 when unset or unreadable. */
export function globalVolume(store: Pick<Storage, "getItem"> = local): number {
  const raw = store.getItem(STORAGE_KEYS.globalVolume);
  const value = raw === null ? Number.NaN : Number(raw);
  if (!Number.isFinite(value)) return DEFAULT_VOLUME;
  return Math.min(1, Math.max(0, value));
}

function placements(s: Situation): Map<string, { type: string; at: string }> {
  const out = new Map<string, { type: string; at: string }>();
  walk(s.root, (c) => {
    const d = c.childData;
    out.set(c.id, { type: c.type, at: `${c.parent ?? ""}|${d?.positionName ?? ""}|${d?.childPos ?? ""}` });
  });
  return out;
}

function counterTotal(s: Situation): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of s.players) for (const c of p.counters) out.set(`${p.color}/${c.name}`, c.value);
  return out;
}

/**
 * What a change of situation sounds like to a seat: a card landing somewhere new plays a card, any
 * other piece a wood tap; a counter going up a plastic gain; the turn passing to this seat a ding.
 */
export function soundsFor(before: Situation, after: Situation, seat: string): SoundName[] {
  const sounds: SoundName[] = [];
  const was = placements(before);
  let card = false;
  let piece = false;
  for (const [id, now] of placements(after)) {
    const then = was.get(id);
    if (then === undefined || then.at === now.at) continue;
    if (now.type === "card") card = true;
    else piece = true;
  }
  if (card) sounds.push("card play");
  else if (piece) sounds.push("wood tap");
  const counters = counterTotal(before);
  for (const [key, value] of counterTotal(after)) {
    if (value > (counters.get(key) ?? value)) {
      sounds.push("plastic gain");
      break;
    }
  }
  if (!after.ended && !mayAct(before, seat) && mayAct(after, seat) && seat !== "spectator")
    sounds.push("ding");
  return sounds;
}

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === "undefined" || typeof window.AudioContext !== "function") return null;
  context ??= new window.AudioContext();
  // Browsers start a context suspended until the page has had a user gesture.
  if (context.state === "suspended") void context.resume().catch(() => undefined);
  return context;
}

function envelope(ctx: AudioContext, gain: number, attack: number, decay: number, at: number): GainNode {
  const g = ctx.createGain();
  g.gain.setValueAtTime(0.0001, at);
  g.gain.exponentialRampToValueAtTime(Math.max(0.0002, gain), at + attack);
  g.gain.exponentialRampToValueAtTime(0.0001, at + attack + decay);
  g.connect(ctx.destination);
  return g;
}

function tone(
  ctx: AudioContext,
  out: AudioNode,
  type: OscillatorType,
  from: number,
  to: number,
  at: number,
  length: number,
) {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(from, at);
  if (to !== from) osc.frequency.exponentialRampToValueAtTime(to, at + length);
  osc.connect(out);
  osc.start(at);
  osc.stop(at + length + 0.05);
}

function noise(ctx: AudioContext, out: AudioNode, at: number, length: number, band: number) {
  const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * length), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = band;
  source.connect(filter);
  filter.connect(out);
  source.start(at);
}

/** Plays a sound at the global volume; sound errors are logged only (section 8). */
export function play(name: SoundName, volume: number = globalVolume()): void {
  if (volume <= 0) return;
  try {
    const ctx = audio();
    if (ctx === null) return;
    const t = ctx.currentTime + 0.01;
    switch (name) {
      case "ding": {
        const g = envelope(ctx, 0.35 * volume, 0.005, 0.9, t);
        tone(ctx, g, "sine", 1320, 1320, t, 0.95);
        tone(ctx, envelope(ctx, 0.1 * volume, 0.005, 0.5, t), "sine", 2640, 2640, t, 0.55);
        break;
      }
      case "card play":
        noise(ctx, envelope(ctx, 0.6 * volume, 0.004, 0.12, t), t, 0.16, 2600);
        break;
      case "wood tap":
        tone(ctx, envelope(ctx, 0.6 * volume, 0.002, 0.09, t), "sine", 240, 150, t, 0.1);
        noise(ctx, envelope(ctx, 0.2 * volume, 0.001, 0.03, t), t, 0.04, 900);
        break;
      case "plastic gain":
        tone(ctx, envelope(ctx, 0.25 * volume, 0.002, 0.04, t), "triangle", 1800, 1800, t, 0.05);
        tone(
          ctx,
          envelope(ctx, 0.25 * volume, 0.002, 0.05, t + 0.07),
          "triangle",
          2400,
          2400,
          t + 0.07,
          0.06,
        );
        break;
      case "chat pop":
        tone(ctx, envelope(ctx, 0.35 * volume, 0.004, 0.12, t), "sine", 600, 1200, t, 0.07);
        break;
    }
  } catch (error) {
    console.warn("sound failed", name, error);
  }
}
