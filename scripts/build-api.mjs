// `npm run build -w apps/api`: the API as one ES module, apps/api/dist/server.js, so `npm start` runs plain JavaScript
// instead of compiling TypeScript at every start. Installed packages stay imports; the workspace packages (TypeScript
// sources) are bundled. The stamp of the sources is written once the bundle is.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { inputsHash, repositoryRoot, targets, writeStamp } from './build-stamp.mjs';

/** `@rozmova/contracts` and the like resolve to the source their package.json exports. */
const workspacePackages = {
  name: 'workspace-packages',
  setup(build) {
    build.onResolve({ filter: /^@rozmova\/[^/]+$/ }, (args) => {
      const folder = path.join(repositoryRoot, 'packages', args.path.slice('@rozmova/'.length));
      const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
      return { path: path.join(folder, manifest.exports['.']) };
    });
  },
};

/**
 * Each module's `import.meta.url` stays the URL of its source file (relative to the bundle, so the repository may move),
 * so files read beside the code (migrations, the common-password list, the web build) are found as when run from source.
 */
const sourceModuleUrls = (dist) => ({
  name: 'source-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (/import\.meta\.(dirname|filename)/.test(source)) {
        return { errors: [{ text: 'use import.meta.url: import.meta.dirname and filename would name the bundle' }] };
      }
      const relative = path.relative(dist, args.path).split(path.sep).join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
    });
  },
});

/** Builds into `dist` (apps/api/dist unless a test says otherwise), which it empties first. */
export async function buildApi(dist = path.join(repositoryRoot, targets.api.dist)) {
  const hash = inputsHash(repositoryRoot, targets.api.inputs);
  // A failed build leaves no stamp, so the next start builds again.
  rmSync(dist, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(repositoryRoot, 'apps/api/src/server.ts')],
    outfile: path.join(dist, targets.api.output),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    keepNames: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [workspacePackages, sourceModuleUrls(dist)],
  });
  writeStamp(dist, hash);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await buildApi();
