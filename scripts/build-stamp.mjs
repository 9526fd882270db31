// What a build was built from: a SHA-256 of its inputs' paths and contents, written by the build itself into its
// output (`.build-inputs`, a dot file the server does not serve) once it succeeded, and compared by `npm start`, which
// builds only a target whose inputs changed since. The web build writes it from its Vite plugin, the API's from
// scripts/build-api.mjs; both take the hash before they read a source, so a change made during a build is built next time.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

/** Each build target: its inputs (relative to the repository root), its output folder and a file every build has. */
export const targets = {
  web: {
    name: 'Web app',
    inputs: ['apps/web', 'packages/contracts', 'package-lock.json', 'package.json'],
    dist: 'apps/web/dist',
    output: 'index.html',
  },
  api: {
    name: 'API',
    inputs: ['apps/api/src', 'apps/api/package.json', 'packages/contracts', 'scripts/build-api.mjs', 'package-lock.json', 'package.json'],
    dist: 'apps/api/dist',
    output: 'server.js',
  },
};

/** Folders and files that are not build inputs: outputs, installed packages, tests and their helpers. */
const skippedDirectories = new Set(['node_modules', 'dist', 'test', 'test-results', 'coverage', '.vite']);
const skippedFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name) || name === '.DS_Store';

export const STAMP_FILE = '.build-inputs';

function listFiles(root, relative, out) {
  const entries = readdirSync(path.join(root, relative), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!skippedDirectories.has(entry.name)) listFiles(root, child, out);
    } else if (entry.isFile() && !skippedFile(entry.name)) {
      out.push(child);
    }
  }
}

/** One SHA-256 over the path and content of every input file, in a fixed order. */
export function inputsHash(root, inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    const files = [];
    if (statSync(full).isDirectory()) listFiles(root, input, files);
    else files.push(input);
    for (const file of files) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** Build when there is no build, no stamp, or the stamp is of other inputs. */
export function buildDecision(root, target) {
  const dist = path.join(root, target.dist);
  const stampFile = path.join(dist, STAMP_FILE);
  if (!existsSync(path.join(dist, target.output))) return { build: true, reason: 'no build yet' };
  if (!existsSync(stampFile)) return { build: true, reason: 'the build has no record of its sources' };
  if (readFileSync(stampFile, 'utf8').trim() !== inputsHash(root, target.inputs)) return { build: true, reason: 'the sources changed' };
  return { build: false, reason: 'the build is current' };
}

export function writeStamp(dist, hash) {
  writeFileSync(path.join(dist, STAMP_FILE), `${hash}\n`);
}
