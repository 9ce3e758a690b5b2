/**
 * The faces' split into `core` and `rest` (see subset-fonts.mjs), shared by the script that writes
 * the files and the test that checks them.
 */
import subsetFont from "subset-font";

/** The faces the pages use: Cinzel for titles and buttons, Cormorant Garamond for the text. */
export const FACES = [
  { family: "Cinzel", pkg: "@fontsource/cinzel", weight: 400, style: "normal" },
  { family: "Cinzel", pkg: "@fontsource/cinzel", weight: 600, style: "normal" },
  { family: "Cinzel", pkg: "@fontsource/cinzel", weight: 700, style: "normal" },
  { family: "Cormorant Garamond", pkg: "@fontsource/cormorant-garamond", weight: 400, style: "normal" },
  { family: "Cormorant Garamond", pkg: "@fontsource/cormorant-garamond", weight: 400, style: "italic" },
  { family: "Cormorant Garamond", pkg: "@fontsource/cormorant-garamond", weight: 600, style: "normal" },
].map((face) => ({
  ...face,
  slug: `${face.pkg.split("/")[1]}-${face.weight}-${face.style}`,
  source: `${face.pkg.split("/")[1]}-latin-${face.weight}-${face.style}.woff2`,
}));

/** Fontsource's latin subset, as its stylesheets declare it. */
const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

/**
 * What the pages write: ASCII (its control characters have no glyphs, but a tab or a line break
 * must not send for the rest), the no-break space, and the marks the House's words use
 * (· — – “ ” ‘ ’ … − • × ‹ › é É).
 */
const CORE_MARKS = [
  0xa0, 0xb7, 0xc9, 0xd7, 0xe9, 0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x2039, 0x203a, 0x2212,
];

function expand(ranges) {
  const points = [];
  for (const part of ranges.split(",")) {
    const [from, to = from] = part.replace("U+", "").split("-");
    for (let point = Number.parseInt(from, 16); point <= Number.parseInt(to, 16); point++) points.push(point);
  }
  return points;
}

/** Code points as a `unicode-range`, runs written as ranges. */
function toRange(points) {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const parts = [];
  const hex = (point) => point.toString(16).toUpperCase().padStart(4, "0");
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? `U+${hex(sorted[i])}` : `U+${hex(sorted[i])}-${hex(sorted[j])}`);
    i = j + 1;
  }
  return parts.join(",");
}

const latin = expand(LATIN);
const ascii = Array.from({ length: 0xa0 }, (_, i) => i);
export const CORE = [...ascii, ...CORE_MARKS].sort((a, b) => a - b);
export const REST = latin.filter((point) => !CORE.includes(point));

/**
 * Subsets every face (`read(pkg, file)` gives Fontsource's file) and writes the stylesheet that
 * declares them; answers the files by name and the stylesheet's text.
 */
export async function subsetFaces(read) {
  const files = {};
  const rules = [];
  const text = (points) => String.fromCodePoint(...points);
  for (const face of FACES) {
    const source = read(face.pkg, face.source);
    for (const [part, points] of [
      ["core", CORE],
      ["rest", REST],
    ]) {
      const name = `${face.slug}-${part}.woff2`;
      files[name] = await subsetFont(source, text(points), { targetFormat: "woff2" });
      rules.push(`@font-face {
  font-family: "${face.family}";
  font-style: ${face.style};
  font-display: swap;
  font-weight: ${face.weight};
  src: url("../assets/fonts/${name}") format("woff2");
  unicode-range: ${toRange(points)};
}`);
    }
  }
  const css = `/* Written by scripts/subset-fonts.mjs from Fontsource's latin files: do not edit by hand. Each face is
   two files, what the pages write and the rest of latin, fetched only by a page that shows it. */
${rules.join("\n")}
`;
  return { files, css };
}
