// The server answers with these precompressed files (fastify-static preCompressed). `node scripts/compress.mjs <dir>`
// compresses a build made elsewhere (`vite build --outDir <dir>`).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const compressible = /\.(js|css|html|svg|json)$/;

async function compressAll(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    // The prerendered pages get their settings at the server, which compresses them then.
    if (entry.isDirectory() && !(dir === dist && entry.name === 'pages')) {
      await compressAll(file);
    } else if (compressible.test(entry.name)) {
      const content = await readFile(file);
      await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
      await writeFile(
        `${file}.br`,
        brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        }),
      );
    }
  }
}

await compressAll(dist);
