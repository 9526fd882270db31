// What the checks of the deployment files (tools/deploy-dockerfile.js, tools/deploy-compose.js) read from the project's
// own sources, and the rules of references, images and secrets both files follow. tools/deploy-files.test.js and
// tools/deploy-compose.test.js run the checks on the real files and on broken copies.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Reading the project's own sources.

/** The settings config.ts's env schema reads, and those an empty value leaves unset (`optionalText`). */
export function settingsOf(configSource) {
  const start = configSource.indexOf('const envSchema = z.object({');
  const end = configSource.indexOf('\n});', start);
  if (start < 0 || end < 0) throw new Error('config.ts: no `const envSchema = z.object({ … });` found');
  const all = new Set();
  const emptyAllowed = new Set();
  for (const [, key, schema] of configSource.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*): (.*)$/gm)) {
    all.add(key);
    if (schema.startsWith('optionalText')) emptyAllowed.add(key);
  }
  return { all, emptyAllowed };
}

/** The settings e2e/support/cluster.ts gives each app instance of the multi-instance run. */
export function clusterSettingsOf(clusterSource) {
  const call = clusterSource.match(/appSettings\([^{]*\{([\s\S]*?)\.\.\.env/);
  if (!call) throw new Error('cluster.ts: no `appSettings(…, { … ...env })` call found');
  return [...call[1].matchAll(/^\s*([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]);
}

/** `server name:port` of the upstreams, and the port nginx listens on. */
export function nginxAddressesOf(nginxSource) {
  const upstreams = [...nginxSource.matchAll(/^\s*server\s+([\w.-]+):(\d+)\b/gm)].map((match) => ({ host: match[1], port: match[2] }));
  const listen = nginxSource.match(/^\s*listen\s+(?:[\w.[\]:]+:)?(\d+)\s*;/m);
  return { upstreams, listen: listen?.[1] };
}

/**
 * Files the API reads beside its sources (`new URL('…', import.meta.url)`, which scripts/build-api.mjs keeps pointing
 * at the sources), relative to the repository root: the runtime image must have each.
 */
export function filesReadBesideSources(root, folders = ['apps/api/src', 'packages/contracts/src']) {
  const found = new Set();
  const visit = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test' && entry.name !== 'node_modules') visit(child);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const source = readFileSync(path.join(root, child), 'utf8');
        for (const match of source.matchAll(/new URL\(\s*(['"])([^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g)) {
          found.add(path.posix.join(path.posix.dirname(child), match[2]));
        }
      }
    }
  };
  for (const folder of folders) visit(folder);
  return [...found].sort();
}

// Shared rules.

export const SECRET_NAME = /PASSWORD|PASSWD|SECRET|TOKEN|KEY|CREDENTIAL|(^|_)AUTH$/i;
export const SECRET_FLAG = /pass|secret|token|key/i;

/** What is wrong with an image reference, if anything: it must name a version (two numbers or more) or a digest. */
export function imageProblem(reference) {
  if (reference.includes('$')) return `${reference}: an image named by a variable cannot be checked; write the pinned name`;
  if (/@sha256:[0-9a-f]{64}$/.test(reference)) return undefined;
  const lastSegment = reference.slice(reference.lastIndexOf('/') + 1);
  const tag = lastSegment.includes(':') ? lastSegment.slice(lastSegment.indexOf(':') + 1) : undefined;
  if (tag === undefined) return `${reference}: untagged (that is :latest); pin a version tag or a digest`;
  if (tag === 'latest') return `${reference}: latest moves; pin a version tag or a digest`;
  if (!/^v?\d+\.\d+/.test(tag)) return `${reference}: the tag ${tag} moves; pin a version (e.g. 1.2.3-alpine) or a digest`;
  return undefined;
}

/**
 * The `${…}` references of a compose string (nested defaults included), in order: name, operator (`:-`, `-`, `:?`, `?`,
 * `:+`, `+` or none) and its argument. `$$` is a literal dollar.
 */
export function referencesIn(value) {
  const found = [];
  const scan = (text, offset) => {
    for (let i = 0; i < text.length; i++) {
      if (text[i] !== '$') continue;
      if (text[i + 1] === '$') {
        i++;
        continue;
      }
      if (text[i + 1] === '{') {
        let depth = 0;
        let end = i + 1;
        for (; end < text.length; end++) {
          if (text[end] === '{') depth++;
          else if (text[end] === '}' && --depth === 0) break;
        }
        const inner = text.slice(i + 2, end);
        const parsed = inner.match(/^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([\s\S]*))?$/);
        found.push({
          name: parsed?.[1] ?? inner,
          operator: parsed?.[2],
          argument: parsed?.[3],
          start: offset + i,
          end: offset + end + 1,
        });
        if (parsed?.[3]) scan(parsed[3], offset + i + 2 + parsed[1].length + parsed[2].length);
        i = end;
      } else {
        const plain = text.slice(i + 1).match(/^[A-Za-z_][A-Za-z0-9_]*/);
        if (plain) found.push({ name: plain[0], start: offset + i, end: offset + i + 1 + plain[0].length });
      }
    }
  };
  scan(value, 0);
  return found;
}

/**
 * A compose string with its references filled from `variables`, as `docker compose` does (`:-` and `:?` treat an empty
 * value as unset, `-` and `?` only an unset one). A required variable that is missing throws with its message.
 */
export function interpolate(value, variables) {
  const text = String(value);
  const { references } = masked(text);
  let result = '';
  let at = 0;
  for (const reference of references) {
    result += text.slice(at, reference.start).replaceAll('$$', '$');
    at = reference.end;
    const current = variables[reference.name];
    const unset = current === undefined || (reference.operator?.startsWith(':') && current === '');
    const argument = () => interpolate(reference.argument ?? '', variables);
    if (reference.operator?.endsWith('-')) result += unset ? argument() : current;
    else if (reference.operator?.endsWith('?')) {
      if (unset) throw new Error(`required variable ${reference.name} is missing a value: ${argument()}`);
      result += current;
    } else if (reference.operator?.endsWith('+')) result += unset ? '' : argument();
    else result += current ?? '';
  }
  return result + text.slice(at).replaceAll('$$', '$');
}

/** The value is one reference and nothing else: `${NAME…}`. */
export function soleReference(value) {
  const text = String(value).trim();
  const [first] = referencesIn(text);
  return first && first.start === 0 && first.end === text.length ? first : undefined;
}

export const required = (reference) => reference.operator === ':?' || reference.operator === '?';

/** Whether the value can come out empty: '' itself, or a reference without a non-empty default. */
export function canBeEmpty(value) {
  if (String(value).trim() === '') return true;
  const reference = soleReference(value);
  if (!reference || required(reference) || reference.operator === ':+' || reference.operator === '+') return false;
  return reference.argument === undefined || canBeEmpty(reference.argument);
}

/** What is wrong with a secret's value: it must be one reference without a default written in the file, or a file path. */
export function secretValueProblem(value) {
  const text = String(value ?? '').trim();
  if (text.startsWith('/')) return undefined;
  const reference = soleReference(text);
  if (!reference) return 'is written in the file; take it from the environment with ${NAME:?message}';
  if (!required(reference) && reference.argument) return `has a default written in the file (${text}); use \${${reference.name}:?message}`;
  return undefined;
}

/**
 * The string with each outermost `${…}` reference replaced by a mark without separators, and a function that puts the
 * references back: so that a reference's message (`${NAME:?set it, then …}`) never looks like part of a URL or a list.
 */
export function masked(value) {
  const text = String(value);
  const all = referencesIn(text);
  const outermost = all.filter((reference) => !all.some((other) => other.start < reference.start && other.end >= reference.end));
  let result = '';
  let at = 0;
  for (const [index, reference] of outermost.entries()) {
    result += `${text.slice(at, reference.start)}\uE000${index}\uE000`;
    at = reference.end;
  }
  result += text.slice(at);
  const unmask = (part) => part.replace(/\uE000(\d+)\uE000/g, (_, index) => text.slice(outermost[index].start, outermost[index].end));
  return { text: result, unmask, references: outermost };
}

/** The passwords of `scheme://user:password@` URLs in a string, those in references' defaults included. */
export function urlPasswords(value) {
  const { text, unmask, references } = masked(value);
  const own = [...text.matchAll(/[a-z][a-z0-9+.-]*:\/\/[^\s/:@]*:([^\s/@]*)@/gi)].map((match) => unmask(match[1]));
  return [...own, ...references.flatMap((reference) => (reference.argument ? urlPasswords(reference.argument) : []))];
}

// Dockerfile.
