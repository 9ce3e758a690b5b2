#!/usr/bin/env node
/**
 * Generates the catalogue artwork of The Black Market: engraved-plate style SVGs (gold and bone
 * line-art on a dark vignette) for the thirty auction lots (three views each) and the ten shop
 * mystery boxes. Deterministic: no unseeded randomness, so re-running rewrites identical files.
 *
 *   node scripts/generate-art.mjs
 *
 * Writes web/public/art/lots/<art>.svg, <art>-2.svg, <art>-3.svg and web/public/art/shop/<handle>.svg.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const LOTS_DIR = join(root, "web/public/art/lots");
const SHOP_DIR = join(root, "web/public/art/shop");

// ---------------------------------------------------------------------------------------------
// Primitives
// ---------------------------------------------------------------------------------------------

/** Rounds a coordinate to one decimal for compact output. */
const n = (v) => String(Math.round(v * 10) / 10);

/** A seeded PRNG (mulberry32) so "random" textures are the same on every run. */
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

/** Presentation properties are moved into an inline style, so they win over the class stylesheet. */
const PROPS = new Set([
  "fill",
  "stroke",
  "stroke-width",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-linecap",
  "opacity",
  "fill-opacity",
  "stroke-opacity",
  "fill-rule",
  "filter",
]);
const attrs = (a) => {
  if (!a) return "";
  const style = [];
  const rest = [];
  for (const [, k, v] of a.matchAll(/([\w-]+)="([^"]*)"/g)) {
    if (PROPS.has(k)) style.push(`${k}:${v}`);
    else rest.push(`${k}="${v}"`);
  }
  return (rest.length ? ` ${rest.join(" ")}` : "") + (style.length ? ` style="${style.join(";")}"` : "");
};
/** A path; `c` is a style class (see the stylesheet in `svg()`). */
const P = (d, c = "o", a = "") => `<path class="${c}" d="${d}"${attrs(a)}/>`;
const C = (cx, cy, r, c = "o", a = "") => `<circle class="${c}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"${attrs(a)}/>`;
const E = (cx, cy, rx, ry, c = "o", a = "") =>
  `<ellipse class="${c}" cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}"${attrs(a)}/>`;
const R = (x, y, w, h, c = "o", rx = 0, a = "") =>
  `<rect class="${c}" x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${n(rx)}"` : ""}${attrs(a)}/>`;
const G = (inner, transform = "", a = "") =>
  `<g${transform ? ` transform="${transform}"` : ""}${attrs(a)}>${inner}</g>`;
/** Draws `inner` and its mirror image about the vertical axis x = 400 (or `cx`). */
const sym = (inner, cx = 400) => inner + G(inner, `matrix(-1 0 0 1 ${2 * cx} 0)`);
/** A point at distance r from (cx, cy), angle in degrees clockwise from 12 o'clock. */
const pol = (cx, cy, r, deg) => {
  const t = (deg * Math.PI) / 180;
  return [cx + r * Math.sin(t), cy - r * Math.cos(t)];
};
/** A polyline path through points. */
const poly = (pts, close = true) => `M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join("L")}${close ? "Z" : ""}`;
/** A regular polygon (k = 1) or star polygon ({count/k}) of `count` points. */
const star = (cx, cy, r, count, k = 1, rot = 0) =>
  poly(Array.from({ length: count }, (_, i) => pol(cx, cy, r, rot + (360 * ((i * k) % count)) / count)));
/** A spiky star (alternating outer/inner radius). */
const spikes = (cx, cy, r1, r2, count, rot = 0) =>
  poly(Array.from({ length: count * 2 }, (_, i) => pol(cx, cy, i % 2 ? r2 : r1, rot + (180 * i) / count)));
/** Ticks as a dashed circle (much smaller than separate lines): `count` marks of width w between r1 and r2. */
const tickRing = (cx, cy, r1, r2, count, c = "x", w = 1.5, a = "") => {
  const r = (r1 + r2) / 2;
  const gap = (2 * Math.PI * r) / count - w;
  return C(
    cx,
    cy,
    r,
    c,
    `stroke-width="${n(r2 - r1)}" stroke-dasharray="${n(w)} ${gap.toFixed(2)}" stroke-dashoffset="${n(w / 2)}" stroke-linecap="butt" transform="rotate(-90 ${n(cx)} ${n(cy)})"${a ? ` ${a}` : ""}`,
  );
};
/** Repeats fn(i, angle) around a circle. */
const around = (count, fn, rot = 0) => Array.from({ length: count }, (_, i) => fn(i, rot + (360 * i) / count)).join("");
/** A closed wobbly blob (wax, worn coin edges): deterministic harmonics. */
const blob = (cx, cy, r, amp, seed = 1, count = 48) =>
  poly(
    Array.from({ length: count }, (_, i) => {
      const a = (360 * i) / count;
      const t = (a * Math.PI) / 180;
      const w =
        1 + amp * (Math.sin(3 * t + seed) * 0.6 + Math.sin(7 * t + 2 * seed) * 0.3 + Math.sin(13 * t + seed) * 0.15);
      return pol(cx, cy, r * w, a);
    }),
  );
/** Scalloped bead ring (ornate frames). */
const beads = (cx, cy, r, count, br, c = "o") =>
  count
    ? C(cx, cy, r, c, `stroke-width="${n(br * 2)}" stroke-dasharray="0 ${((2 * Math.PI * r) / count).toFixed(2)}"`)
    : "";
/** Soft cast shadow under an object. */
const shadow = (cx, cy, rx, ry = rx / 6) => E(cx, cy, rx, ry, "sh");
/** Small four-pointed sparkle. */
const sparkle = (x, y, s, c = "w") =>
  P(
    `M${n(x)} ${n(y - s)}Q${n(x)} ${n(y)} ${n(x + s)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y + s)}Q${n(x)} ${n(y)} ${n(x - s)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y - s)}Z`,
    c,
  );
/** A flame (teardrop) with a hot core. */
const flame = (x, y, h) =>
  P(
    `M${n(x)} ${n(y - h)}C${n(x + h * 0.45)} ${n(y - h * 0.45)} ${n(x + h * 0.32)} ${n(y)} ${n(x)} ${n(y)}C${n(x - h * 0.32)} ${n(y)} ${n(x - h * 0.45)} ${n(y - h * 0.45)} ${n(x)} ${n(y - h)}Z`,
    "e",
    'filter="url(#gl)"',
  ) +
  P(
    `M${n(x)} ${n(y - h * 0.6)}C${n(x + h * 0.2)} ${n(y - h * 0.25)} ${n(x + h * 0.15)} ${n(y - h * 0.04)} ${n(x)} ${n(y - h * 0.04)}C${n(x - h * 0.15)} ${n(y - h * 0.04)} ${n(x - h * 0.2)} ${n(y - h * 0.25)} ${n(x)} ${n(y - h * 0.6)}Z`,
    "w",
  );
/** An oblique box: front face, top face and right side, offset (dx, -dy). */
const box3 = (x, y, w, h, dx, dy, front = "d", top = "d", side = "d") =>
  P(`M${n(x)} ${n(y)}l${n(dx)} ${n(-dy)}h${n(w)}l${n(-dx)} ${n(dy)}Z`, top) +
  P(`M${n(x + w)} ${n(y)}l${n(dx)} ${n(-dy)}v${n(h)}l${n(-dx)} ${n(dy)}Z`, side) +
  R(x, y, w, h, front);
/** Maps a unit square onto a parallelogram (origin o, edges u and v): for pips, faces. */
const face = (o, u, v, inner) => G(inner, `matrix(${[u[0], u[1], v[0], v[1], o[0], o[1]].map(n).join(" ")})`);
/** The House's sigil: circle with two interlaced triangles (as on the favicon). */
const houseSigil = (cx, cy, r, c1 = "t", c2 = "rl") =>
  C(cx, cy, r, c1) +
  P(star(cx, cy, r * 0.8, 3), c1) +
  P(star(cx, cy, r * 0.8, 3, 1, 180), c2) +
  C(cx, cy, r * 0.16, "e");
/** A closed almond eye. */
const closedEye = (x, y, s, c = "t") =>
  P(
    `M${n(x - s)} ${n(y)}Q${n(x)} ${n(y + s * 0.7)} ${n(x + s)} ${n(y)}M${n(x - s * 0.5)} ${n(y + s * 0.3)}l${n(-s * 0.15)} ${n(s * 0.35)}M${n(x)} ${n(y + s * 0.36)}v${n(s * 0.38)}M${n(x + s * 0.5)} ${n(y + s * 0.3)}l${n(s * 0.15)} ${n(s * 0.35)}`,
    c,
  );
/** An open eye with red iris. */
const openEye = (x, y, s, c = "t") =>
  P(
    `M${n(x - s)} ${n(y)}Q${n(x)} ${n(y - s * 0.8)} ${n(x + s)} ${n(y)}Q${n(x)} ${n(y + s * 0.8)} ${n(x - s)} ${n(y)}Z`,
    c,
  ) +
  C(x, y, s * 0.32, "r") +
  C(x, y, s * 0.12, "k");
/** A skull (front view), centred at (x, y) with unit size s (~ half-width). */
const skull = (x, y, s, c = "bd") =>
  G(
    P(
      "M-1 .15C-1.1-.75-.5-1.1 0-1.1S1.1-.75 1 .15C.95.45.7.5.62.62V.95H-.62V.62C-.7.5-.95.45-1 .15Z",
      c,
      'stroke-width="0.07"',
    ) +
      E(-0.42, -0.05, 0.27, 0.24, "hole") +
      E(0.42, -0.05, 0.27, 0.24, "hole") +
      P("M0 .2L-.13 .45H.13Z", "hole") +
      P("M-.4.75V.95M-.13.75V.95M.13.75V.95M.4.75V.95", "b", 'stroke-width="0.05"'),
    `translate(${n(x)} ${n(y)}) scale(${n(s)})`,
  );
/** A crossed pair of bones behind (x, y). */
const bones = (x, y, len, c = "bd") => {
  const bone = `M${-len} -7L${len} -7L${len} 7L${-len} 7Z`;
  const knob = (sx) =>
    C(sx * len, -9, 10, c) + C(sx * len, 9, 10, c) + R(Math.min(sx * len, sx * len - sx * 2) - 2, -7, 4, 14, "dk");
  const one = P(bone, c) + knob(1) + knob(-1);
  return G(G(one, "rotate(35)") + G(one, "rotate(-35)"), `translate(${n(x)} ${n(y)})`);
};

// ---------------------------------------------------------------------------------------------
// Plate: palette, background motifs, frame
// ---------------------------------------------------------------------------------------------

const THEMES = {
  gold: {
    gold: "#c9a45c",
    bright: "#e8c987",
    dim: "#7d6535",
    bone: "#eadfc8",
    red: "#8c1a22",
    red2: "#c0392b",
    ember: "#d9602e",
    dark: "#130c0e",
    glow: "#3b1519",
    halo: "#8c1a22",
  },
  ember: {
    gold: "#d9a35a",
    bright: "#f3cf8a",
    dim: "#8a5a2c",
    bone: "#f3e3c3",
    red: "#9c2418",
    red2: "#e0562e",
    ember: "#f07a35",
    dark: "#150b09",
    glow: "#4d1d0e",
    halo: "#d9602e",
  },
  moon: {
    gold: "#d2c3a0",
    bright: "#f5ecd6",
    dim: "#6e6250",
    bone: "#eadfc8",
    red: "#8c1a22",
    red2: "#d0413a",
    ember: "#c0392b",
    dark: "#0f0b10",
    glow: "#241726",
    halo: "#5e1830",
  },
};

function style(t) {
  return [
    `.o{fill:none;stroke:${t.gold};stroke-width:4}`,
    `.t{fill:none;stroke:${t.bright};stroke-width:2}`,
    `.x{fill:none;stroke:${t.dim};stroke-width:1.5}`,
    `.b{fill:none;stroke:${t.bone};stroke-width:3}`,
    `.d{fill:${t.dark};stroke:${t.gold};stroke-width:4}`,
    `.bd{fill:${t.dark};stroke:${t.bone};stroke-width:3}`,
    `.dk{fill:${t.dark}}`,
    `.hole{fill:#050304}`,
    `.w{fill:${t.bone}}`,
    `.k{fill:${t.gold}}`,
    `.kb{fill:${t.bright}}`,
    `.r{fill:${t.red};stroke:${t.red2};stroke-width:2.5}`,
    `.rr{fill:${t.red2}}`,
    `.rl{fill:none;stroke:${t.red2};stroke-width:3}`,
    `.e{fill:${t.ember}}`,
    `.el{fill:none;stroke:${t.ember};stroke-width:2.5}`,
    `.h{fill:url(#h);stroke:none}`,
    `.g{fill:${t.bone};fill-opacity:.06;stroke:${t.bright};stroke-width:2.5}`,
    `.m{fill:none;stroke:${t.dim};stroke-width:1.2;opacity:.55}`,
    `.sh{fill:#000;opacity:.7;filter:url(#soft)}`,
  ].join("");
}

