// Screenshots of the sheets without Foundry: the real templates rendered with the real handlebars package from the
// contexts the sheets' pure builders make (actors built through the test double and the real data models), the
// compiled genesys.css, and a small imitation of Foundry's window frame and core form styles, light and dark.
//
//   node tools/screenshot-sheets.mjs [--out docs/screenshots] [--lang-extra FILE.json] [--all]
//
// Needs a Chromium (Debian: apt-get install chromium). --lang-extra adds i18n keys not merged into lang/ yet
// (a file shaped { "KEY": ["Italiano", "English"] }). --all also shots every tab into the output folder.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as sass from "sass";
import { createServer } from "vite";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const OUT = path.resolve(ROOT, arg("--out", "docs/screenshots"));
const LANG_EXTRA = arg("--lang-extra", "/tmp/lang-sheets.json");
const ALL = args.includes("--all");

function chromium() {
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

/** Font Awesome 6 names used by the templates → Font Awesome 4 glyphs (Debian's fonts-font-awesome), if installed. */
const FA4 = "/usr/share/fonts-font-awesome/fonts/fontawesome-webfont.woff2";
const ICONS = {
  "dice-d10": "f1b2", user: "f007", "graduation-cap": "f19d", khanda: "f05b", suitcase: "f0f2", book: "f02d", paw: "f1b0",
  plus: "f067", minus: "f068", trash: "f1f8", "pen-to-square": "f044", "shield-halved": "f132", "hand-fist": "f255",
  bed: "f236", thumbtack: "f08d", "triangle-exclamation": "f071", "eye-slash": "f070", briefcase: "f0b1", star: "f005",
};
function iconCss() {
  if (!fs.existsSync(FA4)) return "i[class*='fa-']::before { content: '•'; }";
  const font = fs.readFileSync(FA4).toString("base64");
  return [
    `@font-face { font-family: "FA4"; src: url(data:font/woff2;base64,${font}) format("woff2"); }`,
    "i.fa-solid { font-family: 'FA4'; font-style: normal; display: inline-block; }",
    ...Object.entries(ICONS).map(([name, code]) => `i.fa-${name}::before { content: "\\${code}"; }`),
  ].join("\n");
}

/** A rough imitation of Foundry v13's window frame and core form controls (not Foundry's CSS). */
const FRAME_CSS = `
  * { box-sizing: border-box; }
  html, body { margin: 0; }
  body { font-family: "DejaVu Sans", sans-serif; font-size: 13px; padding: 16px; min-height: 100vh; }
  body.theme-light { background: #6b6f78; --frame-bg: #ece6d8; --frame-fg: #1e1b18; --frame-head: #2d2f36; --frame-head-fg: #f0ece2;
    --ctl-bg: rgba(255,255,255,.75); --ctl-border: #9c9283; --btn-bg: #dcd5c6; --btn-border: #a1978a; --tab-active: #7a3520; }
  body.theme-dark { background: #0d0e12; --frame-bg: #1c1b22; --frame-fg: #e8e2d8; --frame-head: #0f1015; --frame-head-fg: #e8e2d8;
    --ctl-bg: rgba(0,0,0,.35); --ctl-border: #4c4a52; --btn-bg: #2f2e36; --btn-border: #55535c; --tab-active: #e4a184; }
  .application { width: var(--w); height: var(--h); display: flex; flex-direction: column; background: var(--frame-bg);
    color: var(--frame-fg); border-radius: 6px; box-shadow: 0 0 18px rgba(0,0,0,.6); overflow: hidden; }
  .window-header { flex: none; display: flex; align-items: center; gap: 8px; padding: 6px 10px; background: var(--frame-head);
    color: var(--frame-head-fg); font-size: 14px; }
  .window-header .title { flex: 1; }
  .window-header .controls { opacity: .7; letter-spacing: 8px; }
  .window-content { flex: 1; min-height: 0; }
  .window-content > .tab { flex: 1; min-height: 0; }
  input, select, button { font: inherit; color: inherit; }
  input[type="text"], input[type="number"], select { height: 26px; padding: 0 4px; background: var(--ctl-bg);
    border: 1px solid var(--ctl-border); border-radius: 3px; }
  input[type="checkbox"] { width: 16px; height: 16px; margin: 0; accent-color: var(--tab-active); }
  button { height: 26px; padding: 0 6px; background: var(--btn-bg); border: 1px solid var(--btn-border); border-radius: 3px; cursor: pointer; }
  a { color: inherit; }
  h3 { font-size: 13px; }
  nav.tabs { display: flex; justify-content: space-around; padding: 4px 0; }
  nav.tabs a { text-decoration: none; padding: 4px 8px; opacity: .75; display: flex; gap: 6px; align-items: center; }
  nav.tabs a.active { opacity: 1; color: var(--tab-active); font-weight: bold; box-shadow: 0 2px 0 var(--tab-active); }
  multi-checkbox label { display: inline-flex; gap: 4px; align-items: center; }
  prose-mirror { display: block; padding: 4px 6px; border: 1px solid var(--ctl-border); border-radius: 3px; }
`;

/** Foundry turns <multi-checkbox><option> into checkboxes at runtime; do the same for the picture. */
function expandCustomElements(html) {
  return html.replace(/<multi-checkbox([^>]*)>([\s\S]*?)<\/multi-checkbox>/g, (_, attrs, inner) => {
    const boxes = [...inner.matchAll(/<option value="([^"]*)"( selected)?>([^<]*)<\/option>/g)]
      .map(([, value, selected, label]) => `<label><input type="checkbox" value="${value}"${selected ? " checked" : ""}> ${label}</label>`)
      .join("");
    return `<multi-checkbox${attrs}>${boxes}</multi-checkbox>`;
  });
}

/** Foundry's core icons (icons/svg/…) are not here: a neutral silhouette stands in for them. */
const PLACEHOLDER = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#8a8178"/>' +
    '<circle cx="32" cy="24" r="12" fill="#d9d2c5"/><path d="M10 60c2-14 12-20 22-20s20 6 22 20z" fill="#d9d2c5"/></svg>',
)}`;

function page({ theme, title, classes, width, height, body, css }) {
  body = body.replace(/src="icons\/[^"]+"/g, `src="${PLACEHOLDER}"`);
  return `<!doctype html><html><head><meta charset="utf-8"><style>${FRAME_CSS}\n${iconCss()}\n${css}</style></head>
