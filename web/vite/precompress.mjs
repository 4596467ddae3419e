// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible
// file of the client build that the Go server sends as built, when the copy is smaller. The
// server takes these copies instead of compressing at start (internal/server/pages.go), and
// nginx's gzip_static and brotli_static can serve the same bytes. Pages (.html) and route data
// (.data) are left out: the server substitutes the site's address into them at start and
// compresses the result itself.
//
// Usage: node vite/precompress.mjs [dir]   (default: build/client)

import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const compressible = new Set([".js", ".mjs", ".css", ".svg", ".json", ".xml", ".txt", ".webmanifest", ".map"]);
const minBytes = 512;

const dir = process.argv[2] ?? "build/client";

const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
  .filter((e) => e.isFile() && compressible.has(e.name.slice(e.name.lastIndexOf("."))))
  .map((e) => join(e.parentPath, e.name));

let written = 0;
// zlib's asynchronous calls run on libuv's thread pool, so the files compress side by side.
await Promise.all(
  files.map(async (file) => {
    const body = await readFile(file);
    if (body.length <= minBytes) return;
    const [br, gzipped] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gz(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < body.length) {
      await writeFile(`${file}.br`, br);
      written++;
    }
    if (gzipped.length < body.length) {
      await writeFile(`${file}.gz`, gzipped);
      written++;
    }
  }),
);
console.log(`precompress: ${written} compressed copies of ${files.length} files in ${dir}`);