function defs(t) {
  return (
    `<defs><style>${style(t)}</style>` +
    `<radialGradient id="bg" cx="50%" cy="46%" r="72%"><stop offset="0" stop-color="${t.glow}"/>` +
    `<stop offset=".5" stop-color="#140d0f"/><stop offset="1" stop-color="#040203"/></radialGradient>` +
    `<radialGradient id="halo"><stop offset="0" stop-color="${t.halo}" stop-opacity=".5"/>` +
    `<stop offset="1" stop-color="${t.halo}" stop-opacity="0"/></radialGradient>` +
    `<pattern id="h" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<path d="M0 0V6" stroke="${t.gold}" stroke-width="1.3" opacity=".55"/></pattern>` +
    `<filter id="gl" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="5" result="b"/>` +
    `<feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>` +
    `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="12"/></filter>` +
    `<filter id="grain"><feTurbulence type="fractalNoise" baseFrequency=".85" numOctaves="2" seed="7"/>` +
    `<feColorMatrix values="0 0 0 0 .85 0 0 0 0 .65 0 0 0 0 .45 0 0 0 .07 0"/></filter>` +
    `<clipPath id="cl"><rect x="40" y="40" width="720" height="720"/></clipPath></defs>`
  );
}

/** Background motif: an occult ring with ticks and a seven-pointed star. */
function motifSigil() {
  return G(
    C(400, 400, 330, "m") +
      C(400, 400, 316, "m") +
      tickRing(400, 400, 316, 330, 84, "m") +
      P(star(400, 400, 316, 7, 3), "m") +
      around(7, (_, a) => C(...pol(400, 400, 323, a), 7, "m")) +
      C(400, 400, 240, "m", 'stroke-dasharray="2 9"'),
    "",
    'opacity=".8"',
  );
}

/** Background motif: a seeded star field with a crescent moon. */
function motifStars(seed) {
  const r = rng(seed);
  let d = "";
  for (let i = 0; i < 90; i++) {
    const x = 60 + r() * 680;
    const y = 60 + r() * 680;
    d += `M${n(x)} ${n(y)}h0`;
  }
  let big = "";
  for (let i = 0; i < 7; i++) big += sparkle(70 + r() * 660, 70 + r() * 660, 5 + r() * 6, "kb");
  return (
    P(d, "t", 'stroke-width="2.4" opacity=".5"') +
    G(big, "", 'opacity=".45"') +
    P("M655 95a42 42 0 1 0 40 58a34 34 0 1 1-40-58Z", "k", 'opacity=".35"')
  );
}

/** Background motif: engraved sunburst rays and a row of moon phases. */
function motifRays() {
  const phases = [-2, -1, 0, 1, 2]
    .map((i) => {
      const x = 400 + i * 56;
      const y = 92;
      if (i === 0) return C(x, y, 13, "k", 'opacity=".5"');
      const off = i < 0 ? -1 : 1;
      const bite = Math.abs(i) === 1 ? 7 : 14;
      return P(
        `M${x} ${y - 13}a13 13 0 1 ${off > 0 ? 1 : 0} 0 26a${bite} 13 0 1 ${off > 0 ? 0 : 1} 0-26Z`,
        "k",
        'opacity=".45"',
      );
    })
    .join("");
  return (
    tickRing(400, 410, 150, 345, 48, "m", 1.2) +
    tickRing(400, 410, 200, 320, 96, "m", 1, 'opacity=".3"') +
    P("M180 730V350Q180 180 400 112Q620 180 620 350V730", "m", 'stroke-width="2.5" opacity=".9"') +
    P("M204 730V354Q204 200 400 138Q596 200 596 354V730", "m") +
    P("M120 690H680", "m") +
    phases
  );
}

/** The engraved gold frame with corner filigree. */
function frame() {
  const corner =
    P("M24 150V24H150", "o", 'stroke-width="3"') +
    P("M38 118Q86 118 86 86Q86 38 118 38", "t") +
    P("M52 180C52 120 66 96 96 96C116 96 120 118 106 124C96 128 90 118 96 112", "t") +
    P("M180 52C120 52 96 66 96 96", "t") +
    P("M180 52C150 52 134 60 124 76C120 84 126 92 134 88", "x") +
    P("M52 180C52 150 60 134 76 124C84 120 92 126 88 134", "x") +
    P(spikes(64, 64, 13, 4, 4, 45), "k") +
    C(64, 64, 4, "e") +
    P("M210 38Q235 26 260 38Q235 50 210 38Z", "k") +
    P("M38 210Q26 235 38 260Q50 235 38 210Z", "k");
  const mid = P("M376 30L400 14L424 30L400 46Z", "d", 'stroke-width="2.5"') + C(400, 30, 5, "e");
  const use = (id, tr) => `<use href="#${id}" transform="${tr}"/>`;
  return (
    `<defs><g id="fc">${corner}</g><g id="fm">${mid}</g></defs>` +
    P("M0 0H800V800H0ZM20 20V780H780V20Z", "dk", 'fill-rule="evenodd"') +
    R(20, 20, 760, 760, "o", 0, 'stroke-width="3"') +
    R(32, 32, 736, 736, "x") +
    R(40, 40, 720, 720, "x", 0, 'stroke-dasharray="1 6" stroke-width="2"') +
    `<use href="#fc"/>` +
    use("fc", "matrix(-1 0 0 1 800 0)") +
    use("fc", "matrix(1 0 0 -1 0 800)") +
    use("fc", "matrix(-1 0 0 -1 800 800)") +
    `<use href="#fm"/>` +
    use("fm", "rotate(90 400 400)") +
    use("fm", "rotate(180 400 400)") +
    use("fm", "rotate(270 400 400)")
  );
}

/**
 * Composes one plate: background, motif, halo, the object (optionally zoomed into `focus`), frame.
 */
