// npm start: build, package for this machine, serve. The served manifest's download points at the served zip, at
// $GENESYS_BASE_URL when set.
import { buildSystem } from "./build.mjs";
import { baseUrl, packageSystem } from "./package.mjs";
import { serve } from "./serve.mjs";
import { BuildError, distDir } from "./lib/project.mjs";

const port = Number(process.env.PORT || 30001);
const out = distDir();
try {
  await buildSystem({ out });
  // $GENESYS_BASE_URL when Foundry reaches this machine by another address (another host, Docker), else localhost.
  const base = baseUrl([...process.argv, "--local"]);
  packageSystem({ out, base });
  await serve({ root: out, port, manifestUrl: `${base}system.json` });
} catch (err) {
  console.error(err instanceof BuildError ? err.message : err.code === "EADDRINUSE" ? `port ${port} is busy: set PORT to another port` : err);
  process.exit(1);
}
