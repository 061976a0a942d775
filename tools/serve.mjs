// Serves dist/ over HTTP so Foundry can install the system from http://localhost:PORT/system.json.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { distDir } from "./lib/project.mjs";

const TYPES = {
  ".json": "application/json; charset=utf-8", ".zip": "application/zip", ".mjs": "text/javascript; charset=utf-8",
  ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".hbs": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8", ".md": "text/markdown; charset=utf-8", ".png": "image/png", ".svg": "image/svg+xml", ".webp": "image/webp",
};

export function createServer(root = distDir()) {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const file = path.resolve(root, "." + decodeURIComponent(url.pathname));
    if (!file.startsWith(root + path.sep) && file !== root) {
      res.writeHead(403).end("forbidden");
      return;
    }
    fs.stat(file, (err, stat) => {
      if (err || !stat.isFile()) {
        res.writeHead(404, { "content-type": "text/plain" }).end(`not found: ${url.pathname}`);
        return;
      }
      res.writeHead(200, {
        "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
        "content-length": stat.size,
        "access-control-allow-origin": "*",
        "cache-control": "no-cache",
      });
      if (req.method === "HEAD") res.end();
      else fs.createReadStream(file).pipe(res);
    });
  });
}

export function serve({ root = distDir(), port = Number(process.env.PORT || 30001), host = process.env.HOST || "0.0.0.0", manifestUrl = `http://localhost:${port}/system.json` } = {}) {
  return new Promise((resolve, reject) => {
    const server = createServer(root);
    server.once("error", reject);
    server.listen(port, host, () => {
      console.log(`Serving ${root}`);
      console.log(`Manifest URL (paste into Foundry → Install System): ${manifestUrl}`);
      resolve(server);
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  serve().catch((err) => {
    console.error(err.code === "EADDRINUSE" ? `port ${err.port} is busy: set PORT to another port` : err.message);
    process.exit(1);
  });
}