function plate({ body, theme = "gold", motif = "sigil", zoom = 1, focus = [400, 400], seed = "", halo = [400, 390] }) {
  const t = THEMES[theme];
  const m = motif === "stars" ? motifStars(seed) : motif === "rays" ? motifRays() : motifSigil();
  const tr =
    zoom === 1 && focus[0] === 400 && focus[1] === 400
      ? ""
      : `translate(400 400) scale(${zoom}) translate(${-focus[0]} ${-focus[1]})`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" stroke-linecap="round" stroke-linejoin="round">` +
    defs(t) +
    `<rect width="800" height="800" fill="url(#bg)"/>` +
    `<rect width="800" height="800" filter="url(#grain)"/>` +
    m +
    C(halo[0], halo[1], 300, "", 'fill="url(#halo)"') +
    G(G(body, tr, 'filter="url(#gl)"'), "", 'clip-path="url(#cl)"') +
    frame() +
    `</svg>`
  );
}

// ---------------------------------------------------------------------------------------------
// The thirty lots
// ---------------------------------------------------------------------------------------------

const LOTS = {
  hourglass: {
    focus: [400, 400],
    draw: () =>
      shadow(400, 620, 190) +
      P(
        "M305 228C305 330 390 355 392 400C390 445 305 470 305 572H495C495 470 410 445 408 400C410 355 495 330 495 228Z",
        "g",
      ) +
      P("M352 338Q400 352 448 338C428 356 411 375 407 398H393C389 375 372 356 352 338Z", "k") +
      P("M400 402V496", "t") +
      P("M312 570Q350 500 400 492Q450 500 488 570Z", "k") +
      P("M330 520Q345 512 360 515M420 505Q440 510 455 522", "x") +
      P("M322 250C325 310 350 340 372 360M478 470C470 500 470 530 474 556", "b", 'opacity=".5"') +
      sym(
        P("M279 225H291V575H279Z", "d", 'stroke-width="3"') +
          E(285, 260, 12, 9, "d", 'stroke-width="3"') +
          E(285, 400, 13, 11, "d", 'stroke-width="3"') +
          E(285, 540, 12, 9, "d", 'stroke-width="3"') +
          C(265, 622, 10, "d", 'stroke-width="3"') +
          C(268, 178, 7, "k"),
      ) +
      R(245, 195, 310, 32, "d", 8) +
      R(245, 573, 310, 32, "d", 8) +
      P("M262 211H538M262 589H538", "x") +
      around(6, (i) => C(300 + i * 40, 211, 3, "e")) +
      around(6, (i) => C(300 + i * 40, 589, 3, "e")) +
      P("M385 195Q400 160 415 195Z", "d", 'stroke-width="3"') +
      C(400, 160, 8, "r"),
  },

  "raven-skull": {
    focus: [380, 400],
    draw: () =>
      shadow(400, 560, 220) +
      P("M400 212V228", "o") +
      C(400, 200, 13, "o") +
      [185, 125, 45]
        .map((rx) => P(`M${400 - rx} 520V370A${rx} 142 0 0 1 ${400 + rx} 370V520`, "x", 'stroke-width="2.5"'))
        .join("") +
      P("M215 520V370A185 142 0 0 1 585 370V520", "o", 'stroke-width="3"') +
      E(400, 372, 185, 26, "x") +
      P("M205 525Q220 490 400 488Q580 490 595 525Q580 575 400 578Q220 575 205 525Z", "r") +
      P("M230 540Q400 560 570 540", "el", 'opacity=".6"') +
      sym(P("M215 548L205 600M205 600l-8 14h16z", "o", 'stroke-width="3"')) +
      G(
        P(
          "M262 430C236 370 268 318 330 318C368 318 388 338 398 352Q480 372 572 430Q480 410 404 414L400 426Q480 428 556 438Q470 452 388 452C340 452 296 460 262 430Z",
          "bd",
        ) +
          C(330, 378, 28, "hole") +
          C(336, 372, 8, "rr") +
          E(424, 388, 14, 6, "hole") +
          P("M280 400Q300 440 350 446M300 340Q340 330 370 350M404 420L548 436", "x") +
          P("M262 430Q280 450 300 446", "b"),
        "translate(0 30)",
      ) +
      E(400, 372, 185, 26, "o", 'stroke-width="3" stroke-dasharray="0 0 190 400"'),
  },

  candle: {
    focus: [400, 300],
    draw: () =>
      shadow(400, 600, 200) +
      P("M545 560C600 560 610 500 575 490C555 485 548 505 560 512", "o", 'stroke-width="8"') +
      E(400, 575, 170, 34, "d") +
      E(400, 565, 150, 26, "x") +
      P("M300 590Q400 640 500 590", "x") +
      P("M352 300V548Q400 566 448 548V300Z", "d") +
      P("M352 300Q400 316 448 300Q440 290 400 288Q360 290 352 300Z", "d", 'stroke-width="3"') +
      P("M360 306Q356 340 362 352Q368 340 368 310M420 310Q424 370 432 372Q438 360 436 306", "b", 'stroke-width="2.5"') +
      P("M400 300V276", "b", 'stroke-width="3"') +
      around(6, (i) => P(`M352 ${n(380 + i * 26)}h14`, "rl")) +
      P("M370 400V530M430 400V520", "x") +
      flame(400, 280, 90) +
      G(P("M400 170C380 140 420 120 400 90C385 70 405 50 395 30", "x", 'stroke-width="2"'), "", 'opacity=".7"') +
      C(400, 250, 40, "", 'fill="url(#halo)"'),
  },

  mirror: {
    focus: [400, 370],
    draw: () =>
      shadow(400, 700, 120) +
      P("M382 545L375 640Q400 660 425 640L418 545Z", "d") +
      E(400, 600, 22, 10, "d", 'stroke-width="3"') +
      C(400, 672, 18, "d") +
      C(400, 672, 6, "r") +
      around(24, (_, a) => P(spikes(...pol(400, 360, 200, a), 14, 5, 4, a), "k")) +
      C(400, 360, 188, "d") +
      beads(400, 360, 172, 40, 4) +
      C(400, 360, 160, "o", 'stroke-width="3"') +
      C(400, 360, 150, "", 'fill="#050304"') +
      P("M290 280A130 130 0 0 1 420 226", "b", 'stroke-width="6" opacity=".35"') +
      P("M300 310A110 110 0 0 1 360 250", "b", 'stroke-width="3" opacity=".25"') +
      G(openEye(400, 380, 52, "x"), "", 'opacity=".8"') +
      P("M400 130L412 160H388Z", "k") +
      C(400, 125, 9, "r"),
  },

  key: {
    focus: [280, 450],
    zoom: 1.55,
    draw: () =>
      G(
        C(220, 400, 78, "d", 'stroke-width="8"') +
          C(220, 400, 78, "t") +
          P(star(220, 400, 50, 4, 1, 45), "o") +
          around(4, (_, a) => C(...pol(220, 400, 42, a), 20, "o", 'stroke-width="3"')) +
          C(220, 400, 14, "r") +
          around(8, (_, a) => C(...pol(220, 400, 90, a), 6, "k")) +
          R(296, 388, 330, 24, "d", 10) +
          P("M310 394H610", "x") +
          [330, 356, 470].map((x) => R(x, 380, 12, 40, "d", 4, 'stroke-width="3"')).join("") +
          C(640, 400, 18, "d") +
          P("M560 410V480H590V455H610V490H635V410Z", "d") +
          P("M590 455H610V490H590Z", "k") +
          P("M572 425V465", "x"),
        "rotate(-28 420 400)",
      ) + shadow(420, 610, 220, 24),
  },

  moth: {
    focus: [400, 380],
    draw: () =>
      shadow(400, 660, 160) +
      P("M400 140V110", "o", 'stroke-width="3"') +
      C(400, 96, 14, "o") +
      P("M400 82Q396 40 360 20M400 82Q404 40 440 20", "x") +
      C(400, 152, 12, "d") +
      E(400, 400, 178, 232, "d", 'stroke-width="6"') +
      E(400, 400, 178, 232, "t") +
      E(400, 400, 160, 214, "x") +
      beads(400, 400, 0, 0, 0) +
      sym(
        P("M405 350C450 290 520 250 578 262C575 330 540 388 470 410Z", "d", 'stroke-width="3"') +
          P("M405 350C450 290 520 250 578 262C575 330 540 388 470 410Z", "h") +
          P("M410 358Q480 320 560 280M420 380Q490 360 540 340M440 300Q470 330 470 405", "t", 'stroke-width="1.5"') +
          C(520, 320, 12, "r") +
          C(520, 320, 4, "w") +
          P("M405 408C470 406 530 430 528 478C510 526 450 510 406 448Z", "d", 'stroke-width="3"') +
          P("M420 430Q480 440 510 475", "t", 'stroke-width="1.5"') +
          P("M450 470Q470 455 500 470", "rl", 'stroke-width="2"') +
          P("M398 322Q380 270 346 252", "t") +
          P("M388 296l-10 2M380 282l-10 0M370 270l-8-2M362 262l-8-4", "x"),
      ) +
      E(400, 410, 15, 74, "bd") +
      P("M388 440H412M387 458H413M389 476H411", "x") +
      C(400, 330, 14, "bd") +
      skull(400, 382, 11, "w"),
  },

  tarot: {
    focus: [400, 360],
    draw: () => {
      const cardBack =
        R(-90, -150, 180, 300, "d", 12) +
        R(-76, -136, 152, 272, "h", 6) +
        R(-76, -136, 152, 272, "x", 6) +
        P(star(0, 0, 50, 8, 3), "t") +
        C(0, 0, 16, "r");
      const front =
        R(-95, -155, 190, 310, "d", 12, 'stroke-width="5"') +
        R(-80, -140, 160, 280, "x", 6) +
        P("M-42-60L-42-96L-22-74L0-104L22-74L42-96L42-60Z", "k") +
        C(0, -108, 5, "r") +
        C(-22, -80, 4, "r") +
        C(22, -80, 4, "r") +
        P("M-42-60H42", "o", 'stroke-width="3"') +
        P("M-60 -10a28 28 0 1 0 30-28a22 22 0 1 1-30 28Z", "w") +
        P(
          "M-70 60Q-52 44-35 60T0 60T35 60T70 60M-70 84Q-52 68-35 84T0 84T35 84T70 84M-70 108Q-52 92-35 108T0 108T35 108T70 108",
          "t",
        ) +
        around(5, (i) => C(20 + i * 10, -20 + (i % 2) * 12, 2, "w"));
      return (
        shadow(400, 650, 240) +
        G(cardBack, "translate(400 420) rotate(-24 0 230)") +
        G(cardBack, "translate(400 420) rotate(24 0 230)") +
        G(front, "translate(400 400)")
      );
    },
  },

  seal: {
    focus: [400, 440],
    draw: () =>
      shadow(400, 650, 230) +
      P("M320 560L250 690L290 672L305 712L360 580Z", "r") +
      P("M470 560L540 690L500 672L485 712L430 580Z", "r") +
      G(
        P("M-24 40L-30 -120C-34 -170 34 -170 30 -120L24 40Z", "d") +
          P("M-26 -60H26M-28 -100H28", "x") +
          E(0, -160, 24, 16, "d") +
          C(0, -176, 14, "k") +
          R(-48, 40, 96, 26, "d", 4) +
          P("M-44 66H44", "o"),
        "translate(575 260) rotate(22)",
      ) +
      P(blob(400, 470, 150, 0.05, 2), "r", 'stroke-width="3"') +
      P(blob(400, 470, 118, 0.02, 5), "rl", 'stroke-width="5" opacity=".6"') +
      C(400, 470, 104, "", 'fill="#000" opacity=".25"') +
      C(400, 470, 100, "o", 'stroke-width="3"') +
      P(star(400, 470, 78, 3), "o", 'stroke-width="5"') +
      P(star(400, 470, 78, 3, 1, 180), "o", 'stroke-width="5"') +
      C(400, 470, 18, "k") +
      P("M300 400Q330 360 380 350", "b", 'opacity=".45" stroke-width="5"'),
  },

  mask: {
    focus: [360, 360],
    draw: () =>
      shadow(420, 680, 200) +
      P("M330 470Q300 580 250 660H640Q600 560 560 470Z", "d") +
      P("M300 570Q330 600 400 610M360 500Q380 580 380 660", "x") +
      P("M340 290C340 190 600 180 610 300C620 420 560 480 470 490C420 494 370 470 350 430Z", "d") +
      P("M470 300C520 300 570 330 590 380", "x") +
      P("M420 230C460 260 500 320 490 480", "x") +
      P("M420 395C330 420 240 480 170 585C260 540 340 500 420 470Z", "d") +
      P("M420 395C330 420 240 480 170 585C260 540 340 500 420 470Z", "h") +
      P("M380 420L392 450M340 440L352 468M300 464L314 492M262 494L276 518M226 528L240 548", "t") +
      E(412, 415, 6, 3, "hole") +
      C(395, 345, 42, "d", 'stroke-width="7"') +
      C(395, 345, 32, "", 'fill="#1a0609"') +
      C(395, 345, 26, "r", 'filter="url(#gl)"') +
      P("M380 330A18 18 0 0 1 398 322", "b", 'opacity=".8"') +
      P("M437 345Q520 340 600 360", "o", 'stroke-width="6"') +
      P("M250 250Q420 215 660 240Q700 250 650 262Q420 245 260 272Q215 268 250 250Z", "d") +
      P("M360 248C360 150 380 120 460 118C540 118 550 150 550 244Z", "d") +
      P("M362 218Q455 205 548 214", "rl", 'stroke-width="8"'),
  },

  chalice: {
    focus: [400, 300],
    draw: () =>
      shadow(400, 620, 180) +
      sym(
        P("M270 200C270 300 320 380 392 392V440H400", "d", 'stroke-width="4"') +
          P("M365 470C365 520 330 570 270 590H400", "d") +
          P("M392 440C370 440 362 452 362 462C362 472 370 480 392 482", "d"),
      ) +
      P("M272 210C272 300 322 382 400 392C478 382 528 300 528 210Z", "h") +
      P("M270 200C270 300 320 380 392 392V440M408 440V392C480 380 530 300 530 200", "o") +
      E(400, 200, 130, 26, "d") +
      E(400, 204, 118, 20, "r") +
      P("M300 205Q340 195 380 200", "b", 'opacity=".5"') +
      P("M282 260Q400 286 518 260M292 320Q400 342 508 320", "t") +
      around(5, (i) => closedEye(316 + i * 42, 288 + Math.abs(i - 2) * -3, 13)) +
      E(400, 440, 30, 14, "d") +
      C(400, 460, 20, "d") +
      C(400, 460, 9, "r") +
      P("M270 590Q400 620 530 590", "o") +
      P("M290 600L300 620H500L510 600", "x") +
      around(7, (i) => C(310 + i * 30, 580 - Math.sin((i / 6) * Math.PI) * 6, 3.5, "e")),
  },

  dagger: {
    focus: [350, 450],
    draw: () =>
      shadow(430, 640, 220, 20) +
      G(
        P("M386 430L400 130L414 430Z", "d") +
          P("M400 160V420", "t") +
          P("M390 300L400 240", "b", 'opacity=".6"') +
          P(
            "M320 446C300 446 296 424 316 420C340 416 360 440 400 436C440 440 460 416 484 420C504 424 500 446 480 446Z",
            "d",
          ) +
          C(400, 440, 10, "r") +
          P("M384 452H416L420 600Q400 612 380 600Z", "bd") +
          [480, 510, 540, 570].map((y) => P(`M380 ${y}Q400 ${y + 8} 420 ${y}`, "b", 'stroke-width="2"')).join("") +
          P("M388 470Q386 530 390 590", "x") +
          C(400, 622, 20, "d") +
          C(400, 622, 9, "r") +
          C(400, 648, 6, "k"),
        "translate(400 400) rotate(38) scale(1.3) translate(-400 -390)",
      ),
  },

  orrery: {
    focus: [400, 360],
    zoom: 1.3,
    draw: () => {
      const tilt = "rotate(-14 400 340)";
      const orbits = [95, 145, 195, 245].map((rx) => E(400, 340, rx, rx * 0.3, "t", 'stroke-width="1.8"')).join("");
      const planets = [
        [95, 20, 9, "k"],
        [145, 160, 12, "d"],
        [195, 250, 15, "k"],
        [245, 80, 11, "r"],
        [245, 300, 8, "w"],
      ]
        .map(([rx, deg, r, c]) => {
          const t = (deg * Math.PI) / 180;
          return C(400 + rx * Math.cos(t), 340 + rx * 0.3 * Math.sin(t), r, c, c === "d" ? 'stroke-width="3"' : "");
        })
        .join("");
      return (
        shadow(400, 650, 170) +
        P("M400 390V600", "o", 'stroke-width="10"') +
        P("M400 390V600", "dk", 'stroke="#130c0e" stroke-width="4"') +
        sym(P("M400 600C430 600 480 610 520 650", "o", 'stroke-width="6"') + C(522, 652, 8, "k")) +
        E(400, 520, 30, 10, "d") +
        C(400, 340, 262, "x") +
        E(400, 340, 262, 70, "x", 'transform="rotate(60 400 340)"') +
        G(orbits + planets, tilt) +
        P(spikes(400, 340, 62, 36, 12), "k") +
        C(400, 340, 34, "e") +
        C(400, 340, 22, "kb") +
        C(400, 340, 34, "o", 'stroke-width="2"')
      );
    },
  },

  vial: {
    focus: [400, 330],
    draw: () =>
      shadow(400, 620, 150) +
      P(
        "M372 265V330C300 360 285 430 290 480C296 560 340 600 400 600C460 600 504 560 510 480C515 430 500 360 428 330V265Z",
        "g",
      ) +
      P(
        "M296 440C300 420 340 410 400 420C460 430 500 420 505 440C512 520 480 594 400 594C320 594 288 520 296 440Z",
        "",
        'fill="#0a0b1e" opacity=".95"',
      ) +
      E(400, 425, 104, 12, "t", 'stroke-width="1.5"') +
      around(9, (i) => C(330 + ((i * 53) % 140), 460 + ((i * 37) % 110), 2 + (i % 3), "kb")) +
      sparkle(445, 505, 11, "kb") +
      P("M320 400C312 440 314 500 340 540", "b", 'opacity=".4"') +
      E(400, 262, 40, 10, "d", 'stroke-width="3"') +
      P("M376 262V210Q400 200 424 210V262", "h") +
      P("M376 262V210Q400 200 424 210V262", "o", 'stroke-width="3"') +
      P("M372 215Q400 230 428 215Q432 245 420 250Q400 258 380 250Q368 245 372 215Z", "r") +
      P("M428 300Q480 310 500 350L520 400", "x") +
      P("M505 390L540 390L545 440L500 440Z", "bd") +
      C(522, 415, 7, "r"),
  },

  grimoire: {
    focus: [390, 360],
    draw: () =>
      shadow(410, 640, 220) +
      P("M520 190L566 214V612L520 594Z", "bd") +
      P("M528 205V596M536 209V600M544 213V604M552 217V608M560 221V610", "b", 'stroke-width="1.2"') +
      R(250, 190, 272, 406, "r", 10, 'stroke-width="4"') +
      R(250, 190, 272, 406, "o", 10) +
      R(272, 212, 228, 362, "t", 4) +
      P("M272 212L310 212L272 250ZM500 212L462 212L500 250ZM272 574L310 574L272 536ZM500 574L462 574L500 536Z", "k") +
      C(386, 392, 74, "t") +
      C(386, 392, 62, "x") +
      P(star(386, 392, 62, 7, 3), "o", 'stroke-width="3"') +
      C(386, 392, 12, "e") +
      P("M272 300H250M272 480H250", "x") +
      P("M500 360H566V420H500Z", "d", 'stroke-width="3"') +
      C(520, 390, 9, "k") +
      P("M420 596L416 680L432 664L446 682L440 596", "e"),
  },

  crystal: {
    focus: [400, 340],
    draw: () => {
      const point = (s) =>
        P("M-55 0V-300L0-390L55-300V0Z", "g", 'stroke-width="3"') +
        P("M-20-290L0-390M20-290L0-390M-55-300L-20-290H20L55-300M-20-290V0M20-290V0", "t", 'stroke-width="1.6"') +
        P("M-50-20L-40-280", "b", `opacity="${s}"`);
      return (
        shadow(400, 610, 230) +
        G(point(0.3), "translate(300 590) rotate(-24) scale(.6)") +
        G(point(0.3), "translate(505 590) rotate(20) scale(.7)") +
        G(point(0.55), "translate(400 580)") +
        P("M400 190L345 280L400 260L455 280Z", "", 'fill="#eadfc8" opacity=".18"') +
        P("M240 600C250 560 300 540 330 560C360 530 450 530 480 560C520 540 570 560 570 600Z", "d") +
        P("M280 580Q300 570 320 585M430 570Q460 560 500 580", "x") +
        sparkle(400, 190, 30, "kb") +
        sparkle(520, 300, 12, "kb") +
        sparkle(280, 360, 9, "kb")
      );
    },
  },

  bell: {
    focus: [400, 330],
    draw: () =>
      shadow(400, 620, 170) +
      P(
        "M290 520C312 500 320 440 324 380C330 300 356 270 400 270C444 270 470 300 476 380C480 440 488 500 510 520Z",
        "d",
      ) +
      P("M330 380Q400 396 470 380M322 440Q400 456 478 440", "t") +
      around(6, (i) => C(340 + i * 24, 415 + Math.sin((i / 5) * Math.PI) * 5, 3, "e")) +
      P("M350 300Q340 340 340 420", "b", 'opacity=".4" stroke-width="5"') +
      E(400, 522, 112, 18, "d") +
      P("M400 530V560", "b") +
      C(400, 568, 14, "bd") +
      P(
        "M384 270C384 250 378 240 384 226C390 214 380 196 388 180H412C420 196 410 214 416 226C422 240 416 250 416 270Z",
        "bd",
      ) +
      P("M384 226H416M388 196H412", "b", 'stroke-width="2"') +
      C(400, 168, 14, "bd") +
      G(
        P("M250 360Q230 400 250 440M215 340Q185 400 215 460M550 360Q570 400 550 440M585 340Q615 400 585 460", "el"),
        "",
        'opacity=".7"',
      ),
  },

  cabinet: {
    focus: [400, 420],
    draw: () => {
      const drawer = (x, y, w, h) =>
        R(x, y, w, h, "d", 3, 'stroke-width="3"') +
        R(x + w / 2 - 22, y + 12, 44, 20, "x", 2) +
        C(x + w / 2, y + h - 16, 6, "k");
      let drawers = "";
      for (let r = 0; r < 3; r++) for (let c = 0; c < 2; c++) drawers += drawer(278 + c * 124, 238 + r * 94, 116, 82);
      return (
        shadow(400, 640, 220) +
        P("M240 200H560L576 180H224Z", "d") +
        P("M256 180Q400 110 544 180", "o") +
        C(400, 140, 12, "r") +
        R(250, 200, 300, 412, "d") +
        R(250, 200, 300, 412, "h") +
        R(266, 222, 268, 374, "dk") +
        drawers +
        drawer(278, 520, 240, 70) +
        P("M290 530L510 580M290 580L510 530", "x", 'stroke-width="3"') +
        P(blob(398, 555, 22, 0.08, 3), "r") +
        C(398, 555, 10, "rl", 'stroke-width="2"') +
        P("M240 612H560V630H240Z", "d") +
        sym(P("M262 630V662H292V630", "d", 'stroke-width="3"')) +
        R(402, 332, 116, 82, "hole") +
        P("M402 332H518L528 356H392Z", "d", 'stroke-width="2"') +
        P("M402 332H518L528 356H392Z", "h") +
        C(440, 346, 9, "r") +
        P("M470 350l14-12l10 10", "b", 'stroke-width="2"') +
        drawer(392, 356, 136, 86)
      );
    },
  },

  ring: {
    focus: [400, 360],
    draw: () => {
      const scales = around(
        28,
        (_, a) => {
          const [x, y] = pol(400, 400, 165, a);
          return P(
            `M${n(x - 9)} ${n(y - 6)}Q${n(x)} ${n(y + 8)} ${n(x + 9)} ${n(y - 6)}`,
            "t",
            `transform="rotate(${n(a)} ${n(x)} ${n(y)})"`,
          );
        },
        40,
      );
      return (
        shadow(400, 640, 200) +
        E(400, 420, 205, 190, "x") +
        C(400, 400, 165, "", 'fill="none" stroke="#000" stroke-width="66" opacity=".4"') +
        C(400, 400, 165, "o", 'stroke-width="58"') +
        C(400, 400, 165, "", 'fill="none" stroke="#1a1012" stroke-width="50"') +
        C(400, 400, 165, "h", 'fill="none" stroke="url(#h)" stroke-width="50"') +
        scales +
        C(400, 400, 136, "t") +
        C(400, 400, 194, "t") +
        G(
          P("M-40 -10C-60 -40-10-70 40-60C80-50 110-30 112 0C110 30 80 48 40 56C-10 66-60 40-40 10Z", "d") +
            P("M-40-10L-80-16M-40 10L-80 16", "rl", 'stroke-width="3"') +
            P("M-44 -8L-36-14L-28-6M-44 8L-36 14L-28 6", "w") +
            C(30, -24, 10, "r") +
            C(30, -24, 3, "k") +
            P("M10 20Q50 30 90 8M50-40Q80-30 100-6", "x"),
          "translate(470 248) rotate(-35)",
        ) +
        P("M350 226Q400 232 436 264Q398 250 352 254Z", "d", 'stroke-width="3"') +
        C(400, 400, 116, "", 'fill="none" stroke="#ffffff" stroke-opacity=".05" stroke-width="20"')
      );
    },
  },

  lantern: {
    focus: [400, 380],
    draw: () =>
      shadow(400, 640, 180) +
      P("M360 170A40 40 0 0 1 440 170", "o", 'stroke-width="7"') +
      C(400, 200, 14, "d") +
      P("M320 270L350 220H450L480 270Z", "d") +
      P("M310 270H490V290H310Z", "d") +
      P("M326 290H474V540H326Z", "", 'fill="#3a2050" opacity=".55"') +
      C(400, 440, 70, "", 'fill="url(#halo)"') +
      P("M386 560V510H414V560Z", "bd") +
      flame(400, 508, 78) +
      sym(P("M326 290V540", "o", 'stroke-width="8"') + P("M364 290V540", "o", 'stroke-width="3"')) +
      P("M326 330H474M326 500H474", "t") +
      P("M300 540H500L480 580H320Z", "d") +
      P("M320 580H480V600H320Z", "d") +
      P("M340 300L340 520", "b", 'opacity=".3" stroke-width="6"') +
      sym(C(318, 270, 6, "k")),
  },

  owl: {
    focus: [400, 320],
    draw: () =>
      shadow(400, 650, 210) +
      P("M220 610Q400 590 590 615", "o", 'stroke-width="18"') +
      P("M220 610Q400 590 590 615", "h", 'stroke="url(#h)" stroke-width="14"') +
      P("M560 612Q600 580 620 590", "o", 'stroke-width="6"') +
      sym(
        P("M400 200C330 200 290 250 292 320C294 380 300 430 310 480C320 540 350 590 400 600", "d") +
          P("M310 380C280 440 290 540 330 600", "d") +
          P("M310 420Q300 480 325 560M318 400Q320 470 340 540", "x") +
          P("M372 596L366 614M384 598L382 616", "o", 'stroke-width="3"'),
      ) +
      P("M310 380Q300 440 318 500Q400 600 482 500Q500 440 490 380Z", "d", 'stroke-width="0"') +
      around(12, (i) => C(346 + (i % 4) * 36 + (Math.floor(i / 4) % 2) * 18, 440 + Math.floor(i / 4) * 40, 4, "k")) +
      P(
        "M400 262C360 220 300 232 300 296C300 352 352 392 400 410C448 392 500 352 500 296C500 232 440 220 400 262Z",
        "bd",
      ) +
      P(
        "M400 262C360 220 300 232 300 296C300 352 352 392 400 410C448 392 500 352 500 296C500 232 440 220 400 262Z",
        "h",
      ) +
      sym(P("M400 268C372 250 322 258 320 300C318 336 360 370 400 392", "b", 'stroke-width="2"')) +
      sym(C(355, 310, 28, "hole") + C(355, 310, 18, "", 'fill="#b7c4d6" filter="url(#gl)"') + C(349, 304, 5, "w")) +
      P("M390 340L400 372L410 340Q400 332 390 340Z", "k"),
  },

  rose: {
    focus: [400, 330],
    draw: () =>
      shadow(400, 640, 200) +
      P("M240 600H560L580 640H220Z", "d") +
      E(400, 600, 160, 18, "d") +
      P("M252 598V290C252 170 548 170 548 290V598", "g") +
      C(400, 190, 14, "d") +
      P("M276 560V300C276 240 310 210 340 198", "b", 'opacity=".3" stroke-width="6"') +
      P("M400 590C392 520 410 460 400 380", "o", 'stroke-width="5"') +
      P(
        "M396 500C350 490 330 460 330 440C370 440 390 470 396 500ZM404 450C440 440 470 420 476 396C440 396 414 420 404 450Z",
        "d",
        'stroke-width="3"',
      ) +
      P("M396 500Q360 470 330 440M404 450Q440 420 476 396", "x") +
      P("M398 560l-10-6M402 520l10-4M398 420l-9-4", "o", 'stroke-width="3"') +
      G(
        P(
          "M340 320C330 380 370 400 400 400C430 400 470 380 460 320C440 336 420 330 400 316C380 330 360 336 340 320Z",
          "r",
          'fill="#2a070b"',
        ) +
          P(
            "M344 300C330 330 360 350 400 350C440 350 470 330 456 300C440 320 420 318 400 306C380 318 360 320 344 300Z",
            "r",
            'fill="#3a0a10"',
          ) +
          P("M360 290C370 260 430 260 440 290C430 306 370 306 360 290Z", "r", 'fill="#1e0508"') +
          P("M385 288Q400 270 415 285Q400 296 392 286", "rl", 'stroke-width="2"') +
          P("M350 360Q400 380 450 360", "rl", 'stroke-width="2"'),
      ) +
      P("M460 590Q480 575 500 586Q486 600 460 590Z", "r", 'fill="#2a070b"'),
  },

  dice: {
    focus: [400, 420],
    draw: () => {
      const pipsets = {
        1: [[0.5, 0.5]],
        2: [
          [0.27, 0.27],
          [0.73, 0.73],
        ],
        3: [
          [0.25, 0.25],
          [0.5, 0.5],
          [0.75, 0.75],
        ],
        4: [
          [0.27, 0.27],
          [0.73, 0.27],
          [0.27, 0.73],
          [0.73, 0.73],
        ],
        5: [
          [0.25, 0.25],
          [0.75, 0.25],
          [0.5, 0.5],
          [0.25, 0.75],
          [0.75, 0.75],
        ],
        6: [
          [0.27, 0.22],
          [0.73, 0.22],
          [0.27, 0.5],
          [0.73, 0.5],
          [0.27, 0.78],
          [0.73, 0.78],
        ],
      };
      const pips = (k, red) => pipsets[k].map(([x, y]) => C(x, y, 0.085, red && k === 1 ? "rr" : "hole")).join("");
      const die = (x, y, s, [top, left, right]) => {
        const h = s * 0.5;
        const T = [x, y - s];
        const Lp = [x - s * 0.87, y - h];
        const Rp = [x + s * 0.87, y - h];
        const B = [x, y + s];
        const Cc = [x, y];
        return (
          P(poly([T, Rp, Cc, Lp]), "bd") +
          P(poly([Lp, Cc, B, [x - s * 0.87, y + h]]), "bd") +
          P(poly([Cc, Rp, [x + s * 0.87, y + h], B]), "bd") +
          P(poly([Cc, Rp, [x + s * 0.87, y + h], B]), "h") +
          face(Lp, [s * 0.87, -h], [s * 0.87, h], pips(top, true)) +
          face(Lp, [s * 0.87, h], [0, s], pips(left, true)) +
          face(Cc, [s * 0.87, -h], [0, s], pips(right, true))
        );
      };
      return (
        shadow(400, 590, 240) +
        die(300, 470, 120, [1, 3, 2]) +
        G(die(0, 0, 100, [5, 4, 6]), "translate(505 395) rotate(14)") +
        P("M240 620Q260 610 280 615", "x")
      );
    },
  },

  map: {
    focus: [400, 400],
    draw: () => {
      const r = rng("map");
      const coast = [];
      for (let i = 0; i <= 24; i++) {
        const y = 240 + i * 13;
        coast.push([310 + Math.sin(i * 0.7) * 34 + r() * 22 + (i > 12 ? (i - 12) * 6 : 0), y]);
      }
      return (
        shadow(400, 620, 260) +
        P("M200 230H600V570H200Z", "", 'fill="#2a1c14"') +
        P("M200 230H600V570H200Z", "b") +
        P(`${poly(coast, false)}L200 552V248Z`, "h") +
        P(poly(coast, false), "b") +
        P("M470 300l14-24l14 24M500 310l14-24l14 24M440 340l12-20l12 20", "t") +
        P(
          "M360 500C400 460 430 420 420 380C410 340 460 330 500 360",
          "rl",
          'stroke-dasharray="2 10" stroke-width="4"',
        ) +
        P("M492 352L512 372M512 352L492 372", "rl", 'stroke-width="5"') +
        G(
          P(spikes(0, 0, 50, 12, 4), "k") + P(spikes(0, 0, 32, 8, 4, 45), "t") + C(0, 0, 36, "x") + C(0, 0, 5, "r"),
          "translate(530 490) rotate(28)",
        ) +
        P("M250 300q10-10 20 0t20 0M240 420q10-10 20 0t20 0", "x") +
        sym(
          R(170, 220, 34, 360, "d", 16) +
            P("M175 232V568", "x") +
            E(187, 222, 17, 6, "d", 'stroke-width="3"') +
            C(187, 222, 4, "k"),
        )
      );
    },
  },

  crown: {
    focus: [400, 380],
    draw: () => {
      const spike = (x, y, h, c, w = 12) =>
        P(`M${n(x - w)} ${n(y)}L${n(x)} ${n(y - h)}L${n(x + w)} ${n(y)}Z`, c, 'stroke-width="3"') +
        P(
          `M${n(x)} ${n(y - h * 0.45)}l-14-12M${n(x)} ${n(y - h * 0.7)}l12-10`,
          c === "bd" ? "b" : "x",
          'stroke-width="2.5"',
        );
      const at = (deg) => {
        const t = (deg * Math.PI) / 180;
        return [400 + 220 * Math.cos(t), 480 + 60 * Math.sin(t)];
      };
      const back = [200, 230, 260, 290, 320, 340]
        .map((d) => {
          const [x, y] = at(d);
          return spike(x, y - 16, 110, "bd", 9);
        })
        .join("");
      const front = [10, 35, 60, 90, 120, 145, 170]
        .map((d) => {
          const [x, y] = at(d);
          return spike(x, y - 20, d === 90 ? 230 : 170 - Math.abs(90 - d) * 0.8, "bd", d === 90 ? 16 : 12);
        })
        .join("");
      return G(
        shadow(400, 590, 240) +
          G(back, "", 'opacity=".5"') +
          E(400, 462, 220, 60, "b", 'stroke-width="6"') +
          P("M180 470A220 60 0 0 0 620 470V500A220 60 0 0 1 180 500Z", "bd") +
          P("M180 470A220 60 0 0 0 620 470V500A220 60 0 0 1 180 500Z", "h") +
          front +
          P("M184 486A216 58 0 0 0 616 486", "t") +
          [60, 90, 120].map((d) => C(...at(d), d === 90 ? 14 : 9, "r")).join("") +
          C(400, 290, 10, "e"),
        "translate(400 410) scale(1.2) translate(-400 -440)",
      );
    },
  },

  watch: {
    focus: [400, 420],
    draw: () =>
      shadow(400, 640, 190) +
      P("M400 190C300 180 220 120 150 150", "o", 'stroke-width="6" stroke-dasharray="10 6"') +
      C(400, 186, 26, "o", 'stroke-width="8"') +
      R(382, 206, 36, 30, "d", 6) +
      R(390, 236, 20, 14, "d", 3, 'stroke-width="3"') +
      C(400, 430, 186, "d", 'stroke-width="6"') +
      beads(400, 430, 172, 48, 3) +
      C(400, 430, 160, "o", 'stroke-width="3"') +
      C(400, 430, 152, "", 'fill="#eadfc8" opacity=".08"') +
      tickRing(400, 430, 140, 148, 60, "x", 1.5) +
      tickRing(400, 430, 122, 148, 12, "o", 5) +
      around(12, (_, a) => C(...pol(400, 430, 108, a), 4, "k")) +
      C(400, 430, 86, "x") +
      C(400, 500, 30, "t") +
      tickRing(400, 500, 22, 30, 12, "x", 1.5) +
      P(spikes(400, 400, 40, 8, 4), "t") +
      C(400, 430, 8, "r") +
      P("M290 360A130 130 0 0 1 360 300", "b", 'opacity=".45" stroke-width="6"'),
  },

  quill: {
    focus: [400, 380],
    draw: () =>
      shadow(330, 650, 170) +
      P(
        "M220 600C220 560 260 548 300 548C340 548 380 560 380 600C380 630 340 640 300 640C260 640 220 630 220 600Z",
        "d",
      ) +
      E(300, 548, 40, 12, "d", 'stroke-width="3"') +
      E(300, 548, 28, 7, "hole") +
      P("M250 590Q300 610 350 590", "x") +
      G(
        P(
          "M400 560C360 500 330 400 344 300C356 220 380 160 410 120C420 200 460 260 462 340C464 420 440 500 404 560Z",
          "d",
        ) +
          P(
            "M400 560C360 500 330 400 344 300C356 220 380 160 410 120C420 200 460 260 462 340C464 420 440 500 404 560Z",
            "h",
          ) +
          around(14, (i) => {
            const y = 180 + i * 26;
            return P(
              `M${n(402 - i * 0.4)} ${y}L${n(350 + Math.abs(7 - i) * 2)} ${y - 40}M${n(402 - i * 0.4)} ${y}L${n(455 - Math.abs(6 - i) * 2)} ${y - 34}`,
              "x",
            );
          }) +
          P("M350 420L372 414M452 300L432 306", "dk", 'stroke="#0b0709" stroke-width="6"') +
          P("M410 120C404 260 400 420 402 700", "b") +
          P("M396 640L402 720L408 640Z", "k"),
        "translate(0 -40) rotate(24 400 560)",
      ),
  },

  jar: {
    focus: [400, 400],
    draw: () =>
      shadow(400, 640, 180) +
      P(
        "M340 250H460V290C530 300 540 340 540 380V560C540 600 500 620 400 620C300 620 260 600 260 560V380C260 340 270 300 340 290Z",
        "g",
      ) +
      G(
        P("M280 500C300 450 360 470 380 430C400 380 470 400 500 360", "b", 'stroke-width="22"') +
          P("M290 570C330 520 420 560 460 500C480 470 510 480 520 450", "b", 'stroke-width="26"') +
          P("M300 400C330 380 350 410 390 390", "b", 'stroke-width="16"'),
        "",
        'opacity=".45" filter="url(#soft)"',
      ) +
      P(
        "M300 470C330 440 360 480 400 450S470 440 500 420M290 540C330 510 390 550 430 520S500 500 520 480M310 410C340 390 360 420 400 400",
        "b",
        'opacity=".8" stroke-width="2.5"',
      ) +
      P("M284 360C276 420 278 520 300 580", "b", 'opacity=".35" stroke-width="6"') +
      P("M348 196H452L460 252H340Z", "d") +
      P("M348 196H452L460 252H340Z", "h") +
      P("M336 276Q400 290 464 276", "el", 'stroke-width="4"') +
      P("M336 268Q400 282 464 268", "el", 'stroke-width="4"') +
      P("M464 276Q500 300 496 340", "x") +
      P("M480 330L520 330L516 380L484 380Z", "bd") +
      C(500, 355, 6, "r"),
  },

  coins: {
    focus: [360, 420],
    draw: () => {
      const coin = (x, y, r, inner) =>
        P(blob(x, y + 10, r, 0.02, 3), "", 'fill="#000" opacity=".6"') +
        P(blob(x, y, r, 0.025, r), "d", 'stroke-width="5"') +
        C(x, y, r * 0.84, "t") +
        beads(x, y, r * 0.92, 36, 2.5) +
        inner;
      return (
        shadow(400, 620, 240) +
        G(
          coin(0, 0, 120, P(spikes(0, 0, 40, 14, 6), "k") + C(0, 0, 74, "x") + tickRing(0, 0, 50, 74, 24, "x", 1.5)),
          "translate(520 330) scale(1 .55) rotate(-20)",
        ) +
        coin(
          350,
          440,
          150,
          P("M412 336L318 506", "o") +
            P("M352 334C334 340 330 380 322 470H382C374 380 370 340 352 334Z", "bd") +
            E(346, 362, 7, 11, "hole") +
            P("M262 468Q350 516 438 468L428 486Q350 528 272 486Z", "k") +
            P("M262 468q-14-12-2-26M438 468q14-12 2-26", "o", 'stroke-width="3"') +
            P("M290 500Q320 490 350 500T410 500", "t") +
            P("M300 380a18 18 0 1 0 20-20a14 14 0 1 1-20 20Z", "w"),
        ) +
        P("M250 360A120 120 0 0 1 320 310", "b", 'opacity=".4" stroke-width="6"')
      );
    },
  },

  brooch: {
    focus: [400, 400],
    draw: () =>
      shadow(400, 680, 170) +
      P("M400 190L330 140Q310 180 350 196L330 250L380 210ZM400 190L470 140Q490 180 450 196L470 250L420 210Z", "r") +
      C(400, 196, 16, "k") +
      around(20, (_, a) => C(...pol(0, 0, 1, a), 0.055, "k", `transform="translate(400 420) scale(168 206)"`)) +
      E(400, 420, 158, 196, "d", 'stroke-width="6"') +
      E(400, 420, 142, 180, "t") +
      E(400, 400, 118, 140, "", 'fill="#050304"') +
      E(400, 400, 118, 140, "o", 'stroke-width="3"') +
      P("M400 510C396 470 404 420 396 360C392 330 400 310 400 300", "b", 'stroke-width="5"') +
      P("M360 520Q400 505 440 520", "b") +
      sym(
        P(
          "M398 320C360 300 330 320 320 380M398 320C370 330 345 350 338 420M400 340C380 350 366 380 362 450M398 300C350 280 310 300 300 350",
          "b",
          'stroke-width="2"',
        ) + P("M320 380l-4 24M338 420l-3 26M362 450l-2 24M300 350l-6 22", "b", 'stroke-width="1.5"'),
      ) +
      P("M350 420Q340 380 300 380", "x") +
      E(400, 572, 34, 26, "g") +
      P("M384 578C380 560 410 556 414 570C418 584 396 590 392 578", "el", 'stroke-width="3"') +
      C(400, 630, 12, "r"),
  },

  box: {
    focus: [400, 380],
    draw: () =>
      shadow(420, 620, 240) +
      box3(230, 360, 280, 220, 80, 60) +
      P("M230 360l80-60h280l-80 60Z", "h") +
      P("M510 360l80-60v220l-80 60Z", "h") +
      P("M230 400H510l80-60", "o", 'stroke-width="3"') +
      P("M356 360V580H384V360ZM356 360L436 300H464L384 360Z", "r") +
      P("M258.8 338.4L281.2 321.6H561.2L538.8 338.4ZM538.8 338.4L561.2 321.6V541.6L538.8 558.4Z", "r") +
      P("M404 330L376 378L390 372L394 386L414 334ZM416 330L450 374L434 371L430 384L408 334Z", "r") +
      P("M410 326C366 276 316 290 338 322C350 340 390 336 410 326Z", "r", 'stroke-width="3"') +
      P("M410 326C454 276 504 290 482 322C470 340 430 336 410 326Z", "r", 'stroke-width="3"') +
      P("M410 326C380 300 354 300 352 316M410 326C440 300 466 300 468 316", "rl", 'stroke-width="2" opacity=".7"') +
      E(410, 328, 14, 10, "r", 'stroke-width="3"') +
      C(370, 474, 32, "r", 'stroke-width="3"') +
      houseSigil(370, 474, 23, "t", "t") +
      sym(P("M244 372l18 0M244 566l18 0", "k"), 370) +
      P("M244 580H230V566M496 580H510V566", "k"),
  },
};