<body class="${theme}"><div class="application ${classes}" style="--w:${width}px;--h:${height}px">
<header class="window-header"><span class="title">${title}</span><span class="controls">⚙ ✕</span></header>
<section class="window-content">${expandCustomElements(body)}</section></div></body></html>`;
}

function shoot(browser, html, file, width, height) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "genesys-shot-"));
  const htmlFile = path.join(dir, "sheet.html");
  fs.writeFileSync(htmlFile, html);
  execFileSync(browser, [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--force-device-scale-factor=1",
    `--user-data-dir=${path.join(dir, "profile")}`, `--screenshot=${file}`, `--window-size=${String(width + 32)},${String(height + 32)}`,
    `file://${htmlFile}`,
  ], { stdio: "ignore", timeout: 60_000 });
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`wrote ${path.relative(ROOT, file)}`);
}

async function main() {
  const browser = chromium();
  const css = sass.compile(path.join(ROOT, "styles/genesys.scss"), { loadPaths: [path.join(ROOT, "styles")] }).css;
  const extra = {};
  if (LANG_EXTRA && fs.existsSync(LANG_EXTRA)) {
    for (const [key, [italian]] of Object.entries(JSON.parse(fs.readFileSync(LANG_EXTRA, "utf8")))) extra[key] = italian;
  }

  // The fixtures are TypeScript and need the Foundry double installed first: load them through Vite.
  const server = await createServer({ root: ROOT, configFile: false, logLevel: "error", server: { middlewareMode: true }, appType: "custom" });
  try {
    const globals = await server.ssrLoadModule("/test/foundry/globals.ts");
    globalThis.foundryDouble = globals.installFoundry();
    const f = await server.ssrLoadModule("/test/applications/sheet-fixtures.ts");
    const strings = f.translations("it", extra);
    fs.mkdirSync(OUT, { recursive: true });

    const alven = await f.alven();
    const wolf = await f.wolf();
    const club = (await f.alven()).items.find((i) => i.name === "Clava");
    const person = (theme, tab) => page({ theme, title: "Alven", classes: "sheet genesys actor person", width: 720, height: 860, css, body: f.renderPerson(alven, strings, { isGM: false }, tab) });
    const animal = (theme, tab) => page({ theme, title: "Lupo di prova", classes: "sheet genesys actor animal", width: 680, height: 900, css, body: f.renderAnimal(wolf, strings, { isGM: true }, tab) });
    const weapon = (theme) => page({ theme, title: "Clava", classes: "sheet genesys item", width: 560, height: 760, css, body: f.renderItem(club, strings, { isGM: false }) });

    shoot(browser, person("theme-light", "main"), path.join(OUT, "character-light.png"), 720, 860);
    shoot(browser, person("theme-dark", "main"), path.join(OUT, "character-dark.png"), 720, 860);
    shoot(browser, animal("theme-light", "main"), path.join(OUT, "animal.png"), 680, 900);
    shoot(browser, weapon("theme-light"), path.join(OUT, "weapon.png"), 560, 760);
    if (ALL) {
      for (const tab of ["skills", "combat", "inventory", "biography"]) {
        shoot(browser, person("theme-light", tab), path.join(OUT, `character-${tab}-light.png`), 720, 860);
        shoot(browser, person("theme-dark", tab), path.join(OUT, `character-${tab}-dark.png`), 720, 860);
      }
      shoot(browser, animal("theme-dark", "main"), path.join(OUT, "animal-dark.png"), 680, 900);
      shoot(browser, animal("theme-light", "combat"), path.join(OUT, "animal-combat-light.png"), 680, 900);
      shoot(browser, animal("theme-dark", "combat"), path.join(OUT, "animal-combat-dark.png"), 680, 900);
      shoot(browser, weapon("theme-dark"), path.join(OUT, "weapon-dark.png"), 560, 760);
    }
  } finally {
    await server.close();
  }
}

await main();
