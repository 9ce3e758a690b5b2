#!/usr/bin/env node
/**
 * Generates the artwork of the challenge calendar: occult sigil plates (gold and bone line-art on
 * a dark vignette, like the lots') for every puzzle and trial, and the six plates of the
 * multi-image puzzle, each breaking one more seal. Deterministic: re-running rewrites identical
 * files. The names come from `art:` in packages/core/src/seed/challenge-catalogue.ts.
 *
 *   node scripts/generate-challenge-art.mjs
 *
 * The Final Eve's short video (final-eve.mp4) was made once with ffmpeg and committed:
 *   ffmpeg -f lavfi -i "life=s=160x160:mold=8:rate=12:ratio=0.12:death_color=#130c0e:life_color=#c9a45c" \
 *     -vf "scale=480:480:flags=neighbor,vignette=PI/4" -t 6 -c:v libx264 -pix_fmt yuv420p -crf 34 \
 *     -movflags +faststart -an web/public/art/challenges/final-eve.mp4
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(root, "web/public/art/challenges");
const catalogue = readFileSync(join(root, "packages/core/src/seed/challenge-catalogue.ts"), "utf8");

const n = (v) => String(Math.round(v * 10) / 10);

/** A seeded PRNG (mulberry32): the same plate on every run. */
function rng(seedText) {
  let a = 2166136261;
  for (const ch of seedText) a = Math.imul(a ^ ch.charCodeAt(0), 16777619);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const C = 400;

/** A rune drawn with strokes (no font needed): a stave and one or two branches, centred on 0,0. */
function rune(rand) {
  const h = 9;
  let d = `M0 ${-h}V${h}`;
  const branches = 1 + Math.floor(rand() * 2);
  for (let b = 0; b < branches; b++) {
    const y = -h + rand() * h * 1.4;
    const dir = rand() > 0.5 ? 1 : -1;
    d += `M0 ${n(y)}L${n(dir * 6)} ${n(y + (rand() > 0.5 ? 5 : -5))}`;
  }
  return d;
}

function head() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" stroke-linecap="round" stroke-linejoin="round"><defs><radialGradient id="bg" cx="50%" cy="46%" r="72%"><stop offset="0" stop-color="#3b1519"/><stop offset=".5" stop-color="#140d0f"/><stop offset="1" stop-color="#040203"/></radialGradient><radialGradient id="halo"><stop offset="0" stop-color="#8c1a22" stop-opacity=".55"/><stop offset="1" stop-color="#8c1a22" stop-opacity="0"/></radialGradient></defs><rect width="800" height="800" fill="url(#bg)"/><circle cx="400" cy="400" r="300" fill="url(#halo)"/>`;
}

/** The outer rings with a band of runes drawn from the name. */
function rings(rand) {
  let out = `<circle cx="${C}" cy="${C}" r="330" fill="none" stroke="#c9a45c" stroke-width="4"/><circle cx="${C}" cy="${C}" r="300" fill="none" stroke="#7d6535" stroke-width="1.5"/>`;
  const count = 24;
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    const x = C + Math.cos(a) * 315;
    const y = C + Math.sin(a) * 315;
    out += `<path d="${rune(rand)}" fill="none" stroke="#e8c987" stroke-width="2" transform="translate(${n(x)} ${n(y)}) rotate(${n((a * 180) / Math.PI + 90)})"/>`;
  }
  return out;
}