// ---------------------------------------------------------------------------------------------
// The ten shop products
// ---------------------------------------------------------------------------------------------

/** A closed chest in three-quarter view with a banded lid; `front` is drawn at its centre. */
const chest = (front = "", faceClass = "d") =>
  shadow(420, 630, 250) +
  box3(230, 410, 280, 190, 80, 60, faceClass, "d", faceClass) +
  P("M510 410l80-60v190l-80 60Z", "h") +
  box3(222, 350, 296, 60, 84, 62, faceClass, "d", faceClass) +
  P("M222 350l84-62h296l-84 62Z", "h") +
  sym(P("M262 350V600M262 410", "o", 'stroke-width="3"'), 370) +
  P("M222 410H518", "t") +
  R(350, 392, 40, 44, "d", 4, 'stroke-width="3"') +
  C(370, 408, 6, "hole") +
  P("M370 410V424", "dk", 'stroke="#050304" stroke-width="4"') +
  G(front, "translate(370 510)");

const SHOP = {
  "reliquary-box": () =>
    shadow(400, 630, 240) +
    R(250, 380, 300, 220, "d") +
    R(250, 380, 300, 220, "h") +
    P("M230 380L400 230L570 380Z", "d") +
    P("M262 370L400 250L538 370", "t") +
    R(230, 380, 340, 20, "d", 0, 'stroke-width="3"') +
    R(230, 600, 340, 20, "d", 0, 'stroke-width="3"') +
    [290, 360, 440, 510]
      .map(
        (x) =>
          P(`M${x - 22} 570V460Q${x - 22} 430 ${x} 420Q${x + 22} 430 ${x + 22} 460V570Z`, "d", 'stroke-width="3"') +
          C(x, 500, 8, "r"),
      )
      .join("") +
    P("M400 230V170M380 190H420", "o", 'stroke-width="8"') +
    C(400, 190, 8, "r") +
    sym(P("M230 380V340M222 340h16", "o", 'stroke-width="5"') + sym(C(248, 630, 10, "d"))) +
    around(5, (i) => C(300 + i * 50, 390, 4, "e")),

  "crimson-ledger-box": () =>
    chest(houseSigil(0, 0, 40), "r") +
    box3(276, 344, 220, 24, 64, 48, "bd", "r", "bd") +
    P("M280 350H492M280 356H492M280 362H492", "b", 'stroke-width="1"') +
    P("M446 344l64-48", "o", 'stroke-width="8"') +
    P("M446 344v24", "o", 'stroke-width="8"') +
    P("M300 334l50-38", "t") +
    P("M320 368l-3 40l11-10l10 12l-1-42", "e"),

  "obsidian-cabinet-box": () =>
    shadow(400, 650, 220) +
    P("M260 180H540L556 160H244Z", "d") +
    P("M272 160Q400 90 528 160", "o") +
    R(260, 180, 280, 430, "d") +
    R(278, 198, 118, 394, "d", 4, 'stroke-width="3"') +
    R(404, 198, 118, 394, "d", 4, 'stroke-width="3"') +
    R(278, 198, 118, 394, "h", 4) +
    P("M404 198L470 170V620L404 592", "d", 'stroke-width="3"') +
    P("M296 216H378V574H296Z", "x") +
    openEye(337, 330, 30) +
    C(382, 400, 7, "k") +
    C(418, 400, 7, "k") +
    P("M400 500C390 560 380 560 380 600M420 520C440 540 440 570 460 580", "el", 'opacity=".7"') +
    sym(P("M270 610V650H300V610", "d", 'stroke-width="3"')) +
    C(400, 122, 12, "r"),

  "midnight-apothecary-box": () =>
    shadow(420, 630, 250) +
    P("M270 350L270 220C270 200 300 200 300 220V350", "g") +
    P("M268 200H302V186H268Z", "d", 'stroke-width="3"') +
    P("M360 360V280C330 260 330 200 370 190V160H410V190C450 200 450 260 420 280V360", "g") +
    P("M364 150H416V170H364Z", "r") +
    P("M470 340V250L490 220V200H520V220L540 250V340", "g") +
    P("M488 186H522V200H488Z", "d", 'stroke-width="3"') +
    P(
      "M336 250C350 270 430 270 446 250C440 290 420 330 400 340C370 330 340 290 336 250Z",
      "",
      'fill="#0a0b1e" opacity=".9"',
    ) +
    P("M272 290H298V345H272ZM472 290H538V338H472Z", "", 'fill="#5a0f16" opacity=".85"') +
    box3(230, 380, 280, 220, 80, 60, "d", "dk", "d") +
    P("M510 380l80-60v220l-80 60Z", "h") +
    P("M230 380l80-60h280l-80 60Z", "o", 'stroke-width="4"') +
    P("M250 470H490M250 530H490", "x") +
    R(300, 420, 140, 90, "bd", 6) +
    P(star(370, 465, 30, 5, 2), "rl") +
    C(370, 465, 36, "x"),

  "seance-box": () =>
    chest(P(star(0, 0, 44, 5, 2), "o") + C(0, 0, 50, "t")) +
    G(
      P("M0-95C40-45 84-5 72 40C60 84-60 84-72 40C-84-5-40-45 0-95Z", "bd", 'stroke-width="5"') +
        C(0, 12, 26, "o") +
        C(0, 12, 20, "g") +
        C(-44, 50, 7, "k") +
        C(44, 50, 7, "k") +
        C(0, -62, 6, "k"),
      "translate(414 318) scale(1 .5) rotate(-62)",
    ) +
    sym(
      R(160, 470, 40, 140, "d") +
        P("M180 470V450", "b") +
        flame(180, 450, 60) +
        E(180, 612, 44, 10, "d", 'stroke-width="3"'),
      420,
    ),

  "gilded-bones-box": () =>
    chest(bones(0, 0, 58) + skull(0, -6, 40)) +
    G(bones(0, 0, 40), "translate(420 300) scale(1 .55)") +
    around(6, (i) => C(240 + i * 50, 356 - (i % 2) * 4, 4, "kb")),

  "ravens-cache": () =>
    chest(P(star(0, 0, 34, 4, 1, 45), "o") + C(0, 0, 10, "r")) +
    G(
      P(
        "M-112-118L-78-136C-70-162-30-166-15-140C10-120 40-100 70-70L150-12L138 4L60-18C30 0-10 5-40-20C-60-40-70-80-75-104Z",
        "d",
      ) +
        P("M-30-112C20-100 60-70 104-30C60-40 10-40-22-64", "o", 'stroke-width="3"') +
        P("M10-84L60-50M30-96L84-56M-112-118L-76-118", "x") +
        C(-52, -138, 5, "r") +
        P("M-22-12L-26 12M2-8V14M-36 14H-14M-10 16H12", "o", 'stroke-width="4"'),
      "translate(405 312)",
    ) +
    G(C(0, 0, 26, "d") + C(0, 0, 18, "t") + C(0, 0, 5, "k"), "translate(610 600) scale(1 .5)") +
    G(C(0, 0, 26, "d") + C(0, 0, 18, "t"), "translate(200 620) scale(1 .5)") +
    G(
      C(0, 0, 16, "o", 'stroke-width="5"') + P("M16 0H80V14M66 0V12", "o", 'stroke-width="5"'),
      "translate(556 636) rotate(-12)",
    ),

  "wax-seal-mystery": () =>
    shadow(400, 620, 260) +
    G(
      R(-230, -150, 460, 300, "bd", 6, 'stroke-width="4"') +
        P("M-230-150L0 30L230-150", "b") +
        P("M-230 150L-40 10M230 150L40 10", "b", 'stroke-width="2"') +
        P("M-210 130H210", "x"),
      "translate(400 410) rotate(-6)",
    ) +
    P(blob(400, 430, 72, 0.08, 4), "", 'fill="#0d0708" stroke="#8c1a22" stroke-width="4"') +
    C(400, 430, 52, "o", 'stroke-width="2.5"') +
    houseSigil(400, 430, 42, "o", "rl") +
    P("M360 500L340 570L362 560L372 584L392 510", "r") +
    P("M440 500L460 570L438 560L428 584L408 510", "r"),

  "candle-of-unmaking": () =>
    shadow(400, 630, 180) +
    P("M290 360V590Q400 630 510 590V360", "g") +
    E(400, 360, 110, 22, "g") +
    P("M300 420Q400 450 500 420V584Q400 622 300 584Z", "d") +
    E(400, 420, 100, 18, "d", 'stroke-width="3"') +
    P("M400 420V396", "b") +
    flame(400, 398, 70) +
    C(400, 560, 14, "k", 'opacity=".7"') +
    P("M300 470Q400 500 500 470", "x") +
    P("M306 380C300 440 304 520 318 580", "b", 'opacity=".3" stroke-width="6"') +
    G(
      P(
        "M400 320C370 280 430 250 400 210C380 180 420 160 400 120M410 300C440 270 400 240 430 200",
        "b",
        'stroke-width="3"',
      ),
      "",
      'opacity=".45"',
    ) +
    houseSigil(400, 520, 34, "t", "rl"),

  "black-market-tarot": () =>
    shadow(400, 660, 200) +
    R(250, 150, 300, 480, "d", 16, 'stroke-width="5"') +
    R(270, 170, 260, 440, "x", 8) +
    R(280, 180, 240, 420, "t", 6) +
    P("M400 230L500 420H300Z", "o", 'stroke-width="5"') +
    openEye(400, 360, 40) +
    tickRing(400, 360, 70, 110, 16, "x", 2) +
    P("M330 500a34 34 0 1 0 40-40a28 28 0 1 1-40 40Z", "w") +
    sparkle(460, 500, 14, "kb") +
    sparkle(420, 540, 8, "kb") +
    P("M300 560H500", "o", 'stroke-width="3"') +
    around(4, (_, a) => C(...pol(400, 390, 190, a + 45), 6, "r")),
};

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

