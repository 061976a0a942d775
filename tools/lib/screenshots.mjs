// What the screenshot tools share (tools/screenshot-sheets.mjs, tools/screenshot-cards.mjs): Debian's Chromium run
// headless on a page made of the real templates, a rough imitation of Foundry's frame and form controls (not Foundry's
// CSS), Font Awesome 4 glyphs standing in for the Font Awesome 6 icons, and PNGs made small with pngquant when present.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export function chromium() {
  for (const bin of ["chromium", "chromium-browser", "google-chrome"]) {
    try {
      execFileSync("which", [bin], { stdio: "ignore" });
      return bin;
    } catch {
      // try the next name
    }
  }
  throw new Error("No Chromium found: apt-get install -y chromium");
}

function has(bin) {
  try {
    execFileSync("which", [bin], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Font Awesome 6 names used by the templates → Font Awesome 4 glyphs (Debian's fonts-font-awesome), if installed. */
const FA4 = "/usr/share/fonts-font-awesome/fonts/fontawesome-webfont.woff2";
export const ICONS = {
  "dice-d10": "f1b2", dice: "f1b2", user: "f007", "graduation-cap": "f19d", khanda: "f05b", suitcase: "f0f2", book: "f02d",
  paw: "f1b0", plus: "f067", minus: "f068", trash: "f1f8", "pen-to-square": "f044", "shield-halved": "f132", "hand-fist": "f255",
  bed: "f236", thumbtack: "f08d", "triangle-exclamation": "f071", "eye-slash": "f070", eye: "f06e", briefcase: "f0b1", star: "f005",
  crosshairs: "f05b", bullseye: "f140", "heart-crack": "f21e", "rotate-left": "f0e2", "person-falling": "f063", bullhorn: "f0a1",
  comment: "f075", comments: "f086", pause: "f04c", bolt: "f0e7", "right-left": "f0ec", ban: "f05e", exclamation: "f12a",
  forward: "f04e", play: "f04b", burst: "f069", hand: "f256", "person-running": "f183", "hourglass-half": "f252", check: "f00c",
  xmark: "f00d", "user-shield": "f132", "arrow-right": "f061", users: "f0c0", "toggle-on": "f205", "toggle-off": "f204",
  // FA4 has no open book with a reader: the book stands for it. "stop" is FA4's own.
  "book-open-reader": "f02d", stop: "f04d",
};

/**
 * Signika, the face of Foundry's interface, from @fontsource/signika (a devDependency), so that what fits a line in
 * the picture fits it in Foundry; DejaVu Sans, wider, when the package is missing.
 */
const SIGNIKA = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../node_modules/@fontsource/signika/files");
export function fontCss() {
  const faces = [["400", "signika-latin-400-normal.woff2"], ["700", "signika-latin-700-normal.woff2"]]
    .filter(([, file]) => fs.existsSync(path.join(SIGNIKA, file)))
    .map(([weight, file]) => `@font-face { font-family: "Signika"; font-weight: ${weight}; src: url(data:font/woff2;base64,${fs.readFileSync(path.join(SIGNIKA, file)).toString("base64")}) format("woff2"); }`);
  // Foundry's size variables, which the system's SCSS reads (var(--font-size-12, …)).
  return `${faces.join("\n")}\n:root { --font-size-10: 10px; --font-size-11: 11px; --font-size-12: 12px; --font-size-13: 13px; --font-size-14: 14px; --font-size-16: 16px; }`;
}

export function iconCss() {
  if (!fs.existsSync(FA4)) return "i[class*='fa-']::before, button[class*='fa-']::before { content: '•'; }";
  const font = fs.readFileSync(FA4).toString("base64");
  return [
    `@font-face { font-family: "FA4"; src: url(data:font/woff2;base64,${font}) format("woff2"); }`,
    "i.fa-solid, button.fa-solid { font-family: 'FA4'; font-style: normal; }",
    "i.fa-solid { display: inline-block; }",
    ...Object.entries(ICONS).map(([name, code]) => `.fa-solid.fa-${name}::before { content: "\\${code}"; }`),
  ].join("\n");
}

/** A rough imitation of Foundry v13's window frame and core form controls (not Foundry's CSS). */
export const frameCss = () => `${fontCss()}
  * { box-sizing: border-box; }
  html, body { margin: 0; }
  body { font-family: "Signika", "DejaVu Sans", sans-serif; font-size: 13px; padding: 16px; min-height: 100vh; }
  body.theme-light { background: #6b6f78; --frame-bg: #ece6d8; --frame-fg: #1e1b18; --frame-head: #2d2f36; --frame-head-fg: #f0ece2;
    --ctl-bg: rgba(255,255,255,.75); --ctl-border: #9c9283; --btn-bg: #dcd5c6; --btn-border: #a1978a; --tab-active: #7a3520; }
  body.theme-dark { background: #0d0e12; --frame-bg: #1c1b22; --frame-fg: #e8e2d8; --frame-head: #0f1015; --frame-head-fg: #e8e2d8;
    --ctl-bg: rgba(0,0,0,.35); --ctl-border: #4c4a52; --btn-bg: #2f2e36; --btn-border: #55535c; --tab-active: #e4a184; }
  .application { width: var(--w); height: var(--h); display: flex; flex-direction: column; background: var(--frame-bg);
    color: var(--frame-fg); border-radius: 6px; box-shadow: 0 0 18px rgba(0,0,0,.6); overflow: hidden; }
  .application.auto-height { height: auto; }
  .window-header { flex: none; display: flex; align-items: center; gap: 8px; padding: 6px 10px; background: var(--frame-head);
    color: var(--frame-head-fg); font-size: 14px; }
  .window-header .title { flex: 1; }
  .window-header .controls { opacity: .7; letter-spacing: 8px; }
  .window-content { flex: 1; min-height: 0; }
  .window-content > .tab { flex: 1; min-height: 0; }
  input, select, button { font: inherit; color: inherit; }
  input[type="text"], input[type="number"], select { height: 26px; padding: 0 4px; background: var(--ctl-bg);
    border: 1px solid var(--ctl-border); border-radius: 3px; }
  input[type="checkbox"], input[type="radio"] { width: 16px; height: 16px; margin: 0; accent-color: var(--tab-active); }
  button { height: 26px; padding: 0 6px; background: var(--btn-bg); border: 1px solid var(--btn-border); border-radius: 3px; cursor: pointer; }
  a { color: inherit; }
  h3 { font-size: 13px; }
  nav.tabs { display: flex; justify-content: space-around; padding: 4px 0; }
  nav.tabs a { text-decoration: none; padding: 4px 8px; opacity: .75; display: flex; gap: 6px; align-items: center; }
  nav.tabs a.active { opacity: 1; color: var(--tab-active); font-weight: bold; box-shadow: 0 2px 0 var(--tab-active); }
  multi-checkbox label { display: inline-flex; gap: 4px; align-items: center; }
  prose-mirror { display: block; padding: 4px 6px; border: 1px solid var(--ctl-border); border-radius: 3px; }
  [hidden] { display: none !important; }
`;

/** Foundry turns <multi-checkbox><option> into checkboxes at runtime; do the same for the picture. */
export function expandCustomElements(html) {
  return html.replace(/<multi-checkbox([^>]*)>([\s\S]*?)<\/multi-checkbox>/g, (_, attrs, inner) => {
    const boxes = [...inner.matchAll(/<option value="([^"]*)"( selected)?>([^<]*)<\/option>/g)]
      .map(([, value, selected, label]) => `<label><input type="checkbox" value="${value}"${selected ? " checked" : ""}> ${label}</label>`)
      .join("");
    return `<multi-checkbox${attrs}>${boxes}</multi-checkbox>`;
  });
}

/** Foundry's core icons (icons/svg/…) are not here: a neutral silhouette stands in for them. */
export const PLACEHOLDER = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#8a8178"/>' +
    '<circle cx="32" cy="24" r="12" fill="#d9d2c5"/><path d="M10 60c2-14 12-20 22-20s20 6 22 20z" fill="#d9d2c5"/></svg>',
)}`;

export function withPlaceholders(html) {
  return html.replace(/src="icons\/[^"]+"/g, `src="${PLACEHOLDER}"`);
}

const CHROMIUM_FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--force-device-scale-factor=1",
];

/** Writes the height the page asks for on <body data-height> once laid out (the page's own script measures it). */
const MEASURE = `<script>addEventListener("load", () => document.fonts.ready.then(() => {
  const shot = document.querySelector(".shot") ?? document.body.firstElementChild;
  document.body.dataset.height = String(Math.ceil(shot.getBoundingClientRect().bottom + 16));
}));</script>`;

/**
 * Shoots `html` at `width` × `height` (the page's content box; the body's 16 px padding is added) into `file`.
 * `height: "auto"` lays the page out once to measure its `.shot` element first. The PNG is quantized by pngquant
 * when it is installed (Debian: apt-get install pngquant), which keeps it a fraction of Chromium's size.
 */
export function shoot(browser, html, file, width, height) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "genesys-shot-"));
  const htmlFile = path.join(dir, "page.html");
  const profile = `--user-data-dir=${path.join(dir, "profile")}`;
  let h = height;
  if (height === "auto") {
    fs.writeFileSync(htmlFile, html.replace("</body>", `${MEASURE}</body>`));
    const dom = execFileSync(browser, [...CHROMIUM_FLAGS, profile, "--virtual-time-budget=3000", `--window-size=${String(width + 32)},2000`, "--dump-dom", `file://${htmlFile}`], {
      encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 60_000,
    });
    const measured = /data-height="(\d+)"/.exec(dom);
    h = measured ? Number(measured[1]) - 32 : 600;
  }
  fs.writeFileSync(htmlFile, html);
  execFileSync(browser, [...CHROMIUM_FLAGS, profile, `--screenshot=${file}`, `--window-size=${String(width + 32)},${String(h + 32)}`, `file://${htmlFile}`], {
    stdio: "ignore", timeout: 60_000,
  });
  fs.rmSync(dir, { recursive: true, force: true });
  if (has("pngquant")) {
    try {
      execFileSync("pngquant", ["--force", "--skip-if-larger", "--strip", "--quality=70-95", "--output", file, file], { stdio: "ignore" });
    } catch {
      // pngquant exits non-zero when it would not make the file smaller: the original stays.
    }
  }
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

/**
 * The command line's `--name value` options, and whether a bare `--flag` was given. `--help` prints the usage and
 * exits; an option the script does not know stops it before anything is shot (a mistyped flag once rewrote every PNG).
 */
export function cliArgs({ usage, options = [], flags = [] }, argv = process.argv.slice(2)) {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(usage);
    process.exit(0);
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (options.includes(a)) i++;
    else if (!flags.includes(a)) {
      console.error(`unknown argument ${String(a)}\n${usage}`);
      process.exit(2);
    }
  }
  return {
    arg: (name, fallback) => {
      const i = argv.indexOf(name);
      return i >= 0 ? argv[i + 1] : fallback;
    },
    has: (name) => argv.includes(name),
  };
}
