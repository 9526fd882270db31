// Checks of a Dockerfile in the spirit of hadolint, with what hadolint cannot know: the files the API bundle reads at run
// time. Each check returns its problems as sentences; none means the file passes (tools/deploy-files.test.js).
import path from 'node:path';
import { imageProblem, SECRET_NAME } from './deploy-files.js';

/** The instructions of a Dockerfile: continuation lines joined, comments left out; `line` is where each starts. */
export function parseDockerfile(text) {
  const instructions = [];
  let current;
  for (const [index, raw] of text.split('\n').entries()) {
    if (/^\s*#/.test(raw) || (!current && raw.trim() === '')) continue;
    const continued = /\\\s*$/.test(raw);
    const part = raw.replace(/\\\s*$/, '');
    if (current) current.text += ` ${part.trim()}`;
    else current = { line: index + 1, text: part.trim() };
    if (!continued) {
      const [, keyword, rest] = current.text.match(/^(\S+)\s*([\s\S]*)$/);
      const flags = {};
      let args = rest;
      for (let flag = args.match(/^--([\w-]+)(?:=(\S*))?\s*/); flag; flag = args.match(/^--([\w-]+)(?:=(\S*))?\s*/)) {
        if (keyword.toUpperCase() === 'RUN' && !['mount', 'network', 'security'].includes(flag[1])) break;
        flags[flag[1]] = flag[2] ?? true;
        args = args.slice(flag[0].length);
      }
      let exec;
      if (args.startsWith('[')) {
        try {
          exec = JSON.parse(args);
        } catch {
          exec = undefined;
        }
      }
      instructions.push({ line: current.line, keyword: keyword.toUpperCase(), args, flags, exec });
      current = undefined;
    }
  }
  return instructions;
}

/** The stages: FROM's image and name, and the instructions up to the next FROM. Global ARG defaults fill `${…}`. */
function stagesOf(instructions) {
  const globalArgs = {};
  const stages = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [image, as, name] = instruction.args.split(/\s+/);
      const resolved = image.replace(/\$\{?(\w+)\}?/g, (whole, arg) => globalArgs[arg] ?? whole);
      stages.push({ line: instruction.line, image: resolved, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else if (stages.length === 0) {
      const arg = instruction.keyword === 'ARG' && instruction.args.match(/^(\w+)=(\S+)/);
      if (arg) globalArgs[arg[1]] = arg[2].replace(/^["']|["']$/g, '');
    } else {
      stages.at(-1).instructions.push(instruction);
    }
  }
  return stages;
}

/** The stage and the stages it is built on (`FROM <stage>`), nearest first. */
function lineage(stages, stage) {
  const chain = [stage];
  for (let parent = stages.find((s) => s.name === stage.image); parent && !chain.includes(parent);) {
    chain.push(parent);
    parent = stages.find((s) => s.name === parent.image);
  }
  return chain;
}

/** The last instruction of a kind that applies to a stage, its own or inherited from the stage it is built on. */
function inherited(stages, stage, keyword) {
  for (const link of lineage(stages, stage)) {
    const found = link.instructions.filter((instruction) => instruction.keyword === keyword).at(-1);
    if (found) return found;
  }
  return undefined;
}

/** `ENV A=1 B="2"` and `ENV A 1` as [name, value] pairs; `ARG A=1` likewise (`ARG A` has no value). */
function assignments(instruction) {
  if (instruction.keyword === 'ENV' && !instruction.args.includes('=')) {
    const [name, ...value] = instruction.args.split(/\s+/);
    return [[name, value.join(' ')]];
  }
  return [...instruction.args.matchAll(/([\w.-]+)(?:=("(?:[^"\\]|\\.)*"|'[^']*'|\S*))?/g)].map((match) => [
    match[1],
    match[2]?.replace(/^["']|["']$/g, ''),
  ]);
}

/** The working directory an instruction of the stage runs in: the last absolute WORKDIR before it (or `/`). */
function workdirAt(stages, stage, instruction) {
  const before = stage.instructions.slice(0, stage.instructions.indexOf(instruction));
  const own = before.filter((i) => i.keyword === 'WORKDIR').at(-1);
  if (own) return own.args;
  const parent = lineage(stages, stage)[1];
  return parent ? (inherited(stages, parent, 'WORKDIR')?.args ?? '/') : '/';
}

/**
 * hadolint-style rules for a multi-stage Node image, and the run-time layout: `needed` lists paths (relative to the
 * final stage's working directory) that the final stage must copy in, itself or within a copied folder.
 */
export function dockerfileProblems(text, { needed = [] } = {}) {
  const problems = [];
  const at = (instruction, message) => problems.push(`line ${instruction.line}: ${message}`);
  const instructions = parseDockerfile(text);
  const stages = stagesOf(instructions);
  if (stages.length === 0) return ['no FROM'];
  if (stages.length < 2) problems.push('one stage: build in one stage and copy only what runs into a final one (multi-stage)');

  for (const stage of stages) {
    if (stage.image === 'scratch' || stages.some((s) => s.name && s.name === stage.image)) continue;
    const problem = imageProblem(stage.image);
    if (problem) at(stage, `FROM ${problem}`);
  }

  for (const instruction of instructions) {
    const { keyword, args } = instruction;
    if (keyword === 'RUN') {
      if (/\bsudo\b/.test(args)) at(instruction, 'RUN uses sudo: the build runs as root already; USER switches afterwards');
      if (/\bnpm\s+(install|i|add)\b/.test(args)) at(instruction, 'RUN npm install: use npm ci, which installs exactly the lock file');
    }
    if (keyword === 'ADD') {
      const sources = (instruction.exec ?? args.split(/\s+/)).slice(0, -1);
      if (sources.some((source) => /^(https?|git|ssh):\/\/|^git@/.test(source))) {
        at(instruction, 'ADD of a URL: download in a RUN with a checksum, or COPY a file of the repository');
      } else {
        at(instruction, 'ADD of local files: use COPY (ADD also unpacks archives and fetches URLs)');
      }
    }
    if (keyword === 'WORKDIR' && !args.startsWith('/')) at(instruction, `WORKDIR ${args}: use an absolute path`);
    if (keyword === 'ENV' || keyword === 'ARG') {
      for (const [name, value] of assignments(instruction)) {
        if (SECRET_NAME.test(name) && value) {
          at(instruction, `${keyword} ${name} has a value: a secret in an image is readable by anyone with the image; pass it at run time`);
        }
      }
    }
  }
  if (!instructions.some((i) => i.keyword === 'RUN' && /\bnpm\s+ci\b/.test(i.args))) problems.push('no RUN npm ci');

  const final = stages.at(-1);
  const user = inherited(stages, final, 'USER');
  if (!user) problems.push('the final stage has no USER: it would run as root');
  else if (/^(root|0)(:|$)/.test(user.args.trim())) at(user, `USER ${user.args}: the final stage must run as a user other than root`);

  const healthcheck = inherited(stages, final, 'HEALTHCHECK');
  if (!healthcheck) problems.push('the final stage has no HEALTHCHECK');
  else if (/^NONE\b/i.test(healthcheck.args)) at(healthcheck, 'HEALTHCHECK NONE: the final stage needs a health check');
  else {
    const command = healthcheck.args.replace(/^CMD\s+/i, '');
    let exec;
    try {
      exec = command.startsWith('[') ? JSON.parse(command) : undefined;
    } catch {
      exec = undefined;
    }
    const words = exec ?? command.split(/\s+/);
    const program = words[0] === 'CMD-SHELL' || words[0] === 'sh' ? words.slice(1).join(' ').split(/\s+/)[0] : words[0];
    if (!command.includes('/api/health')) at(healthcheck, 'HEALTHCHECK does not ask GET /api/health');
    const installs = lineage(stages, final)
      .flatMap((stage) => stage.instructions)
      .filter((i) => i.keyword === 'RUN' && /\b(apt-get|apt|apk)\s+(install|add)\b/.test(i.args))
      .map((i) => i.args)
      .join(' ');
    if (program !== 'node' && !new RegExp(`\\b${program}\\b`).test(installs)) {
      at(healthcheck, `HEALTHCHECK runs ${program}, which the final stage does not install: use node, or install it`);
    }
  }

  if (!inherited(stages, final, 'EXPOSE')) problems.push('the final stage EXPOSEs no port');
  const env = lineage(stages, final)
    .flatMap((stage) => stage.instructions)
    .filter((i) => i.keyword === 'ENV')
    .flatMap(assignments);
  if (!env.some(([name, value]) => name === 'NODE_ENV' && value === 'production'))
    problems.push('the final stage does not set NODE_ENV=production');

  const copies = final.instructions.filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD');
  for (const copy of copies) {
    if (!copy.flags.chown) at(copy, `${copy.keyword} without --chown: say who owns what the final stage copies`);
  }
  const workdir = inherited(stages, final, 'WORKDIR')?.args ?? '/';
  const destinations = copies.map((copy) => {
    const parts = copy.exec ?? copy.args.split(/\s+/);
    return path.posix.resolve(workdirAt(stages, final, copy), parts.at(-1));
  });
  for (const relative of needed) {
    const wanted = path.posix.resolve(workdir, relative);
    if (!destinations.some((destination) => wanted === destination || wanted.startsWith(`${destination.replace(/\/$/, '')}/`))) {
      problems.push(`the final stage does not copy ${relative} (the API needs it at run time)`);
    }
  }
  return problems;
}

/** The ENV of the final stage (its own and that of the stages it is built on), as the container starts with it. */
export function finalStageEnv(text) {
  const stages = stagesOf(parseDockerfile(text));
  const chain = lineage(stages, stages.at(-1)).reverse();
  const pairs = chain.flatMap((stage) => stage.instructions.filter((i) => i.keyword === 'ENV').flatMap(assignments));
  return Object.fromEntries(pairs);
}

/** The script the final stage's CMD (or ENTRYPOINT) runs with node, relative to its working directory. */
export function startScriptOf(text) {
  const stages = stagesOf(parseDockerfile(text));
  const final = stages.at(-1);
  const command = inherited(stages, final, 'CMD') ?? inherited(stages, final, 'ENTRYPOINT');
  const words = command?.exec ?? command?.args.split(/\s+/) ?? [];
  return words[0] === 'node' ? words.find((word, index) => index > 0 && !word.startsWith('-')) : undefined;
}