function write(dir, name, svg) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.svg`), `${svg}\n`);
  return Buffer.byteLength(svg) + 1;
}

let total = 0;
let count = 0;
let largest = ["", 0];
const track = (name, size) => {
  total += size;
  count++;
  if (size > largest[1]) largest = [name, size];
};

for (const [name, lot] of Object.entries(LOTS)) {
  const body = lot.draw();
  track(name, write(LOTS_DIR, name, plate({ body, theme: "gold", motif: "sigil" })));
  track(
    `${name}-2`,
    write(
      LOTS_DIR,
      `${name}-2`,
      plate({
        body,
        theme: "ember",
        motif: "stars",
        zoom: lot.zoom ?? 1.45,
        focus: lot.focus,
        seed: name,
        halo: [400, 420],
      }),
    ),
  );
  track(
    `${name}-3`,
    write(
      LOTS_DIR,
      `${name}-3`,
      plate({ body, theme: "moon", motif: "rays", zoom: 0.88, focus: [400, 380], halo: [400, 430] }),
    ),
  );
}
for (const [handle, draw] of Object.entries(SHOP)) {
  track(handle, write(SHOP_DIR, handle, plate({ body: draw(), theme: "gold", motif: "sigil", halo: [400, 420] })));
}
console.log(
  `Wrote ${count} SVGs (${(total / 1024).toFixed(1)} KB total; largest ${largest[0]}: ${(largest[1] / 1024).toFixed(1)} KB)`,
);
