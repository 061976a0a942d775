// npm start: build, package for this machine, serve. The served manifest's download points at the served zip, at
// $GENESYS_BASE_URL when set. `npm start -- --prebuilt` serves what `npm run build` already made, without building.
import fs from "node:fs";
import path from "node:path";
import { buildSystem } from "./build.mjs";
import { baseUrl, packageSystem } from "./package.mjs";
import { serve } from "./serve.mjs";
import { BuildError, distDir } from "./lib/project.mjs";

const port = Number(process.env.PORT || 30001);
const out = distDir();
try {
  if (!process.argv.includes("--prebuilt")) await buildSystem({ out });
  else if (!fs.existsSync(path.join(out, "system.json"))) throw new BuildError(`nothing built in ${out}: run \`npm run build\` first, or drop --prebuilt`);
  // $GENESYS_BASE_URL when Foundry reaches this machine by another address (another host, Docker), else localhost.
  const base = baseUrl([...process.argv, "--local"]);
  packageSystem({ out, base });
  await serve({ root: out, port, manifestUrl: `${base}system.json` });
} catch (err) {
  console.error(err instanceof BuildError ? err.message : err.code === "EADDRINUSE" ? `port ${port} is busy: set PORT to another port` : err);
  process.exit(1);
}