/** A star polygon {points/step} and an inner figure, both drawn from the name. */
function sigil(rand) {
  // Star polygons {5/2}, {7/2}, {7/3}, {9/2}, {9/4}: the step is prime to the points, one stroke.
  const [points, step] = [
    [5, 2],
    [7, 2],
    [7, 3],
    [9, 2],
    [9, 4],
  ][Math.floor(rand() * 5)];
  const r = 240;
  const rot = rand() * Math.PI;
  const at = (i, radius) => [
    C + Math.cos(rot + (i / points) * Math.PI * 2) * radius,
    C + Math.sin(rot + (i / points) * Math.PI * 2) * radius,
  ];
  let d = "";
  for (let i = 0; i <= points; i++) {
    const [x, y] = at((i * step) % points, r);
    d += `${i === 0 ? "M" : "L"}${n(x)} ${n(y)}`;
  }
  let out = `<path d="${d}" fill="none" stroke="#c9a45c" stroke-width="3"/>`;
  for (let i = 0; i < points; i++) {
    const [x, y] = at(i, r);
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(8 + rand() * 8)}" fill="#130c0e" stroke="#eadfc8" stroke-width="2.5"/>`;
  }
  const inner = 60 + rand() * 50;
  out += `<circle cx="${C}" cy="${C}" r="${n(inner)}" fill="#130c0e" stroke="#e8c987" stroke-width="3"/>`;
  const eye = rand() > 0.5;
  out += eye
    ? `<path d="M${n(C - inner * 0.8)} ${C}Q${C} ${n(C - inner * 0.7)} ${n(C + inner * 0.8)} ${C}Q${C} ${n(C + inner * 0.7)} ${n(C - inner * 0.8)} ${C}Z" fill="none" stroke="#eadfc8" stroke-width="3"/><circle cx="${C}" cy="${C}" r="${n(inner * 0.25)}" fill="#8c1a22" stroke="#c0392b" stroke-width="2.5"/>`
    : `<path d="M${C} ${n(C - inner * 0.7)}V${n(C + inner * 0.7)}M${n(C - inner * 0.45)} ${n(C - inner * 0.2)}H${n(C + inner * 0.45)}" stroke="#eadfc8" stroke-width="4" fill="none"/><circle cx="${C}" cy="${n(C - inner * 0.7)}" r="7" fill="#c0392b"/>`;
  for (let i = 0; i < 40; i++) {
    const a = rand() * Math.PI * 2;
    const rr = 60 + rand() * 260;
    out += `<circle cx="${n(C + Math.cos(a) * rr)}" cy="${n(C + Math.sin(a) * rr)}" r="${n(0.8 + rand() * 1.6)}" fill="#e8c987" opacity="${n(0.2 + rand() * 0.5)}"/>`;
  }
  return out;
}

function plate(name) {
  const rand = rng(`challenge:${name}`);
  return `${head()}${rings(rand)}${sigil(rand)}</svg>\n`;
}

/**
 * The six seals: a door ringed by six wax seals; plate k shows k-1 of them broken, and the sixth
 * shows the word on the door in the alchemist's cipher (each letter three on: the puzzle's key).
 */
function seals(step) {
  const rand = rng("challenge:six-seals");
  let out = `${head()}${rings(rand)}`;
  out += `<path d="M300 620V330Q300 230 400 230Q500 230 500 330V620Z" fill="#130c0e" stroke="#c9a45c" stroke-width="4"/><path d="M320 600V335Q320 255 400 255Q480 255 480 335V600" fill="none" stroke="#7d6535" stroke-width="1.5"/>`;
  const open = step - 1;
  if (step === 6) {
    out += `<text x="400" y="440" font-family="serif" font-size="34" letter-spacing="6" fill="#e8c987" text-anchor="middle">VDQFWXP</text>`;
  }
  for (let i = 0; i < 6; i++) {
    const a = -Math.PI / 2 + (i / 6) * Math.PI * 2;
    const x = C + Math.cos(a) * 230;
    const y = C + 20 + Math.sin(a) * 230;
    const broken = i < open || step === 6;
    out += broken
      ? `<path d="M${n(x - 22)} ${n(y - 6)}L${n(x - 4)} ${n(y - 22)}L${n(x + 6)} ${n(y - 2)}Z M${n(x + 2)} ${n(y + 6)}L${n(x + 24)} ${n(y - 2)}L${n(x + 10)} ${n(y + 22)}Z" fill="#5a1016" stroke="#c0392b" stroke-width="2"/>`
      : `<circle cx="${n(x)}" cy="${n(y)}" r="26" fill="#8c1a22" stroke="#c0392b" stroke-width="3"/><path d="${rune(rand)}" fill="none" stroke="#e8c987" stroke-width="2.5" transform="translate(${n(x)} ${n(y)})"/>`;
  }
  return `${out}</svg>\n`;
}

const entries = [...catalogue.matchAll(/art: "([\w-]+)",(\s*images: 6,)?(\s*video: true,)?/g)];
let written = 0;
for (const [, name, images, video] of entries) {
  if (video) continue;
  if (images) {
    for (let step = 1; step <= 6; step++) writeFileSync(join(OUT, `${name}-${step}.svg`), seals(step));
    written += 6;
  } else {
    writeFileSync(join(OUT, `${name}.svg`), plate(name));
    written += 1;
  }
}
console.log(`wrote ${written} plates to ${OUT}`);
