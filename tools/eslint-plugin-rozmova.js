// Local ESLint rules. `no-cycle` exists because import-x/no-cycle always skips
// `import type`, and the architecture forbids cycles with type imports included.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { tableOwners } from './eslint-rule-table-owners.js';

const sourceExtensions = ['.ts', '.tsx', '.js', '.mjs'];
const isTestFile = (file) => /\.test\.(ts|tsx|js|mjs)$/.test(file);
const isSource = (file) => sourceExtensions.includes(path.extname(file));

function resolveRelative(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, ...sourceExtensions.map((ext) => base + ext), base + '/index.ts', base + '/index.tsx'];
  return candidates.find((file) => isSource(file) && isFile(file));
}

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function listSourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && isSource(file) && !isTestFile(file) ? [file] : [];
  });
}

// Files' imports (type-only and dynamic ones included), read once per root and process.
const graphs = new Map();

function graphOf(root) {
  let graph = graphs.get(root);
  if (!graph) {
    graph = new Map();
    for (const file of listSourceFiles(root)) {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles.map((ref) => resolveRelative(file, ref.fileName));
      graph.set(file, new Set(targets.filter((target) => target && graph && inScope(root, target))));
    }
    graphs.set(root, graph);
  }
  return graph;
}

// A module's views (apps/api modules/<x>/<x>.views.ts) import only the schema: joining one closes no loop between
// modules, so the module cycle check does not follow them.
const isView = (file) => file.endsWith('.views.ts');

function inScope(root, file) {
  return file.startsWith(root + path.sep) && !isTestFile(file);
}

// A module is a feature folder (modules/<x>, features/<x>), another top-level folder of src, or a file at src's top.
function moduleOf(root, file) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts.length === 1) return parts[0];
  if ((parts[0] === 'modules' || parts[0] === 'features') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

// Breadth-first path from `start` to `goal`, or undefined.
function findPath(edgesOf, start, goal) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of edgesOf(node)) {
      if (previous.has(next)) continue;
      previous.set(next, node);
      if (next === goal) {
        const route = [];
        for (let step = goal; step !== undefined; step = previous.get(step)) route.unshift(step);
        return route;
      }
      queue.push(next);
    }
  }
  return undefined;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between files and between modules, type imports included' },
    schema: [{ type: 'object', properties: { roots: { type: 'array', items: { type: 'string' } } } }],
    messages: {
      fileCycle: 'Import cycle (type imports count): {{route}}',
      moduleCycle: 'Module cycle (type imports count): {{route}}',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const roots = (context.options[0]?.roots ?? []).map((root) => path.resolve(context.cwd, root));
    const root = roots.find((candidate) => inScope(candidate, file));
    if (!root) return {};
    const imports = [];
    const collect = (node) => {
      if (node.source?.type === 'Literal' && typeof node.source.value === 'string') {
        const target = resolveRelative(file, node.source.value);
        if (target && target !== file && inScope(root, target)) imports.push({ node, target });
      }
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      'Program:exit'() {
        const graph = graphOf(root);
        const ownTargets = new Set(imports.map(({ target }) => target));
        const fileEdges = (node) => (node === file ? ownTargets : (graph.get(node) ?? []));
        const moduleEdges = new Map();
        for (const [from, targets] of graph) {
          for (const to of from === file ? [] : targets) {
            if (isView(to)) continue;
            const [a, b] = [moduleOf(root, from), moduleOf(root, to)];
            if (a !== b) moduleEdges.set(a, (moduleEdges.get(a) ?? new Set()).add(b));
          }
        }
        const own = moduleOf(root, file);
        for (const target of ownTargets) {
          if (isView(target)) continue;
          const other = moduleOf(root, target);
          if (own !== other) moduleEdges.set(own, (moduleEdges.get(own) ?? new Set()).add(other));
        }
        const relative = (node) => path.relative(root, node);
        for (const { node, target } of imports) {
          const fileRoute = findPath(fileEdges, target, file);
          if (fileRoute) {
            const route = [file, ...fileRoute].map(relative).join(' → ');
            context.report({ node, messageId: 'fileCycle', data: { route } });
            continue;
          }
          const other = moduleOf(root, target);
          const moduleRoute = other === own || isView(target) ? undefined : findPath((m) => moduleEdges.get(m) ?? [], other, own);
          if (moduleRoute) {
            const route = [`${own} (${relative(file)})`, ...moduleRoute].join(' → ');
            context.report({ node, messageId: 'moduleCycle', data: { route } });
          }
        }
      },
    };
  },
};

export default { meta: { name: 'rozmova' }, rules: { 'no-cycle': noCycle, 'table-owners': tableOwners } };
