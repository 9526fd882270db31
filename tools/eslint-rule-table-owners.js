// `table-owners`: a module's tables are named only by its own repositories and views (docs/architecture.md, "Tables
// and their owners"). Another module joins the owner's view or calls its service. Both the schema's exports and the
// table names in raw SQL count.
import fs from 'node:fs';
import path from 'node:path';

// The tables' SQL names by their schema exports, read once per schema folder and process.
const schemaTables = new Map();

function tablesOf(schemaDir) {
  let tables = schemaTables.get(schemaDir);
  if (!tables) {
    tables = new Map();
    for (const name of fs.readdirSync(schemaDir).filter((file) => /^schema.*\.ts$/.test(file))) {
      const text = fs.readFileSync(path.join(schemaDir, name), 'utf8');
      for (const [, exported, sqlName] of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) tables.set(exported, sqlName);
    }
    schemaTables.set(schemaDir, tables);
  }
  return tables;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const tableOwners = {
  meta: {
    type: 'problem',
    docs: { description: "Only a module's repositories and views name its tables" },
    schema: [
      {
        type: 'object',
        properties: {
          apiRoot: { type: 'string' },
          owners: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['apiRoot', 'owners'],
      },
    ],
    messages: {
      foreign: '`{{table}}` belongs to the module {{owner}}: join its view (modules/{{owner}}/{{owner}}.views.ts) or call its service.',
      notRepository: "Only the module's repositories (*.repository.ts) and views (*.views.ts) name its tables.",
      unowned: '`{{table}}` has no owner module: add it to the table owners in eslint.config.js.',
      outside: 'Tables are named only inside modules/<owner>/ (their repositories and views).',
    },
  },
  create(context) {
    const { apiRoot, owners } = context.options[0];
    const root = path.resolve(context.cwd, apiRoot);
    const file = context.physicalFilename;
    const relative = path.relative(root, file).split(path.sep);
    if (relative[0] === '..' || relative[0] === 'db' || relative[0] === 'test' || /\.test\.ts$/.test(file)) return {};
    const schemaDir = path.join(root, 'db');
    const tables = tablesOf(schemaDir);
    const ownerOf = new Map(Object.entries(owners).flatMap(([module, names]) => names.map((name) => [name, module])));
    const own = relative[0] === 'modules' ? relative[1] : undefined;
    const mayName = /\.(repository|views)\.ts$/.test(file);

    function check(node, table) {
      const owner = ownerOf.get(table);
      if (!owner) return context.report({ node, messageId: 'unowned', data: { table } });
      if (!own) return context.report({ node, messageId: 'outside' });
      if (owner !== own) return context.report({ node, messageId: 'foreign', data: { table, owner } });
      if (!mayName) context.report({ node, messageId: 'notRepository' });
    }

    const sqlNames = new Map([...tables].map(([exported, sqlName]) => [sqlName, exported]));
    const rawTable = new RegExp(`\\b(?:from|join|into|update)\\s+"?(${[...sqlNames.keys()].map(escape).join('|')})"?(?![\\w.])`, 'gi');

    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type' || typeof node.source.value !== 'string') return;
        const target = path.resolve(path.dirname(file), node.source.value);
        if (path.dirname(target) !== schemaDir || !/^schema.*\.ts$/.test(path.basename(target))) return;
        for (const specifier of node.specifiers) {
          if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue;
          const name = specifier.imported.name;
          if (tables.has(name)) check(specifier, name);
        }
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        const text = node.quasi.quasis.map((quasi) => quasi.value.raw).join(' ');
        for (const [, sqlName] of text.matchAll(rawTable)) check(node, sqlNames.get(sqlName.toLowerCase()));
      },
    };
  },
};
